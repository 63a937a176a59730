import Foundation
import Testing
import _Testing_CoreImage
@testable import CoreImage

/// Blur weights sum to exactly 1 in single precision, in the order the passes add them, so that a blur of an
/// opaque image is exactly opaque (not 1 ± 1 ulp, which would send every pixel through the translucent store).
struct BlurWeightsTests {
    @Test func gaussianWeightsSumToExactlyOne() {
        for sigma in stride(from: 0.3, through: 60, by: 0.7) {
            let weights = SeparableConvolution.gaussianWeights(sigma: sigma)
            #expect(weights.reduce(Float(0), +) == 1, "σ \(sigma)")
            // Still the Gaussian: every weight within 2·10⁻⁶ of the normalised exact value.
            let radius = weights.count / 2
            let exact = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = exact.reduce(0, +)
            #expect(zip(weights, exact).allSatisfy { abs(Double($0) - $1 / total) < 2e-6 }, "σ \(sigma)")
        }
    }

    static let size = 64

    static var opaqueSource: CIImage {
        var bytes = [UInt8](repeating: 255, count: size * size * 4)
        for i in 0..<(size * size) { bytes[i * 4] = UInt8(i % 251); bytes[i * 4 + 1] = UInt8(i * 7 % 256); bytes[i * 4 + 2] = UInt8(i * 13 % 256) }
        return CIImage(bitmapData: Data(bytes), bytesPerRow: size * 4, size: CGSize(width: size, height: size), format: .RGBA8,
                       colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
    }

    /// The alphas of `image` rendered over `rect` as floats.
    static func alphas(_ image: CIImage, _ rect: CGRect) -> [Float] {
        var floats = [Float](repeating: 0, count: Int(rect.width * rect.height) * 4)
        floats.withUnsafeMutableBytes {
            CIContext().render(image, toBitmap: $0.baseAddress!, rowBytes: Int(rect.width) * 16, bounds: rect, format: .RGBAf, colorSpace: nil)
        }
        return stride(from: 3, to: floats.count, by: 4).map { floats[$0] }
    }

    @Test(arguments: [("CIGaussianBlur", 10.0), ("CIGaussianBlur", 2.0), ("CIBoxBlur", 10.0), ("CIBoxBlur", 20.0)])
    func aBlurOfAnOpaqueImageIsExactlyOpaque(_ name: String, _ radius: Double) {
        let source = Self.opaqueSource
        let blurred = source.clampedToExtent().applyingFilter(name, parameters: [kCIInputRadiusKey: radius]).cropped(to: source.extent)
        let alphas = Self.alphas(blurred, source.extent)
        #expect(alphas.allSatisfy { $0 == 1 }, "\(name) \(radius): \(alphas.filter { $0 != 1 }.count) pixels not exactly opaque")
    }

    /// Lanczos weights are adjusted the same way (`LanczosScale.weights`).
    @Test(arguments: [0.5, 0.37, 1.7])
    func aLanczosScaleOfAnOpaqueImageIsExactlyOpaque(_ scale: Double) {
        let scaled = Self.opaqueSource.clampedToExtent().applyingFilter("CILanczosScaleTransform", parameters: [kCIInputScaleKey: scale])
        let rect = CGRect(x: 0, y: 0, width: (Double(Self.size) * scale).rounded(.down), height: (Double(Self.size) * scale).rounded(.down))
        let alphas = Self.alphas(scaled.cropped(to: rect), rect)
        #expect(alphas.allSatisfy { $0 == 1 }, "scale \(scale): \(alphas.filter { $0 != 1 }.count) pixels not exactly opaque")
    }
}

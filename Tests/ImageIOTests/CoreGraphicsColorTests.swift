import CoreGraphics
import Foundation
import _Testing_CoreGraphics

@Suite struct CoreGraphicsColorTests {
    @Test func namedSpacesCarryProfiles() throws {
        for name in [CGColorSpace.sRGB, CGColorSpace.displayP3, CGColorSpace.adobeRGB1998, CGColorSpace.linearSRGB,
                     CGColorSpace.extendedLinearSRGB, CGColorSpace.genericGrayGamma2_2, CGColorSpace.itur_2020] {
            let space = try #require(CGColorSpace(name: name))
            let icc = try #require(space.copyICCData())
            #expect(icc.count > 128)
            let reparsed = try #require(CGColorSpace(iccData: icc))
            #expect(reparsed.model == space.model)
            #expect(reparsed.colorimetry != nil)
            // A fixed creation date (2026-01-01), so exports of the same image are the same bytes.
            #expect(Array(icc[24..<36]) == [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0], "\(name)")
        }
        #expect(CGColorSpace(name: "nonsense") == nil)
        #expect(CGColorSpace(iccData: Data(repeating: 7, count: 300)) == nil)
    }

    @Test func displayP3GreenInLinearSRGB() throws {
        // The analytic value (linux-deps.md §4.5): P3 green is (−0.2249, 1.0421, −0.0786) in linear sRGB.
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3)?.colorimetry)
        let srgb = try #require(CGColorSpace(name: CGColorSpace.linearSRGB)?.colorimetry)
        let m = p3.conversionMatrix(to: srgb)
        #expect(abs(m[1] - -0.2249) < 0.001 && abs(m[4] - 1.0421) < 0.001 && abs(m[7] - -0.0786) < 0.001)
        #expect(try #require(CGColorSpace(name: CGColorSpace.displayP3)).isWideGamutRGB)
        #expect(try !#require(CGColorSpace(name: CGColorSpace.sRGB)).isWideGamutRGB)
    }

    @Test func transferFunctionsInvert() {
        for curve in [ColorTransferFunction.sRGB, .rec709, .gamma(2.2), ColorTransferFunction.sRGB.extended] {
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                #expect(abs(curve.fromLinear(curve.toLinear(x)) - x) < 1e-9)
            }
        }
        #expect(abs(ColorTransferFunction.sRGB.toLinear(0.5) - 0.21404114) < 1e-7)
        #expect(ColorTransferFunction.sRGB.extended.toLinear(-0.5) < 0)
    }

    @Test func imageLayoutAndCropping() throws {
        let bytes = Data((0..<(4 * 3 * 4)).map { UInt8($0) })
        let image = try #require(CGImage(width: 4, height: 3, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                                         provider: CGDataProvider(data: bytes), decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let crop = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(crop.width == 2 && crop.height == 2)
        #expect(crop.dataProvider?.data.map(Array.init) == [20, 21, 22, 23, 24, 25, 26, 27, 36, 37, 38, 39, 40, 41, 42, 43])
        // Too little data, or alpha info that does not match the component count, is refused.
        #expect(CGImage(width: 4, height: 3, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast), provider: CGDataProvider(data: Data(count: 10)),
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        #expect(CGImage(width: 4, height: 3, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGBitmapInfo(alphaInfo: .none), provider: CGDataProvider(data: bytes),
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }
}

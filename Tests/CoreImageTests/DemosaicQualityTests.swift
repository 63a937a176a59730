import CoreGraphics
@testable import CoreImage
import Foundation
import ImageIO
import Testing
import _TestSupport

/// The demosaics against the truth: full-colour photos (scikit-image's samples) are turned into RGGB mosaics
/// of their linear values, developed by each pipeline version and compared with the photo (PSNR on
/// sRGB-encoded values, the image's edges left out). Pins the order of quality: PhotoKitLinux.2's
/// ratio-corrected demosaic well above PhotoKitLinux.1's gradient-corrected one and bilinear (draft). (On linear
/// data the gradient-corrected filters are not always above bilinear: their correction terms overshoot in the
/// shadows, where the sRGB encoding magnifies errors.)
@Suite(.enabled(if: DetectorPhotos.available, Comment(rawValue: DetectorPhotos.skipMessage)))
struct DemosaicQualityTests {
    /// Raw units of 1.0 linear (headroom below the white level, so nothing clips).
    static let unit: Float = 60_000

    /// The photo's linear RGB (rows top-down, as sensor rows run) and an RGGB sensor seeing exactly it.
    static func mosaic(of name: String) throws -> (truth: [Float], width: Int, height: Int, sensor: RAWSensorData) {
        let image = DetectorPhotos.image(name)
        let width = Int(image.extent.width), height = Int(image.extent.height)
        let truth = Render.linearFloats(image, image.extent)
        let pattern = [0, 1, 1, 2]
        var values = [UInt16](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                let channel = pattern[(row & 1) * 2 + (column & 1)]
                values[row * width + column] = UInt16(min(max(truth[(row * width + column) * 4 + channel], 0), 1) * unit)
            }
        }
        let identity: [Float] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        let sensor = RAWSensorData(width: width, height: height, mosaic: values, pattern: pattern, blackLevels: [0, 0, 0, 0], whiteLevel: 65_535,
                                   asShotMultipliers: SIMD3(1, 1, 1), daylightMultipliers: SIMD3(1, 1, 1), cameraToLinearSRGB: identity,
                                   xyzToCamera: identity, orientation: .up, baselineExposure: 0, make: "Test", model: "Mosaic")
        return (truth, width, height, sensor)
    }

    /// PSNR (dB) of a development against the truth on sRGB-encoded values, 8 pixels of edge left out.
    static func psnr(_ name: String, version: CIRAWDecoderVersion, draft: Bool = false) throws -> Double {
        let (truth, width, height, sensor) = try mosaic(of: name)
        let filter = CIRAWFilter(sensor: sensor)
        filter.decoderVersion = version
        filter.isDraftModeEnabled = draft
        filter.boostAmount = 0
        filter.isHighlightRecoveryEnabled = false   // the demosaic alone: bright pixels of the photos stay as they are
        filter.isGamutMappingEnabled = false
        let developed = try #require(filter.outputImage)
        let pixels = Render.linearFloats(developed, CGRect(x: 0, y: 0, width: width, height: height))
        let scale = 65_535 / unit
        var squared = 0.0, count = 0
        for y in 8..<(height - 8) {
            for x in 8..<(width - 8) {
                for c in 0..<3 {
                    let i = (y * width + x) * 4 + c
                    let error = Double(Luma.encode(min(max(pixels[i] * scale, 0), 1)) - Luma.encode(min(max(truth[i], 0), 1)))
                    squared += error * error
                    count += 1
                }
            }
        }
        return 10 * log10(1 / (squared / Double(count)))
    }

    @Test(arguments: ["astronaut", "coffee", "chelsea", "motorcycle_left"])
    func ratioCorrectedBeatsGradientCorrectedBeatsBilinear(_ name: String) throws {
        let rcd = try Self.psnr(name, version: .photoKitLinux2)
        let malvar = try Self.psnr(name, version: .photoKitLinux1)
        let bilinear = try Self.psnr(name, version: .photoKitLinux2, draft: true)
        print("demosaic PSNR \(name): ratio-corrected \(rcd) dB, gradient-corrected \(malvar) dB, bilinear \(bilinear) dB")
        // Measured: 35.2 / 31.7 / 36.7 / 33.9 dB against 31.4 / 28.6 / 33.7 / 29.4 (and LibRaw's AHD on the same
        // mosaics as DNGs, scripts-free in Docs/RAW.md: 30.6 / 28.8 / 35.5 / 30.3).
        #expect(rcd > malvar + 2, "\(name): \(rcd) vs \(malvar)")
        #expect(rcd > bilinear + 2, "\(name): \(rcd) vs \(bilinear)")
    }
}

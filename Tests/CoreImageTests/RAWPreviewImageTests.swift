import CoreGraphics
import CoreImage
import Foundation
import Testing
import _TestSupport

/// `CIRAWFilter.previewImage`: the JPEG preview a DNG embeds (`References/raw-preview.dng`, made by
/// `scripts/make-preview-dng.py`: a grey 128×96 mosaic whose 64×48 preview is red on the left, blue on the right),
/// never the development; `nil` for a file without one.
struct RAWPreviewImageTests {
    static let dng = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/raw-preview.dng")

    @Test func theEmbeddedPreviewIsTheCamerasPictureNotTheDevelopment() throws {
        let filter = try #require(CIRAWFilter(imageURL: Self.dng))
        let preview = try #require(filter.previewImage)
        #expect(preview.extent.size == CGSize(width: 64, height: 48))
        let pixels = Render.bytes(preview, preview.extent)
        let left = Array(pixels[(24 * 64 + 8) * 4..<(24 * 64 + 8) * 4 + 3]), right = Array(pixels[(24 * 64 + 56) * 4..<(24 * 64 + 56) * 4 + 3])
        #expect(left[0] > 200 && left[2] < 50, "red on the left: \(left)")
        #expect(right[2] > 200 && right[0] < 50, "blue on the right: \(right)")
        let developed = try #require(filter.outputImage)
        #expect(developed.extent.size == CGSize(width: 128, height: 96), "the development is of the sensor, not the preview")
        let grey = Render.bytes(developed, CGRect(x: 60, y: 48, width: 1, height: 1))
        #expect(abs(Int(grey[0]) - Int(grey[2])) < 12, "a grey gradient develops grey: \(grey)")
    }

    @Test(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
    func aFileWithoutAPreviewHasNone() throws {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url("raw/synthetic_rggb_12bit.dng")!))
        #expect(filter.previewImage == nil)
    }
}

/// The pre-iOS 15 keys of stages this pipeline does not have: accepted (no trap, as Apple's keys must be),
/// read back as off.
struct RAWUnsupportedStageKeyTests {
    @Test func theyAreAcceptedAndReadOff() throws {
        let filter = try #require(CIFilter(imageURL: RAWPreviewImageTests.dng, options: [
            .enableVendorLensCorrection: true, .enableChromaticNoiseTracking: true, .ciInputEnableEDRModeKey: true,
        ]))
        for key in [kCIInputEnableVendorLensCorrectionKey, kCIInputEnableChromaticNoiseTrackingKey, kCIInputEnableEDRModeKey] {
            filter.setValue(true, forKey: key)
            #expect((filter.value(forKey: key) as? NSNumber)?.boolValue == false, "\(key)")
        }
        #expect(filter.outputImage != nil)
    }
}

import XCTest
import CoreImage
@testable import Photos
import PhotoLibrary
import _TestSupport

/// The editing demo of WWDC 2014 ("Introducing the Photos Frameworks"), with real Core Image renders:
///
/// 1. App A posterizes the original and commits with its adjustment data.
/// 2. App A applies sepia: it understands its own data, so it receives the *original* plus the posterize data,
///    and the sepia edit *replaces* posterize (the committed render is sepia(original)).
/// 3. App B does not understand A's data: it receives the rendered sepia image and stacks an invert on it.
/// 4. Reverting restores the original, byte for byte.
///
/// Pixels are compared as mean absolute difference (0…255 per channel) against candidates rendered in-process.
final class WWDC2014EditingDemoTests: PhotosTestCase {
    static let appA = "com.example.app-a"
    static let appB = "com.example.app-b"
    /// Up to two JPEG generations of the same render stay under this (measured 0.7–3: hard posterize edges and
    /// a textured photo cost the most).
    static let jpegTolerance = 5.0
    /// A wrong candidate is at least this many times farther than the right one (measured 8–30×).
    static let distinctFactor = 4.0

    func testDemoOnAGeneratedPhoto() throws {
        try runDemo(original: FixtureImages.jpeg(width: 640, height: 480, seed: 2, quality: 92), expectedSize: (640, 480))
    }

    /// The same demo on a real photograph stored sideways (EXIF orientation 6): renders are upright.
    func testDemoOnACorpusPhotoWithOrientation() throws {
        guard let url = TestMedia.url("images/orientation/orientation_6.jpg"), FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip(TestMedia.skipMessage)
        }
        try runDemo(original: try Data(contentsOf: url), expectedSize: (600, 400))
    }

    func runDemo(original: Data, expectedSize: (Int, Int)) throws {
        let asset = try createAsset(original)
        XCTAssertEqual([asset.pixelWidth, asset.pixelHeight], [expectedSize.0, expectedSize.1])
        let originalURL = try XCTUnwrap(core.resources(assetRowID: asset.record.rowID).first.map(core.fileURL(for:)))
        let originalImage = try XCTUnwrap(CIImage(contentsOf: originalURL, options: [.applyOrientationProperty: true]))

        // 1. App A posterizes the original.
        let a1 = try input(for: asset, understanding: Self.appA)
        XCTAssertEqual(try bytes(a1), original, "never edited: the original")
        XCTAssertNil(a1.adjustmentData)
        try commit(AppA.render(a1, filter: "posterize"), to: asset)
        let posterized = refetch(asset)
        XCTAssertTrue(posterized.hasAdjustments)
        XCTAssertLessThan(try meanDifference(currentImage(of: posterized), AppA.apply(["posterize"], to: originalImage)), Self.jpegTolerance)

        // 2. App A applies sepia: it gets the original plus its posterize data, and replaces posterize.
        let a2 = try input(for: posterized, understanding: Self.appA)
        XCTAssertEqual(try bytes(a2), original, "A understands its own data: the original, not the render")
        XCTAssertEqual(try AppA.filters(in: XCTUnwrap(a2.adjustmentData)), ["posterize"])
        try commit(AppA.render(a2, filter: "sepia"), to: posterized)
        let sepia = refetch(asset)
        let sepiaRender = try currentImage(of: sepia)
        let replaced = try meanDifference(sepiaRender, AppA.apply(["sepia"], to: originalImage))
        let stacked = try meanDifference(sepiaRender, AppA.apply(["posterize", "sepia"], to: originalImage))
        XCTAssertLessThan(replaced, Self.jpegTolerance, "the committed render is sepia(original)")
        XCTAssertGreaterThan(stacked, replaced * Self.distinctFactor, "and not sepia(posterize(original)): \(stacked) vs \(replaced)")
        XCTAssertEqual(try AppA.filters(in: XCTUnwrap(input(for: sepia, understanding: Self.appA).adjustmentData)), ["sepia"])

        // 3. App B does not understand A's data: it gets the sepia render and stacks an invert on it.
        let b = try input(for: sepia, understanding: Self.appB)
        XCTAssertNil(b.adjustmentData)
        XCTAssertNotEqual(try bytes(b), original)
        XCTAssertEqual(b.fullSizeImageOrientation, 1, "renders are stored upright")
        XCTAssertLessThan(try meanDifference(ciImage(XCTUnwrap(b.fullSizeImageURL)), AppA.apply(["sepia"], to: originalImage)), Self.jpegTolerance)
        try commit(AppB.render(b), to: sepia)
        let inverted = refetch(asset)
        let invertedRender = try currentImage(of: inverted)
        let onSepia = try meanDifference(invertedRender, AppB.invert(AppA.apply(["sepia"], to: originalImage)))
        let onOriginal = try meanDifference(invertedRender, AppB.invert(originalImage))
        XCTAssertLessThan(onSepia, Self.jpegTolerance, "the committed render is invert(sepia(original))")
        XCTAssertGreaterThan(onOriginal, onSepia * Self.distinctFactor, "not invert(original): \(onOriginal) vs \(onSepia)")
        // A no longer understands the current data (B's), so it too would stack on the render.
        let a3 = try input(for: inverted, understanding: Self.appA)
        XCTAssertNil(a3.adjustmentData)
        XCTAssertNotEqual(try bytes(a3), original)

        // 4. Revert: the original again, byte for byte.
        try library.performChangesAndWait { PHAssetChangeRequest(for: inverted).revertAssetContentToOriginal() }
        let reverted = refetch(asset)
        XCTAssertFalse(reverted.hasAdjustments)
        XCTAssertEqual([reverted.pixelWidth, reverted.pixelHeight], [expectedSize.0, expectedSize.1])
        XCTAssertEqual(try currentData(of: reverted), original, "the served bytes are the original's")
        XCTAssertEqual(try Data(contentsOf: originalURL), original, "the original file was never written")
        let afterRevert = try input(for: reverted, understanding: Self.appA)
        XCTAssertEqual(try bytes(afterRevert), original)
        XCTAssertNil(afterRevert.adjustmentData)
    }

    /// The input's full-size file (the library's own, or a served library's verified download).
    func bytes(_ input: PHContentEditingInput) throws -> Data { try Data(contentsOf: XCTUnwrap(input.fullSizeImageURL)) }

    // MARK: - The two apps

    /// App A: a filter list in its own JSON adjustment data; it rebuilds edits from the original.
    enum AppA {
        static func filters(in adjustment: PHAdjustmentData) throws -> [String] {
            XCTAssertEqual(adjustment.formatIdentifier, WWDC2014EditingDemoTests.appA)
            let object = try JSONSerialization.jsonObject(with: adjustment.data) as? [String: Any]
            return [try XCTUnwrap(object?["filter"] as? String)]
        }

        static func apply(_ filters: [String], to image: CIImage) -> CIImage {
            filters.reduce(image) { image, filter in
                filter == "posterize" ? image.applyingFilter("CIColorPosterize", parameters: ["inputLevels": 4])
                    : image.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 1.0])
            }
        }

        /// The new edit replaces any previous one of A's: it is applied to the input image alone, which is the
        /// original whenever A's data came with the input.
        static func render(_ input: PHContentEditingInput, filter: String) throws -> PHContentEditingOutput {
            let output = PHContentEditingOutput(contentEditingInput: input)
            let image = try XCTUnwrap(CIImage(contentsOf: XCTUnwrap(input.fullSizeImageURL), options: [.applyOrientationProperty: true]))
            try CIContext().writeJPEGRepresentation(of: apply([filter], to: image), to: output.renderedContentURL,
                                                    colorSpace: image.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!)
            output.adjustmentData = PHAdjustmentData(formatIdentifier: WWDC2014EditingDemoTests.appA, formatVersion: "1.0",
                                                     data: try JSONSerialization.data(withJSONObject: ["filter": filter]))
            return output
        }
    }

    /// App B: inverts whatever it is given.
    enum AppB {
        static func invert(_ image: CIImage) -> CIImage { image.applyingFilter("CIColorInvert") }

        static func render(_ input: PHContentEditingInput) throws -> PHContentEditingOutput {
            let output = PHContentEditingOutput(contentEditingInput: input)
            let image = try XCTUnwrap(CIImage(contentsOf: XCTUnwrap(input.fullSizeImageURL), options: [.applyOrientationProperty: true]))
            try CIContext().writeJPEGRepresentation(of: invert(image), to: output.renderedContentURL,
                                                    colorSpace: image.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!)
            output.adjustmentData = PHAdjustmentData(formatIdentifier: WWDC2014EditingDemoTests.appB, formatVersion: "1", data: Data("invert".utf8))
            return output
        }
    }

    // MARK: - Helpers

    func createAsset(_ data: Data) throws -> PHAsset {
        var identifier = ""
        try library.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, data: data, options: nil)
            identifier = request.placeholderForCreatedAsset!.localIdentifier
        }
        return try XCTUnwrap(PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: nil).firstObject)
    }

    func refetch(_ asset: PHAsset) -> PHAsset { PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).firstObject! }

    /// Requests an input as an app that understands only `format`, pumping the main queue for the handler.
    func input(for asset: PHAsset, understanding format: String) throws -> PHContentEditingInput {
        try contentEditingInput(for: asset) { $0.formatIdentifier == format }
    }

    func commit(_ output: PHContentEditingOutput, to asset: PHAsset) throws {
        try library.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
    }

    /// The bytes PhotoKit serves for the asset's current version.
    func currentData(of asset: PHAsset) throws -> Data {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.version = .current
        var data: Data?
        PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) { bytes, _, _, _ in data = bytes }
        return try XCTUnwrap(data)
    }

    /// The asset's current version, decoded from the served bytes.
    func currentImage(of asset: PHAsset) throws -> CIImage {
        try XCTUnwrap(CIImage(data: currentData(of: asset), options: [.applyOrientationProperty: true]))
    }

    func ciImage(_ url: URL) throws -> CIImage { try XCTUnwrap(CIImage(contentsOf: url, options: [.applyOrientationProperty: true])) }

    /// Mean absolute difference of two same-size images' 8-bit sRGB RGB values.
    func meanDifference(_ a: CIImage, _ b: CIImage) throws -> Double {
        XCTAssertEqual(a.extent.size, b.extent.size)
        let (pa, pb) = try (pixels(a), pixels(b))
        var sum = 0
        for i in 0..<pa.count where i % 4 != 3 { sum += abs(Int(pa[i]) - Int(pb[i])) }
        return Double(sum) / Double(pa.count / 4 * 3)
    }

    private func pixels(_ image: CIImage) throws -> [UInt8] {
        let width = Int(image.extent.width), height = Int(image.extent.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { raw in
            CIContext().render(image, toBitmap: raw.baseAddress!, rowBytes: width * 4, bounds: image.extent, format: .RGBA8,
                               colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        }
        return bytes
    }
}

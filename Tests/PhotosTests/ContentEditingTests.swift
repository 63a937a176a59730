import XCTest
@testable import Photos
import PhotoLibrary
import _TestSupport

/// Editing through PhotoKit's API: input per the adjustment-data rule, output commit, revert, validation.
final class ContentEditingTests: PhotosTestCase {
    let format = "org.photokit-linux.tests.filters"

    /// Requests an input and waits for the main-queue handler.
    func input(for asset: PHAsset, canHandle: Bool) throws -> PHContentEditingInput {
        let format = self.format
        return try contentEditingInput(for: asset) { $0.formatIdentifier == format && canHandle }
    }

    func commitEdit(_ input: PHContentEditingInput, asset: PHAsset, render: Data, adjustment: PHAdjustmentData?) throws {
        let output = PHContentEditingOutput(contentEditingInput: input)
        try render.write(to: output.renderedContentURL)
        output.adjustmentData = adjustment
        try library.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.renderedContentURL.path), "the rendered file is consumed")
    }

    /// The input's full-size file (the library's own file, or a served library's verified download).
    func bytes(_ input: PHContentEditingInput) throws -> Data { try Data(contentsOf: XCTUnwrap(input.fullSizeImageURL)) }

    func refetch(_ asset: PHAsset) -> PHAsset { PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).firstObject! }

    func testEditResumeStackAndRevert() throws {
        let asset = try makePhotos([day(1)])[0]
        let originalURL = try XCTUnwrap(core.resources(assetRowID: asset.record.rowID).first.map(core.fileURL(for:)))
        let originalBytes = try Data(contentsOf: originalURL)

        // Never edited → the original, no adjustment data.
        let first = try input(for: asset, canHandle: true)
        XCTAssertEqual(try bytes(first), originalBytes)
        XCTAssertNil(first.adjustmentData)
        XCTAssertEqual(first.mediaType, .image)
        XCTAssertEqual(first.fullSizeImageOrientation, 1)
        XCTAssertEqual(first.displaySizeImage?.size, CGSize(width: asset.pixelWidth, height: asset.pixelHeight), "small images are not enlarged")

        let recorder = ChangeRecorder()
        library.register(recorder)
        let adjustment = PHAdjustmentData(formatIdentifier: format, formatVersion: "1.0", data: Data("sepia 0.8".utf8))
        try commitEdit(first, asset: asset, render: FixtureImages.jpeg(width: 40, height: 30, seed: 7), adjustment: adjustment)
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        let details = try XCTUnwrap(change.changeDetails(for: asset))
        XCTAssertTrue(details.assetContentChanged)
        let edited = try XCTUnwrap(details.objectAfterChanges)
        XCTAssertTrue(edited.hasAdjustments)
        XCTAssertEqual(edited.pixelWidth, 40)
        XCTAssertEqual(try Data(contentsOf: originalURL), originalBytes, "the original is untouched")

        // An editor that understands the data gets the original plus the adjustment data, byte for byte.
        let resumed = try input(for: edited, canHandle: true)
        XCTAssertEqual(try bytes(resumed), originalBytes)
        XCTAssertEqual(resumed.adjustmentData, adjustment)
        // One that does not gets the rendered version (its new edit stacks on it).
        let stacked = try input(for: edited, canHandle: false)
        XCTAssertNil(stacked.adjustmentData)
        XCTAssertEqual(try bytes(stacked), FixtureImages.jpeg(width: 40, height: 30, seed: 7))

        try library.performChangesAndWait { PHAssetChangeRequest(for: edited).revertAssetContentToOriginal() }
        let reverted = refetch(asset)
        XCTAssertFalse(reverted.hasAdjustments)
        XCTAssertEqual(reverted.pixelWidth, asset.pixelWidth)
        XCTAssertEqual(try bytes(input(for: reverted, canHandle: true)), originalBytes)
        library.unregisterChangeObserver(recorder)
    }

    func testInvalidOutputsChangeNothing() throws {
        let asset = try makePhotos([day(1)])[0]
        let token = library.currentChangeToken
        let base = try input(for: asset, canHandle: true)
        let good = PHAdjustmentData(formatIdentifier: format, formatVersion: "1", data: Data([1, 2, 3]))
        let cases: [(Data, PHAdjustmentData?, PHPhotosError.Code)] = [
            (FixtureImages.jpeg(seed: 1), nil, .missingResource),                            // no adjustment data
            (Data(), good, .invalidResource),                                                   // empty render
            (Data("<html>not an image</html>".utf8), good, .invalidResource),                   // garbage
            (FixtureImages.jpeg(width: 64, height: 48, seed: 4).dropLast(200), good, .invalidResource), // truncated, header intact
            (FixtureImages.jpeg(seed: 1),
             PHAdjustmentData(formatIdentifier: format, formatVersion: "1", data: Data(count: PHAdjustmentData.maximumDataSize + 1)),
             .invalidResource),                                                                  // oversize adjustment data
        ]
        for (render, adjustment, code) in cases {
            XCTAssertThrowsError(try commitEdit(base, asset: asset, render: render, adjustment: adjustment)) { error in
                XCTAssertEqual((error as? PHPhotosError)?.code, code)
            }
        }
        XCTAssertEqual(library.currentChangeToken, token, "nothing was committed")
        XCTAssertFalse(refetch(asset).hasAdjustments)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: base.renderedContentDirectory.path)
        XCTAssertEqual(leftovers, [], "no rendered file is left behind")
    }

    func testCancelledInputRequestReportsCancellation() throws {
        let asset = try makePhotos([day(1)])[0]
        var info: [AnyHashable: Any]?
        var delivered: PHContentEditingInput?
        let id = asset.requestContentEditingInput(with: nil) { input, i in delivered = input; info = i }
        asset.cancelContentEditingInputRequest(id)
        let deadline = Date().addingTimeInterval(10)
        while info == nil && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertNil(delivered)
        XCTAssertEqual(info?[PHContentEditingInputCancelledKey] as? Bool, true)
    }
}

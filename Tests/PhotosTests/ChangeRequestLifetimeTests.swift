import XCTest
@testable import Photos
import PhotoLibrary
import _TestSupport

/// Change blocks leave nothing behind: a block's context and its requests (with an editing output and its
/// files' URLs) are freed once the block has committed. Each block used to stay in memory for the life of the
/// process (the context and its requests held each other), which `photos bench soak` showed as a slowly growing heap.
final class ChangeRequestLifetimeTests: PhotosTestCase {
    func testABlocksRequestsAndEditingOutputAreFreedAfterItCommits() throws {
        let asset = try makePhotos([Date(timeIntervalSince1970: 1_700_000_000)])[0]
        let input = try contentEditingInput(for: asset) { _ in false }
        weak var request: PHAssetChangeRequest?
        weak var output: PHContentEditingOutput?
        try { () throws -> Void in
            let editing = PHContentEditingOutput(contentEditingInput: input)
            try FixtureImages.jpeg(width: 32, height: 24, seed: 5).write(to: editing.renderedContentURL)
            editing.adjustmentData = PHAdjustmentData(formatIdentifier: "org.photokit-linux.tests.lifetime", formatVersion: "1", data: Data("x".utf8))
            output = editing
            try library.performChangesAndWait {
                let change = PHAssetChangeRequest(for: asset)
                change.contentEditingOutput = editing
                change.isFavorite = true
                request = change
            }
        }()
        XCTAssertNil(request, "the change request outlived its block")
        XCTAssertNil(output, "the editing output outlived its commit")
        XCTAssertTrue(PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).firstObject?.isFavorite == true)
    }

    func testARequestKeptByTheCallerStillRefusesUseAfterItsBlock() throws {
        let asset = try makePhotos([Date(timeIntervalSince1970: 1_700_000_000)])[0]
        var kept: PHAssetChangeRequest?
        try library.performChangesAndWait { kept = PHAssetChangeRequest(for: asset) }
        // The request is alive (the caller holds it) but its block's context is gone: using it would trap, as
        // PhotoKit raises. Here only the state that decides it is checked.
        XCTAssertNotNil(kept)
        XCTAssertNil(kept?.context)
    }
}

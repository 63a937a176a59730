import XCTest
@testable import Photos
import PhotoLibrary

/// A burst's representative and visible frames follow its selection; fetch results hear about frames that a
/// change made visible or hid even though the change named other frames.
final class BurstChangeDetailsTests: PhotosTestCase {
    /// The repository's demo burst: three JPEGs whose Apple MakerNote names one burst.
    private func importDemoBurst() throws -> [PHAsset] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Demo/media/burst").standardized
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jpg" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertEqual(files.count, 3)
        try library.performChangesAndWait {
            for file in files { PHAssetCreationRequest.forAsset().addResource(with: .photo, fileURL: file, options: nil) }
        }
        let options = PHFetchOptions()
        options.includeAllBurstAssets = true
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        let frames = PHAsset.fetchAssets(with: options)
        XCTAssertEqual(frames.count, 3)
        XCTAssertEqual(Set((0..<3).map { frames.object(at: $0).burstIdentifier }).count, 1, "one burst")
        return (0..<3).map { frames.object(at: $0) }
    }

    func testTrashingTheRepresentativeInsertsTheNextFrame() throws {
        let frames = try importDemoBurst()
        let visible = PHAsset.fetchAssets(with: nil)
        XCTAssertEqual(visible.count, 1)
        XCTAssertEqual(visible.firstObject?.localIdentifier, frames[0].localIdentifier)
        let recorder = ChangeRecorder()
        library.register(recorder)
        try library.performChangesAndWait { PHAssetChangeRequest.deleteAssets([frames[0]] as NSArray) }
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        let details = try XCTUnwrap(change.changeDetails(for: visible))
        XCTAssertEqual(details.removedObjects.map(\.localIdentifier), [frames[0].localIdentifier])
        XCTAssertEqual(details.insertedObjects.map(\.localIdentifier), [frames[1].localIdentifier], "the promoted frame arrives")
        XCTAssertEqual(details.fetchResultAfterChanges.firstObject?.representsBurst, true)
        library.unregisterChangeObserver(recorder)
    }

    func testAUserPickShowsAndRepresentsTheBurst() throws {
        let frames = try importDemoBurst()
        let visible = PHAsset.fetchAssets(with: nil)
        let recorder = ChangeRecorder()
        library.register(recorder)
        // PhotoKit cannot set a pick (Apple's Photos app does); the Linux library's core can.
        try core.apply(ChangeBatch(operations: [.editAsset(identifier: frames[2].localIdentifier, AssetEdits(isBurstPick: true))]))
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        let details = try XCTUnwrap(change.changeDetails(for: visible))
        XCTAssertEqual(details.removedObjects.map(\.localIdentifier), [frames[0].localIdentifier], "the earlier representative is now an extra frame")
        XCTAssertEqual(details.insertedObjects.map(\.localIdentifier), [frames[2].localIdentifier])
        let pick = try XCTUnwrap(details.fetchResultAfterChanges.firstObject)
        XCTAssertTrue(pick.burstSelectionTypes.contains(.userPick))
        XCTAssertTrue(pick.representsBurst)
        library.unregisterChangeObserver(recorder)
    }
}

import XCTest
@testable import Photos
import PhotoLibrary
import _TestSupport

/// `PHFetchResult` over a persisted fetch snapshot behaves exactly like one over a fresh query: same objects in
/// the same order, same `index(of:)`, same enumeration, and the same change details when the library changes.
final class FetchResultSnapshotTests: PhotosTestCase {
    private func options(sortedBy key: String? = "creationDate", ascending: Bool = true, predicate: NSPredicate? = nil) -> PHFetchOptions {
        let options = PHFetchOptions()
        if let key { options.sortDescriptors = [NSSortDescriptor(key: key, ascending: ascending)] }
        options.predicate = predicate
        return options
    }

    private var snapshotCount: Int {
        let folder = core.url.appendingPathComponent("database/fetch-snapshots")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".ids") }.count
    }

    func testResultFromSnapshotMatchesResultFromQuery() throws {
        try core.fill(count: 20_000, seed: 9)
        for fetchOptions in [options(), options(ascending: false), options(sortedBy: "pixelWidth"), options(sortedBy: nil)] {
            let files = snapshotCount
            let fromQuery = PHAsset.fetchAssets(with: fetchOptions)
            XCTAssertEqual(snapshotCount, files + 1, "a large fetch persists its ids")
            let fromSnapshot = PHAsset.fetchAssets(with: fetchOptions)
            XCTAssertEqual(snapshotCount, files + 1)
            XCTAssertEqual(fromSnapshot.rowIDs, fromQuery.rowIDs)
            XCTAssertEqual(fromSnapshot.count, fromQuery.count)
            XCTAssertEqual(fromSnapshot.firstObject?.localIdentifier, fromQuery.firstObject?.localIdentifier)
            XCTAssertEqual(fromSnapshot.lastObject?.localIdentifier, fromQuery.lastObject?.localIdentifier)

            var enumerated: [String] = []
            fromSnapshot.enumerateObjects { asset, index, _ in
                XCTAssertEqual(enumerated.count, index)
                enumerated.append(asset.localIdentifier)
            }
            XCTAssertEqual(enumerated, fromQuery.map(\.localIdentifier))
            var reversed: [String] = []
            fromSnapshot.enumerateObjects(options: .reverse) { asset, _, _ in reversed.append(asset.localIdentifier) }
            XCTAssertEqual(reversed, enumerated.reversed())
            var stoppedAt = -1
            fromSnapshot.enumerateObjects { _, index, stop in stoppedAt = index; if index == 100 { stop.pointee = true } }
            XCTAssertEqual(stoppedAt, 100)

            for index in [0, 1, 31, 32, 5_000, fromQuery.count / 2, fromQuery.count - 1] {
                let asset = fromQuery.object(at: index)
                XCTAssertEqual(fromSnapshot.object(at: index).localIdentifier, asset.localIdentifier)
                XCTAssertEqual(fromSnapshot.index(of: asset), index)
                XCTAssertEqual(fromQuery.index(of: fromSnapshot.object(at: index)), index)
                XCTAssertTrue(fromSnapshot.contains(asset))
            }
        }
        // An asset outside the result: not found either way.
        let hidden = PHFetchOptions()
        hidden.includeHiddenAssets = true
        hidden.predicate = NSPredicate(format: "isHidden == YES")
        let hiddenAsset = try XCTUnwrap(PHAsset.fetchAssets(with: hidden).firstObject)
        XCTAssertEqual(PHAsset.fetchAssets(with: options()).index(of: hiddenAsset), NSNotFound)
        XCTAssertFalse(PHAsset.fetchAssets(with: options()).contains(hiddenAsset))
    }

    func testChangeDetailsAreTheSameForSnapshotAndQueryResults() throws {
        try core.fill(count: 20_000, seed: 10)
        let fromQuery = PHAsset.fetchAssets(with: options(ascending: false))
        let fromSnapshot = PHAsset.fetchAssets(with: options(ascending: false))
        XCTAssertEqual(fromSnapshot.rowIDs, fromQuery.rowIDs)
        let hide = fromQuery.object(at: 7), favourite = fromQuery.object(at: 4_000)

        let recorder = ChangeRecorder()
        library.register(recorder)
        try library.performChangesAndWait {
            PHAssetChangeRequest(for: hide).isHidden = true
            PHAssetChangeRequest(for: favourite).isFavorite = !favourite.isFavorite
        }
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        library.unregisterChangeObserver(recorder)
        let a = try XCTUnwrap(change.changeDetails(for: fromQuery)), b = try XCTUnwrap(change.changeDetails(for: fromSnapshot))
        XCTAssertEqual(a.removedIndexes, IndexSet(integer: 7))
        XCTAssertEqual(b.removedIndexes, a.removedIndexes)
        XCTAssertEqual(b.insertedIndexes, a.insertedIndexes)
        XCTAssertEqual(b.changedIndexes, a.changedIndexes)
        XCTAssertTrue(b.changedIndexes?.contains(3_999) ?? false)
        XCTAssertEqual(b.fetchResultAfterChanges.rowIDs, a.fetchResultAfterChanges.rowIDs)

        // After the change, a fetch runs the query again (the snapshot was for the old state) and agrees.
        let fresh = PHAsset.fetchAssets(with: options(ascending: false))
        XCTAssertEqual(fresh.rowIDs, b.fetchResultAfterChanges.rowIDs)
        XCTAssertEqual(fresh.index(of: favourite), 3_999)
        XCTAssertEqual(fresh.index(of: hide), NSNotFound)
    }
}

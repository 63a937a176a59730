import XCTest
import Photos
import _TestSupport

/// `PHFetchResult<PHCollection>(albums)`: the rewrite of Apple's `albums as! PHFetchResult<PHCollection>`, which
/// Swift's invariant generics make fail on Linux.
final class FetchResultConversionTests: PhotosTestCase {
    private func makeAlbums(_ titles: [String]) throws {
        try library.performChangesAndWait {
            for title in titles { _ = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: title) }
        }
    }

    func testTheCastFailsInSwiftAndTheConversionKeepsTheObjects() throws {
        try makeAlbums(["Trips", "Pets"])
        let albums = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
        XCTAssertEqual(albums.count, 2)
        // What Apple's erased Objective-C generic allows and Swift's reified one does not.
        XCTAssertNil((albums as Any) as? PHFetchResult<PHCollection>)

        let collections = PHFetchResult<PHCollection>(albums)
        XCTAssertEqual(collections.count, 2)
        XCTAssertEqual(collections.map(\.localIdentifier), albums.map(\.localIdentifier))
        XCTAssertEqual(collections.map(\.localizedTitle), albums.map(\.localizedTitle))
        XCTAssertTrue(collections.allSatisfy { $0 is PHAssetCollection })
        XCTAssertEqual(collections.index(of: albums[1]), 1)

        let objects = PHFetchResult<PHObject>(PHAsset.fetchAssets(with: nil))
        XCTAssertEqual(objects.count, 0)
        XCTAssertEqual(PHFetchResult<PHObject>(albums).map(\.localIdentifier), albums.map(\.localIdentifier))

        // A folder made from the converted result, as `PHCollectionListChangeRequest(for:childCollections:)` wants.
        var folderID = ""
        try library.performChangesAndWait {
            let request = PHCollectionListChangeRequest.creationRequestForCollectionList(withTitle: "Folder")
            request.addChildCollections(collections as NSFastEnumeration)
            folderID = request.placeholderForCreatedCollectionList.localIdentifier
        }
        let folder = try XCTUnwrap(PHCollectionList.fetchCollectionLists(withLocalIdentifiers: [folderID], options: nil).firstObject)
        XCTAssertEqual(PHCollection.fetchCollections(in: folder, options: nil).map(\.localIdentifier), albums.map(\.localIdentifier))
    }

    func testAConvertedResultGetsItsOwnChangeDetails() throws {
        try makeAlbums(["Trips"])
        let collections = PHFetchResult<PHCollection>(PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil))
        let recorder = ChangeRecorder()
        library.register(recorder)
        try makeAlbums(["Pets"])
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        let details = try XCTUnwrap(change.changeDetails(for: collections))
        XCTAssertEqual(details.fetchResultAfterChanges.count, 2)
        XCTAssertEqual(details.insertedObjects.map(\.localizedTitle), ["Pets"])
        library.unregisterChangeObserver(recorder)
    }
}

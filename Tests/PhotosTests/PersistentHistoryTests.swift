import XCTest
import Photos
import PhotoLibrary
import _TestSupport

/// Persistent change history: tokens, inserted/updated/deleted identifiers per object type, restarts, expiry.
final class PersistentHistoryTests: PhotosTestCase {
    func testHistoryListsChangesAndSurvivesRestart() throws {
        let start = library.currentChangeToken
        let photos = try makePhotos([day(1), day(2)])
        var albumID = ""
        try library.performChangesAndWait {
            PHAssetChangeRequest(for: photos[0]).isFavorite = true
            albumID = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Kept").placeholderForCreatedAssetCollection.localIdentifier
        }
        try library.performChangesAndWait { PHAssetChangeRequest.deleteAssets([photos[1]] as NSArray) }

        func summarize(_ result: PHPersistentChangeFetchResult) throws -> [(Set<String>, Set<String>, Set<String>, Set<String>)] {
            try result.map { change in
                let assets = try change.changeDetails(for: .asset)
                return (assets.insertedLocalIdentifiers, assets.updatedLocalIdentifiers, assets.deletedLocalIdentifiers,
                        try change.changeDetails(for: .assetCollection).insertedLocalIdentifiers)
            }
        }
        let changes = try summarize(library.fetchPersistentChanges(since: start))
        XCTAssertEqual(changes.count, 3)
        XCTAssertEqual(changes[0].0, Set(photos.map(\.localIdentifier)))
        XCTAssertEqual(changes[1].1, [photos[0].localIdentifier])
        XCTAssertTrue(changes[1].3.contains(albumID))
        XCTAssertEqual(changes[2].2, [photos[1].localIdentifier])

        // Tokens are archivable and survive reopening the library (a restart).
        let archived = try NSKeyedArchiver.archivedData(withRootObject: start, requiringSecureCoding: true)
        let reopened = try PHPhotoLibrary(url: library.url)
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: PHPersistentChangeToken.self, from: archived))
        XCTAssertEqual(restored, start)
        XCTAssertEqual(try summarize(reopened.fetchPersistentChanges(since: restored)).count, 3)
        XCTAssertEqual(Array(try reopened.fetchPersistentChanges(since: reopened.currentChangeToken)).count, 0)
        var seen = 0
        try reopened.fetchPersistentChanges(since: restored).enumerateChanges { _, stop in seen += 1; stop.pointee = true }
        XCTAssertEqual(seen, 1)
    }

    func testTrimmedHistoryExpiresOldTokens() throws {
        let start = library.currentChangeToken
        _ = try makePhotos([day(1)])
        _ = try makePhotos([day(2)])
        let middle = library.currentChangeToken
        _ = try makePhotos([day(3)])
        try core.trimChangeLog(keeping: 1)
        XCTAssertThrowsError(try library.fetchPersistentChanges(since: start)) { error in
            XCTAssertEqual((error as? PHPhotosError)?.code, .persistentChangeTokenExpired)
        }
        XCTAssertEqual(Array(try library.fetchPersistentChanges(since: middle)).count, 1)

        // A token from another library is refused the same way.
        let other = try PHPhotoLibrary(url: directory.appending("Other.photoslibrary"))
        XCTAssertThrowsError(try other.fetchPersistentChanges(since: middle)) { error in
            XCTAssertEqual((error as? PHPhotosError)?.code, .persistentChangeTokenExpired)
        }
    }
}

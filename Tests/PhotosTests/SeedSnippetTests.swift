import XCTest
import Foundation
import Photos
import _TestSupport

/// The "Library, fetching, changes" client snippets of shared/docs/seed-snippets.md, each compiled exactly as
/// written inside a test that provides its placeholders and checks what the comments promise.
final class SeedSnippetTests: PhotosTestCase {
    func makeAlbum(_ title: String, with assets: [PHAsset]) throws -> PHAssetCollection {
        var id = ""
        try library.performChangesAndWait {
            let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: title)
            request.addAssets(assets as NSArray)
            id = request.placeholderForCreatedAssetCollection.localIdentifier
        }
        return PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [id], options: nil).firstObject!
    }

    func testListAlbumsWithEstimatedCounts() throws {
        let photos = try makePhotos([day(1), day(2), day(3)])
        _ = try makeAlbum("Two", with: Array(photos.prefix(2)))
        // List the user's albums with their estimated counts.
        let result = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .albumRegular, options: nil)
        let albums = result.objects(at: IndexSet(0..<result.count))
        for album in albums {
            print("\(album.localizedTitle!): approximately \(album.estimatedAssetCount) photos")
        }
        XCTAssertEqual(albums.map(\.localizedTitle), ["Two"])
        XCTAssertEqual(albums.first?.estimatedAssetCount, 2)
    }

    func testListAlbumAssets() throws {
        let photos = try makePhotos([day(1), day(2), day(3)])
        let album = try makeAlbum("Trip", with: [photos[2], photos[0]])
        var listed: [String] = []
        // List an album's assets.
        let inAlbum = PHAsset.fetchAssets(in: album, options: nil)
        for asset in inAlbum.objects(at: IndexSet(0..<inAlbum.count)) { print(asset.localIdentifier); listed.append(asset.localIdentifier) }
        XCTAssertEqual(listed, [photos[2].localIdentifier, photos[0].localIdentifier], "album order is insertion order")
    }

    func testTenOrdinaryPhotosFromRecentlyAdded() throws {
        try makePhotos((0..<14).map { day(Double($0)) })
        var photosFound: PHFetchResult<PHAsset>?
        func snippet() {
            // Ten ordinary photos (no videos, no HDR) from Recently Added.
            let recentAlbums = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumRecentlyAdded, options: nil)
            guard let rec = recentAlbums.firstObject else { return }
            let options = PHFetchOptions()
            options.predicate = NSPredicate(format: "mediaType == %d && !((mediaSubtypes & %d) == %d)",
                PHAssetMediaType.image.rawValue, PHAssetMediaSubtype.photoHDR.rawValue, PHAssetMediaSubtype.photoHDR.rawValue)
            options.fetchLimit = 10
            let photos = PHAsset.fetchAssets(in: rec, options: options)
            photosFound = photos
        }
        snippet()
        let photos = try XCTUnwrap(photosFound)
        XCTAssertEqual(photos.count, 10)
        photos.enumerateObjects { asset, _, _ in
            XCTAssertEqual(asset.mediaType, .image)
            XCTAssertFalse(asset.mediaSubtypes.contains(.photoHDR))
        }
    }

    func testFavouritesSlowAndFastWayAgree() throws {
        try makePhotos([day(5), day(1), day(3), day(2)], favorite: [0, 2, 3])
        // Favourites sorted by creation date, the slow way and the fast way (WWDC 2017).
        let slow = PHFetchOptions()
        slow.predicate = NSPredicate(format: "isFavorite == YES")
        slow.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        let favs1 = PHAsset.fetchAssets(with: slow)
        let favAlbum = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil).firstObject!
        let favs2 = PHAsset.fetchAssets(in: favAlbum, options: nil)
        // index(of:) and contains(_:) answer without enumerating.
        let i = favs2.index(of: favs1.firstObject!)

        XCTAssertEqual(favs1.count, 3)
        XCTAssertEqual(favs1.map(\.localIdentifier), favs2.map(\.localIdentifier))
        XCTAssertEqual(favs1.map(\.creationDate), [day(2), day(3), day(5)])
        XCTAssertEqual(i, 0)
        XCTAssertTrue(favs2.contains(favs1.lastObject!))
    }

    func testVideosAndMoments() throws {
        try makePhotos([day(1, hours: 10), day(1, hours: 11), day(4)])
        // All videos; moments.
        let videos = PHAsset.fetchAssets(with: .video, options: nil)
        let moments = PHAssetCollection.fetchMoments(with: nil)
        XCTAssertEqual(videos.count, 0)
        XCTAssertEqual(moments.count, 2, "two photos an hour apart make one moment; three days later makes another")
        XCTAssertEqual(moments.firstObject?.estimatedAssetCount, 2)
        XCTAssertEqual(moments.firstObject?.startDate, day(1, hours: 10))
        XCTAssertEqual(moments.firstObject?.endDate, day(1, hours: 11))
    }

    func testTransientCollection() throws {
        let asset = try makePhotos([day(1), day(2)])[1]
        // A transient collection of a selection, usable wherever a real one is.
        let selection = PHAssetCollection.transientAssetCollection(with: [asset], title: "Selection")
        let selected = PHAsset.fetchAssets(in: selection, options: nil)
        XCTAssertEqual(selected.count, 1)
        XCTAssertEqual(selected.firstObject, asset)
        XCTAssertEqual(selection.localizedTitle, "Selection")
    }

    func testCreateAlbumThroughPlaceholderThenAddRecentlyAdded() throws {
        let photos = try makePhotos([day(1)])
        var newAlbumId: String?
        // Create an album and keep its identifier through a placeholder.
        var ph: PHObjectPlaceholder?
        PHPhotoLibrary.shared().performChanges {
            let cr = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "TestAlbum")
            ph = cr.placeholderForCreatedAssetCollection
        } completionHandler: { ok, err in
            if ok, let ph = ph { newAlbumId = ph.localIdentifier }
        }
        try PHPhotoLibrary.shared().performChangesAndWait {}   // a barrier: earlier commits and their handlers are done
        let albumID = try XCTUnwrap(newAlbumId)

        let asset = photos[0]
        try addFirstRecentlyAdded(asset, newAlbumId: albumID)
        let album = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [albumID], options: nil).firstObject!
        XCTAssertEqual(album.localizedTitle, "TestAlbum")
        XCTAssertEqual(PHAsset.fetchAssets(in: album, options: nil).firstObject, asset)
    }

    private func addFirstRecentlyAdded(_ asset: PHAsset, newAlbumId: String) throws {
        // Add the first Recently Added asset to that album, found again by identifier.
        let alb2 = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [newAlbumId], options: nil).firstObject!
        PHPhotoLibrary.shared().performChanges {
            let cr = PHAssetCollectionChangeRequest(for: alb2)
            cr?.addAssets([asset] as NSArray)
        }
        try PHPhotoLibrary.shared().performChangesAndWait {}
    }

    func testToggleFavouriteSynchronously() throws {
        let asset = try makePhotos([day(1)])[0]
        XCTAssertFalse(asset.isFavorite)
        // Toggle favourite (WWDC 2014), synchronously.
        try PHPhotoLibrary.shared().performChangesAndWait {
            let request = PHAssetChangeRequest(for: asset)
            request.isFavorite = !asset.isFavorite
        }
        XCTAssertFalse(asset.isFavorite, "model objects are immutable snapshots")
        let refetched = PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).firstObject!
        XCTAssertTrue(refetched.isFavorite)
        let favorites = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil).firstObject!
        XCTAssertEqual(PHAsset.fetchAssets(in: favorites, options: nil).count, 1)
        try PHPhotoLibrary.shared().performChangesAndWait { PHAssetChangeRequest(for: refetched).isFavorite = false }
        XCTAssertEqual(PHAsset.fetchAssets(in: favorites, options: nil).count, 0, "unfavouriting leaves the Favorites smart album by itself")
    }

    func testCreateAssetFromFileIntoNewAlbumInOneBatch() async throws {
        let url = try FixtureImages.writeJPEG(to: directory.appending("trip.jpg"), seed: 7)
        // Create an asset from a file and put it in a new album, in one batch.
        try await PHPhotoLibrary.shared().performChanges {
            let create = PHAssetChangeRequest.creationRequestForAssetFromImage(atFileURL: url)!
            let album = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Trip")
            album.addAssets([create.placeholderForCreatedAsset!] as NSArray)
        }
        let trip = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).firstObject!
        XCTAssertEqual(trip.localizedTitle, "Trip")
        let members = PHAsset.fetchAssets(in: trip, options: nil)
        XCTAssertEqual(members.count, 1)
        XCTAssertEqual(members.firstObject?.pixelWidth, 64)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "the source file is copied, not moved")
    }

    func testCreateAssetFromData() throws {
        let jpegData = FixtureImages.jpeg(width: 40, height: 30)
        // Create an asset from raw data with a creation request.
        PHPhotoLibrary.shared().performChanges {
            let req = PHAssetCreationRequest.forAsset()
            req.addResource(with: .photo, data: jpegData, options: nil)
        }
        try PHPhotoLibrary.shared().performChangesAndWait {}
        let all = PHAsset.fetchAssets(with: nil)
        XCTAssertEqual(all.count, 1)
        XCTAssertEqual(all.firstObject?.pixelWidth, 40)
        XCTAssertEqual(all.firstObject?.pixelHeight, 30)
    }

    func testFolderHoldingNewAlbumInOneBatch() throws {
        // A folder holding a new album, in one batch, through a placeholder.
        PHPhotoLibrary.shared().performChanges {
            let albumReq = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Inside")
            let folderReq = PHCollectionListChangeRequest.creationRequestForCollectionList(withTitle: "Folder")
            folderReq.addChildCollections([albumReq.placeholderForCreatedAssetCollection] as NSArray)
        }
        try PHPhotoLibrary.shared().performChangesAndWait {}
        let top = PHCollection.fetchTopLevelUserCollections(with: nil)
        XCTAssertEqual(top.map(\.localizedTitle), ["Folder"])
        let folder = try XCTUnwrap(top.firstObject as? PHCollectionList)
        XCTAssertEqual(folder.collectionListType, .folder)
        XCTAssertEqual(PHCollection.fetchCollections(in: folder, options: nil).map(\.localizedTitle), ["Inside"])
    }

    func testDeleteGoesToRecentlyDeleted() throws {
        let asset = try makePhotos([day(1), day(2)])[0]
        // Delete (goes to Recently Deleted; recoverable).
        try PHPhotoLibrary.shared().performChangesAndWait {
            PHAssetChangeRequest.deleteAssets([asset] as NSArray)
        }
        XCTAssertEqual(PHAsset.fetchAssets(with: nil).count, 1)
        XCTAssertEqual(PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).count, 0)
        try core.apply(.init(operations: [.recoverAssets([asset.localIdentifier])]))
        XCTAssertEqual(PHAsset.fetchAssets(with: nil).count, 2, "recovered from Recently Deleted")
    }
}

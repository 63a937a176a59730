import XCTest
@testable import Photos
import PhotoLibrary
import _TestSupport

/// Change observation: PHChange details for fetch results and objects, delivery, persistent history.
final class ChangeObservationTests: PhotosTestCase {
    /// WWDC 2014's example: unfavouriting the moose removes it from Favorites (with its old index) and
    /// reports it changed in All Photos.
    func testMooseLeavesFavoritesAndChangesInAllPhotos() throws {
        let photos = try makePhotos([day(1), day(2), day(3)], favorite: [1, 2])
        let moose = photos[1]
        let allPhotos = PHAsset.fetchAssets(with: .image, options: nil)
        let favoritesAlbum = try XCTUnwrap(PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil).firstObject)
        let favorites = PHAsset.fetchAssets(in: favoritesAlbum, options: nil)
        XCTAssertEqual(identifiers(favorites), [photos[1].localIdentifier, photos[2].localIdentifier])

        let recorder = ChangeRecorder()
        library.register(recorder)
        try library.performChangesAndWait { PHAssetChangeRequest(for: moose).isFavorite = false }
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)

        let favoriteDetails = try XCTUnwrap(change.changeDetails(for: favorites))
        XCTAssertTrue(favoriteDetails.hasIncrementalChanges)
        XCTAssertEqual(favoriteDetails.removedIndexes, IndexSet(integer: 0))
        XCTAssertEqual(favoriteDetails.removedObjects.map(\.localIdentifier), [moose.localIdentifier])
        XCTAssertEqual(favoriteDetails.insertedIndexes, IndexSet())
        XCTAssertFalse(favoriteDetails.hasMoves)
        XCTAssertEqual(identifiers(favoriteDetails.fetchResultAfterChanges), [photos[2].localIdentifier])

        let allDetails = try XCTUnwrap(change.changeDetails(for: allPhotos))
        XCTAssertEqual(allDetails.changedIndexes, IndexSet(integer: 1))
        XCTAssertEqual(allDetails.removedIndexes, IndexSet())
        XCTAssertEqual(allDetails.changedObjects.first?.isFavorite, false)

        let objectDetails = try XCTUnwrap(change.changeDetails(for: moose))
        XCTAssertEqual(objectDetails.objectAfterChanges?.isFavorite, false)
        XCTAssertFalse(objectDetails.objectWasDeleted)
        XCTAssertFalse(objectDetails.assetContentChanged)
        XCTAssertNil(change.changeDetails(for: photos[0]), "an untouched asset has no details")
        library.unregisterChangeObserver(recorder)
    }

    /// A fetch result the program lets go of is gone, observer or not: the change it was live for neither keeps
    /// it nor hands it to the next change (each change once kept every result alive at the previous one, so none
    /// made while an observer was registered was ever released, and every change diffed them all).
    func testReleasedFetchResultsAreNotKeptByChangeObservation() throws {
        let photos = try makePhotos([day(1), day(2)])
        let recorder = ChangeRecorder()
        library.register(recorder)
        defer { library.unregisterChangeObserver(recorder) }
        weak var released: PHFetchResult<PHAsset>?
        do {
            let result = PHAsset.fetchAssets(with: .image, options: nil)
            released = result
            try library.performChangesAndWait { PHAssetChangeRequest(for: photos[0]).isFavorite = true }
            let details = recorder.waitForCurrentState(of: library).compactMap { $0.changeDetails(for: result) }.last
            XCTAssertEqual(details?.changedIndexes, IndexSet(integer: 0), "it was live for the change")
        }
        try library.performChangesAndWait { PHAssetChangeRequest(for: photos[1]).isFavorite = true }
        recorder.waitForCurrentState(of: library)
        XCTAssertNil(released, "the released fetch result is gone after the next change")
        XCTAssertTrue(library.fetchResults.alive().isEmpty, "no fetch result is live: \(library.fetchResults.alive().count)")
        withExtendedLifetime(photos) {}
    }

    /// The "Change observation" seed snippet, as written (its main-queue hop is serviced by XCTest's waits).
    func testSeedSnippetWatcher() throws {
        let photos = try makePhotos([day(1), day(2)])
        let watcher = Watcher(PHAsset.fetchAssets(with: .image, options: nil))
        try library.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, data: FixtureImages.jpeg(seed: 9), options: nil)
            request.creationDate = self.day(1.5)
            PHAssetChangeRequest.deleteAssets([photos[1]] as NSArray)
        }
        // The snippet hops to the main queue; running the main run loop services it.
        let deadline = Date().addingTimeInterval(10)
        while !(watcher.assets.count == 2 && watcher.assets.object(at: 1).localIdentifier != photos[1].localIdentifier), Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        }
        XCTAssertEqual(watcher.assets.count, 2)
        XCTAssertEqual(watcher.assets.object(at: 0).localIdentifier, photos[0].localIdentifier)
        withExtendedLifetime(watcher) {}
    }

    func testObjectDetailsForDeletionAndWantsIncrementalOff() throws {
        let photos = try makePhotos([day(1), day(2), day(3)])
        let options = PHFetchOptions()
        options.wantsIncrementalChangeDetails = false
        let plain = PHAsset.fetchAssets(with: options)
        let recorder = ChangeRecorder()
        library.register(recorder)
        try library.performChangesAndWait { PHAssetChangeRequest.deleteAssets([photos[0]] as NSArray) }
        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        let details = try XCTUnwrap(change.changeDetails(for: plain))
        XCTAssertFalse(details.hasIncrementalChanges)
        XCTAssertNil(details.removedIndexes)
        XCTAssertEqual(identifiers(details.fetchResultAfterChanges), [photos[1].localIdentifier, photos[2].localIdentifier])
        let deleted = try XCTUnwrap(change.changeDetails(for: photos[0]))
        XCTAssertTrue(deleted.objectWasDeleted)
        XCTAssertNil(deleted.objectAfterChanges)
        // A result fetched after the change is not affected by it.
        XCTAssertNil(change.changeDetails(for: PHAsset.fetchAssets(with: nil)))
    }

    /// Apple's `init(from:to:changedObjects:)` diffs two fetch results of your own.
    func testDetailsBetweenTwoFetchResults() throws {
        let photos = try makePhotos([day(1), day(2), day(3)])
        let before = PHAsset.fetchAssets(with: nil)
        try library.performChangesAndWait {
            PHAssetChangeRequest(for: photos[0]).creationDate = self.day(4)
            PHAssetChangeRequest.deleteAssets([photos[1]] as NSArray)
        }
        let after = PHAsset.fetchAssets(with: nil)
        let details = PHFetchResultChangeDetails(from: before, to: after, changedObjects: [after.object(at: 1)])
        XCTAssertEqual(details.removedIndexes, IndexSet(integer: 1))
        XCTAssertEqual(applyDetails(details, to: before.rowIDs), after.rowIDs)
        XCTAssertEqual(details.changedIndexes, IndexSet(integer: 1))
    }
}

/// The seed snippet's observer, verbatim.
final class Watcher: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
    var assets: PHFetchResult<PHAsset>
    init(_ r: PHFetchResult<PHAsset>) { assets = r; super.init(); PHPhotoLibrary.shared().register(self) }
    func photoLibraryDidChange(_ changeInstance: PHChange) {
        DispatchQueue.main.async {
            guard let details = changeInstance.changeDetails(for: self.assets) else { return }
            self.assets = details.fetchResultAfterChanges
            if details.hasIncrementalChanges {
                if let removed = details.removedIndexes, removed.count > 0 { display(removed) }
                if let inserted = details.insertedIndexes, inserted.count > 0 { display(inserted) }
                if let changed = details.changedIndexes, changed.count > 0 { display(changed) }
                details.enumerateMoves { from, to in display((from, to)) }
            }
        }
    }
}

/// A change made by another process (the `photos` command) reaches observers here with the same details.
final class ExternalChangeTests: PhotosTestCase {
    /// The `photos` executable; skips the test when it was not built.
    var photosExecutable: URL {
        get throws {
            guard let url = PhotosBinary.url else { throw XCTSkip(PhotosBinary.missingMessage) }
            return url
        }
    }

    func testChangeFromTheCommandLineReachesObservers() throws {
        let photos = try makePhotos([day(1), day(2), day(3)])
        let allPhotos = PHAsset.fetchAssets(with: .image, options: nil)
        let recorder = ChangeRecorder()
        library.register(recorder)
        defer { library.unregisterChangeObserver(recorder) }

        let process = Process()
        process.executableURL = try photosExecutable
        process.arguments = ["favorite", photos[2].localIdentifier, "--library", library.url.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let exited = Date()

        let change = try XCTUnwrap(recorder.waitForCurrentState(of: library).last)
        print("external change delivered \(Int(Date().timeIntervalSince(exited) * 1000)) ms after the command exited")
        let details = try XCTUnwrap(change.changeDetails(for: allPhotos))
        XCTAssertEqual(details.changedIndexes, IndexSet(integer: 2))
        XCTAssertEqual(change.changeDetails(for: photos[2])?.objectAfterChanges?.isFavorite, true)
    }
}

extension ExternalChangeTests {
    /// `photos watch --json` prints a change made by this process, with identifiers and All Photos details.
    func testWatchCommandPrintsChanges() throws {
        let photos = try makePhotos([day(1), day(2)])
        let process = Process()
        process.executableURL = try photosExecutable
        process.arguments = ["watch", "--json", "--count", "1", "--library", library.url.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Wait for the ready line before changing anything.
        var banner = Data()
        while !String(decoding: banner, as: UTF8.self).contains("Watching") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            banner.append(chunk)
        }
        try library.performChangesAndWait { PHAssetChangeRequest(for: photos[0]).isFavorite = true }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate(); XCTFail("photos watch did not report the change") ; return }
        let line = try XCTUnwrap(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").first)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let assets = try XCTUnwrap((record["objects"] as? [String: Any])?["asset"] as? [String: [String]])
        XCTAssertEqual(assets["updated"], [photos[0].localIdentifier])
        let all = try XCTUnwrap(record["allPhotos"] as? [String: Any])
        XCTAssertEqual(all["changedIndexes"] as? [Int], [0])
    }
}

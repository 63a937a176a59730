import XCTest
import Photos
import _TestSupport

/// `PHPhotoLibraryAvailabilityObserver` and `unavailabilityReason`: a library whose folder goes away says so.
final class AvailabilityObserverTests: PhotosTestCase {
    final class Observer: NSObject, PHPhotoLibraryAvailabilityObserver, @unchecked Sendable {
        let lock = NSLock()
        var calls: [(library: PHPhotoLibrary, onMainThread: Bool, reason: (any Error)?)] = []
        let called: XCTestExpectation

        init(_ called: XCTestExpectation) { self.called = called }

        func photoLibraryDidBecomeUnavailable(_ photoLibrary: PHPhotoLibrary) {
            lock.lock()
            calls.append((photoLibrary, Thread.isMainThread, photoLibrary.unavailabilityReason))
            lock.unlock()
            called.fulfill()
        }

        var callCount: Int { lock.lock(); defer { lock.unlock() }; return calls.count }
    }

    var libraryURL: URL { directory.appending("Test.photoslibrary") }

    func testARenamedLibraryTellsItsObserversAndRefusesChanges() throws {
        let photos = try makePhotos([day(1), day(2)])
        XCTAssertNil(library.unavailabilityReason)
        let observer = Observer(expectation(description: "observer called"))
        library.register(observer)

        let moved = directory.appending("Renamed.photoslibrary")
        try FileManager.default.moveItem(at: libraryURL, to: moved)
        wait(for: [observer.called], timeout: 5)

        let call = try XCTUnwrap(observer.calls.first)
        XCTAssertTrue(call.library === library)
        XCTAssertFalse(call.onMainThread, "called on a background queue, as PhotoKit does")
        let reason = try XCTUnwrap(library.unavailabilityReason as? PHPhotosError)
        XCTAssertEqual(reason.code, .libraryVolumeOffline)
        XCTAssertTrue(reason.localizedDescription.contains(libraryURL.path), reason.localizedDescription)
        XCTAssertEqual(reason.userInfo[NSFilePathErrorKey] as? String, libraryURL.path)
        XCTAssertNotNil(call.reason, "the reason is set before observers are called")

        // Changes fail with the reason; fetches are empty while the reason says why.
        XCTAssertThrowsError(try library.performChangesAndWait { PHAssetChangeRequest(for: photos[0]).isFavorite = true }) { error in
            XCTAssertEqual((error as? PHPhotosError)?.code, .libraryVolumeOffline)
            XCTAssertTrue(error.localizedDescription.contains(self.libraryURL.path), error.localizedDescription)
            XCTAssertTrue(error.localizedDescription.contains("no longer available"), error.localizedDescription)
        }
        XCTAssertEqual(PHAsset.fetchAssets(with: nil).count, 0)
        XCTAssertEqual(PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).count, 0)
        XCTAssertNotNil(library.unavailabilityReason)
        XCTAssertFalse(FileManager.default.fileExists(atPath: libraryURL.path), "nothing was recreated at the old path")

        // The renamed library opens where it now is, untouched by the refused change.
        let reopened = try PHPhotoLibrary(url: moved)
        let options = PHFetchOptions()
        options.photoLibrary = reopened
        let assets = PHAsset.fetchAssets(with: options)
        XCTAssertEqual(assets.count, 2)
        XCTAssertEqual(Set(assets.map(\.localIdentifier)), Set(photos.map(\.localIdentifier)))
        XCTAssertFalse(assets.contains { $0.isFavorite })
        XCTAssertNil(reopened.unavailabilityReason)

        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(observer.callCount, 1, "told once")
    }

    func testADeletedLibraryTellsEveryObserverOnceAndNotTheUnregistered() throws {
        let first = Observer(expectation(description: "first"))
        let second = Observer(expectation(description: "second"))
        let gone = expectation(description: "unregistered observer")
        gone.isInverted = true
        let unregistered = Observer(gone)
        library.register(first)
        library.register(first)
        library.register(second)
        library.register(unregistered)
        library.unregisterAvailabilityObserver(unregistered)

        try FileManager.default.removeItem(at: libraryURL)
        wait(for: [first.called, second.called], timeout: 5)
        wait(for: [gone], timeout: 1)
        XCTAssertEqual(first.callCount, 1, "registering twice has no effect")
        XCTAssertEqual(second.callCount, 1)

        // An observer registering afterwards is told once too.
        let late = Observer(expectation(description: "late"))
        library.register(late)
        wait(for: [late.called], timeout: 5)
        library.register(late)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(late.callCount, 1)
    }
}

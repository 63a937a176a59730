import XCTest
@testable import Photos
import PhotoLibrary
import _TestSupport
import Synchronization

/// PhotoKit over a real `photos serve` socket as applications with different grants: what the service lets a
/// limited, add-only or revoked application read and change, seen through PhotoKit's own API.
final class ServedAccessTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var served: ServedTestLibrary!
    private var photos: [String] = []
    private var ownerAlbum = ""

    override func setUpWithError() throws {
        directory = TemporaryDirectory(prefix: "served-access")
        served = try ServedTestLibrary.orSkip { try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path) }
        photos = (0..<4).map { _ in LocalIdentifier.make(.asset) }
        ownerAlbum = LocalIdentifier.make(.assetCollection)
        var operations: [ChangeOperation] = photos.enumerated().map { index, identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: index)))],
                                  edits: AssetEdits(creationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600))))
        }
        operations.append(.createAlbum(identifier: ownerAlbum, title: "Owner's"))
        operations.append(.editCollection(identifier: ownerAlbum, title: nil, members: [.add(photos)]))
        _ = try served.core.apply(ChangeBatch(operations: operations))
    }

    override func tearDown() {
        served?.stop()
        served = nil
        directory = nil
    }

    /// A PHPhotoLibrary on the socket acting as the application `identifier`, decided as `status`.
    private func application(_ identifier: String, _ status: AppAccessStatus, selection: [String] = []) throws -> PHPhotoLibrary {
        let core = served.core
        let grant = try core.requestAppAccess(identifier: identifier, name: identifier, executablePath: "", executableSHA256: "", level: .readWrite)
        try core.decideAppAccess(identifier: identifier, status: status, selection: selection)
        let owner = try XCTUnwrap(core.account(named: "tests")).account
        let token = try core.createCredential(.token, accountID: owner.rowID, name: identifier, appGrantID: grant.rowID).secret
        setenv("PHOTOS_LIBRARY_TOKEN", token, 1)
        return try PHPhotoLibrary(url: served.socketURL)
    }

    /// Options fetching from `library`, assets oldest first.
    private func options(_ library: PHPhotoLibrary) -> PHFetchOptions {
        let options = fetching(library)
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        return options
    }

    /// Options fetching from `library` (for collections).
    private func fetching(_ library: PHPhotoLibrary) -> PHFetchOptions {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return options
    }

    private func identifiers(_ result: PHFetchResult<PHAsset>) -> [String] {
        (0..<result.count).map { result.object(at: $0).localIdentifier }
    }

    func testALimitedApplicationSeesItsSelectionEverywhereAndHearsItGrow() throws {
        let app = try application("org.example.limited", .limited, selection: [photos[0], photos[1]])
        XCTAssertEqual(identifiers(PHAsset.fetchAssets(with: options(app))), [photos[0], photos[1]])
        XCTAssertEqual(PHAsset.fetchAssets(withLocalIdentifiers: [photos[2], photos[3]], options: options(app)).count, 0)
        let library = try XCTUnwrap(PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumUserLibrary, options: fetching(app)).firstObject)
        XCTAssertEqual(PHAsset.fetchAssets(in: library, options: options(app)).count, 2, "smart albums show only the selection")
        XCTAssertEqual(PHAsset.fetchAssets(with: .image, options: options(app)).countOfAssets(with: .image), 2)
        XCTAssertEqual(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [ownerAlbum], options: fetching(app)).count, 0,
                       "the owner's album is not the application's")
        let history = try app.fetchPersistentChanges(since: PHPersistentChangeToken(libraryIdentifier: served.core.libraryIdentifier(), value: 0))
        let mentioned = Set(history.flatMap { change in change.changes.assets.inserted.values.map { $0 } + change.changes.assets.updated.values.map { $0 } })
        XCTAssertTrue(mentioned.isSubset(of: [photos[0], photos[1]]), "history names only the selection: \(mentioned)")

        // It may change its selection and make albums, which it then sees.
        let first = try XCTUnwrap(PHAsset.fetchAssets(with: options(app)).firstObject)
        var album: PHObjectPlaceholder?
        try app.performChangesAndWait {
            PHAssetChangeRequest(for: first).isFavorite = true
            let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Mine")
            request.addAssets([first] as NSArray)
            album = request.placeholderForCreatedAssetCollection
        }
        let mine = try XCTUnwrap(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [album!.localIdentifier], options: fetching(app)).firstObject)
        XCTAssertEqual(PHAsset.fetchAssets(in: mine, options: options(app)).count, 1)

        // The owner gives it one more photo: its fetch result hears an insertion; the owner's change to a photo it
        // cannot see is not reported to it.
        var all = PHAsset.fetchAssets(with: options(app))
        let recorder = ChangeRecorder()
        app.register(recorder)
        _ = try served.core.addToAppSelection(identifier: "org.example.limited", assets: [photos[2]])
        do {
            let deadline = Date().addingTimeInterval(10)
            var details: PHFetchResultChangeDetails<PHAsset>?
            while details == nil, Date() < deadline {
                details = recorder.changes.lazy.compactMap { $0.changeDetails(for: all) }.first
                if details == nil { Thread.sleep(forTimeInterval: 0.02) }
            }
            let grown = try XCTUnwrap(details, "the selection growing arrives as a change")
            XCTAssertEqual(identifiers(grown.fetchResultAfterChanges), [photos[0], photos[1], photos[2]])
            XCTAssertEqual(grown.insertedIndexes, IndexSet(integer: 2))
            // With its fetch results up to date (as an observer keeps them; the details hold the old one until
            // they go), nothing it may not see reaches it.
            all = grown.fetchResultAfterChanges
        }
        let before = recorder.count
        _ = try served.core.apply(ChangeBatch(operations: [.editAsset(identifier: photos[3], AssetEdits(isFavorite: true))]))
        Thread.sleep(forTimeInterval: 1)
        // Any change it hears (its older fetch results may still be diffed) names nothing outside its selection.
        for change in recorder.changes.dropFirst(before) {
            XCTAssertEqual(change.observed.changes.assets.touched, [], "\(change)")
            XCTAssertNil(change.changeDetails(for: all))
        }
        XCTAssertEqual(all.count, 3)
        app.unregisterChangeObserver(recorder)
    }

    func testAnAddOnlyApplicationReadsNothingButMayAdd() throws {
        let app = try application("org.example.camera", .addOnly)
        XCTAssertEqual(PHAsset.fetchAssets(with: options(app)).count, 0)
        XCTAssertEqual(PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .any, options: fetching(app)).count, 0)
        try app.performChangesAndWait {
            PHAssetCreationRequest.forAsset().addResource(with: .photo, data: FixtureImages.jpeg(seed: 40), options: nil)
        }
        XCTAssertEqual(PHAsset.fetchAssets(with: options(app)).count, 0, "what it added is not readable either")
        XCTAssertEqual(try served.core.assetRowIDs(AssetQuery(scope: .all)).count, 5)
        XCTAssertThrowsError(try app.performChangesAndWait {
            PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "No")
        }, "add-only creates assets only")
    }

    func testARevokedApplicationLosesAccessWithinASecond() throws {
        let app = try application("org.example.revoked", .full)
        XCTAssertEqual(PHAsset.fetchAssets(with: options(app)).count, 4)
        try served.core.decideAppAccess(identifier: "org.example.revoked", status: .denied)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(PHAsset.fetchAssets(with: options(app)).count, 0)
        let error = try XCTUnwrap(try? { () throws -> (any Error)? in
            do { try app.performChangesAndWait { PHAssetCreationRequest.forAsset().addResource(with: .photo, data: FixtureImages.jpeg(seed: 41), options: nil) } }
            catch { return error }
            return nil
        }())
        XCTAssertEqual((error as? PHPhotosError)?.code, .accessUserDenied, "\(error)")
    }

    func testAnUndecidedApplicationAsksAndTheOwnerAnswers() throws {
        let core = served.core
        let grant = try core.requestAppAccess(identifier: "org.example.asking", name: "Asking", executablePath: "", executableSHA256: "", level: .readWrite)
        let askedBefore = try XCTUnwrap(grant.requestedDate)
        let owner = try XCTUnwrap(core.account(named: "tests")).account
        setenv("PHOTOS_LIBRARY_TOKEN", try core.createCredential(.token, accountID: owner.rowID, name: "asking", appGrantID: grant.rowID).secret, 1)
        let app = try PHPhotoLibrary(url: served.socketURL)
        PHPhotoLibrary.setShared(app)
        defer { PHPhotoLibrary.setShared(nil) }

        XCTAssertEqual(PHPhotoLibrary.authorizationStatus(for: .readWrite), .notDetermined)
        XCTAssertEqual(PHAsset.fetchAssets(with: options(app)).count, 0, "an application nobody let in reads nothing")

        let answered = expectation(description: "the owner answers")
        let status = Mutex<PHAuthorizationStatus?>(nil)
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { answer in
            status.withLock { $0 = answer }
            answered.fulfill()
        }
        let deadline = Date().addingTimeInterval(10)
        while try (core.appGrant(identifier: "org.example.asking")?.requestedDate ?? .distantPast) <= askedBefore, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(try core.appGrant(identifier: "org.example.asking")?.status, .pending, "the request waits for the owner")
        try core.decideAppAccess(identifier: "org.example.asking", status: .limited, selection: [photos[1]])
        wait(for: [answered], timeout: 20)
        XCTAssertEqual(status.withLock { $0 }, .limited)
        XCTAssertEqual(PHPhotoLibrary.authorizationStatus(for: .readWrite), .limited)
        XCTAssertEqual(PHPhotoLibrary.authorizationStatus(for: .addOnly), .authorized)
        XCTAssertEqual(PHPhotoLibrary.deprecatedReadWriteStatus(), .authorized, "the pre-iOS 14 method reports limited access as authorized")
        XCTAssertEqual(identifiers(PHAsset.fetchAssets(with: options(app))), [photos[1]])
        XCTAssertEqual(try app.backend.libraryIdentifier(), try core.libraryIdentifier())
    }

    func testAnUnreachableServiceIsRestrictedNotFatal() throws {
        let previous = ProcessInfo.processInfo.environment["PHOTOS_LIBRARY"]
        PHPhotoLibrary.setShared(nil)
        setenv("PHOTOS_LIBRARY", "unix:" + directory.appending("nobody-listens.sock").path, 1)
        defer {
            if let previous { setenv("PHOTOS_LIBRARY", previous, 1) } else { unsetenv("PHOTOS_LIBRARY") }
            PHPhotoLibrary.setShared(nil)
        }
        XCTAssertEqual(PHPhotoLibrary.authorizationStatus(for: .readWrite), .restricted)
        let asked = expectation(description: "answered")
        PHPhotoLibrary.requestAuthorization(for: .addOnly) { status in
            XCTAssertEqual(status, .restricted)
            asked.fulfill()
        }
        wait(for: [asked], timeout: 10)
    }

    func testAPersonsTokenIsAlwaysAuthorized() throws {
        let owner = try XCTUnwrap(served.core.account(named: "tests")).account
        setenv("PHOTOS_LIBRARY_TOKEN", try served.core.createCredential(.token, accountID: owner.rowID, name: "person").secret, 1)
        let library = try PHPhotoLibrary(url: served.socketURL)
        PHPhotoLibrary.setShared(library)
        defer { PHPhotoLibrary.setShared(nil) }
        XCTAssertEqual(PHPhotoLibrary.authorizationStatus(for: .readWrite), .authorized)
        XCTAssertEqual(PHAsset.fetchAssets(with: options(library)).count, 4)
    }
}

extension PHPhotoLibrary {
    /// The deprecated `authorizationStatus()`, called without a deprecation warning in the tests.
    @available(*, deprecated)
    fileprivate static func deprecatedStatusCall() -> PHAuthorizationStatus { authorizationStatus() }

    fileprivate static func deprecatedReadWriteStatus() -> PHAuthorizationStatus { deprecatedStatusCall() }
}

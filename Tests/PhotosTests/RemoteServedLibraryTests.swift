import XCTest
@testable import Photos
import PhotoLibrary
import ServedLibrary
import _TestSupport
import Synchronization

/// PhotoKit as a program on another machine uses a served library: a real `photos serve` over HTTPS on loopback
/// with a self-signed certificate (made here with openssl), reached at `https://127.0.0.1:PORT` with an API token.
/// The same fetches, changes, observation and image bytes as over the socket; a certificate the program was not
/// told to trust, a missing or wrong token, and plain HTTP to another host are refused by name.
final class RemoteServedLibraryTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var served: ServedTestLibrary!
    private var certificate = ""
    private var photos: [String] = []

    private var previousCache: String?

    override func setUpWithError() throws {
        directory = TemporaryDirectory(prefix: "served-remote")
        certificate = directory.appending("service.pem").path
        let key = directory.appending("service-key.pem").path
        try Self.makeSelfSignedCertificate(certificate: certificate, key: key)
        previousCache = ProcessInfo.processInfo.environment["PHOTOKIT_SERVED_CACHE"]
        setenv("PHOTOKIT_SERVED_CACHE", directory.appending("cache").path, 1)
        setenv("PHOTOS_LIBRARY_CA", certificate, 1)
        served = try ServedTestLibrary.orSkip {
            try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path,
                                  webAddress: true, tls: (certificate, key))
        }
        photos = (0..<3).map { _ in LocalIdentifier.make(.asset) }
        _ = try served.core.apply(ChangeBatch(operations: photos.enumerated().map { index, identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: index)))],
                                  edits: AssetEdits(creationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600))))
        }))
    }

    override func tearDown() {
        if let previousCache { setenv("PHOTOKIT_SERVED_CACHE", previousCache, 1) } else { unsetenv("PHOTOKIT_SERVED_CACHE") }
        unsetenv("PHOTOS_LIBRARY_CA")
        served?.stop()
        served = nil
        directory = nil
    }

    /// A P-256 certificate for 127.0.0.1 and localhost, signed by its own key (what `photos serve --tls-cert`
    /// is given on a machine without a public name).
    static func makeSelfSignedCertificate(certificate: String, key: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { throw XCTSkip("openssl is not installed (apt-get install openssl)") }
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                             "-subj", "/CN=photos serve test", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                             "-keyout", key, "-out", certificate]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw XCTSkip("openssl could not make a test certificate") }
    }

    private var remoteURL: URL { get throws { try XCTUnwrap(served.webURL) } }

    private func options(_ library: PHPhotoLibrary) -> PHFetchOptions {
        let options = PHFetchOptions()
        options.photoLibrary = library
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        return options
    }

    private func unsorted(_ library: PHPhotoLibrary) -> PHFetchOptions {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return options
    }

    private func identifiers(_ result: PHFetchResult<PHAsset>) -> [String] {
        (0..<result.count).map { result.object(at: $0).localIdentifier }
    }

    func testAProgramElsewhereFetchesChangesHearsAndReadsBytesOverHTTPS() throws {
        let url = try remoteURL
        XCTAssertEqual(url.scheme, "https")
        let library = try PHPhotoLibrary(url: url)
        XCTAssertNotNil(library.servedLibrary)
        let assets = PHAsset.fetchAssets(with: options(library))
        XCTAssertEqual(identifiers(assets), photos)

        let observer = ChangeRecorder()
        library.register(observer)
        defer { library.unregisterChangeObserver(observer) }
        Thread.sleep(forTimeInterval: 0.3)
        var album = ""
        try library.performChangesAndWait {
            album = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Remote").placeholderForCreatedAssetCollection.localIdentifier
            PHAssetChangeRequest(for: assets.object(at: 1)).isFavorite = true
        }
        let local = try PHPhotoLibrary(url: served.core.url)
        XCTAssertEqual(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [album], options: unsorted(local)).firstObject?.localizedTitle,
                       "Remote", "the album was made in the library")
        XCTAssertEqual(PHAsset.fetchAssets(withLocalIdentifiers: [photos[1]], options: options(local)).firstObject?.isFavorite, true)
        let details = try XCTUnwrap(observer.waitForCurrentState(of: library).lazy.compactMap { $0.changeDetails(for: assets) }.first,
                                    "no change arrived over HTTPS")
        XCTAssertEqual(details.changedObjects.map(\.localIdentifier), [photos[1]])

        let request = PHImageRequestOptions()
        request.isSynchronous = true
        var bytes: Data?
        PHImageManager.default().requestImageDataAndOrientation(for: assets.object(at: 2), options: request) { data, _, _, _ in bytes = data }
        XCTAssertEqual(bytes, FixtureImages.jpeg(seed: 2), "the original's bytes, downloaded and verified")
    }

    func testALimitedApplicationsTokenSeesOnlyItsSelectionOverHTTPS() throws {
        let core = served.core
        let grant = try core.requestAppAccess(identifier: "org.example.remote", name: "Remote", executablePath: "", executableSHA256: "", level: .readWrite)
        try core.decideAppAccess(identifier: "org.example.remote", status: .limited, selection: [photos[2]])
        let owner = try XCTUnwrap(core.account(named: "tests")).account
        setenv("PHOTOS_LIBRARY_TOKEN", try core.createCredential(.token, accountID: owner.rowID, name: "remote app", appGrantID: grant.rowID).secret, 1)
        let library = try PHPhotoLibrary(url: try remoteURL)
        XCTAssertEqual(identifiers(PHAsset.fetchAssets(with: options(library))), [photos[2]])
        XCTAssertEqual(PHAsset.fetchAssets(withLocalIdentifiers: photos, options: options(library)).count, 1)
    }

    func testACertificateTheProgramDoesNotTrustIsRefusedByName() throws {
        unsetenv("PHOTOS_LIBRARY_CA")
        XCTAssertThrowsError(try PHPhotoLibrary(url: try remoteURL)) { error in
            let text = "\(error.localizedDescription)"
            XCTAssertTrue(text.contains("TLS") && text.contains("PHOTOS_LIBRARY_CA"), text)
        }
        // Another certificate named as the authority does not vouch for this one either.
        let other = directory.appending("other.pem").path
        try Self.makeSelfSignedCertificate(certificate: other, key: directory.appending("other-key.pem").path)
        setenv("PHOTOS_LIBRARY_CA", other, 1)
        XCTAssertThrowsError(try PHPhotoLibrary(url: try remoteURL))
        setenv("PHOTOS_LIBRARY_CA", directory.appending("absent.pem").path, 1)
        XCTAssertThrowsError(try PHPhotoLibrary(url: try remoteURL)) { error in
            XCTAssertTrue(error.localizedDescription.contains("absent.pem"), error.localizedDescription)
        }
    }

    func testWithoutAValidTokenAProgramElsewhereGetsNothing() throws {
        setenv("PHOTOS_LIBRARY_TOKEN", "not-a-token", 1)
        XCTAssertThrowsError(try PHPhotoLibrary(url: try remoteURL)) { error in
            XCTAssertEqual((error as? PHPhotosError)?.code, .accessRestricted, "\(error)")
        }
        unsetenv("PHOTOS_LIBRARY_TOKEN")
        XCTAssertThrowsError(try PHPhotoLibrary(url: try remoteURL)) { error in
            XCTAssertEqual((error as? PHPhotosError)?.code, .accessRestricted, "\(error)")
        }
    }

    func testPlainHTTPIsOnlyForThisMachineAndAServiceIsAHost() throws {
        // Refused before connecting: nothing listens at these addresses.
        for text in ["http://192.0.2.7:8080", "http://photos.example.net"] {
            XCTAssertThrowsError(try PHPhotoLibrary(url: URL(string: text)!), text) { error in
                XCTAssertTrue(error.localizedDescription.contains("unencrypted"), error.localizedDescription)
            }
        }
        for text in ["https://photos.example.net/library", "https://photos.example.net/?token=x", "https://user@photos.example.net"] {
            XCTAssertThrowsError(try PHPhotoLibrary(url: URL(string: text)!), text) { error in
                XCTAssertTrue(error.localizedDescription.contains("only the service's host and port"), "\(text): \(error)")
            }
        }
        XCTAssertTrue(ServedLibrary.isServiceURL(URL(string: "https://photos.example.net:8443")!))
        XCTAssertFalse(ServedLibrary.isServiceURL(URL(fileURLWithPath: "/srv/photos")))
    }
}

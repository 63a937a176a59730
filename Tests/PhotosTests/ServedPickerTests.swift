import XCTest
@testable import Photos
import PhotosUI
import PhotoLibrary
import _TestSupport

/// PHPickerViewController presented over a real `photos serve`: a program with no access at all opens the picker,
/// the owner answers on the service (as the web page does), and the program receives only the picked items'
/// bytes — no identifiers, no other access.
@MainActor
final class ServedPickerTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var served: ServedTestLibrary!
    private var photos: [String] = []
    private var stored: [String: Data] = [:]

    override func setUp() async throws {
        directory = TemporaryDirectory(prefix: "served-picker")
        setenv("PHOTOS_SERVED_DOWNLOAD_CHUNK", "4096", 1)   // every picked item arrives in several ranges
        served = try ServedTestLibrary.orSkip { try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path,
                                       webAddress: true) }
        photos = (0..<3).map { _ in LocalIdentifier.make(.asset) }
        for (index, identifier) in photos.enumerated() { stored[identifier] = FixtureImages.jpeg(width: 320, height: 240, seed: index) }
        _ = try served.core.apply(ChangeBatch(operations: photos.map { identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(stored[identifier]!))]))
        }))
    }

    override func tearDown() async throws {
        unsetenv("PHOTOS_SERVED_DOWNLOAD_CHUNK")
        served?.stop()
        served = nil
        directory = nil
    }

    final class Recorder: PHPickerViewControllerDelegate {
        var results: [[PHPickerResult]] = []
        let finished: XCTestExpectation
        init(_ finished: XCTestExpectation) { self.finished = finished }
        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
            self.results.append(results)
            finished.fulfill()
        }
    }

    /// A PHPhotoLibrary on the socket as an application nobody has let in.
    private func undecidedApplication() throws -> PHPhotoLibrary {
        let core = served.core
        let grant = try core.requestAppAccess(identifier: "org.example.picking", name: "Picking", executablePath: "", executableSHA256: "", level: .readWrite)
        let owner = try XCTUnwrap(core.account(named: "tests")).account
        setenv("PHOTOS_LIBRARY_TOKEN", try core.createCredential(.token, accountID: owner.rowID, name: "picking", appGrantID: grant.rowID).secret, 1)
        return try PHPhotoLibrary(url: served.socketURL)
    }

    /// The owner's answer, sent as the picker page sends it (`POST …/choice`, an admin's token, over TCP).
    private func answer(_ page: URL, _ body: String) throws -> (status: Int32, output: String) {
        try asOwner("POST", "api/picker/sessions/\(page.lastPathComponent)/choice", body)
    }

    /// A request as the library's owner (an admin's token, over TCP), with curl; the status and the body.
    private func asOwner(_ method: String, _ path: String, _ body: String? = nil) throws -> (status: Int32, output: String) {
        let url = try XCTUnwrap(served.webURL).appendingPathComponent(path)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-o", "/dev/stdout", "-w", "\n%{http_code}", "-X", method, "-H", "Authorization: Bearer \(served.ownerToken)"]
            + (body.map { ["-H", "Content-Type: application/json", "--data", $0] } ?? []) + [url.absoluteString]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        return (Int32(output.split(separator: "\n").last.map(String.init) ?? "") ?? 0, output)
    }

    private func loadFile(_ provider: NSItemProvider, _ type: String) async -> (Data?, (any Error)?) {
        await withCheckedContinuation { continuation in
            provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
                continuation.resume(returning: (url.flatMap { try? Data(contentsOf: $0) }, error))
            }
        }
    }

    func testAProgramWithNoAccessReceivesOnlyWhatTheOwnerPicked() async throws {
        let app = try undecidedApplication()
        XCTAssertEqual(PHAsset.fetchAssets(with: { let o = PHFetchOptions(); o.photoLibrary = app; return o }()).count, 0, "it reads nothing")
        var configuration = PHPickerConfiguration(photoLibrary: app)
        configuration.selectionLimit = 2
        configuration.filter = .images
        let picker = PHPickerViewController(configuration: configuration)
        let recorder = Recorder(expectation(description: "the delegate is told"))
        picker.delegate = recorder
        let page = try XCTUnwrap(try picker.present(openingBrowser: false), "the page's address, on the service's web address")
        XCTAssertTrue(page.absoluteString.hasPrefix(try XCTUnwrap(served.webURL).absoluteString + "/pick/"), page.absoluteString)
        let offered = try asOwner("GET", "api/picker/sessions")
        XCTAssertTrue(offered.status == 200 && offered.output.contains(page.lastPathComponent), "the web app offers it: \(offered.output)")

        // Over the limit is refused on the service; the owner then picks two.
        XCTAssertEqual(try answer(page, #"{"assets":["\#(photos[0])","\#(photos[1])","\#(photos[2])"]}"#).status, 422)
        XCTAssertEqual(try answer(page, #"{"assets":["\#(photos[2])","\#(photos[0])"]}"#).status, 200)
        await fulfillment(of: [recorder.finished], timeout: 30)

        let results = try XCTUnwrap(recorder.results.first)
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results.map(\.assetIdentifier), [nil, nil], "no identifiers for assets it may not read")
        for (result, identifier) in zip(results, [photos[2], photos[0]]) {
            XCTAssertEqual(result.itemProvider.registeredTypeIdentifiers, ["public.jpeg"])
            let (bytes, error) = await loadFile(result.itemProvider, "public.jpeg")
            XCTAssertNil(error)
            XCTAssertEqual(bytes, stored[identifier], "the picked photo's stored bytes, in the owner's order")
        }
        XCTAssertEqual(PHAsset.fetchAssets(with: { let o = PHFetchOptions(); o.photoLibrary = app; return o }()).count, 0,
                       "picking never grows access")
        XCTAssertThrowsError(try picker.present(openingBrowser: false)) { error in
            XCTAssertEqual((error as? PHPickerError)?.code, .alreadyFinished)
        }
    }

    /// An application on the socket with `status` (and, when limited, `selection`).
    private func application(_ identifier: String, _ status: AppAccessStatus, selection: [String] = []) throws -> PHPhotoLibrary {
        let core = served.core
        let grant = try core.requestAppAccess(identifier: identifier, name: identifier, executablePath: "", executableSHA256: "", level: .readWrite)
        try core.decideAppAccess(identifier: identifier, status: status, selection: selection)
        let owner = try XCTUnwrap(core.account(named: "tests")).account
        setenv("PHOTOS_LIBRARY_TOKEN", try core.createCredential(.token, accountID: owner.rowID, name: identifier, appGrantID: grant.rowID).secret, 1)
        return try PHPhotoLibrary(url: served.socketURL)
    }

    /// The id of the waiting limited-library picker the web app offers the owner, once there is one.
    private func waitingLimitedLibraryPicker() async throws -> String? {
        struct Listing: Decodable { struct Session: Decodable { var id: String; var purpose: String }; var sessions: [Session] }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let listed = try asOwner("GET", "api/picker/sessions")
            let json = listed.output.split(separator: "\n").dropLast().joined(separator: "\n")
            if let session = try JSONDecoder().decode(Listing.self, from: Data(json.utf8)).sessions.first(where: { $0.purpose == "limitedLibrary" }) {
                return session.id
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    func testALimitedApplicationAsksForMorePhotosAndSeesOnlyTheNewOnesArrive() async throws {
        let app = try application("org.example.limited", .limited, selection: [photos[0]])
        let options = PHFetchOptions()
        options.photoLibrary = app
        let before = PHAsset.fetchAssets(with: options)
        XCTAssertEqual(before.count, 1)
        let recorder = ChangeRecorder()
        app.register(recorder)
        defer { app.unregisterChangeObserver(recorder) }

        let asked = Task { await app.presentLimitedLibraryPicker(from: nil) }
        let session = try await waitingLimitedLibraryPicker()
        let id = try XCTUnwrap(session, "the web app offers the owner a limited-library picker")
        // The owner adds one photo the application had and one it had not: only the new one is reported.
        let answered = try asOwner("POST", "api/picker/sessions/\(id)/choice", #"{"assets":["\#(photos[0])","\#(photos[2])"]}"#)
        XCTAssertEqual(answered.status, 200, answered.output)
        let added = await asked.value
        XCTAssertEqual(added, [photos[2]])
        let after = PHAsset.fetchAssets(with: options)
        XCTAssertEqual(Set((0..<after.count).map { after.object(at: $0).localIdentifier }), [photos[0], photos[2]])
        let details = recorder.waitForCurrentState(of: app).lazy.compactMap { $0.changeDetails(for: before) }.first
        XCTAssertEqual(details?.fetchResultAfterChanges.count, 2, "the selection growing arrives as a change")
    }

    func testOnlyALimitedApplicationIsAskedAbout() async throws {
        // Full access, a library directory: nothing to grow, an empty answer at once, nothing offered to the owner.
        let full = try application("org.example.full", .full)
        let none = await full.presentLimitedLibraryPicker(from: nil)
        XCTAssertEqual(none, [])
        let local = try PHPhotoLibrary(url: served.core.url)
        let alsoNone = await local.presentLimitedLibraryPicker(from: nil)
        XCTAssertEqual(alsoNone, [])
        XCTAssertFalse(try asOwner("GET", "api/picker/sessions").output.contains("limitedLibrary"))
    }

    func testCancellingDeliversNothingAndADirectoryCannotPresent() async throws {
        let app = try undecidedApplication()
        let picker = PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: app))
        let recorder = Recorder(expectation(description: "the delegate is told"))
        picker.delegate = recorder
        let page = try XCTUnwrap(try picker.present(openingBrowser: false))
        XCTAssertEqual(try answer(page, #"{"cancelled":true}"#).status, 200)
        await fulfillment(of: [recorder.finished], timeout: 30)
        XCTAssertEqual(recorder.results, [[]])

        // Dismissed before an answer: the session is given up on the service (no longer offered, an answer is
        // refused) and the delegate is not called.
        let dismissed = PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: app))
        let silent = Recorder(expectation(description: "never told"))
        silent.finished.isInverted = true
        dismissed.delegate = silent
        let second = try XCTUnwrap(try dismissed.present(openingBrowser: false))
        XCTAssertTrue(try asOwner("GET", "api/picker/sessions").output.contains(second.lastPathComponent))
        dismissed.dismiss()
        let deadline = Date().addingTimeInterval(10)
        while try asOwner("GET", "api/picker/sessions").output.contains(second.lastPathComponent), Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTAssertFalse(try asOwner("GET", "api/picker/sessions").output.contains(second.lastPathComponent), "no longer offered")
        XCTAssertEqual(try answer(second, #"{"assets":["\#(photos[0])"]}"#).status, 409)
        await fulfillment(of: [silent.finished], timeout: 2)

        let local = try PHPhotoLibrary(url: directory.appending("Local.photoslibrary"))
        XCTAssertThrowsError(try PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: local)).present(openingBrowser: false)) { error in
            XCTAssertEqual((error as? PHPickerError)?.code, .presentationUnavailable)
        }
    }
}

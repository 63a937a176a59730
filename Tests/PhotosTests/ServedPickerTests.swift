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
        served = try ServedTestLibrary.orSkip { try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path,
                                       webAddress: true) }
        photos = (0..<3).map { _ in LocalIdentifier.make(.asset) }
        for (index, identifier) in photos.enumerated() { stored[identifier] = FixtureImages.jpeg(seed: index) }
        _ = try served.core.apply(ChangeBatch(operations: photos.map { identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(stored[identifier]!))]))
        }))
    }

    override func tearDown() async throws {
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
        let session = page.lastPathComponent
        let url = try XCTUnwrap(served.webURL).appendingPathComponent("api/picker/sessions/\(session)/choice")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-o", "/dev/stdout", "-w", "\n%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(served.ownerToken)",
                          "-H", "Content-Type: application/json", "--data", body, url.absoluteString]
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

    func testCancellingDeliversNothingAndADirectoryCannotPresent() async throws {
        let app = try undecidedApplication()
        let picker = PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: app))
        let recorder = Recorder(expectation(description: "the delegate is told"))
        picker.delegate = recorder
        let page = try XCTUnwrap(try picker.present(openingBrowser: false))
        XCTAssertEqual(try answer(page, #"{"cancelled":true}"#).status, 200)
        await fulfillment(of: [recorder.finished], timeout: 30)
        XCTAssertEqual(recorder.results, [[]])

        // Dismissed before an answer: the delegate is not called, even once the owner answers.
        let dismissed = PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: app))
        let silent = Recorder(expectation(description: "never told"))
        silent.finished.isInverted = true
        dismissed.delegate = silent
        let second = try XCTUnwrap(try dismissed.present(openingBrowser: false))
        dismissed.dismiss()
        XCTAssertEqual(try answer(second, #"{"assets":["\#(photos[0])"]}"#).status, 200)
        await fulfillment(of: [silent.finished], timeout: 2)

        let local = try PHPhotoLibrary(url: directory.appending("Local.photoslibrary"))
        XCTAssertThrowsError(try PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: local)).present(openingBrowser: false)) { error in
            XCTAssertEqual((error as? PHPickerError)?.code, .presentationUnavailable)
        }
    }
}

import XCTest
import Photos
import PhotoLibrary
import _TestSupport

/// `photos extensions` and `photos edit --extension`, run as real processes: install, list, edit with
/// Filtster, failures that change nothing, and a `photos` process killed mid-edit.
final class ExtensionCommandTests: XCTestCase {
    var directory: TemporaryDirectory!
    var libraryURL: URL { directory.appending("Ext.photoslibrary") }
    var environment: [String: String] { ["XDG_DATA_HOME": directory.appending("xdg").path] }

    override func setUpWithError() throws {
        try XCTSkipIf(PhotosBinary.url == nil, PhotosBinary.missingMessage)
        try XCTSkipIf(BuiltExecutable.url(named: "filtster") == nil, BuiltExecutable.missingMessage("filtster"))
        directory = TemporaryDirectory(prefix: "extension-command")
    }

    override func tearDown() { directory = nil }

    func run(_ arguments: [String]) throws -> PhotosBinary.Result {
        try PhotosBinary.run(arguments + ["--library", libraryURL.path], environment: environment)
    }

    @discardableResult
    func succeed(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, "photos \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// Imports one generated photo; returns its identifier.
    func importPhoto() throws -> String {
        let file = directory.appending("photo.jpg")
        try FixtureImages.jpeg(width: 160, height: 120, seed: 9).write(to: file)
        try succeed(["import", file.path])
        let listed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(succeed(["list", "--json"]).utf8)) as? [[String: Any]])
        return try XCTUnwrap(listed.first?["localIdentifier"] as? String)
    }

    func testInstallListEditRevert() throws {
        let filtster = try XCTUnwrap(BuiltExecutable.url(named: "filtster"))
        let id = try importPhoto()
        XCTAssertTrue(try succeed(["extensions"]).contains("No editing extensions installed"))
        XCTAssertTrue(try succeed(["extensions", "install", filtster.path]).contains("Installed editing extension Filtster 1.1.0"))
        let listed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(succeed(["extensions", "--json"]).utf8)) as? [String: Any])
        let extensions = try XCTUnwrap(listed["extensions"] as? [[String: Any]])
        XCTAssertEqual(extensions.map { $0["bundleIdentifier"] as? String }, ["org.photokit-linux.filtster"])
        XCTAssertEqual(extensions.first?["scope"] as? String, "user")
        XCTAssertEqual((extensions.first?["parameters"] as? [[String: Any]])?.map { $0["name"] as? String }, ["filter", "intensity", "vignette"])

        let edited = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(
            succeed(["edit", id, "--extension", "Filtster", "filter=chrome", "vignette=0.5", "--json"]).utf8)) as? [String: Any])
        XCTAssertEqual(edited["renderedFrom"] as? String, "original")
        XCTAssertEqual(edited["formatIdentifier"] as? String, "org.photokit-linux.filtster")
        let library = try Library.open(at: libraryURL)
        let row = try XCTUnwrap(library.assetRowIDs(identifiers: [id]).first)
        let payload = try XCTUnwrap(library.currentEdit(assetRowID: row)?.adjustment)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: payload.data) as? NSDictionary,
                       ["filter": "chrome", "intensity": 1, "vignette": 0.5] as NSDictionary)
        XCTAssertTrue(try succeed(["history", id]).contains("org.photokit-linux.filtster"))

        // Bad parameters and unknown extensions fail with a message and change nothing.
        let token = try library.currentChangeToken()
        let bad = try run(["edit", id, "--extension", "Filtster", "vignette=9"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("vignette=9"), bad.stderr)
        let missing = try run(["edit", id, "--extension", "Nope"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("No editing extension named Nope"), missing.stderr)
        let mixed = try run(["edit", id, "--extension", "Filtster", "--filter", "CISepiaTone"])
        XCTAssertEqual(mixed.status, 64, mixed.stderr)
        XCTAssertEqual(try Library.open(at: libraryURL).currentChangeToken(), token)

        try succeed(["revert", id])
        XCTAssertNil(try Library.open(at: libraryURL).currentEdit(assetRowID: row))
        XCTAssertTrue(try succeed(["extensions", "remove", "filtster"]).contains("Removed Filtster"))
        XCTAssertTrue(try succeed(["extensions"]).contains("No editing extensions installed"))
    }

    /// The host (`photos`) is killed while its extension renders: the extension dies with it, nothing is
    /// committed, and opening the library again removes the abandoned working directory.
    func testPhotosKilledMidEditLeavesLibraryUnchanged() throws {
        let misbehaving = try XCTUnwrap(BuiltExecutable.url(named: "photos-test-extension"), BuiltExecutable.missingMessage("photos-test-extension"))
        let id = try importPhoto()
        try succeed(["extensions", "install", "--for-library", misbehaving.path])
        let library = try Library.open(at: libraryURL)
        let token = try library.currentChangeToken()

        let process = Process()
        process.executableURL = PhotosBinary.url
        process.arguments = ["edit", id, "--extension", "Misbehaving", "behavior=slow", "--library", libraryURL.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let editing = libraryURL.appendingPathComponent("tmp/editing")
        let deadline = Date().addingTimeInterval(60)
        while !ExtensionProcesses.hasPartialRender(inLibrary: libraryURL), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(ExtensionProcesses.hasPartialRender(inLibrary: libraryURL), "the extension started rendering")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        // The extension follows its host (parent-death signal); wait until no process runs it.
        let installed = libraryURL.appendingPathComponent("extensions/org.photokit-linux.tests.misbehaving.photoextension/photos-test-extension").path
        let gone = Date().addingTimeInterval(10)
        while Date() < gone, !ExtensionProcesses.pids(runningExecutable: installed).isEmpty { usleep(20_000) }
        XCTAssertEqual(ExtensionProcesses.pids(runningExecutable: installed), [], "the extension died with its host")

        let reopened = try Library.open(at: libraryURL)
        XCTAssertEqual(try reopened.currentChangeToken(), token, "nothing was committed")
        XCTAssertNil(try reopened.currentEdit(assetRowID: XCTUnwrap(reopened.assetRowIDs(identifiers: [id]).first)))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: editing.path)) ?? [], [], "recovery removed the working directory")
    }
}

extension ExtensionCommandTests {
    /// A RAW-only photo's input is its RAW file: the sandboxed extension develops it (CIRAWFilter through
    /// `CIImage(contentsOf:)`) at its native size, from the original.
    func testAnExtensionDevelopsARAWOnlyPhotoInItsSandbox() throws {
        guard let dng = TestMedia.url("raw/synthetic_rggb_12bit.dng"), FileManager.default.fileExists(atPath: dng.path) else { throw XCTSkip(TestMedia.skipMessage) }
        let filtster = try XCTUnwrap(BuiltExecutable.url(named: "filtster"))
        try succeed(["extensions", "install", filtster.path])
        try succeed(["import", dng.path])
        let listed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(succeed(["list", "--json"]).utf8)) as? [[String: Any]])
        let id = try XCTUnwrap(listed.first?["localIdentifier"] as? String)
        let edited = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(
            succeed(["edit", id, "--extension", "Filtster", "filter=noir", "--json"]).utf8)) as? [String: Any])
        XCTAssertEqual(edited["renderedFrom"] as? String, "original")
        let library = try Library.open(at: libraryURL)
        let row = try XCTUnwrap(library.assetRowIDs(identifiers: [id]).first)
        let rendered = try XCTUnwrap(library.currentEdit(assetRowID: row)?.rendered)
        XCTAssertEqual([rendered.pixelWidth, rendered.pixelHeight], [1536, 1022], "developed from the RAW at its size, not from a preview")
        XCTAssertNotEqual(rendered.uniformTypeIdentifier, "com.adobe.raw-image")
    }
}

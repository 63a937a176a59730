import XCTest
import GRDB
@testable import PhotoLibrary
import _TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Kills a real `photos` process in the middle of an import and of a change, then checks that the library opens
/// with every committed asset intact, the interrupted work fully absent, and no orphan file or row.
final class CrashRecoveryTests: XCTestCase {
    var directory: TemporaryDirectory!
    var libraryURL: URL { directory.appending("Crash.photoslibrary") }

    override func setUp() { directory = TemporaryDirectory(prefix: "photos-crash") }
    override func tearDown() { directory = nil }

    /// The `photos` executable; skips the test when it was not built.
    var photosExecutable: URL {
        get throws {
            guard let url = PhotosBinary.url else { throw XCTSkip(PhotosBinary.missingMessage) }
            return url
        }
    }

    func makePhotos(_ count: Int) throws -> URL {
        let folder = directory.appending("camera")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<count { try FixtureImages.writeJPEG(to: folder.appendingPathComponent(String(format: "IMG_%04d.JPG", i)), seed: i) }
        return folder
    }

    /// Runs `photos` with a fault point, waits until it stalls there, and kills it with SIGKILL.
    func runAndKill(_ arguments: [String], fault: String) throws {
        let process = Process()
        process.executableURL = try photosExecutable
        process.arguments = arguments + ["--library", libraryURL.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PHOTOS_FAULT_INJECTION"] = fault
        process.environment = environment
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        let deadline = Date().addingTimeInterval(60)
        while !String(decoding: seen, as: UTF8.self).contains("PHOTOS_FAULT"), Date() < deadline, process.isRunning {
            seen.append(stderr.fileHandleForReading.availableData)
        }
        XCTAssertTrue(String(decoding: seen, as: UTF8.self).contains("PHOTOS_FAULT"), "the child never reached the fault point: \(String(decoding: seen, as: UTF8.self))")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    }

    func runPhotos(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = try photosExecutable
        process.arguments = arguments + ["--library", libraryURL.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every asset has its files and every stored file belongs to a row; nothing is left in tmp/ or journal/.
    func assertConsistent(_ library: Library, file: StaticString = #filePath, line: UInt = #line) throws {
        let paths = try library.read { try String.fetchAll($0, sql: "SELECT DISTINCT path FROM resource") }
        for path in paths {
            XCTAssertTrue(FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent(path).path), "missing file \(path)", file: file, line: line)
        }
        let stored = TemporaryDirectory.files(under: libraryURL).filter { $0.hasPrefix("originals/") }
        XCTAssertEqual(Set(stored), Set(paths), "no orphan files", file: file, line: line)
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("tmp")), [], file: file, line: line)
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("journal")), [], file: file, line: line)
        let assetsWithoutResources = try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset WHERE id NOT IN (SELECT asset_id FROM resource)") ?? 0 }
        XCTAssertEqual(assetsWithoutResources, 0, "no dangling rows", file: file, line: line)
    }

    func testKilledDuringImportKeepsCommittedBatchesOnly() throws {
        let camera = try makePhotos(80)
        XCTAssertEqual(try runPhotos(["init"]), 0)
        try runAndKill(["import", camera.path], fault: "before-commit:2")
        let library = try Library.open(at: libraryURL)
        let committed = try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") ?? 0 }
        XCTAssertGreaterThan(committed, 0, "the first batch committed before the kill")
        XCTAssertLessThan(committed, 80, "the batch in flight is absent")
        try assertConsistent(library)

        XCTAssertEqual(try runPhotos(["import", camera.path]), 0, "importing again finishes the job")
        XCTAssertEqual(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") }, 80)
        try assertConsistent(library)
    }

    func testKilledAfterPlacingFilesLeavesNoOrphans() throws {
        let camera = try makePhotos(5)
        XCTAssertEqual(try runPhotos(["init"]), 0)
        try runAndKill(["import", camera.path], fault: "after-placing-files:1")
        XCTAssertFalse(TemporaryDirectory.files(under: libraryURL).filter { $0.hasPrefix("originals/") }.isEmpty, "files were in place when the process died")
        let library = try Library.open(at: libraryURL)
        XCTAssertEqual(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") }, 0)
        try assertConsistent(library)
    }

    func testAKilledFillCanBeRunAgain() throws {
        XCTAssertEqual(try runPhotos(["init"]), 0)
        try runAndKill(["fill", "--count", "300"], fault: "after-commit:1")
        let library = try Library.open(at: libraryURL)
        XCTAssertEqual(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") }, 300, "the fill had committed")
        try assertConsistent(library)

        try runAndKill(["fill", "--count", "300"], fault: "before-commit:1")
        XCTAssertEqual(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") }, 300, "the second fill is absent")
        XCTAssertEqual(try runPhotos(["fill", "--count", "300"]), 0, "filling again, with the same default seed, works")
        XCTAssertEqual(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") }, 600)
        let bursts = try library.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT burst_identifier) FROM asset") ?? 0 }
        let burstsPerFill = try library.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT burst_identifier) FROM asset WHERE id <= (SELECT min(id) + 299 FROM asset)") ?? 0 }
        XCTAssertEqual(bursts, 2 * burstsPerFill, "the second fill's bursts are its own, not merged into the first's")
        try assertConsistent(library)
    }

    func testKilledDuringAChangeLeavesTheAssetUnchanged() throws {
        let camera = try makePhotos(2)
        XCTAssertEqual(try runPhotos(["import", camera.path]), 0)
        let identifier = try Library.open(at: libraryURL).read { try String.fetchOne($0, sql: "SELECT identifier FROM asset ORDER BY id LIMIT 1")! }
        try runAndKill(["favorite", identifier], fault: "before-commit:1")
        let library = try Library.open(at: libraryURL)
        XCTAssertEqual(try library.read { try Bool.fetchOne($0, sql: "SELECT is_favorite FROM asset WHERE identifier = ?", arguments: [identifier]) }, false)
        try assertConsistent(library)
        XCTAssertEqual(try runPhotos(["favorite", identifier]), 0, "the library is writable again")
        XCTAssertEqual(try library.read { try Bool.fetchOne($0, sql: "SELECT is_favorite FROM asset WHERE identifier = ?", arguments: [identifier]) }, true)
    }
}

import XCTest
@testable import PhotoLibrary
import _TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Recovery decides by owner locks, never by pids: work left under a pid that happens to be running (our own, or
/// pid 1, as in a container where every run is pid 1) is still recovered, and a live handle's work never is.
final class OwnerLockRecoveryTests: LibraryTestCase {
    /// Leaves what a killed writer leaves: an intent naming a placed file, a staging file, an editing render and an
    /// extension working directory, all named with `owner`.
    func leaveWork(owner: String) throws -> (orphan: String, entries: [URL]) {
        let orphan = "originals/zz/\(owner)/0-photo.jpg"
        try FileManager.default.createDirectory(at: libraryURL.appendingPathComponent(orphan).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: libraryURL.appendingPathComponent(orphan))
        let editing = libraryURL.appendingPathComponent("tmp/editing")
        let workspace = editing.appendingPathComponent("\(owner)-extension-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("output"), withIntermediateDirectories: true)
        let entries = [
            libraryURL.appendingPathComponent("journal/\(owner)-\(UUID().uuidString).intent"),
            libraryURL.appendingPathComponent("tmp/\(owner)-\(UUID().uuidString).tmp"),
            editing.appendingPathComponent("\(owner)-\(UUID().uuidString)-FullSizeRender.jpg"),
            workspace,
        ]
        try Data(orphan.utf8).write(to: entries[0])
        try Data("partial".utf8).write(to: entries[1])
        try Data("render".utf8).write(to: entries[2])
        try Data("request".utf8).write(to: workspace.appendingPathComponent("request.plist"))
        return (orphan, entries)
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    func testWorkNamedAfterRunningPidsIsRecovered() throws {
        let mine = try leaveWork(owner: String(getpid()))
        let init1 = try leaveWork(owner: "1")
        library = nil
        library = try Library.open(at: libraryURL)
        for work in [mine, init1] {
            XCTAssertFalse(exists(libraryURL.appendingPathComponent(work.orphan)), "the abandoned intent's file is deleted")
            for entry in work.entries { XCTAssertFalse(exists(entry), "\(entry.lastPathComponent) is recovered although its pid runs") }
        }
    }

    func testALiveHandlesWorkIsKeptUntilTheHandleIsGone() throws {
        var writer: Library? = try Library.open(at: libraryURL)
        let work = try leaveWork(owner: writer!.workingFilePrefix)
        let other = try Library.open(at: libraryURL)
        for entry in work.entries { XCTAssertTrue(exists(entry), "\(entry.lastPathComponent) belongs to a live handle") }
        XCTAssertTrue(exists(libraryURL.appendingPathComponent(work.orphan)))
        _ = other
        writer = nil
        library = nil
        library = try Library.open(at: libraryURL)
        XCTAssertFalse(exists(libraryURL.appendingPathComponent(work.orphan)))
        for entry in work.entries { XCTAssertFalse(exists(entry), "\(entry.lastPathComponent) is recovered once its handle is gone") }
    }

    func testAnUnheldLockFileIsADeadOwner() throws {
        // What a SIGKILLed process leaves: its lock file, no longer locked by anyone.
        let token = String(repeating: "ab", count: 16)
        let lockFile = libraryURL.appendingPathComponent("locks/\(token).lock")
        try Data().write(to: lockFile)
        let work = try leaveWork(owner: token)
        library = nil
        library = try Library.open(at: libraryURL)
        for entry in work.entries { XCTAssertFalse(exists(entry)) }
        XCTAssertFalse(exists(lockFile), "the dead owner's lock file is removed")
        let locks = try FileManager.default.contentsOfDirectory(atPath: libraryURL.appendingPathComponent("locks").path)
        XCTAssertEqual(locks, ["\(library.workingFilePrefix).lock"], "only the live handle's lock remains")
    }
}

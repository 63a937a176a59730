import Foundation
import Testing
@testable import PhotoLibrary
@testable import DurableFiles
import _TestSupport

/// Fails the file system on purpose under a real `photos` process (`PHOTOS_IO_FAULTS`: short writes, `ENOSPC`,
/// `EIO` from `write`, `fsync` and `rename`, and SQLite's own writes and flushes failing) and checks that each
/// operation stops with a clear error naming the problem, leaves the library exactly as it was, and works once
/// the disk does.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct IOFaultTests {
    static let internals = ["NSCocoaErrorDomain", "Error Domain=", "PHPhotosError(", "userInfo", "SQLite error", "GRDB"]

    /// One fault under one operation: the rule, and words the error must contain.
    struct Case: Sendable, CustomTestStringConvertible {
        let operation: String
        let rule: String
        let message: String
        /// A flush of the database's log failed at the commit: SQLite had written the commit, so whether it holds
        /// is only known when the library opens again (the change is then wholly there or wholly absent).
        var settlesOnReopen = false
        var testDescription: String { "\(operation) with \(rule)" }
    }

    static let cases: [Case] = [
        Case(operation: "import", rule: "write:ENOSPC:1", message: "the disk is full"),
        Case(operation: "import", rule: "fsync:EIO:1", message: "Cannot flush"),
        Case(operation: "import", rule: "rename@/originals/:EIO:1", message: "Cannot move"),
        Case(operation: "import", rule: "open@/journal/:EACCES:1", message: "Cannot create"),
        Case(operation: "import", rule: "sqlite-write:ENOSPC:1+", message: "the disk is full"),
        Case(operation: "import", rule: "sqlite-sync:EIO:1", message: "input/output error writing the database", settlesOnReopen: true),
        Case(operation: "edit", rule: "write:ENOSPC:1", message: "the disk is full"),
        Case(operation: "edit", rule: "rename@/renders/:EIO:1", message: "Cannot move"),
        Case(operation: "edit", rule: "sqlite-sync:EIO:1", message: "input/output error writing the database", settlesOnReopen: true),
        Case(operation: "revert", rule: "sqlite-write:EIO:1", message: "input/output error writing the database"),
        Case(operation: "delete", rule: "sqlite-write:ENOSPC:1+", message: "the disk is full"),
        Case(operation: "fill", rule: "sqlite-write:ENOSPC:1+", message: "the disk is full"),
    ]

    @Test(arguments: cases)
    func aFailingDiskChangesNothing(_ fault: Case) throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(2).path])
        let ids = try harness.identifiers()
        try harness.succeed(["edit", ids[1], "--filter", "CISepiaTone"])
        let arguments: [String] = switch fault.operation {
        case "import": ["import", try harness.makePhotos(3, folder: "more", seed: 20).path]
        case "edit": ["edit", ids[0], "--filter", "CISepiaTone"]
        case "revert": ["revert", ids[1]]
        case "delete": ["delete", ids[0]]
        default: ["fill", "--count", "100"]
        }
        let before = try harness.state()
        let failed = try harness.run(arguments, extra: ["PHOTOS_IO_FAULTS": fault.rule])
        #expect(failed.stderr.contains("PHOTOS_IO_FAULT"), "the fault was reached: \(failed.stderr)")
        #expect(failed.status != 0, "\(failed.stdout) \(failed.stderr)")
        let said = failed.stdout + failed.stderr
        #expect(said.contains(fault.message), "\(said)")
        for fragment in Self.internals { #expect(!said.contains(fragment), "\(said)") }
        if fault.settlesOnReopen {
            try harness.expectWhole()
            if try harness.state() != before { return }    // the commit held: the operation is done, and whole
        } else {
            #expect(try harness.state() == before, "the library is as it was")
            try harness.expectWhole()
        }
        try harness.succeed(arguments)
        #expect(try harness.state() != before, "without the fault, the operation is done")
        try harness.expectWhole()
    }

    /// Every write may be short (half of what was asked, every time): the loops finish the job, and every file's
    /// SHA-256 matches its record.
    @Test func shortWritesStoreWholeFiles() throws {
        let harness = FaultHarness()
        let shortWrites = ["PHOTOS_IO_FAULTS": "short-write:EIO:1+"]
        let imported = try harness.run(["import", try harness.makePhotos(3).path], extra: shortWrites)
        #expect(imported.status == 0, "\(imported.stderr)")
        let id = try #require(try harness.identifiers().first)
        let edited = try harness.run(["edit", id, "--filter", "CISepiaTone"], extra: shortWrites)
        #expect(edited.status == 0, "\(edited.stderr)")
        try harness.expectWhole()
    }

    /// A disk that is full for derivatives only: the import still succeeds (derivatives are a cache, made again
    /// when needed), no temporary file stays behind, and pictures are still served.
    @Test func derivativesOnAFullDisk() throws {
        let harness = FaultHarness()
        let imported = try harness.run(["import", try harness.makePhotos(2, width: 900, height: 600).path],
                                       extra: ["PHOTOS_IO_FAULTS": "write@/derivatives/:ENOSPC:1+"])
        #expect(imported.stderr.contains("PHOTOS_IO_FAULT"), "\(imported.stderr)")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try harness.state().assets.count == 2)
        #expect(TemporaryDirectory.files(under: harness.libraryURL.appendingPathComponent("derivatives")).isEmpty)
        try harness.expectWhole()
        let id = try #require(try harness.identifiers().first)
        let output = harness.directory.appending("t.jpg")
        try harness.succeed(["thumbnail", id, "--size", "64", "-o", output.path])
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    /// Commits are flushed (`synchronous = FULL` on the writer): GRDB's pools set NORMAL after a configuration's
    /// `prepareDatabase`, which once overrode the library's setting, so a commit could be lost in a power cut after
    /// `photos import --move` had deleted the source.
    @Test func commitsAreFlushed() throws {
        let directory = TemporaryDirectory()
        let library = try Library.open(at: directory.appending("Flushed.photoslibrary"))
        #expect(try library.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
    }

    @Test func theFaultTableParsesItsRules() throws {
        let rule = try #require(IOFaults.parse("rename@/originals/:EIO:3+"))
        #expect(rule.operation == .rename && rule.pathPart == "/originals/" && rule.errorNumber == EIO && rule.nth == 3 && rule.sticky)
        let plain = try #require(IOFaults.parse("sqlite-sync:ENOSPC"))
        #expect(plain.operation == .sqliteSync && plain.pathPart == nil && plain.nth == 1 && !plain.sticky)
        #expect(IOFaults.parse("write:EBADNAME:1") == nil)
        #expect(IOFaults.parse("unlink:EIO:1") == nil)
    }
}

import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Kills a real `photos` process in the middle of an import and of a change, then checks that the library opens
/// with every committed asset intact, the interrupted work fully absent, and no orphan file or row.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct CrashRecoveryTests {
    let harness = FaultHarness()
    var libraryURL: URL { harness.libraryURL }

    /// Every asset has its files and every stored file belongs to a row; nothing is left in tmp/ or journal/.
    func expectConsistent(_ library: Library, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let paths = try library.read { try String.fetchAll($0, sql: "SELECT DISTINCT path FROM resource") }
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent(path).path), "missing file \(path)", sourceLocation: sourceLocation)
        }
        let stored = TemporaryDirectory.files(under: libraryURL).filter { $0.hasPrefix("originals/") }
        #expect(Set(stored) == Set(paths), "no orphan files", sourceLocation: sourceLocation)
        #expect(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("tmp")) == [], sourceLocation: sourceLocation)
        #expect(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("journal")) == [], sourceLocation: sourceLocation)
        let assetsWithoutResources = try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset WHERE id NOT IN (SELECT asset_id FROM resource)") ?? 0 }
        #expect(assetsWithoutResources == 0, "no dangling rows", sourceLocation: sourceLocation)
    }

    func assetCount(_ library: Library) throws -> Int {
        try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") ?? 0 }
    }

    @Test func killedDuringImportKeepsCommittedBatchesOnly() throws {
        let camera = try harness.makePhotos(80)
        try harness.succeed(["init"])
        try harness.runAndKill(["import", camera.path], at: "before-commit:2")
        let library = try Library.open(at: libraryURL)
        let committed = try assetCount(library)
        #expect(committed > 0, "the first batch committed before the kill")
        #expect(committed < 80, "the batch in flight is absent")
        try expectConsistent(library)

        try harness.succeed(["import", camera.path])
        #expect(try assetCount(library) == 80, "importing again finishes the job")
        try expectConsistent(library)
    }

    @Test func killedAfterPlacingFilesLeavesNoOrphans() throws {
        let camera = try harness.makePhotos(5)
        try harness.succeed(["init"])
        try harness.runAndKill(["import", camera.path], at: "after-placing-files:1")
        #expect(!TemporaryDirectory.files(under: libraryURL).filter { $0.hasPrefix("originals/") }.isEmpty, "files were in place when the process died")
        let library = try Library.open(at: libraryURL)
        #expect(try assetCount(library) == 0)
        try expectConsistent(library)
    }

    @Test func aKilledFillCanBeRunAgain() throws {
        try harness.succeed(["init"])
        try harness.runAndKill(["fill", "--count", "300"], at: "after-commit:1")
        let library = try Library.open(at: libraryURL)
        #expect(try assetCount(library) == 300, "the fill had committed")
        try expectConsistent(library)

        try harness.runAndKill(["fill", "--count", "300"], at: "before-commit:1")
        #expect(try assetCount(library) == 300, "the second fill is absent")
        try harness.succeed(["fill", "--count", "300"])
        #expect(try assetCount(library) == 600, "filling again, with the same default seed, works")
        let bursts = try library.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT burst_identifier) FROM asset") ?? 0 }
        let burstsPerFill = try library.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT burst_identifier) FROM asset WHERE id <= (SELECT min(id) + 299 FROM asset)") ?? 0 }
        #expect(bursts == 2 * burstsPerFill, "the second fill's bursts are its own, not merged into the first's")
        try expectConsistent(library)
    }

    @Test func killedDuringAChangeLeavesTheAssetUnchanged() throws {
        try harness.succeed(["import", try harness.makePhotos(2).path])
        let identifier = try #require(try harness.identifiers().first)
        try harness.runAndKill(["favorite", identifier], at: "before-commit:1")
        let library = try Library.open(at: libraryURL)
        let isFavorite = { try library.read { try Bool.fetchOne($0, sql: "SELECT is_favorite FROM asset WHERE identifier = ?", arguments: [identifier]) } }
        #expect(try isFavorite() == false)
        try expectConsistent(library)
        try harness.succeed(["favorite", identifier])
        #expect(try isFavorite() == true, "the library is writable again")
    }
}

import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Kills a real `photos` process at every named fault point of every write (`FaultPoint`) and reopens the
/// library: no committed asset is lost, the interrupted operation is wholly absent or wholly done, nothing is left
/// in the working folders, `photos verify` is clean, and the operation then runs to the end.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct FaultPointTests {
    /// Where the change must be after recovery: not done, done, or either (the point is on the commit's edge).
    enum Expected: Sendable { case before, after }

    static let importPoints: [(String, Expected)] = [
        ("after-staging", .before), ("after-intent", .before), ("after-placing-files", .before),
        ("before-commit", .before), ("after-commit", .after),
    ]

    @Test(arguments: importPoints)
    func importKilledAt(_ point: String, _ expected: Expected) throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(2, folder: "first").path])
        let before = try harness.state()
        let camera = try harness.makePhotos(3, folder: "second", seed: 10)
        try harness.runAndKill(["import", camera.path], at: point)
        try harness.expectWhole()
        let after = try harness.state()
        #expect(before.assets.keys.allSatisfy { after.assets[$0] == before.assets[$0] }, "no committed asset changed")
        #expect(after.assets.count == (expected == .before ? 2 : 5), "\(after)")
        try harness.succeed(["import", camera.path])
        #expect(try harness.state().assets.count == 5, "importing again completes the job without duplicates")
        try harness.expectWhole()
    }

    static let editPoints: [(String, Expected)] = [
        ("after-staging", .before), ("after-intent", .before), ("after-placing-files", .before),
        ("before-commit", .before), ("after-commit", .after), ("mid-delete", .after),
    ]

    /// The second edit of an edited photo: new render and adjustment placed, the first edit's files superseded.
    @Test(arguments: editPoints)
    func editKilledAt(_ point: String, _ expected: Expected) throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(2).path])
        let id = try #require(try harness.identifiers().first)
        try harness.succeed(["edit", id, "--filter", "CISepiaTone"])
        let before = try harness.state()
        try harness.runAndKill(["edit", id, "--filter", "CIPhotoEffectMono", "--replace"], at: point)
        try harness.expectWhole()
        let after = try harness.state()
        if expected == .before { #expect(after == before, "\(after) vs \(before)") } else { #expect(after.assets[id] != before.assets[id]) }
        #expect(after.assets.count == 2)
        try harness.succeed(["edit", id, "--filter", "CIPhotoEffectNoir", "--replace"])
        try harness.expectWhole()
    }

    /// Two edits of one photo at once: the first reads the edit files it replaces and waits; the second commits
    /// its own edit meanwhile. The first then commits over it, so it releases the second's files too: they are
    /// journaled and deleted with the ones it read (the soak found them left behind, unreferenced, when an erase
    /// raced an edit the same way).
    @Test func anEditCommittedWhileAnotherWaitsIsReleasedByIt() throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(1).path])
        let id = try #require(try harness.identifiers().first)
        try harness.succeed(["edit", id, "--filter", "CISepiaTone"])
        let outcome = try harness.runPausing(["edit", id, "--filter", "CIPhotoEffectMono", "--replace"], at: "after-intent") {
            try harness.succeed(["edit", id, "--filter", "CIPhotoEffectNoir", "--replace"])
        }
        #expect(outcome.status == 0, "\(outcome.stdout) \(outcome.stderr)")
        try harness.expectWhole()
        let renders = TemporaryDirectory.files(under: harness.libraryURL.appendingPathComponent("renders"))
        #expect(renders.count == 2, "one edit's render and adjustment data, nothing of the two before it: \(renders)")
    }

    static let revertPoints: [(String, Expected)] = [("after-intent", .before), ("before-commit", .before), ("after-commit", .after), ("mid-delete", .after)]

    @Test(arguments: revertPoints)
    func revertKilledAt(_ point: String, _ expected: Expected) throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(1).path])
        let id = try #require(try harness.identifiers().first)
        try harness.succeed(["edit", id, "--filter", "CISepiaTone"])
        let before = try harness.state()
        try harness.runAndKill(["revert", id], at: point)
        try harness.expectWhole()
        let after = try harness.state()
        #expect(after.assets[id] == (expected == .before ? before.assets[id] : "live -"), "\(after)")
        try harness.succeed(["edit", id, "--filter", "CIPhotoEffectMono"])
        try harness.expectWhole()
    }

    static let purgePoints = ["after-intent", "before-commit", "after-commit", "mid-delete"]

    /// Recently Deleted's expiry: a photo deleted 40 days ago is erased when a process opens the library. Killed
    /// anywhere, the next open finishes the job.
    @Test(arguments: purgePoints)
    func expiredTrashPurgeKilledAt(_ point: String) throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(3).path])
        let ids = try harness.identifiers()
        try harness.succeed(["delete", ids[0], ids[1]])
        try DatabaseQueue(path: harness.libraryURL.appendingPathComponent("database/Photos.sqlite").path).write { db in
            try db.execute(sql: "UPDATE asset SET trashed_date = ? WHERE trashed_date IS NOT NULL", arguments: [Date().timeIntervalSince1970 - 40 * 86_400])
        }
        try harness.runAndKill(["list"], at: point)
        try harness.expectWhole()
        #expect(try harness.identifiers() == [ids[2]], "the expired photos are erased, the other kept")
    }

    /// The library's folder is renamed (a disk unmounted, a folder moved) while an import has its files in place
    /// and has not committed: the import says the library is unavailable and commits nothing, and once the folder
    /// is back the library opens whole, without the import's files.
    @Test func aLibraryMovedAwayMidImportIsReportedUnavailable() throws {
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(2).path])
        let before = try harness.state()
        let away = harness.directory.appending("Moved.photoslibrary")
        let outcome = try harness.runPausing(["import", try harness.makePhotos(3, folder: "more", seed: 30).path], at: "after-placing-files") {
            try FileManager.default.moveItem(at: harness.libraryURL, to: away)
        }
        #expect(outcome.status != 0, "\(outcome.stdout) \(outcome.stderr)")
        #expect((outcome.stdout + outcome.stderr).contains("is no longer available"), "\(outcome.stdout) \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.libraryURL.path), "nothing recreated the library where it was")
        try FileManager.default.moveItem(at: away, to: harness.libraryURL)
        try harness.expectWhole()
        #expect(try harness.state() == before)
    }

    @Test func fillKilledBeforeAndAfterItsCommit() throws {
        let harness = FaultHarness()
        try harness.succeed(["init"])
        try harness.runAndKill(["fill", "--count", "200"], at: "before-commit")
        try harness.expectWhole()
        #expect(try harness.state().assets.isEmpty)
        try harness.runAndKill(["fill", "--count", "200"], at: "after-commit")
        try harness.expectWhole()
        #expect(try harness.state().assets.count == 200)
    }

    /// Thumbnails are made after an import commits; a process killed while writing one leaves a temporary file
    /// in `derivatives/tmp`, which the next process to use the library's pictures removes.
    @Test func derivativeWriteKilledBeforeItsRename() throws {
        let harness = FaultHarness()
        try harness.runAndKill(["import", try harness.makePhotos(2, width: 900, height: 600).path], at: "derivative-before-rename")
        let partials = TemporaryDirectory.files(under: harness.libraryURL.appendingPathComponent("derivatives/tmp"))
        #expect(partials.count == 1 && partials[0].hasSuffix(".partial"), "\(partials)")
        #expect(try harness.state().assets.count == 2, "the import had committed")
        harness.ageDerivativePartials()
        let id = try #require(try harness.identifiers().first)
        try harness.succeed(["thumbnail", id, "--size", "64", "-o", harness.directory.appending("t.jpg").path])
        try harness.expectWhole()
    }

    /// An editing extension (Filtster) has written its output; the host is killed before committing it.
    @Test func extensionEditKilledBeforeItsCommit() throws {
        guard let filtster = BuiltExecutable.url(named: "filtster") else {
            Issue.record(Comment(rawValue: BuiltExecutable.missingMessage("filtster"))); return
        }
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(1).path])
        try harness.succeed(["extensions", "install", filtster.path])
        let id = try #require(try harness.identifiers().first)
        let before = try harness.state()
        try harness.runAndKill(["edit", id, "--extension", "Filtster", "filter=chrome"], at: "extension-output-ready")
        try harness.expectWhole()
        #expect(try harness.state() == before)
        try harness.succeed(["edit", id, "--extension", "Filtster", "filter=chrome"])
        try harness.expectWhole()
    }

    /// A project extension has run on its project's view library; the host is killed before reading it back: the
    /// project it had made stays, the view and working files go.
    @Test func projectExtensionKilledBeforeItsChangesAreCarriedBack() throws {
        guard let tool = BuiltExecutable.url(named: "photos-test-project-extension") else {
            Issue.record(Comment(rawValue: BuiltExecutable.missingMessage("photos-test-project-extension"))); return
        }
        let harness = FaultHarness()
        try harness.succeed(["import", try harness.makePhotos(3).path])
        try harness.succeed(["extensions", "install", "--for-library", tool.path])
        let ids = try harness.identifiers()
        try harness.runAndKill(["project", "create", "--extension", "Misbehaving Project", "--title", "ok",
                                "--output", harness.directory.appending("out").path] + ids, at: "project-extension-finished")
        try harness.expectWhole()
        // The project was committed before the extension ran; without the extension's changes it stays as made.
        let listed = try JSONSerialization.jsonObject(with: Data(harness.succeed(["projects", "--json"]).utf8)) as? [[String: Any]]
        #expect(listed?.map { $0["title"] as? String } == ["ok"], "\(String(describing: listed))")
        #expect(listed?.first?["assetCount"] as? Int == 3)
        #expect(try harness.state().assets.count == 3)
    }
}

import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// `Library.verify`: every stored file against its records, unreferenced files, and a repair that never deletes.
@Suite struct VerifyTests {
    /// A library with three photos, one of them edited (so `renders/` holds files too).
    func makeLibrary() throws -> (Library, TemporaryDirectory, [String]) {
        let directory = TemporaryDirectory(prefix: "verify")
        let library = try Library.open(at: directory.appending("Verify.photoslibrary"))
        let identifiers = (0..<3).map { _ in LocalIdentifier.make(.asset) }
        try library.apply(ChangeBatch(operations: identifiers.enumerated().map { index, id in
            .createAsset(NewAsset(identifier: id, resources: [
                NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 64, height: 48, seed: index)), originalFilename: "IMG_\(index).JPG"),
            ]))
        }))
        try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifiers[0],
            rendered: .data(FixtureImages.jpeg(width: 64, height: 48, seed: 9)),
            adjustment: AdjustmentPayload(formatIdentifier: "org.example", formatVersion: "1", data: Data("x".utf8))))]))
        return (library, directory, identifiers)
    }

    func originalPath(_ library: Library, _ identifier: String) throws -> String {
        let row = try #require(try library.assetRowIDs(identifiers: [identifier]).first)
        return try #require(try library.resources(assetRowID: row).first { $0.type == .photo }).relativePath
    }

    @Test func aConsistentLibraryIsClean() throws {
        let (library, directory, _) = try makeLibrary()
        _ = directory
        let progress = Progress(totalUnitCount: 0)
        let report = try library.verify(progress: progress)
        #expect(report.isClean, "\(report.findings)")
        #expect(report.filesChecked == 5)   // three originals, a render and its adjustment data
        #expect(report.recordsChecked == 5)
        #expect(report.bytesChecked > 0 && progress.completedUnitCount == report.bytesChecked && progress.totalUnitCount == report.bytesChecked)
    }

    @Test func damagedMissingAndStrayFilesAreNamedAndARepairDeletesNothing() throws {
        let (library, directory, identifiers) = try makeLibrary()
        _ = directory
        let flipped = try originalPath(library, identifiers[0]), truncated = try originalPath(library, identifiers[1])
        let missing = try originalPath(library, identifiers[2])
        var bytes = try Data(contentsOf: library.url.appendingPathComponent(flipped))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: library.url.appendingPathComponent(flipped))
        try Data(contentsOf: library.url.appendingPathComponent(truncated)).prefix(100).write(to: library.url.appendingPathComponent(truncated))
        try FileManager.default.removeItem(at: library.url.appendingPathComponent(missing))
        let stray = "originals/zz/stray.jpg"
        try FileManager.default.createDirectory(at: library.url.appendingPathComponent("originals/zz"), withIntermediateDirectories: true)
        try Data("not referenced".utf8).write(to: library.url.appendingPathComponent(stray))
        // A file a commit in progress has placed (named in a journal intent) is not a stray.
        let placing = "originals/zz/being-committed.jpg"
        try Data("in flight".utf8).write(to: library.url.appendingPathComponent(placing))
        try Data(placing.utf8).write(to: library.url.appendingPathComponent("journal/someone-else.intent"))

        let report = try library.verify()
        #expect(!report.isClean)
        func finding(_ path: String) -> VerificationReport.Finding? { report.findings.first { $0.path == path } }
        #expect(finding(flipped)?.kind == .wrongContent)
        #expect(finding(flipped)?.assetIdentifiers == [identifiers[0]])
        #expect(finding(truncated)?.kind == .wrongSize)
        #expect(finding(missing)?.kind == .missingFile)
        #expect(finding(stray)?.kind == .unreferencedFile)
        #expect(finding(placing) == nil)
        #expect(FileManager.default.fileExists(atPath: library.url.appendingPathComponent(stray).path), "verify alone changes nothing")

        let repaired = try library.verify(repair: true)
        #expect(repaired.recovered == [.init(from: stray, to: "recovered/\(stray)")])
        #expect(try Data(contentsOf: library.url.appendingPathComponent("recovered/\(stray)")) == Data("not referenced".utf8))
        #expect(!repaired.isClean, "damaged originals stay reported: there is no second copy to restore")
        let after = try library.verify()
        #expect(after.findings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.missingFile, .wrongContent, .wrongSize])
        // The library still opens as a library with recovered/ in it.
        #expect(throws: Never.self) { try Library.open(at: library.url) }
    }

    @Test func aCancelledCheckStops() throws {
        let (library, directory, _) = try makeLibrary()
        _ = directory
        let progress = Progress(totalUnitCount: 0)
        progress.cancel()
        #expect { try library.verify(progress: progress) } throws: { ($0 as? LibraryError)?.code == .cancelled }
    }
}

import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Debian's LibRaw 0.20 crashes (wild reads, a `strcat` overflow) on some damaged TIFF-based RAW files; the fuzz
/// target `media-inspection` found three (`Fuzz/Regressions/media-inspection`). Before, importing one stopped the
/// importer (or the service) and the rest of the folder was never imported. LibRaw now reads every file first in
/// `photokit-raw-probe`, a process of its own: the file is rejected with the reason and everything else imports.
@Suite struct LibRawIsolationTests {
    static let reproducers = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions/media-inspection")

    @Test func aFileLibRawCrashesOnIsRejectedAndTheRestImports() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.reproducers.path).filter { $0.hasPrefix("libraw-") }.sorted()
        #expect(names.count == 3)
        let dir = TemporaryDirectory()
        let source = dir.appending("card")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: Self.reproducers.appendingPathComponent(name), to: source.appendingPathComponent(name))
        }
        for seed in 0..<2 { _ = try FixtureImages.writeJPEG(to: source.appendingPathComponent("IMG_\(seed).JPG"), seed: seed) }

        let library = try Library.open(at: dir.appending("Test.photoslibrary"))
        let summary = try Importer(library: library).importItems(at: [source])
        #expect(summary.imported == 2)
        #expect(summary.rejected.count == names.count)
        for rejection in summary.rejected {
            #expect(rejection.reason.contains("LibRaw crashed reading this file"), "\(rejection)")
        }
        let count = try library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") ?? 0 }
        #expect(count == 2)
    }
}

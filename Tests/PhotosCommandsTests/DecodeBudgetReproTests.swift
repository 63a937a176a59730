import Foundation
import Testing
import _TestSupport

/// The decompression bombs of `shared/repro` are under the 200 MP pixel limit but used to take 1.5–3.1 GB to
/// thumbnail or import. Run through the real `photos` binary, each now stays under 512 MB of peak RSS (or is
/// refused before decoding with a message naming the memory budget).
@Suite(.enabled(if: TestRepro.folder != nil, Comment(rawValue: TestRepro.skipMessage)),
       .enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)),
       .serialized)
struct DecodeBudgetReproTests {
    static let ceiling = 512_000_000
    static var bombs: [URL] { TestRepro.files(prefix: "bomb_") }

    @Test func thumbnailsOfBombsStayUnder512MB() throws {
        #expect(Self.bombs.count >= 3, "the bombs are in shared/repro")
        let directory = TemporaryDirectory()
        for bomb in Self.bombs {
            let output = directory.appending(bomb.deletingPathExtension().lastPathComponent + ".jpg")
            let run = try MeasuredProcess.run(PhotosBinary.url!, ["image", "thumbnail", bomb.path, output.path, "--size", "256"])
            let name = bomb.lastPathComponent
            #expect(run.peakResidentBytes < Self.ceiling, "\(name): peak RSS \(run.peakMegabytes) MB in \(run.seconds) s")
            if run.status == 0 {
                let info = try MeasuredProcess.run(PhotosBinary.url!, ["image", "info", output.path])
                #expect(info.stdout.contains("PixelWidth: 256"), "\(name): \(info.stdout)")
            } else {
                #expect(run.stderr.contains("memory budget"), "\(name): \(run.stderr)")
            }
        }
    }

    @Test func importingBombsStaysUnder512MB() throws {
        let directory = TemporaryDirectory()
        let card = directory.appending("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        for bomb in Self.bombs { try FileManager.default.copyItem(at: bomb, to: card.appendingPathComponent(bomb.lastPathComponent)) }
        let library = directory.appending("Library")
        #expect(try MeasuredProcess.run(PhotosBinary.url!, ["init", "--library", library.path]).status == 0)
        let run = try MeasuredProcess.run(PhotosBinary.url!, ["import", card.path, "--library", library.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakResidentBytes < Self.ceiling, "import: peak RSS \(run.peakMegabytes) MB in \(run.seconds) s")
        let summary = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let rejected = summary?["rejected"] as? [[String: Any]] ?? []
        #expect((summary?["imported"] as? Int ?? 0) + rejected.count == Self.bombs.count, "\(run.stdout)")
    }
}

import Foundation
import Testing
import _TestSupport

/// `photos export`, `photos thumbnail` and the derivatives `photos import` makes, on the real binary.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct ExportCommandTests {
    /// A library holding a HEIC, a JPEG and a RAW+JPEG pair from the corpus; nil (test skipped) without it.
    func library(_ dir: TemporaryDirectory) throws -> (args: [String], ids: [String: String])? {
        guard let media = TestMedia.folder else { print(TestMedia.skipMessage); return nil }
        let input = dir.appending("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for (path, name) in [("heic/exif_gps_below_sea_level.heic", "Sea.heic"), ("images/orientation/orientation_6.jpg", "Turned.jpg"),
                             ("raw/synthetic_rggb_12bit.dng", "Pair.dng"), ("images/exif_floating_time_no_gps.jpg", "Pair.jpg")] {
            try FileManager.default.copyItem(at: media.appendingPathComponent(path), to: input.appendingPathComponent(name))
        }
        let args = ["--library", dir.appending("L.photoslibrary").path]
        let imported = try PhotosBinary.run(["import", input.path] + args)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try #require(try PhotosBinary.json(["list", "--json"] + args) as? [[String: Any]])
        var ids: [String: String] = [:]
        for asset in listed { ids[asset["originalFilename"] as? String ?? ""] = asset["localIdentifier"] as? String }
        #expect(ids.count == 3)
        return (args, ids)
    }

    func data(_ url: URL) -> Data { (try? Data(contentsOf: url)) ?? Data() }

    @Test func importMakesDerivatives() throws {
        let dir = TemporaryDirectory()
        guard let (args, _) = try library(dir) else { return }
        let files = TemporaryDirectory.files(under: URL(fileURLWithPath: args[1]).appendingPathComponent("derivatives"))
        #expect(files.filter { $0.hasSuffix(".thumbnail.jpg") }.count == 3, "\(files)")
        #expect(files.filter { $0.hasSuffix(".screen.jpg") }.isEmpty, "no picture here is larger than a 1600-px screen image: \(files)")
    }

    @Test func exportFormats() throws {
        let dir = TemporaryDirectory()
        guard let (args, ids) = try library(dir), let media = TestMedia.folder else { return }
        let out = dir.appending("out")
        let all = [ids["Sea.heic"]!, ids["Turned.jpg"]!, ids["Pair.jpg"]!]

        // As stored: byte for byte.
        let original = try #require(try PhotosBinary.json(["export"] + all + ["--format", "original", "-o", out.path, "--json"] + args) as? [String: Any])
        let copies = try #require(original["exported"] as? [[String: Any]])
        #expect(copies.map { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == ["Sea.heic", "Turned.jpg", "Pair.jpg"])
        #expect(data(out.appendingPathComponent("Sea.heic")) == data(media.appendingPathComponent("heic/exif_gps_below_sea_level.heic")))
        #expect(copies.allSatisfy { $0["reencoded"] as? Bool == false })

        // Compatible: HEIC becomes JPEG, JPEG stays as stored; names never collide.
        let compatible = try PhotosBinary.run(["export"] + all + ["--format", "compatible", "-o", out.path] + args)
        #expect(compatible.status == 0, "\(compatible.stderr)")
        let paths = compatible.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
        #expect(paths == ["Sea.jpg", "Turned (1).jpg", "Pair (1).jpg"])
        #expect(data(out.appendingPathComponent("Sea.jpg")).prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(JPEGSize.of(data(out.appendingPathComponent("Sea.jpg"))) == [1600, 1200])
        #expect(data(out.appendingPathComponent("Turned (1).jpg")) == data(media.appendingPathComponent("images/orientation/orientation_6.jpg")))

        // Re-encoded JPEG of a rotated photo: upright pixels.
        let jpeg = try PhotosBinary.run(["export", ids["Turned.jpg"]!, "--format", "png", "-o", out.path] + args)
        #expect(jpeg.status == 0, "\(jpeg.stderr)")
        let png = data(out.appendingPathComponent("Turned.png"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(PNGSize.of(png) == [600, 400], "orientation 6, stored 400×600, is 600×400 upright")

        // The original of a RAW+JPEG pair is the RAW.
        let raw = try PhotosBinary.run(["export", ids["Pair.jpg"]!, "--version", "original", "-o", out.path] + args)
        #expect(raw.status == 0, "\(raw.stderr)")
        #expect(data(out.appendingPathComponent("Pair.dng")) == data(media.appendingPathComponent("raw/synthetic_rggb_12bit.dng")))

        let leftovers = TemporaryDirectory.files(under: out).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func thumbnails() throws {
        let dir = TemporaryDirectory()
        guard let (args, ids) = try library(dir), let media = TestMedia.folder else { return }
        let fill = dir.appending("fill.jpg")
        let result = try PhotosBinary.run(["thumbnail", ids["Sea.heic"]!, "--size", "160", "--mode", "fill", "-o", fill.path] + args)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(JPEGSize.of(data(fill)) == [160, 160])
        let fit = dir.appending("fit.png")
        let file = try PhotosBinary.run(["thumbnail", media.appendingPathComponent("images/orientation/orientation_6.jpg").path, "--size", "90", "-o", fit.path])
        #expect(file.status == 0, "\(file.stderr)")
        #expect(PNGSize.of(data(fit)) == [90, 60])

        let badExtension = try PhotosBinary.run(["thumbnail", ids["Sea.heic"]!, "--size", "10", "-o", dir.appending("x.bmp").path] + args)
        #expect(badExtension.status == 64 && badExtension.stderr.contains("extension 'bmp'"), "\(badExtension.stderr)")
        let unknown = try PhotosBinary.run(["thumbnail", "00000000-0000-0000-0000-000000000000/L0/001", "--size", "10", "-o", fit.path] + args)
        #expect(unknown.status == 1 && unknown.stderr.contains("No asset"), "\(unknown.stderr)")
        let broken = try PhotosBinary.run(["thumbnail", media.appendingPathComponent("broken/truncated.jpg").path, "--size", "10", "-o", fit.path])
        #expect(broken.status == 1 && broken.stderr.contains("truncated.jpg"), "\(broken.stderr)")
    }
}

/// Width and height from a JPEG's first SOF marker (empty when absent).
enum JPEGSize {
    static func of(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return [Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])]
            }
            i += 2 + length
        }
        return []
    }
}

/// Width and height from a PNG's IHDR chunk (empty when absent).
enum PNGSize {
    static func of(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        guard bytes.count > 24 else { return [] }
        func be(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [be(16), be(20)]
    }
}

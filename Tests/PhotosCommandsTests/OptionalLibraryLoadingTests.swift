import Foundation
import Testing
import _TestSupport

/// Heavy codec libraries load on first use (issue 16, start-up): `photos` links none of them, a JPEG-only command
/// never maps them, and a machine without one gets an error naming it for that format only.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct OptionalLibraryLoadingTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Demo/media").standardized

    /// Shared libraries loaded on first use, and what start-up must not load for other reasons (libcurl came with
    /// FoundationNetworking and with Tesseract's pkg-config flags).
    static let lazy = ["libavformat", "libavcodec", "libavutil", "libswscale", "libswresample", "libheif", "libraw_r",
                       "libtesseract", "libzbar", "libzint", "libqrencode", "libdlib", "libblas", "liblapack",
                       "libharfbuzz", "libfreetype", "libfontconfig"]
    static let neverAtStart = ["libFoundationNetworking", "libcurl", "libarchive"]

    /// The libraries the dynamic loader maps for a command (its `LD_DEBUG=files` trace), by file name.
    static func loaded(by arguments: [String], environment: [String: String] = [:]) throws -> (result: PhotosBinary.Result, libraries: Set<String>) {
        let result = try PhotosBinary.run(arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
        var names = Set<String>()
        for line in result.stderr.split(separator: "\n") {
            guard let range = line.range(of: "file="), line.contains("needed by") || line.contains("dynamically loaded by") else { continue }
            let path = line[range.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != "[" }
            names.insert(String(path.split(separator: "/").last ?? ""))
        }
        return (result, names)
    }

    static func matching(_ names: Set<String>, _ prefixes: [String]) -> [String] {
        names.filter { name in prefixes.contains { name.hasPrefix($0 + ".so") || name.hasPrefix($0 + "-") } }.sorted()
    }

    @Test func startingLoadsNoOptionalLibrary() throws {
        let (result, libraries) = try Self.loaded(by: ["--version"])
        #expect(result.status == 0)
        #expect(libraries.contains { $0.hasPrefix("libFoundation.so") }, "the trace was not read: \(libraries.sorted())")
        #expect(Self.matching(libraries, Self.lazy + Self.neverAtStart).isEmpty, "\(Self.matching(libraries, Self.lazy + Self.neverAtStart))")
        #expect(libraries.count < 60, "\(libraries.count) libraries: \(libraries.sorted())")
    }

    @Test func aJPEGThumbnailNeverMapsFFmpegOrLibheif() throws {
        let dir = TemporaryDirectory()
        let (result, libraries) = try Self.loaded(by: ["image", "thumbnail", Self.demo.appendingPathComponent("dragonfly.jpg").path,
                                                       dir.appending("small.jpg").path, "--size", "128"])
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: dir.appending("small.jpg").path))
        #expect(Self.matching(libraries, Self.lazy).isEmpty, "\(Self.matching(libraries, Self.lazy))")
    }

    @Test func aHEICLoadsLibheifOnlyWhenItIsRead() throws {
        let dir = TemporaryDirectory()
        let (result, libraries) = try Self.loaded(by: ["image", "thumbnail", Self.demo.appendingPathComponent("IMG_0001.HEIC").path,
                                                       dir.appending("small.jpg").path, "--size", "128"])
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(Self.matching(libraries, ["libheif"]).count == 1, "\(libraries.sorted())")
        #expect(Self.matching(libraries, ["libtesseract", "libdlib", "libzbar"]).isEmpty)
    }

    @Test func aMissingLibraryIsAnErrorForItsFormatOnly() throws {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("Library").path]
        #expect(try PhotosBinary.run(["init"] + lib).status == 0)
        let input = dir.appending("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["dragonfly.jpg", "IMG_0001.HEIC", "IMG_0001.MOV"] {
            try FileManager.default.copyItem(at: Self.demo.appendingPathComponent(name), to: input.appendingPathComponent(name))
        }
        let missing = ["PHOTOKIT_UNAVAILABLE_LIBRARIES": "heif,ffmpeg"]
        let imported = try PhotosBinary.run(["import", input.path] + lib, environment: missing)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 1 asset"), "\(imported.stdout)")
        #expect(imported.stdout.contains("IMG_0001.HEIC: HEIC and HEIF images need libheif.so.1, which cannot be loaded"), "\(imported.stdout)")
        #expect(imported.stdout.contains("install it with: apt-get install libheif1"), "\(imported.stdout)")
        #expect(imported.stdout.contains("IMG_0001.MOV: Movies and Live Photo videos need libavformat.so."), "\(imported.stdout)")

        let info = try PhotosBinary.run(["image", "info", input.appendingPathComponent("IMG_0001.HEIC").path], environment: missing)
        #expect(info.status == 1)
        #expect(info.stderr.contains("HEIC and HEIF images need libheif.so.1"), "\(info.stderr)")
        #expect(!info.stderr.contains("crashed"), "\(info.stderr)")

        // The same files import once the libraries are there.
        let again = try PhotosBinary.run(["import", input.path] + lib)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Imported 1 asset"), "\(again.stdout)")
    }
}

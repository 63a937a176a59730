import Foundation
import Testing
import _TestSupport

/// Errors that used to print Foundation's or Swift's internals now say in one sentence what is wrong, and
/// summaries count what really happened.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct PlainErrorMessageTests {
    static let internals = ["NSCocoaErrorDomain", "Error Domain=", "PHPhotosError(", "userInfo", "giflib error"]

    static func expectPlain(_ result: PhotosBinary.Result, containing sentence: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(sentence), "\(result.stderr)", sourceLocation: sourceLocation)
        for fragment in internals {
            #expect(!result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func aLibraryPathUnderARegularFile() throws {
        let dir = TemporaryDirectory()
        let file = dir.appending("notes.txt")
        try Data("text".utf8).write(to: file)
        let library = file.appendingPathComponent("Library").path
        Self.expectPlain(try PhotosBinary.run(["list", "--library", library]),
                         containing: "\(library) cannot be a photo library: \(file.path) is a file, not a folder")
        // Through PHPhotoLibrary (a PHPhotosError): the same sentence, not the struct's dump.
        Self.expectPlain(try PhotosBinary.run(["edit", "1234", "--library", library, "--filter", "CISepiaTone"]),
                         containing: "is a file, not a folder")
    }

    @Test func imageInfoOnAFolder() throws {
        let dir = TemporaryDirectory()
        Self.expectPlain(try PhotosBinary.run(["image", "info", dir.url.path]), containing: "it is a folder, not an image file")
    }

    @Test func deletingOneAssetNamedTwiceCountsOnce() throws {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("Library").path]
        #expect(try PhotosBinary.run(["init"] + lib).status == 0)
        let photo = try FixtureImages.writeJPEG(to: dir.appending("IMG_0001.jpg"), width: 64, height: 48)
        #expect(try PhotosBinary.run(["import", photo.path] + lib).status == 0)
        let listed = try #require(try PhotosBinary.json(["list", "--json"] + lib) as? [[String: Any]])
        let id = try #require(listed.first?["localIdentifier"] as? String)
        let delete = try PhotosBinary.run(["delete", id, id] + lib)
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout.contains("Moved 1 asset to Recently Deleted"), "\(delete.stdout)")
    }

    @Test func aDamagedGIFIsRejectedInWords() throws {
        let dir = TemporaryDirectory()
        let card = dir.appending("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        // A logical screen that announces a 256-colour global table, then ends after 3 bytes of it.
        try Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x00, 0x10, 0x00, 0xF7, 0x00, 0x00, 0x01, 0x02, 0x03]).write(to: card.appendingPathComponent("bad.gif"))
        let lib = ["--library", dir.appending("Library").path]
        #expect(try PhotosBinary.run(["init"] + lib).status == 0)
        let result = try PhotosBinary.run(["import", card.path] + lib)
        #expect(result.stdout.contains("bad.gif: the GIF header is invalid: its logical screen descriptor or global colour table is missing or cut short"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("giflib error"))
    }
}

/// `photos --version`, and a `--help` that shows what users use (the benchmarks stay runnable, unlisted).
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct VersionAndHelpTests {
    @Test func versionAndHelp() throws {
        let version = try PhotosBinary.run(["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.5.0")
        let help = try PhotosBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("serve") && help.stdout.contains("import"))
        #expect(help.stdout.range(of: #"\n\s+bench\s"#, options: .regularExpression) == nil, "bench is not listed: \(help.stdout)")
        let benchHelp = try PhotosBinary.run(["bench", "--help"])
        #expect(benchHelp.status == 0 && benchHelp.stdout.contains("serve"), "\(benchHelp.stdout)")
    }
}

/// `--library` before or after the subcommand.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct GlobalOptionPlacementTests {
    @Test func theLibraryOptionGoesOnEitherSide() throws {
        let dir = TemporaryDirectory()
        let path = dir.appending("Library").path
        #expect(try PhotosBinary.run(["--library", path, "init"]).status == 0)
        _ = try FixtureImages.writeJPEG(to: dir.appending("IMG_0001.jpg"), width: 64, height: 48)
        let imported = try PhotosBinary.run(["--library=\(path)", "import", dir.appending("IMG_0001.jpg").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let before = try PhotosBinary.run(["--library", path, "list", "--json"])
        let after = try PhotosBinary.run(["list", "--json", "--library", path])
        #expect(before.status == 0 && after.status == 0, "\(before.stderr) \(after.stderr)")
        #expect(before.stdout == after.stdout)
        #expect(before.stdout.contains("IMG_0001.jpg"))
        // Nested subcommands too, and a command without a library says so plainly.
        #expect(try PhotosBinary.run(["--library", path, "album", "create", "Trip"]).status == 0)
        #expect(try PhotosBinary.run(["albums", "--library", path]).stdout.contains("Trip"))
        let misplaced = try PhotosBinary.run(["--library", path, "image", "info", dir.appending("IMG_0001.jpg").path])
        #expect(misplaced.status == 64, "\(misplaced.stderr)")
        #expect(misplaced.stderr.contains("--library"))
    }
}

import Foundation
import Testing
import _TestSupport

/// Opening a library used to write (owner lock, WAL, migrations, trimming, purge), so on a read-only mount
/// `photos list` failed ("unable to open database file", then "Cannot create the lock file … Read-only file
/// system"). Now reading works there and only a change fails, with one clear sentence.
///
/// The library is made read-only with a read-only bind mount in a private mount namespace (`unshare -m`), which
/// stops writes even for root (chmod does not); skipped where that is not permitted.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)),
       .enabled(if: ReadOnlyMount.isAvailable, "needs root and unshare -m (a private read-only bind mount)"))
struct ReadOnlyLibraryTests {
    static let unshare = ReadOnlyMount.unshare

    /// Runs `photos ARGS --library LIBRARY` with the library's folder mounted read-only for that process only.
    static func readOnly(_ folder: URL, _ arguments: [String]) throws -> MeasuredProcess {
        let script = "mount --bind -o ro \"$1\" \"$1\" && shift && exec \"$@\""
        return try MeasuredProcess.run(unshare, ["-m", "sh", "-c", script, "sh", folder.path, PhotosBinary.url!.path] + arguments)
    }

    @Test func listingWorksOnAReadOnlyMountAndChangesFailPlainly() throws {
        let dir = TemporaryDirectory()
        let library = dir.appending("Library")
        let lib = ["--library", library.path]
        #expect(try PhotosBinary.run(["init"] + lib).status == 0)
        let photo = try FixtureImages.writeJPEG(to: dir.appending("IMG_0001.jpg"), width: 64, height: 48)
        #expect(try PhotosBinary.run(["import", photo.path] + lib).status == 0)
        let id = try #require((try PhotosBinary.json(["list", "--json"] + lib) as? [[String: Any]])?.first?["localIdentifier"] as? String)

        let list = try Self.readOnly(dir.url, ["list", "--json"] + lib)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(id))
        let show = try Self.readOnly(dir.url, ["show", id] + lib)
        #expect(show.status == 0, "\(show.stderr)")

        let favorite = try Self.readOnly(dir.url, ["favorite", id] + lib)
        #expect(favorite.status == 1)
        #expect(favorite.stderr.contains("is open for reading only (its folder or disk cannot be written), so it cannot be changed"), "\(favorite.stderr)")
        // Nothing was written: the library still opens for writing elsewhere and the asset is not a favourite.
        let after = try #require(try PhotosBinary.json(["list", "--json", "--favorites"] + lib) as? [Any])
        #expect(after.isEmpty)
    }
}

/// Whether this process may make a private read-only bind mount (root, `unshare -m`).
enum ReadOnlyMount {
    static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")

    static let isAvailable: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare.path) else { return false }
        let probe = TemporaryDirectory()
        let run = try? MeasuredProcess.run(unshare, ["-m", "sh", "-c", "mount --bind -o ro \"$1\" \"$1\" && ! touch \"$1/x\" 2>/dev/null", "sh", probe.url.path])
        return run?.status == 0
    }()
}

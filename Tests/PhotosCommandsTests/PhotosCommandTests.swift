import Foundation
import Testing
import _TestSupport

/// Runs the real `photos` binary (built next to the test bundle) against temporary libraries.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct PhotosCommandTests {
    @Test func initCreatesALibrary() throws {
        let dir = TemporaryDirectory()
        let library = dir.appending("New.photoslibrary")
        let result = try PhotosBinary.run(["init", "--library", library.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: library.appendingPathComponent("database/Photos.sqlite").path))
    }

    @Test func aFolderOfOtherFilesIsNotALibraryUntilInit() throws {
        let dir = TemporaryDirectory()
        let folder = dir.appending("Documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let list = try PhotosBinary.run(["list", "--library", folder.path])
        #expect(list.status != 0)
        #expect(list.stderr.contains("is not a photo library"), "\(list.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"], "the folder is left alone")
        let initialised = try PhotosBinary.run(["init", "--library", folder.path])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(try PhotosBinary.run(["list", "--library", folder.path]).status == 0)
    }

    @Test func importingALibraryIntoItselfIsRefused() throws {
        let dir = TemporaryDirectory()
        let library = dir.appending("Self.photoslibrary")
        #expect(try PhotosBinary.run(["init", "--library", library.path]).status == 0)
        let result = try PhotosBinary.run(["import", library.path, "--library", library.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is the photo library \(library.path)"), "\(result.stderr)")
        let parent = try PhotosBinary.run(["import", dir.url.path, "--library", library.path])
        #expect(parent.status == 0, "a folder holding the library imports, skipping it: \(parent.stderr)")
        #expect(parent.stdout.contains("Photo libraries skipped (their files are not new photos): 1"), "\(parent.stdout)")
    }

    @Test func libraryComesFromTheEnvironment() throws {
        let dir = TemporaryDirectory()
        let library = dir.appending("Env.photoslibrary")
        let result = try PhotosBinary.run(["init"], environment: ["PHOTOS_LIBRARY": library.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(library.path))
    }

    @Test func listAlbumsFavoritesTrashAndRecover() throws {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("L.photoslibrary").path]
        #expect(try PhotosBinary.run(["fill", "--count", "300", "--seed", "4"] + lib).status == 0)

        let list = try PhotosBinary.run(["list", "--json", "--limit", "5", "--sort=-creationDate"] + lib)
        #expect(list.status == 0, "\(list.stderr)")
        let assets = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(assets.count == 5)
        let ids = assets.compactMap { $0["localIdentifier"] as? String }
        let dates = assets.compactMap { $0["creationDate"] as? String }
        #expect(dates == dates.sorted(by: >))
        for key in ["mediaType", "pixelWidth", "isFavorite", "isHidden", "creationDate", "location", "originalFilename"] {
            #expect(assets[0][key] != nil, "missing \(key)")
        }

        // Albums.
        let create = try PhotosBinary.run(["album", "create", "Weekend"] + lib)
        #expect(create.status == 0, "\(create.stderr)")
        let album = create.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try PhotosBinary.run(["album", "add", album, ids[0], ids[1]] + lib).status == 0)
        let inAlbum = try PhotosBinary.json(["list", "--json", "--album", "Weekend"] + lib) as? [[String: Any]]
        #expect(inAlbum?.compactMap { $0["localIdentifier"] as? String } == [ids[0], ids[1]])
        #expect(try PhotosBinary.run(["album", "rename", album, "Long Weekend"] + lib).status == 0)
        #expect(try PhotosBinary.run(["album", "remove", album, ids[1]] + lib).status == 0)
        #expect((try PhotosBinary.json(["list", "--json", "--album", album] + lib) as? [Any])?.count == 1)
        let folder = try PhotosBinary.run(["folder", "create", "2024"] + lib).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try PhotosBinary.run(["folder", "add", folder, album] + lib).status == 0)
        let albums = try #require(try PhotosBinary.json(["albums", "--json"] + lib) as? [String: Any])
        let tree = albums["userCollections"] as? [[String: Any]] ?? []
        let folderNode = tree.first { $0["localIdentifier"] as? String == folder }
        #expect((folderNode?["collections"] as? [[String: Any]])?.first?["localizedTitle"] as? String == "Long Weekend")
        #expect((albums["smartAlbums"] as? [[String: Any]])?.contains { $0["localizedTitle"] as? String == "Favorites" } == true)

        // Favourites.
        let favoritesBefore = (try PhotosBinary.json(["list", "--json", "--favorites"] + lib) as? [Any])?.count ?? -1
        #expect(try PhotosBinary.run(["unfavorite", ids[2]] + lib).status == 0)
        let afterUnfavorite = (try PhotosBinary.json(["list", "--json", "--favorites"] + lib) as? [Any])?.count ?? -1
        #expect(try PhotosBinary.run(["favorite", ids[2]] + lib).status == 0)
        let favorites = try PhotosBinary.json(["list", "--json", "--smart-album", "favorites"] + lib) as? [[String: Any]]
        #expect(favorites?.count == afterUnfavorite + 1)
        #expect(favorites?.contains { $0["localIdentifier"] as? String == ids[2] } == true)
        #expect(favoritesBefore >= afterUnfavorite)

        // Delete, trash, recover.
        let delete = try PhotosBinary.run(["delete", ids[3]] + lib)
        #expect(delete.status == 0, "\(delete.stderr)")
        let trash = try PhotosBinary.json(["trash", "--json"] + lib) as? [[String: Any]]
        #expect(trash?.count == 1)
        #expect(trash?.first?["daysLeft"] as? Int == 30)
        let listed = try PhotosBinary.json(["list", "--json"] + lib) as? [[String: Any]]
        #expect(listed?.contains { $0["localIdentifier"] as? String == ids[3] } == false)
        #expect(try PhotosBinary.run(["recover", ids[3]] + lib).status == 0)
        #expect((try PhotosBinary.json(["trash", "--json"] + lib) as? [Any])?.count == 0)

        // Show, moments.
        let show = try #require(try PhotosBinary.json(["show", "--json", ids[0]] + lib) as? [String: Any])
        let resources = show["resources"] as? [[String: Any]] ?? []
        #expect(!resources.isEmpty)
        if let path = resources.first?["path"] as? String { #expect(FileManager.default.fileExists(atPath: path)) }
        let moments = try PhotosBinary.json(["moments", "--json"] + lib) as? [[String: Any]]
        #expect((moments?.count ?? 0) > 0)
    }

    @Test func errorsAreMessagesNotCrashes() throws {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("E.photoslibrary").path]
        #expect(try PhotosBinary.run(["fill", "--count", "20"] + lib).status == 0)

        let badKey = try PhotosBinary.run(["list", "--predicate", "fooBar == 1"] + lib)
        #expect(badKey.status == 1)
        #expect(badKey.stderr.contains("fooBar"), "\(badKey.stderr)")

        let malformed = try PhotosBinary.run(["list", "--predicate", "mediaType == "] + lib)
        #expect(malformed.status == 1)
        #expect(!malformed.stderr.isEmpty)

        let badSort = try PhotosBinary.run(["list", "--sort=-shoeSize"] + lib)
        #expect(badSort.status == 1)
        #expect(badSort.stderr.contains("shoeSize"))

        let missing = "6F9619FF-8B86-D011-B42D-00C04FC964FF/L0/001"
        let show = try PhotosBinary.run(["show", missing] + lib)
        #expect(show.status == 1)
        #expect(show.stderr.contains(missing))
        let garbage = try PhotosBinary.run(["favorite", "not-an-id"] + lib)
        #expect(garbage.status == 1)
        #expect(garbage.stderr.contains("not-an-id"))
        let album = try PhotosBinary.run(["album", "add", "No Such Album", missing] + lib)
        #expect(album.status == 1)
        #expect(album.stderr.contains("No Such Album"))
    }

    @Test func predicateFiltersAssets() throws {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("P.photoslibrary").path]
        #expect(try PhotosBinary.run(["fill", "--count", "400", "--seed", "9"] + lib).status == 0)
        let videos = try PhotosBinary.json(["list", "--json", "--type", "video"] + lib) as? [[String: Any]] ?? []
        let predicate = try PhotosBinary.json(["list", "--json", "--predicate", "mediaType == 2"] + lib) as? [[String: Any]] ?? []
        #expect(!videos.isEmpty)
        #expect(videos.count == predicate.count)
        #expect(videos.allSatisfy { $0["mediaType"] as? String == "video" })
    }

    @Test(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
    func importsTheCorpus() throws {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("I.photoslibrary").path]
        let first = try PhotosBinary.run(["import", "--json", TestMedia.url("livephoto")!.path, TestMedia.url("broken/zero_bytes.jpg")!.path] + lib)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(summary["imported"] as? Int == 2)
        #expect(summary["livePhotoPairs"] as? Int == 2)
        let rejected = summary["rejected"] as? [[String: Any]] ?? []
        #expect(rejected.count == 1)
        #expect((rejected.first?["path"] as? String)?.hasSuffix("zero_bytes.jpg") == true)

        let again = try PhotosBinary.run(["import", TestMedia.url("livephoto")!.path] + lib)
        #expect(again.status == 0)
        #expect(again.stdout.contains("Duplicates skipped: 2"), "\(again.stdout)")

        // Nothing importable and something rejected: exit status 1.
        let broken = try PhotosBinary.run(["import", TestMedia.url("broken/truncated.jpg")!.path] + lib)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("truncated.jpg"))
    }
}

/// Runs the `photos` executable (located by `_TestSupport`).
extension PhotosBinary {
    struct Result { let status: Int32; let stdout: String; let stderr: String }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PHOTOS_LIBRARY")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Drain both pipes while the process runs so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs a command that prints JSON and parses it (nil on failure).
    static func json(_ arguments: [String]) throws -> Any? {
        let result = try run(arguments)
        guard result.status == 0 else { Issue.record("photos \(arguments.joined(separator: " ")) failed: \(result.stderr)"); return nil }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}

import Foundation
@testable import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// ZIP downloads of a selection's original files, checked by an independent reader (Python's zipfile).
@Suite(.serialized) struct DownloadTests {
    @Test func aDownloadIsAZipOfTheOriginalsUnderUniqueNamesThatAnotherReaderAccepts() async throws {
        let harness = try await ServiceHarness(photos: 3)
        defer { Task { await harness.stop() } }
        // A second photo-0.jpg (different bytes, another folder): its name must not collide in the archive.
        let other = harness.directory.appending("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        _ = try FixtureImages.writeJPEG(to: other.appendingPathComponent("photo-0.jpg"), width: 300, height: 200, seed: 99)
        _ = try Importer(library: harness.library).importItems(at: [other])
        let identifiers = try harness.assetIdentifiers()
        #expect(identifiers.count == 4)
        let client = harness.client("viewer")

        let made = try await client.post("/api/downloads", ["assets": identifiers.map { String($0.prefix(36)) }, "name": "../Holiday/2026"])
        #expect(made.status == 201)
        #expect(made.json["count"] as? Int == 4)
        #expect(made.json["filename"] as? String == "Photos.zip")   // a name that could make a path is not used
        let url = try #require(made.json["url"] as? String)
        let archive = try await client.get(url)
        #expect(archive.status == 200)
        #expect(archive.header("Content-Type") == "application/zip")
        #expect(archive.header("Content-Disposition")?.hasPrefix("attachment;") == true)

        let file = harness.directory.appending("download.zip")
        try archive.body.write(to: file)
        let listing = try pythonZipListing(file)
        // Every original, byte for byte, under its original name (the second photo-0.jpg numbered).
        var expected: [String: String] = [:]
        var names = UniqueNames()
        for row in try harness.library.assetRowIDs(identifiers: identifiers) {
            for resource in try harness.library.resources(assetRowID: row) where resource.type == .photo {
                expected[names.claim(resource.originalFilename)] = resource.sha256
            }
        }
        #expect(listing == expected)
        #expect(Set(listing.keys).contains("photo-0 (2).jpg"))

        // Another account cannot fetch it; an unknown id is a 404; bad bodies are 400/404.
        #expect(try await harness.client("member").get(url).status == 404)
        #expect(try await client.get("/api/downloads/nope").problemType == "download-expired")
        #expect(try await client.post("/api/downloads", ["assets": [String]()]).status == 400)
        #expect(try await client.post("/api/downloads", ["assets": ["3F2A0000-0000-0000-0000-000000000000"]]).status == 404)
        #expect(try await client.post("/api/downloads", ["assets": ["../../etc/passwd"]]).status == 400)
    }

    @Test func archiveNamesCannotNameAPath() {
        #expect(PhotosService.archiveName("Holiday 2026") == "Holiday 2026.zip")
        #expect(PhotosService.archiveName("../../etc") == "Photos.zip")
        #expect(PhotosService.archiveName("a/b\\c") == "abc.zip")
        #expect(PhotosService.archiveName(nil) == "Photos.zip")
        #expect(PhotosService.archiveName("  ") == "Photos.zip")
        var names = UniqueNames()
        #expect(names.claim("IMG_1.JPG") == "IMG_1.JPG")
        #expect(names.claim("img_1.jpg") == "img_1 (2).jpg")
        #expect(names.claim("a/b") == "a_b")
        #expect(names.claim("..") == "file")
    }
}

/// `name → SHA-256` of every entry, as Python's zipfile reads the archive (it checks each CRC-32 too).
private func pythonZipListing(_ url: URL) throws -> [String: String] {
    let script = """
    import hashlib, json, sys, zipfile
    with zipfile.ZipFile(sys.argv[1]) as z:
        assert z.testzip() is None
        print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))
    """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "zipfile rejected the archive")
    return (try JSONSerialization.jsonObject(with: data) as? [String: String]) ?? [:]
}

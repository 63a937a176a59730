import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Uploads cut off at random points and servers stopped mid-upload: nothing partial ever becomes an asset,
/// the bytes that arrived are kept, and the upload resumes to completion.
@Suite(.serialized) struct InterruptedUploadTests {
    @Test func anUploadCutAtRandomPointsResumesToTheExactFile() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let jpeg = FixtureImages.jpeg(width: 1200, height: 900, seed: 7, quality: 95)
        let made = try await client.post("/api/uploads", ["filename": "cut.jpg", "length": jpeg.count, "sha256": ContentDigest.sha256Hex(jpeg)])
        let id = try #require(made.json["id"] as? String)
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        for _ in 0..<6 where offset < jpeg.count {
            // Announce the whole rest, send a random part of it, and hang up.
            let cut = Int.random(in: 1...max(1, (jpeg.count - offset) / 2), using: &generator)
            try RawHTTP.sendAndHangUp(port: harness.baseURL.port!, head: [
                "PATCH /api/uploads/\(id) HTTP/1.1", "Host: 127.0.0.1", "Authorization: Bearer \(harness.tokens["member"]!)",
                "Upload-Offset: \(offset)", "Content-Type: application/octet-stream", "Content-Length: \(jpeg.count - offset)",
            ], body: jpeg[offset..<(offset + cut)])
            // The server notices the hang-up; what arrived is kept, never more than was sent.
            var reported = -1
            for _ in 0..<50 {
                reported = try await client.get("/api/uploads/\(id)").json["offset"] as? Int ?? -1
                if reported == offset + cut { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(reported >= offset && reported <= offset + cut)
            #expect(try harness.library.assetRowIDs(AssetQuery(scope: .all)).isEmpty)
            offset = reported
        }
        let rest = try await client.request("PATCH", "/api/uploads/\(id)", body: jpeg.suffix(from: offset), headers: ["Upload-Offset": "\(offset)"])
        #expect(rest.status == 200)
        let imported = try await client.post("/api/uploads/import", ["uploads": [id]])
        let identifiers = imported.json["imported"] as? [String] ?? []
        #expect(identifiers.count == 1)
        let row = try #require(try harness.library.assetRowIDs(identifiers: identifiers).first)
        #expect(try harness.library.resources(assetRowID: row).first?.sha256 == ContentDigest.sha256Hex(jpeg))
    }

    @Test func sigtermMidUploadLosesNoCommittedAssetAndTheUploadResumes() async throws {
        guard let photos = PhotosBinary.url else { Issue.record(Comment(rawValue: PhotosBinary.missingMessage)); return }
        let directory = TemporaryDirectory(prefix: "photos-serve-sigterm")
        let libraryURL = directory.appending("S.photoslibrary")
        let library = try Library.open(at: libraryURL)
        let folder = directory.appending("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<3 { _ = try FixtureImages.writeJPEG(to: folder.appendingPathComponent("p\(index).jpg"), width: 320, height: 240, seed: index) }
        _ = try Importer(library: library).importItems(at: [folder])
        let committed = try library.assetRowIDs(AssetQuery(scope: .all)).flatMap { try library.resources(assetRowID: $0).map(\.sha256) }
        try await AccountAdministration.createAccount(in: library, username: "owner", password: ServiceHarness.password, role: .admin, cost: 4)
        let token = try library.createCredential(.token, accountID: try library.account(named: "owner")!.account.rowID).secret

        let server = try ServeProcess(photos: photos, library: libraryURL.path)
        let jpeg = FixtureImages.jpeg(width: 1000, height: 800, seed: 99)
        let client = HTTPClient(base: server.url, token: token)
        let id = try #require(try await client.post("/api/uploads", ["filename": "late.jpg", "length": jpeg.count]).json["id"] as? String)
        // A slow client: half the body, then nothing; the server is told to stop meanwhile.
        let socket = try RawHTTP.open(port: server.url.port!, head: [
            "PATCH /api/uploads/\(id) HTTP/1.1", "Host: 127.0.0.1", "Authorization: Bearer \(token)",
            "Upload-Offset: 0", "Content-Length: \(jpeg.count)",
        ], body: jpeg.prefix(jpeg.count / 2))
        try await Task.sleep(for: .milliseconds(300))
        let stopped = Date()
        kill(server.process.processIdentifier, SIGTERM)
        server.process.waitUntilExit()
        Glibc.close(socket)
        #expect(Date().timeIntervalSince(stopped) < 30)

        // Every committed asset is intact; the half upload is no asset.
        let reopened = try Library.open(at: libraryURL)
        let after = try reopened.assetRowIDs(AssetQuery(scope: .all)).flatMap { try reopened.resources(assetRowID: $0) }
        #expect(after.map(\.sha256).sorted() == committed.sorted())
        for resource in after { #expect(ContentDigest.sha256Hex(try Data(contentsOf: reopened.fileURL(for: resource))) == resource.sha256) }

        // A new server: the upload resumes where the bytes ended, and imports.
        let again = try ServeProcess(photos: photos, library: libraryURL.path)
        defer { again.stop() }
        let client2 = HTTPClient(base: again.url, token: token)
        let offset = try await client2.get("/api/uploads/\(id)").json["offset"] as? Int ?? -1
        #expect(offset >= 0 && offset <= jpeg.count / 2)
        #expect(try await client2.request("PATCH", "/api/uploads/\(id)", body: jpeg.suffix(from: offset), headers: ["Upload-Offset": "\(offset)"]).status == 200)
        #expect((try await client2.post("/api/uploads/import", ["uploads": [id]]).json["imported"] as? [String])?.count == 1)
    }
}

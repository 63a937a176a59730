import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// Resumable uploads, checked by digest before sending, imported by the core's importer.
@Suite(.serialized) struct UploadTests {
    @Test func anUploadResumesAfterADroppedConnectionAndImports() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let jpeg = FixtureImages.jpeg(width: 800, height: 600, seed: 42)
        let digest = ContentDigest.sha256Hex(jpeg)
        #expect(try await client.post("/api/uploads/check", ["sha256": [digest]]).json["present"] as? [String] == [])

        let made = try await client.post("/api/uploads", ["filename": "IMG_0042.JPG", "length": jpeg.count, "sha256": digest])
        #expect(made.status == 201)
        let id = try #require(made.json["id"] as? String)
        // The first part arrives, then the connection "drops".
        let half = jpeg.count / 2
        let first = try await client.request("PATCH", "/api/uploads/\(id)", body: jpeg.prefix(half), headers: ["Upload-Offset": "0"])
        #expect(first.header("Upload-Offset") == "\(half)")
        // A client that lost track asks, then resumes; a wrong offset is refused with the right one.
        #expect(try await client.get("/api/uploads/\(id)").json["offset"] as? Int == half)
        let wrong = try await client.request("PATCH", "/api/uploads/\(id)", body: jpeg.suffix(from: half), headers: ["Upload-Offset": "0"])
        #expect(wrong.status == 409)
        #expect(wrong.problemType == "offset-mismatch")
        // Importing before the end is refused, and changes nothing.
        let early = try await client.post("/api/uploads/import", ["uploads": [id]])
        #expect(early.problemType == "upload-incomplete")
        #expect(try harness.library.assetRowIDs(AssetQuery(scope: .all)).isEmpty)

        let rest = try await client.request("PATCH", "/api/uploads/\(id)", body: jpeg.suffix(from: half), headers: ["Upload-Offset": "\(half)"])
        #expect(rest.header("Upload-Offset") == "\(jpeg.count)")
        let imported = try await client.post("/api/uploads/import", ["uploads": [id]])
        #expect(imported.status == 200)
        let identifiers = imported.json["imported"] as? [String] ?? []
        #expect(identifiers.count == 1)
        let row = try #require(try harness.library.assetRowIDs(identifiers: identifiers).first)
        let resource = try #require(try harness.library.resources(assetRowID: row).first)
        #expect(resource.sha256 == digest)
        #expect(resource.originalFilename == "IMG_0042.JPG")
        #expect(try await client.post("/api/uploads/check", ["sha256": [digest]]).json["present"] as? [String] == [digest])
        // The upload is gone once imported.
        #expect(try await client.get("/api/uploads/\(id)").status == 404)
    }

    @Test func duplicatesLyingDigestsAndOversizedBodiesAreRefused() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let existing = try harness.library.resources(assetRowID: try harness.library.assetRowIDs(AssetQuery(scope: .all))[0])[0]
        let bytes = try Data(contentsOf: harness.library.fileURL(for: existing))

        // The same file again: imported as a duplicate, not a second asset.
        let again = try await upload(bytes, name: "again.jpg", client)
        let result = try await client.post("/api/uploads/import", ["uploads": [again]])
        #expect(result.json["imported"] as? [String] == [])
        #expect(result.json["duplicates"] as? [String] == ["again.jpg"])
        #expect(try harness.library.assetRowIDs(AssetQuery(scope: .all)).count == 1)

        // A digest that does not match the bytes.
        let other = FixtureImages.jpeg(seed: 9)
        let lying = try await client.post("/api/uploads", ["filename": "x.jpg", "length": other.count, "sha256": String(repeating: "0", count: 64)])
        let lyingID = try #require(lying.json["id"] as? String)
        _ = try await client.request("PATCH", "/api/uploads/\(lyingID)", body: other, headers: ["Upload-Offset": "0"])
        #expect(try await client.post("/api/uploads/import", ["uploads": [lyingID]]).problemType == "checksum-mismatch")

        // More bytes than announced.
        let small = try await client.post("/api/uploads", ["filename": "small.jpg", "length": 10])
        let smallID = try #require(small.json["id"] as? String)
        #expect(try await client.request("PATCH", "/api/uploads/\(smallID)", body: other, headers: ["Upload-Offset": "0"]).status == 413)

        // Not media: rejected by the importer's inspection with a reason, naming no server path.
        let text = Data("hello, not a photo".utf8)
        let textID = try await upload(text, name: "notes.jpg", client)
        let rejected = try await client.post("/api/uploads/import", ["uploads": [textID]])
        let reasons = rejected.json["rejected"] as? [[String: Any]] ?? []
        #expect(reasons.first?["filename"] as? String == "notes.jpg")
        #expect(!(rejected.text.contains(harness.library.url.path)))

        // Names cannot climb out of the upload folder, and viewers cannot upload.
        let sneaky = try await client.post("/api/uploads", ["filename": "../../database/Photos.sqlite", "length": 5])
        #expect(sneaky.status == 201)
        #expect(sneaky.json["filename"] as? String == "Photos.sqlite")
        #expect(try await harness.client("viewer").post("/api/uploads", ["filename": "a.jpg", "length": 5]).status == 403)
        // Another account cannot touch this account's upload.
        #expect(try await harness.client("admin").get("/api/uploads/\(smallID)").status == 404)
    }

    @Test func aLivePhotoUploadedAsTwoFilesBecomesOneAsset() async throws {
        // The pair the repository ships (Demo/media), uploaded as two separate files.
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Demo/media").standardizedFileURL
        let still = demo.appendingPathComponent("IMG_0001.HEIC"), movie = demo.appendingPathComponent("IMG_0001.MOV")
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let a = try await upload(try Data(contentsOf: still), name: still.lastPathComponent, client)
        let b = try await upload(try Data(contentsOf: movie), name: movie.lastPathComponent, client)
        let result = try await client.post("/api/uploads/import", ["uploads": [a, b]])
        #expect((result.json["imported"] as? [String])?.count == 1)
        #expect(result.json["livePhotoPairs"] as? Int == 1)
    }

    private func upload(_ data: Data, name: String, _ client: HTTPClient) async throws -> String {
        let made = try await client.post("/api/uploads", ["filename": name, "length": data.count])
        let id = try #require(made.json["id"] as? String)
        let sent = try await client.request("PATCH", "/api/uploads/\(id)", body: data, headers: ["Upload-Offset": "0"])
        #expect(sent.status == 200)
        return id
    }
}

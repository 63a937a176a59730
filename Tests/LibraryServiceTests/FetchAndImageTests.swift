import Foundation
import ImageManagement
import LibraryService
import PhotoLibrary
import Testing

/// Fetch snapshots read in pages, object lookups, derivatives and original bytes over HTTP.
@Suite(.serialized) struct FetchAndImageTests {
    /// PhotoKit's fetch over the service in pages: the first page answers, the rest is kept for its owner only
    /// until read and dropped.
    @Test func aPhotoKitFetchAnswersItsFirstPageAndKeepsTheRestForItsOwner() async throws {
        let harness = try await ServiceHarness(photos: 5)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let query = try WireJSON.encode(ObservedQuery.assets(AssetQuery(scope: .all)))
        let all = try harness.library.assetRowIDs(AssetQuery(scope: .all))
        let first = try await client.request("POST", "/api/photokit/fetch?page=2", body: query, headers: ["Content-Type": "application/json"])
        #expect(first.status == 200)
        #expect(RowIDBytes.decode(first.body) == Array(all.prefix(2)))
        #expect(first.header("X-Fetch-Count") == "5")
        let kept = try #require(first.header("X-Fetch-Snapshot"))
        #expect(try await harness.client("member").get("/api/photokit/fetches/\(kept)/ids?offset=2").status == 404, "another reader's kept fetch is unknown")
        let rest = try await client.get("/api/photokit/fetches/\(kept)/ids?offset=2&count=3")
        #expect(RowIDBytes.decode(rest.body) == Array(all.dropFirst(2)))
        #expect(try await client.delete("/api/fetches/\(kept)").status == 204)
        #expect(try await client.get("/api/photokit/fetches/\(kept)/ids?offset=2").problemType == "fetch-expired")
        // A fetch within its first page is answered whole, keeping nothing.
        let whole = try await client.request("POST", "/api/photokit/fetch?page=5", body: query, headers: ["Content-Type": "application/json"])
        #expect(RowIDBytes.decode(whole.body) == all)
        #expect(whole.header("X-Fetch-Snapshot") == nil)
        // With the first records: the ids, then those records packed (never more records than ids sent).
        let withRecords = try await client.request("POST", "/api/photokit/fetch?page=2&records=32", body: query, headers: ["Content-Type": "application/json"])
        #expect(withRecords.header("X-Row-IDs") == "2")
        #expect(RowIDBytes.decode(withRecords.body.prefix(16)) == Array(all.prefix(2)))
        #expect(try PackedAssetRecords.decode(withRecords.body.dropFirst(16)).map(\.rowID) == Array(all.prefix(2)))
        if let kept = withRecords.header("X-Fetch-Snapshot") { _ = try await client.delete("/api/fetches/\(kept)") }
    }

    @Test func fetchPagesReturnTheLibraryOrderAndStayStillWhileTheLibraryChanges() async throws {
        let harness = try await ServiceHarness(photos: 7)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let made = try await client.post("/api/fetches", ["entity": "assets", "sort": [["key": "creationDate", "ascending": true]]])
        #expect(made.status == 201)
        let fetch = try #require(made.json["id"] as? String)
        #expect(made.json["count"] as? Int == 7)

        // The library changes after the fetch: the snapshot does not shift.
        let expected = try harness.assetIdentifiers()
        try harness.library.apply(ChangeBatch(operations: [.trashAssets([expected[0]])]))

        var seen: [String] = []
        for offset in stride(from: 0, to: 7, by: 3) {
            let page = try await client.get("/api/fetches/\(fetch)?offset=\(offset)&limit=3")
            #expect(page.status == 200)
            #expect(page.json["count"] as? Int == 7)
            seen += (page.json["assets"] as? [[String: Any]] ?? []).compactMap { $0["localIdentifier"] as? String }
        }
        #expect(seen == expected)

        let index = try await client.get("/api/fetches/\(fetch)/index?identifier=\(expected[4].prefix(36))")
        #expect(index.json["index"] as? Int == 4)
        #expect(try await client.get("/api/fetches/not-a-fetch").problemType == "fetch-expired")
        // Another account cannot read this fetch.
        #expect(try await harness.client("member").get("/api/fetches/\(fetch)").status == 404)
    }

    @Test func predicatesAndBadFetchesAreCheckedByTheCore() async throws {
        let harness = try await ServiceHarness(photos: 5)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let wide = try await client.post("/api/fetches", ["entity": "assets", "predicate": "pixelWidth > 650"])
        let expectedWide = try harness.library.assets(rowIDs: try harness.library.assetRowIDs(AssetQuery(scope: .all))).values.filter { $0.pixelWidth > 650 }.count
        #expect(wide.json["count"] as? Int == expectedWide)

        let bad = try await client.post("/api/fetches", ["entity": "assets", "predicate": "pixelWidth >>> 3"])
        #expect(bad.status == 400)
        #expect(bad.problemType == "unsupported-predicate")
        let unknownKey = try await client.post("/api/fetches", ["entity": "assets", "predicate": "secretColumn == 1"])
        #expect(unknownKey.problemType == "unsupported-predicate")
        let unknownField = try await client.post("/api/fetches", ["entity": "assets", "orderBy": "x"])
        #expect(unknownField.status == 400)
        #expect((unknownField.json["detail"] as? String)?.contains("orderBy") == true)
        let malformed = try await client.request("POST", "/api/fetches", body: Data("{\"entity\": ".utf8), headers: ["Content-Type": "application/json"])
        #expect(malformed.status == 400)
        let badSort = try await client.post("/api/fetches", ["entity": "assets", "sort": [["key": "nonsense"]]])
        #expect(badSort.problemType == "unsupported-predicate")

        let albums = try await client.post("/api/fetches", ["entity": "collections", "scope": ["type": "assetCollections", "collectionType": 2]])
        #expect(albums.status == 201)
        #expect(albums.json["count"] as? Int ?? 0 > 0)   // the smart albums
    }

    @Test func identifiersNeverPathsAndInvalidOnesAreRefused() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        for path in ["/api/assets/..%2F..%2Fdatabase%2FPhotos.sqlite", "/api/assets/not-a-uuid", "/api/assets/..%2Foriginals/image"] {
            let reply = try await client.get(path)
            #expect([400, 404].contains(reply.status), "\(path)")
            #expect(reply.header("Content-Type") == "application/problem+json")
        }
        let missing = try await client.get("/api/assets/\(UUID().uuidString)")
        #expect(missing.status == 404)
        let asset = try harness.assetIdentifiers()[0]
        let found = try await client.get("/api/assets/\(asset.prefix(36))")
        #expect(found.json["localIdentifier"] as? String == asset)
        #expect(found.header("X-Content-Type-Options") == "nosniff")
        #expect(found.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
    }

    @Test func derivativesHaveStrongETagsAndOriginalsServeRanges() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let asset = String(try harness.assetIdentifiers()[0].prefix(36))
        let thumbnail = try await client.get("/api/assets/\(asset)/image?kind=thumbnail")
        #expect(thumbnail.status == 200)
        #expect(thumbnail.header("Content-Type") == "image/jpeg")
        #expect(thumbnail.body.prefix(2) == Data([0xFF, 0xD8]))
        #expect(thumbnail.header("Cache-Control")?.contains("immutable") == true)
        let etag = try #require(thumbnail.header("ETag"))
        #expect(try await client.get("/api/assets/\(asset)/image?kind=thumbnail", headers: ["If-None-Match": etag]).status == 304)
        #expect(try await client.get("/api/assets/\(asset)/image?kind=poster").status == 400)

        let resources = try await client.get("/api/assets/\(asset)/resources").json["resources"] as? [[String: Any]] ?? []
        let first = try #require(resources.first)
        let whole = try await client.get("/api/assets/\(asset)/resources/0")
        #expect(whole.status == 200)
        #expect(ContentDigest.sha256Hex(whole.body) == first["sha256"] as? String)
        #expect(whole.header("Content-Disposition")?.contains("photo-0.jpg") == true)
        let part = try await client.get("/api/assets/\(asset)/resources/0", headers: ["Range": "bytes=10-109"])
        #expect(part.status == 206)
        #expect(part.body == whole.body[10..<110])
        #expect(part.header("Content-Range") == "bytes 10-109/\(whole.body.count)")
        let suffix = try await client.get("/api/assets/\(asset)/resources/0", headers: ["Range": "bytes=-16"])
        #expect(suffix.body == whole.body.suffix(16))
        let beyond = try await client.get("/api/assets/\(asset)/resources/0", headers: ["Range": "bytes=\(whole.body.count + 5)-"])
        #expect(beyond.status == 416)
        #expect(beyond.header("Content-Range") == "bytes */\(whole.body.count)")
        #expect(try await client.get("/api/assets/\(asset)/resources/7").status == 404)
    }
}

import Foundation
import LibraryService
import PhotoLibrary
import Testing

/// Change batches over HTTP: placeholders, atomicity, idempotency keys, roles, history.
@Suite(.serialized) struct ChangeRequestTests {
    @Test func aBatchWithPlaceholdersAppliesAtomically() async throws {
        let harness = try await ServiceHarness(photos: 3)
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let client = harness.client("member")
        let reply = try await client.post("/api/changes", ["operations": [
            ["op": "createAlbum", "placeholder": "trip", "title": "Trip"],
            ["op": "editCollection", "collection": "$trip", "add": [assets[0], String(assets[2].prefix(36))]],
            ["op": "editAsset", "asset": assets[1], "isFavorite": true],
        ]])
        #expect(reply.status == 200)
        let album = try #require((reply.json["placeholders"] as? [String: String])?["trip"])
        let token = try #require(reply.json["changeToken"] as? Int)
        #expect(Int64(token) == (try harness.library.currentChangeToken()))
        let albumRow = try #require(try harness.library.collectionRowIDs(CollectionQuery(scope: .identifiers([album], kind: nil))).first)
        #expect(try harness.library.assetCount(collectionRowID: albumRow) == 2)

        // One bad operation: nothing of the batch happens.
        let before = try harness.library.currentChangeToken()
        let failing = try await client.post("/api/changes", ["operations": [
            ["op": "editAsset", "asset": assets[2], "isFavorite": true],
            ["op": "editAsset", "asset": UUID().uuidString, "isHidden": true],
        ]])
        #expect(failing.status == 404)
        #expect(try harness.library.currentChangeToken() == before)

        for (body, slug) in [(["operations": []], "bad-request"), (["operations": [["op": "explode"]]], "bad-request"),
                             (["operations": [["op": "editAsset", "asset": "x", "isFavorite": true]]], "invalid-identifier"),
                             (["operations": [["op": "trashAssets", "assets": [assets[0]], "extra": 1]]], "bad-request")] as [([String: Any], String)] {
            let bad = try await client.post("/api/changes", body)
            #expect(bad.status == 400)
            #expect(bad.problemType == slug)
        }
        #expect(try harness.library.currentChangeToken() == before)
    }

    @Test func anIdempotencyKeyMakesARetryApplyOnce() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let body = ["operations": [["op": "createAlbum", "placeholder": "a", "title": "Once"]]]
        let first = try await client.post("/api/changes", body, headers: ["Idempotency-Key": "retry-1"])
        let second = try await client.post("/api/changes", body, headers: ["Idempotency-Key": "retry-1"])
        #expect(first.status == 200 && second.status == 200)
        #expect(second.header("Idempotent-Replayed") == "true")
        #expect(first.json["changeToken"] as? Int == second.json["changeToken"] as? Int)
        #expect(first.json["placeholders"] as? [String: String] == second.json["placeholders"] as? [String: String])
        let albums = try harness.library.collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.album, subtype: nil)))
        #expect(albums.count == 1)

        let reused = try await client.post("/api/changes", ["operations": [["op": "createAlbum", "placeholder": "a", "title": "Other"]]],
                                           headers: ["Idempotency-Key": "retry-1"])
        #expect(reused.status == 422)
        #expect(reused.problemType == "idempotency-key-reused")
        // Keys belong to their account: another account's same key is a new request.
        let other = try await harness.client("admin").post("/api/changes", body, headers: ["Idempotency-Key": "retry-1"])
        #expect(other.header("Idempotent-Replayed") == nil)
    }

    @Test func concurrentRetriesWithOneKeyApplyOnce() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let body = ["operations": [["op": "createAlbum", "placeholder": "a", "title": "Raced"]]]
        let replies = try await withThrowingTaskGroup(of: HTTPClient.Reply.self) { group in
            for _ in 0..<6 { group.addTask { try await client.post("/api/changes", body, headers: ["Idempotency-Key": "race"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.allSatisfy { $0.status == 200 }, "\(replies.map { "\($0.status) \($0.text)" })")
        #expect(Set(replies.compactMap { $0.json["changeToken"] as? Int }).count == 1)
        #expect(try harness.library.collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.album, subtype: nil))).count == 1)
    }

    @Test func rolesDecideWhoChangesWhatAndDestructiveChangesAreAudited() async throws {
        let harness = try await ServiceHarness(photos: 2)
        defer { Task { await harness.stop() } }
        let asset = try harness.assetIdentifiers()[0]
        let trash = ["operations": [["op": "trashAssets", "assets": [asset]]]]
        let purge = ["operations": [["op": "purgeAssets", "assets": [asset]]]]
        #expect(try await harness.client("viewer").post("/api/changes", trash).status == 403)
        #expect(try await harness.client("member").post("/api/changes", trash).status == 200)
        #expect(try await harness.client("member").post("/api/changes", purge).status == 403)
        #expect(try await harness.client("admin").post("/api/changes", purge).status == 200)
        #expect(try harness.library.assetRowIDs(identifiers: [asset]).isEmpty)
        let actions = try harness.library.auditLog().map { "\($0.username) \($0.action)" }
        #expect(actions.prefix(2) == ["admin assets.purge", "member assets.trash"])
    }

    @Test func historyListsEveryCommitAfterAToken() async throws {
        let harness = try await ServiceHarness(photos: 2)
        defer { Task { await harness.stop() } }
        let start = try harness.library.currentChangeToken()
        let asset = try harness.assetIdentifiers()[0]
        for favourite in [true, false, true] {
            try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: asset, AssetEdits(isFavorite: favourite))]))
        }
        let history = try await harness.client("viewer").get("/api/changes?since=\(start)")
        let changes = history.json["changes"] as? [[String: Any]] ?? []
        #expect(changes.compactMap { $0["token"] as? Int }.map(Int64.init) == [start + 1, start + 2, start + 3])
        #expect(changes.allSatisfy { (($0["assets"] as? [String: Any])?["updated"] as? [String]) == [asset] })
        #expect(try await harness.client("viewer").get("/api/changes?since=\(start + 99)").problemType == "token-expired")
        #expect(try await harness.client("viewer").get("/api/changes").status == 400)
    }
}

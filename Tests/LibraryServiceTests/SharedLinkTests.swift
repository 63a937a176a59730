import Foundation
import LibraryService
import PhotoLibrary
import Testing

/// A shared link reaches its album's visible assets and nothing else, until revoked.
@Suite(.serialized) struct SharedLinkTests {
    @Test func aLinkSeesOnlyItsAlbum() async throws {
        let harness = try await ServiceHarness(photos: 4)
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let member = harness.client("member")
        let made = try await member.post("/api/changes", ["operations": [
            ["op": "createAlbum", "placeholder": "a", "title": "Holiday"],
            ["op": "editCollection", "collection": "$a", "add": [assets[0], assets[1], assets[2]]],
            ["op": "editAsset", "asset": assets[2], "isHidden": true],
        ]])
        let album = try #require((made.json["placeholders"] as? [String: String])?["a"])
        let encoded = album.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try await harness.client("viewer").post("/api/collections/\(encoded)/links", [String: Any]()).status == 403)
        let link = try await member.post("/api/collections/\(encoded)/links", ["expiresInDays": 7])
        #expect(link.status == 201)
        let url = try #require(link.json["url"] as? String)
        let id = try #require(link.json["id"] as? Int)

        let visitor = harness.client()   // no account at all
        let info = try await visitor.get(url)
        #expect(info.json["title"] as? String == "Holiday")
        #expect(info.json["estimatedAssetCount"] as? Int == 2)   // the hidden one is not shown
        let page = try await visitor.get("\(url)/assets")
        let shown = (page.json["assets"] as? [[String: Any]] ?? []).compactMap { $0["localIdentifier"] as? String }
        #expect(Set(shown) == Set(assets.prefix(2)))
        let thumbnailURL = try #require((page.json["assets"] as? [[String: Any]])?.first?["thumbnailURL"] as? String)
        #expect(thumbnailURL.hasPrefix(url))
        #expect(try await visitor.get(thumbnailURL).status == 200)
        #expect(try await visitor.get("\(url)/assets/\(assets[0].prefix(36))/resources/0").status == 200)
        // Outside the album (or hidden in it): as if it did not exist.
        for outside in [assets[3], assets[2]] {
            #expect(try await visitor.get("\(url)/assets/\(outside.prefix(36))").status == 404)
            #expect(try await visitor.get("\(url)/assets/\(outside.prefix(36))/image").status == 404)
            #expect(try await visitor.get("\(url)/assets/\(outside.prefix(36))/resources/0").status == 404)
        }
        // The link is no account: the rest of the API stays closed.
        #expect(try await visitor.get("/api/assets/\(assets[3].prefix(36))").status == 401)
        #expect(try await visitor.get("/api/shared/not-a-secret").status == 404)

        #expect(try await harness.client("viewer").delete("/api/links/\(id)").status == 403)
        let revoked = try await member.delete("/api/links/\(id)")
        #expect(revoked.status == 204, "\(revoked.text)")
        #expect(try await visitor.get(url).status == 404)
        #expect(try harness.library.auditLog().map(\.action).prefix(2) == ["link.revoke", "link.create"])
    }

    @Test func aPasswordProtectedLinkAsksForItsPassword() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let asset = try harness.assetIdentifiers()[0]
        let made = try await harness.client("member").post("/api/changes", ["operations": [
            ["op": "createAlbum", "placeholder": "a", "title": "Private"], ["op": "editCollection", "collection": "$a", "add": [asset]]]])
        let album = try #require((made.json["placeholders"] as? [String: String])?["a"]).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let link = try await harness.client("member").post("/api/collections/\(album)/links", ["password": "open sesame please"])
        let url = try #require(link.json["url"] as? String)
        let visitor = harness.client()
        #expect(try await visitor.get(url).problemType == "link-password-required")
        #expect(try await visitor.get(url, headers: ["X-Link-Password": "wrong guess!"]).problemType == "wrong-link-password")
        #expect(try await visitor.get(url, headers: ["X-Link-Password": "open sesame please"]).status == 200)
        #expect(try await visitor.get("\(url)/assets", headers: ["X-Link-Password": "open sesame please"]).json["count"] as? Int == 1)
    }
}

/// A shared album's change stream tells its viewers how the album changed, and nothing about the rest.
@Suite(.serialized) struct SharedLinkStreamTests {
    @Test func theStreamCarriesOnlyTheAlbumsChanges() async throws {
        let harness = try await ServiceHarness(photos: 3)
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let made = try await harness.client("member").post("/api/changes", ["operations": [
            ["op": "createAlbum", "placeholder": "a", "title": "Live"], ["op": "editCollection", "collection": "$a", "add": [assets[0]]]]])
        let album = try #require((made.json["placeholders"] as? [String: String])?["a"])
        let link = try await harness.client("member").post("/api/collections/\(album.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)/links", [String: Any]())
        let url = try #require(link.json["url"] as? String)
        let stream = try await SSEClient.open(port: harness.baseURL.port!, path: "\(url)/stream", headers: [:])
        #expect(try await stream.events(until: "ready").last?.data["count"] as? Int == 1)

        // A change outside the album says nothing; adding to the album is an insertion at the end.
        let outside = try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: assets[2], AssetEdits(isFavorite: true))]))
        let inside = try harness.library.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: nil, members: [.add([assets[1]])])]))
        let event = try #require(try await stream.events(until: "change").last)
        #expect(event.id == inside.token)
        #expect(event.id != outside.token)
        #expect(event.data["inserted"] as? [Int] == [1])
        #expect(event.data["count"] as? Int == 2)
        #expect(!String(describing: event.data).contains(assets[2]))
    }
}

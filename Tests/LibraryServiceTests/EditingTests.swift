import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// Editing over HTTP by PhotoKit's rules: an editor that understands the adjustment data resumes from the
/// original; one that does not stacks on the current version; reverting returns to the original.
@Suite(.serialized) struct EditingTests {
    @Test func editorsResumeOrStackAndRevertReturnsToTheOriginal() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let asset = try harness.assetIdentifiers()[0]
        let id = String(asset.prefix(36))
        let originalSHA = try harness.library.resources(assetRowID: try harness.library.assetRowIDs(identifiers: [asset])[0])[0].sha256

        // Never edited: the input is the original.
        let first = try await client.get("/api/assets/\(id)/edit/input")
        #expect(first.header("X-Edit-Base") == "original")
        #expect(ContentDigest.sha256Hex(first.body) == originalSHA)
        let thumbnailBefore = try await client.get("/api/assets/\(id)/image").header("ETag")
        let sepia = Data("{\"sepia\":0.8}".utf8)
        #expect(try await commit(client, asset: id, render: FixtureImages.jpeg(width: 64, height: 48, seed: 1), format: "com.example.sepia", data: sepia, basedOn: "original").status == 200)
        let state = try await client.get("/api/assets/\(id)/edit")
        let adjustment = state.json["adjustment"] as? [String: Any]
        #expect(adjustment?["formatIdentifier"] as? String == "com.example.sepia")
        #expect(adjustment?["data"] as? String == sepia.base64EncodedString())
        #expect(state.json["hasAdjustments"] as? Bool == true)
        // The picture clients see follows the edit (the server's picture cache is emptied by the change).
        var thumbnailAfter = thumbnailBefore
        for _ in 0..<100 where thumbnailAfter == thumbnailBefore {
            thumbnailAfter = try await client.get("/api/assets/\(id)/image").header("ETag")
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(thumbnailAfter != nil && thumbnailAfter != thumbnailBefore)

        // The same editor understands its data: the original again. Another editor does not: the current render.
        let resumed = try await client.get("/api/assets/\(id)/edit/input?resume=true")
        #expect(resumed.header("X-Edit-Base") == "original")
        #expect(ContentDigest.sha256Hex(resumed.body) == originalSHA)
        let stacked = try await client.get("/api/assets/\(id)/edit/input?resume=false")
        #expect(stacked.header("X-Edit-Base") == "current")
        #expect(ContentDigest.sha256Hex(stacked.body) != originalSHA)
        #expect(try await commit(client, asset: id, render: FixtureImages.jpeg(width: 64, height: 48, seed: 2), format: "com.example.invert", data: Data("1".utf8), basedOn: "current").status == 200)

        let history = try await client.get("/api/assets/\(id)/edit").json["history"] as? [[String: Any]] ?? []
        #expect(history.map { $0["basedOnOriginal"] as? Bool } == [true, false])
        // Revert: the original is the current version again, byte for byte.
        #expect(try await client.post("/api/changes", ["operations": [["op": "revertContent", "asset": asset]]]).status == 200)
        let after = try await client.get("/api/assets/\(id)/edit/input")
        #expect(after.header("X-Edit-Base") == "original")
        #expect(try await client.get("/api/assets/\(id)/edit").json["adjustment"] == nil)
    }

    @Test func aTruncatedRenderChangesNothingAndIsConsumed() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let asset = try harness.assetIdentifiers()[0]
        let before = try harness.library.currentChangeToken()
        let whole = FixtureImages.jpeg(width: 400, height: 300, seed: 3)
        let reply = try await commit(client, asset: String(asset.prefix(36)), render: whole.prefix(whole.count / 2), format: "f", data: Data("x".utf8), basedOn: "original")
        #expect(reply.status == 422)
        #expect(reply.problemType == "invalid-resource")
        #expect(try harness.library.currentChangeToken() == before)
        #expect(try await harness.client("viewer").get("/api/assets/\(asset.prefix(36))/edit/input").header("X-Edit-Base") == "original")
        // Viewers cannot commit.
        #expect(try await commit(harness.client("viewer"), asset: String(asset.prefix(36)), render: whole, format: "f", data: Data(), basedOn: "original").status == 403)
    }

    private func commit(_ client: HTTPClient, asset: String, render: Data, format: String, data: Data, basedOn: String) async throws -> HTTPClient.Reply {
        let made = try await client.post("/api/uploads", ["filename": "render.jpg", "length": render.count])
        guard let upload = made.json["id"] as? String else { return made }
        _ = try await client.request("PATCH", "/api/uploads/\(upload)", body: render, headers: ["Upload-Offset": "0"])
        return try await client.post("/api/assets/\(asset)/edit", ["upload": upload, "basedOn": basedOn,
                                                                    "adjustment": ["formatIdentifier": format, "formatVersion": "1.0", "data": data.base64EncodedString()]])
    }
}

/// The built-in filter-chain editor over HTTP: previews for sliders, commits that resume like `photos edit`.
@Suite(.serialized) struct FilterEditingTests {
    @Test func previewsRenderAndCommitsResumeTheChain() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let asset = try harness.assetIdentifiers()[0]
        let id = String(asset.prefix(36))
        let sepia: [String: Any] = ["filters": [["name": "CISepiaTone", "parameters": ["inputIntensity": 0.8]]]]

        let preview = try await client.post("/api/assets/\(id)/preview", sepia)
        #expect(preview.status == 200)
        #expect(preview.header("Content-Type") == "image/jpeg")
        #expect(preview.body.prefix(2) == Data([0xFF, 0xD8]))
        #expect(try harness.library.currentEdit(assetRowID: try harness.library.assetRowIDs(identifiers: [asset])[0]) == nil)   // a preview changes nothing

        let first = try await client.post("/api/assets/\(id)/edit/filters", sepia)
        #expect(first.status == 200)
        #expect(first.json["renderedFrom"] as? String == "original")
        #expect(first.json["filters"] as? Int == 1)
        // A second edit appends to the stored chain and renders from the original again.
        let second = try await client.post("/api/assets/\(id)/edit/filters", ["filters": [["name": "CIVignette", "parameters": ["inputIntensity": 1.0]]]])
        #expect(second.json["filters"] as? Int == 2)
        #expect(second.json["renderedFrom"] as? String == "original")
        let state = try await client.get("/api/assets/\(id)/edit")
        let adjustment = try #require(state.json["adjustment"] as? [String: Any])
        #expect(adjustment["formatIdentifier"] as? String == "org.photokit-linux.filter-chain")
        let chain = try JSONSerialization.jsonObject(with: Data(base64Encoded: adjustment["data"] as! String)!) as? [String: Any]
        #expect((chain?["filters"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["CISepiaTone", "CIVignette"])
        // replace starts over.
        let replaced = try await client.post("/api/assets/\(id)/edit/filters", ["filters": [["name": "CIPhotoEffectNoir", "parameters": [String: Any]()]], "replace": true])
        #expect(replaced.json["filters"] as? Int == 1)

        for bad in [["filters": [["name": "CINoSuchFilter"]]], ["filters": [["name": "CISepiaTone", "parameters": ["inputNope": 1]]]],
                    ["filters": [["name": "CISepiaTone", "parameters": ["inputIntensity": "very"]]]], ["filters": [[String: Any]]()]] as [[String: Any]] {
            #expect(try await client.post("/api/assets/\(id)/preview", bad).status == 400)
        }
        #expect(try await harness.client("viewer").post("/api/assets/\(id)/preview", sepia).status == 403)
    }
}

import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// Members change what they uploaded or made; anyone with write access may favourite, hide and collect.
@Suite(.serialized) struct OwnershipTests {
    @Test func membersChangeOnlyTheirOwnUploadsAndAlbums() async throws {
        let harness = try await ServiceHarness(photos: 2)   // the member's uploads
        defer { Task { await harness.stop() } }
        // A second member, and a photo imported from the command line (no owner).
        try await AccountAdministration.createAccount(in: harness.library, username: "other", password: ServiceHarness.password, role: .member, cost: 4)
        let other = HTTPClient(base: harness.baseURL, token: try harness.library.createCredential(.token, accountID: try harness.library.account(named: "other")!.account.rowID).secret)
        let folder = harness.directory.appending("cli")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try FixtureImages.writeJPEG(to: folder.appendingPathComponent("cli.jpg"), width: 300, height: 200, seed: 77)
        let cliAsset = try #require(try Importer(library: harness.library).importItems(at: [folder]).createdAssetIdentifiers.first)
        let memberAssets = try harness.assetIdentifiers().filter { $0 != cliAsset }
        let member = harness.client("member")

        // Favourite and hide: anyone who may write.
        #expect(try await other.post("/api/changes", ["operations": [["op": "editAsset", "asset": memberAssets[0], "isFavorite": true]]]).status == 200)
        // Trashing, dating and editing someone else's photo: refused, and nothing changes.
        let before = try harness.library.currentChangeToken()
        for operation in [["op": "trashAssets", "assets": [memberAssets[0]]], ["op": "editAsset", "asset": memberAssets[0], "creationDate": "2001-01-01T00:00:00Z"],
                          ["op": "revertContent", "asset": memberAssets[0]]] as [[String: Any]] {
            let refused = try await other.post("/api/changes", ["operations": [operation]])
            #expect(refused.status == 403)
            #expect(refused.problemType == "not-permitted")
        }
        #expect(try await member.post("/api/changes", ["operations": [["op": "trashAssets", "assets": [cliAsset]]]]).problemType == "not-permitted")
        #expect(try harness.library.currentChangeToken() == before)
        // The owner may; so may an admin, on anything.
        #expect(try await member.post("/api/changes", ["operations": [["op": "trashAssets", "assets": [memberAssets[0]]]]]).status == 200)
        #expect(try await harness.client("admin").post("/api/changes", ["operations": [["op": "trashAssets", "assets": [cliAsset]]]]).status == 200)

        // Albums: a member's own album takes anyone's photos; another member cannot change or delete it.
        let made = try await member.post("/api/changes", ["operations": [["op": "createAlbum", "placeholder": "a", "title": "Mine"],
                                                                          ["op": "editCollection", "collection": "$a", "add": [memberAssets[1]]]]])
        let album = try #require((made.json["placeholders"] as? [String: String])?["a"])
        #expect(try await other.post("/api/changes", ["operations": [["op": "editCollection", "collection": album, "title": "Theirs"]]]).status == 403)
        #expect(try await other.post("/api/changes", ["operations": [["op": "deleteCollections", "collections": [album]]]]).status == 403)
        let own = try await other.post("/api/changes", ["operations": [["op": "createAlbum", "placeholder": "b", "title": "Other's"],
                                                                         ["op": "editCollection", "collection": "$b", "add": [memberAssets[1]]]]])
        #expect(own.status == 200)

        // Uploads belong to who uploaded them.
        let jpeg = FixtureImages.jpeg(width: 200, height: 100, seed: 5)
        let upload = try #require(try await other.post("/api/uploads", ["filename": "mine.jpg", "length": jpeg.count]).json["id"] as? String)
        let sent = try await other.request("PATCH", "/api/uploads/\(upload)", body: jpeg, headers: ["Upload-Offset": "0"])
        #expect(sent.status == 200 && sent.header("Upload-Offset") == String(jpeg.count), "PATCH: \(sent.status) \(sent.text)")
        let imported = try await other.post("/api/uploads/import", ["uploads": [upload]])
        let uploaded = try #require((imported.json["imported"] as? [String])?.first, "import: \(imported.status) \(imported.text)")
        #expect(try await member.post("/api/changes", ["operations": [["op": "trashAssets", "assets": [uploaded]]]]).status == 403)
        #expect(try await other.post("/api/changes", ["operations": [["op": "trashAssets", "assets": [uploaded]]]]).status == 200)
    }
}

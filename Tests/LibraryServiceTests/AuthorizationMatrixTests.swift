import Foundation
import LibraryService
import PhotoLibrary
import Testing

/// Every endpoint × every kind of caller: no session, viewer, member, admin, a revoked token.
@Suite(.serialized) struct AuthorizationMatrixTests {
    /// What a caller may do with an endpoint.
    enum Needs { case nothing, account, writer, admin }

    @Test func everyEndpointChecksWhoIsAsking() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let fullAsset = try harness.assetIdentifiers()[0]
        let asset = String(fullAsset.prefix(36))
        let albumID = try #require((try await harness.client("admin").post("/api/changes", ["operations": [["op": "createAlbum", "placeholder": "a", "title": "A"]]])
            .json["placeholders"] as? [String: String])?["a"])
        let album = albumID.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        // A fetch per role, made by that role, so reads of it can succeed.
        var fetches: [String: String] = [:]
        for role in ["viewer", "member", "admin"] {
            fetches[role] = try await harness.client(role).post("/api/fetches", ["entity": "assets"]).json["id"] as? String
        }
        let endpoints: [(method: String, path: (String) -> String, body: Any?, needs: Needs)] = [
            ("GET", { _ in "/api/health" }, nil, .nothing),
            ("GET", { _ in "/api/openapi.json" }, nil, .nothing),
            ("GET", { _ in "/metrics" }, nil, .admin),
            ("GET", { _ in "/api/session" }, nil, .account),
            ("GET", { _ in "/api/users" }, nil, .admin),
            ("POST", { _ in "/api/users" }, ["username": "u\(UUID().uuidString.prefix(8))", "password": ServiceHarness.password, "role": "viewer"], .admin),
            ("GET", { _ in "/api/tokens" }, nil, .account),
            ("POST", { _ in "/api/tokens" }, ["name": "x"], .account),
            ("GET", { _ in "/api/audit" }, nil, .admin),
            ("POST", { _ in "/api/fetches" }, ["entity": "assets"], .account),
            ("GET", { role in "/api/fetches/\(fetches[role] ?? "none")" }, nil, .account),
            ("GET", { role in "/api/fetches/\(fetches[role] ?? "none")/index?identifier=\(asset)" }, nil, .account),
            ("GET", { _ in "/api/assets/\(asset)" }, nil, .account),
            ("GET", { _ in "/api/assets/\(asset)/image?kind=thumbnail" }, nil, .account),
            ("GET", { _ in "/api/assets/\(asset)/resources" }, nil, .account),
            ("GET", { _ in "/api/assets/\(asset)/resources/0" }, nil, .account),
            ("GET", { _ in "/api/changes?since=0" }, nil, .account),
            ("GET", { _ in "/api/cameras" }, nil, .account),
            ("GET", { _ in "/api/memories" }, nil, .account),
            ("POST", { _ in "/api/changes" }, ["operations": [["op": "editAsset", "asset": asset, "isFavorite": true]]], .writer),
            ("POST", { _ in "/api/changes" }, ["operations": [["op": "purgeAssets", "assets": [UUID().uuidString]]]], .admin),
            ("GET", { _ in "/api/collections/\(album)" }, nil, .account),
            ("POST", { _ in "/api/collections/\(album)/links" }, [String: Any](), .writer),
            ("GET", { _ in "/api/collections/\(album)/links" }, nil, .writer),
            ("POST", { _ in "/api/uploads/check" }, ["sha256": [String(repeating: "a", count: 64)]], .writer),
            ("POST", { _ in "/api/uploads" }, ["filename": "a.jpg", "length": 10], .writer),
            ("POST", { _ in "/api/uploads/import" }, ["uploads": [UUID().uuidString]], .writer),
            // The PhotoKit back end (ServedLibrary).
            ("GET", { _ in "/api/photokit/library" }, nil, .account),
            ("POST", { _ in "/api/photokit/fetch" }, ["assets": ["scope": ["kind": "all"], "sort": [Any](), "includeHiddenAssets": false,
                                                                  "includeAllBurstAssets": false, "limit": 0]], .account),
            ("GET", { _ in "/api/photokit/history?after=0" }, nil, .account),
            ("GET", { _ in "/api/photokit/fetches/\(UUID().uuidString.lowercased())/ids" }, nil, .account),
            ("GET", { _ in "/api/photokit/wait?after=0&timeout=0" }, nil, .account),
            ("GET", { _ in "/api/photokit/assets/1/resources" }, nil, .account),
            ("GET", { _ in "/api/photokit/assets/1/derivatives/thumbnail?contentKey=00" }, nil, .account),
            ("GET", { _ in "/api/picker/sessions" }, nil, .admin),
            ("GET", { _ in "/api/photokit/collections/1/count" }, nil, .account),
            ("POST", { _ in "/api/photokit/cloud-identities" }, [fullAsset], .account),
            ("POST", { _ in "/api/photokit/changes" }, ["operations": [["op": "editAsset", "identifier": fullAsset, "edits": ["isFavorite": true]]]], .writer),
            ("POST", { _ in "/api/photokit/changes" }, ["operations": [["op": "purgeAssets", "identifiers": ["\(UUID().uuidString)/L0/001"]]]], .admin),
        ]
        let revoked = try harness.library.createCredential(.token, accountID: try harness.library.account(named: "admin")!.account.rowID).secret
        try harness.library.revokeCredential(secret: revoked)
        let callers: [(String?, String?)] = [(nil, nil), ("viewer", harness.tokens["viewer"]), ("member", harness.tokens["member"]),
                                             ("admin", harness.tokens["admin"]), ("revoked", revoked)]
        for (role, token) in callers {
            let client = HTTPClient(base: harness.baseURL, token: token)
            for endpoint in endpoints {
                let reply = try await client.request(endpoint.method, endpoint.path(role ?? ""), json: endpoint.body)
                let allowed: Bool
                switch (endpoint.needs, role) {
                case (.nothing, "revoked"): allowed = false   // a bad token is refused everywhere, never treated as anonymous
                case (.nothing, _): allowed = true
                case (_, nil), (_, "revoked"): allowed = false
                case (.account, _): allowed = true
                case (.writer, let role): allowed = role != "viewer"
                case (.admin, let role): allowed = role == "admin"
                }
                let label = "\(endpoint.method) \(endpoint.path(role ?? "")) as \(role ?? "anonymous") → \(reply.status)"
                if allowed {
                    // Allowed callers get past authorization (a 404 for purging an unknown asset is the core speaking).
                    #expect(![401, 403].contains(reply.status), "\(label)")
                } else {
                    #expect(reply.status == (role == nil || role == "revoked" ? 401 : 403), "\(label)")
                    #expect(reply.header("Content-Type") == "application/problem+json", "\(label)")
                }
            }
        }
    }
}

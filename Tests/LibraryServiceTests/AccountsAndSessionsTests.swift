import Foundation
import LibraryService
import PhotoLibrary
import Testing

/// First-run setup, signing in and out, CSRF, sign-in throttling, API tokens and account management, over HTTP.
@Suite(.serialized) struct AccountsAndSessionsTests {
    @Test func firstRunSetupCreatesTheOwnerOnce() async throws {
        let harness = try await ServiceHarness(photos: 0, accounts: false)
        defer { Task { await harness.stop() } }
        let anonymous = harness.client()
        #expect(try await anonymous.get("/api/health").json["needsSetup"] as? Bool == true)

        let wrong = try await anonymous.post("/api/setup", ["setupToken": "nope", "username": "owner", "password": ServiceHarness.password])
        #expect(wrong.status == 403)
        #expect(wrong.problemType == "invalid-setup-token")
        #expect(wrong.header("Content-Type") == "application/problem+json")
        #expect(try harness.library.accountCount() == 0)

        let short = try await anonymous.post("/api/setup", ["setupToken": harness.service.setupToken, "username": "owner", "password": "short"])
        #expect(short.status == 400)

        let created = try await anonymous.post("/api/setup", ["setupToken": harness.service.setupToken, "username": "owner", "password": ServiceHarness.password])
        #expect(created.status == 201)
        let cookie = try #require(created.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect((created.json["account"] as? [String: Any])?["role"] as? String == "admin")

        let again = try await anonymous.post("/api/setup", ["setupToken": harness.service.setupToken, "username": "second", "password": ServiceHarness.password])
        #expect(again.status == 409)
        #expect(try harness.library.accounts().map(\.username) == ["owner"])
        #expect(try harness.library.auditLog().first?.action == "account.setup")
    }

    @Test func sessionCookieNeedsCSRFTokenToChangeAnything() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let login = try await harness.client().post("/api/session", ["username": "member", "password": ServiceHarness.password])
        #expect(login.status == 200)
        let secret = try #require(login.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let csrf = try #require(login.json["csrfToken"] as? String)
        var session = harness.client()
        session.cookie = secret

        #expect(try await session.get("/api/session").status == 200)
        let asset = try harness.assetIdentifiers()[0]
        let change = ["operations": [["op": "editAsset", "asset": asset, "isFavorite": true]]]
        let forged = try await session.post("/api/changes", change)
        #expect(forged.status == 403)
        #expect(forged.problemType == "csrf")
        #expect(try harness.library.assets(rowIDs: harness.library.assetRowIDs(identifiers: [asset])).first?.value.isFavorite == false)

        session.csrf = csrf
        #expect(try await session.post("/api/changes", change).status == 200)

        let logout = try await session.request("DELETE", "/api/session")
        #expect(logout.status == 204)
        let after = try await session.get("/api/session")
        #expect(after.status == 401)
        #expect(after.problemType == "session-expired")
    }

    @Test func repeatedWrongPasswordsAreThrottled() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let client = harness.client()
        for _ in 0..<5 {
            let reply = try await client.post("/api/session", ["username": "viewer", "password": "wrong password"])
            #expect(reply.status == 401)
            #expect(reply.problemType == "invalid-credentials")
        }
        let throttled = try await client.post("/api/session", ["username": "viewer", "password": ServiceHarness.password])
        #expect(throttled.status == 429)
        #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 > 0)
        // An unknown name answers like a wrong password (no account enumeration).
        let unknown = try await harness.client().post("/api/session", ["username": "nobody", "password": ServiceHarness.password])
        #expect(unknown.status == 429 || unknown.problemType == "invalid-credentials")
    }

    @Test func apiTokensCanBeMadeListedAndRevoked() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let member = harness.client("member")
        let made = try await member.post("/api/tokens", ["name": "backup script", "expiresInDays": 30])
        #expect(made.status == 201)
        let secret = try #require(made.json["token"] as? String)
        let id = try #require(made.json["id"] as? Int)
        let listed = try await member.get("/api/tokens").json["tokens"] as? [[String: Any]] ?? []
        #expect(listed.contains { $0["name"] as? String == "backup script" && $0["token"] == nil })

        let script = HTTPClient(base: harness.baseURL, token: secret)
        #expect(try await script.get("/api/session").status == 200)
        #expect(try await harness.client("viewer").delete("/api/tokens/\(id)").status == 404)   // not the viewer's token
        #expect(try await member.delete("/api/tokens/\(id)").status == 204)
        let revoked = try await script.get("/api/session")
        #expect(revoked.status == 401)
        #expect(revoked.problemType == "invalid-token")
    }

    @Test func onlyAdminsManageAccountsAndTheLastAdminStays() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let newUser: [String: Any] = ["username": "guest", "password": ServiceHarness.password, "role": "viewer"]
        #expect(try await harness.client("member").post("/api/users", newUser).status == 403)
        #expect(try await harness.client("admin").post("/api/users", newUser).status == 201)
        #expect(try await harness.client("admin").post("/api/users", newUser).status == 409)
        let guest = try await harness.client().post("/api/session", ["username": "GUEST", "password": ServiceHarness.password])
        #expect(guest.status == 200)   // names compare without case
        #expect(try await harness.client("admin").delete("/api/users/admin").status == 409)
        #expect(try await harness.client("admin").delete("/api/users/guest").status == 204)
        let audit = try await harness.client("admin").get("/api/audit").json["entries"] as? [[String: Any]] ?? []
        #expect(audit.map { $0["action"] as? String } .prefix(2) == ["account.remove", "account.create"])
        #expect(try await harness.client("member").get("/api/audit").status == 403)
    }
}

import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// First-run setup and signing in and out:
    /// `POST /api/setup` (the one-time setup token creates the owner), `POST /api/session` (sign in: sets the
    /// session cookie and returns the CSRF token), `GET /api/session`, `DELETE /api/session`.
    func addSessionRoutes(to router: Router<APIContext>) {
        router.post("/api/setup") { request, context -> Response in
            let body = try await JSONBody.decode(SetupBody.self, from: request, context: context)
            guard self.needsSetup else { throw Problem(.conflict, "already-set-up", "The library already has an owner: sign in instead") }
            guard Self.constantTimeEqual(body.setupToken, self.setupToken) else {
                throw Problem(.forbidden, "invalid-setup-token", "The setup token is not the one `photos serve` printed")
            }
            try Passwords.validate(body.password)
            let hash = await self.passwords.hash(body.password)
            let account = try self.library.createAccount(username: body.username, passwordHash: hash, role: .admin, onlyIfFirst: true,
                                                         audit: AuditEntry(accountID: nil, username: body.username, action: "account.setup", detail: body.username))
            return try self.startSession(for: account, status: .created)
        }

        router.post("/api/session") { request, context -> Response in
            let body = try await JSONBody.decode(LoginBody.self, from: request, context: context)
            let keys = ["ip:\(context.clientAddress)", "user:\(body.username.lowercased())"]
            if let wait = self.throttle.retryAfter(keys) {
                var problem = Problem(.tooManyRequests, "too-many-attempts", "Too many failed sign-ins; try again in \(wait) s")
                problem.headers[.retryAfter] = String(wait)
                throw problem
            }
            let stored = try self.library.account(named: body.username)
            guard await self.passwords.verify(body.password, hash: stored?.passwordHash), let account = stored?.account else {
                self.throttle.recordFailure(keys)
                throw Problem(.unauthorized, "invalid-credentials", "Unknown account name or wrong password")
            }
            self.throttle.recordSuccess(keys)
            return try self.startSession(for: account, status: .ok)
        }

        router.get("/api/session") { _, context -> Response in
            let account = try context.requireAccount()
            var csrf: String?
            if case .session(let secret) = context.authentication { csrf = Library.csrfToken(forSession: secret) }
            return try JSONBody.response(SessionJSON(account: AccountJSON(account), csrfToken: csrf))
        }

        router.delete("/api/session") { _, context -> Response in
            _ = try context.requireAccount()
            guard case .session(let secret) = context.authentication else {
                throw Problem.badRequest("Only a session can be ended here; revoke API tokens with DELETE /api/tokens/{id}")
            }
            try self.library.revokeCredential(secret: secret)
            self.credentials.removeAll()
            return Response(status: .noContent, headers: [.setCookie: SessionCookie.clearing])
        }
    }

    private func startSession(for account: Account, status: HTTPResponse.Status) throws -> Response {
        let (secret, _) = try library.createCredential(.session, accountID: account.rowID)
        return try JSONBody.response(SessionJSON(account: AccountJSON(account), csrfToken: Library.csrfToken(forSession: secret)),
                                     status: status, headers: [.setCookie: SessionCookie.setting(secret, secure: usesTLS)])
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

struct SetupBody: StrictBody {
    var setupToken: String
    var username: String
    var password: String
    static let fields: Set<String> = ["setupToken", "username", "password"]
}

struct LoginBody: StrictBody {
    var username: String
    var password: String
    static let fields: Set<String> = ["username", "password"]
}

struct AccountJSON: Codable {
    var username: String
    var role: AccountRole
    var createdDate: Date
    init(_ account: Account) { username = account.username; role = account.role; createdDate = account.createdDate }
}

struct SessionJSON: Codable {
    var account: AccountJSON
    /// Send back in `X-CSRF-Token` with every signed-in change (absent for API tokens, which need none).
    var csrfToken: String?
}

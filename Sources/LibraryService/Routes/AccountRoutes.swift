import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// Accounts (admins), API tokens (each account its own) and the audit log (admins):
    /// `GET/POST /api/users`, `DELETE /api/users/{username}`, `GET/POST /api/tokens`, `DELETE /api/tokens/{id}`,
    /// `GET /api/audit`.
    func addAccountRoutes(to router: Router<APIContext>) {
        router.get("/api/users") { _, context -> Response in
            _ = try context.requireAdmin()
            return try JSONBody.response(["users": try self.library.accounts().map(AccountJSON.init)])
        }
        router.post("/api/users") { request, context -> Response in
            let admin = try context.requireAdmin()
            let body = try await JSONBody.decode(NewUserBody.self, from: request, context: context)
            try Passwords.validate(body.password)
            let hash = await self.passwords.hash(body.password)
            let account = try self.library.createAccount(username: body.username, passwordHash: hash, role: body.role,
                                                         audit: AuditEntry(accountID: admin.rowID, username: admin.username, action: "account.create",
                                                                           detail: "\(body.username) (\(body.role.rawValue))"))
            return try JSONBody.response(AccountJSON(account), status: .created)
        }
        router.delete("/api/users/:username") { _, context -> Response in
            let admin = try context.requireAdmin()
            let username = try context.parameters.require("username")
            try self.library.removeAccount(named: username, audit: AuditEntry(accountID: admin.rowID, username: admin.username,
                                                                              action: "account.remove", detail: username))
            self.credentials.removeAll()
            return Response(status: .noContent)
        }

        router.get("/api/tokens") { _, context -> Response in
            let account = try context.requireAccount()
            return try JSONBody.response(["tokens": try self.library.apiTokens(accountID: account.rowID).map(TokenJSON.init)])
        }
        router.post("/api/tokens") { request, context -> Response in
            let account = try context.requireAccount()
            let body = try await JSONBody.decode(NewTokenBody.self, from: request, context: context)
            try body.validate()
            let (secret, credential) = try self.library.createCredential(.token, accountID: account.rowID, name: body.name,
                                                                         lifetime: body.expiresInDays.map { TimeInterval($0) * 86400 })
            var json = TokenJSON(credential)
            json.token = secret
            return try JSONBody.response(json, status: .created)
        }
        router.delete("/api/tokens/:id") { _, context -> Response in
            let account = try context.requireAccount()
            guard let id = Int64(try context.parameters.require("id")) else { throw Problem.badRequest("A token id is a number") }
            guard try self.library.revokeCredential(rowID: id, accountID: account.rowID) else { throw Problem.notFound("No API token \(id) for this account") }
            self.credentials.removeAll()
            return Response(status: .noContent)
        }

        router.get("/api/audit") { request, context -> Response in
            _ = try context.requireAdmin()
            let limit = try Self.intParameter(request, "limit", default: 100, range: 1...1000)
            return try JSONBody.response(["entries": try self.library.auditLog(limit: limit).map(AuditJSON.init)])
        }
    }

    /// An integer query parameter within a range; 400 names it when it is malformed or out of range.
    static func intParameter(_ request: Request, _ name: String, default value: Int, range: ClosedRange<Int>) throws(Problem) -> Int {
        guard let text = request.uri.queryParameters[name[...]] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw Problem.badRequest("Query parameter '\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

struct NewUserBody: StrictBody {
    var username: String
    var password: String
    var role: AccountRole
    static let fields: Set<String> = ["username", "password", "role"]
}

struct NewTokenBody: StrictBody {
    var name: String
    var expiresInDays: Int?
    static let fields: Set<String> = ["name", "expiresInDays"]

    /// 400 unless the name has 1 to 100 characters and the expiry (when given) is 1 to 3650 days.
    func validate() throws(Problem) {
        guard (1...100).contains(name.count) else { throw Problem.badRequest("A token name has 1 to 100 characters") }
        if let days = expiresInDays, !(1...3650).contains(days) { throw Problem.badRequest("expiresInDays must be 1 to 3650") }
    }
}

struct TokenJSON: Codable {
    var id: Int64
    var name: String
    var createdDate: Date
    var expiresDate: Date?
    /// The secret, present only in the answer that created it.
    var token: String?
    init(_ credential: Credential) {
        id = credential.rowID; name = credential.name; createdDate = credential.createdDate; expiresDate = credential.expiresDate
    }
}

struct AuditJSON: Codable {
    var date: Date
    var username: String
    var action: String
    var detail: String
    init(_ entry: AuditEntry) { date = entry.date; username = entry.username; action = entry.action; detail = entry.detail }
}

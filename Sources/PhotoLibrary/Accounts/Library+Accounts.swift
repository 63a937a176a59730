import Foundation
import GRDB

extension Library {
    /// How long a login session lasts.
    public static let sessionLifetime: TimeInterval = 14 * 24 * 3600

    /// How many accounts exist (0 before the owner is set up).
    public func accountCount() throws(LibraryError) -> Int {
        try read { try Int.fetchOne($0, sql: "SELECT count(*) FROM account") ?? 0 }
    }

    /// Every account, by name.
    public func accounts() throws(LibraryError) -> [Account] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Account.columns) FROM account ORDER BY username COLLATE NOCASE").map(Account.init(row:))
        }
    }

    /// The account with a login name (any case) and its stored password hash.
    public func account(named username: String) throws(LibraryError) -> (account: Account, passwordHash: String)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Account.columns), password_hash FROM account WHERE username = ?", arguments: [username]) else { return nil }
            return (Account(row: row), row[4])
        }
    }

    /// Creates an account. `passwordHash` is the caller's adaptive hash of the password (the service uses
    /// bcrypt); names are 1–64 letters, digits, `.`, `_`, `-` or `@`. `onlyIfFirst` makes the creation fail
    /// unless no account exists yet (first-run setup, race-free across processes).
    @discardableResult
    public func createAccount(username: String, passwordHash: String, role: AccountRole, onlyIfFirst: Bool = false,
                              audit: AuditEntry? = nil) throws(LibraryError) -> Account {
        try Self.validate(username: username)
        return try write { db in
            if onlyIfFirst, try Int.fetchOne(db, sql: "SELECT count(*) FROM account") ?? 0 > 0 {
                throw LibraryError(.changeNotSupported, "The library already has an owner")
            }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE username = ?)", arguments: [username]) ?? false {
                throw LibraryError(.changeNotSupported, "An account named '\(username)' already exists")
            }
            let now = Date().timeIntervalSince1970
            try db.execute(sql: "INSERT INTO account (username, password_hash, role, created_date) VALUES (?, ?, ?, ?)",
                           arguments: [username, passwordHash, role.rawValue, now])
            let account = Account(rowID: db.lastInsertedRowID, username: username, role: role, createdDate: Date(timeIntervalSince1970: now))
            if let audit { try Self.insert(audit, db) }
            return account
        }
    }

    /// Removes an account with its sessions and tokens. The last admin cannot be removed.
    public func removeAccount(named username: String, audit: AuditEntry? = nil) throws(LibraryError) {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, role FROM account WHERE username = ?", arguments: [username]) else {
                throw LibraryError(.identifierNotFound, "No account named '\(username)'")
            }
            let role: String = row[1]
            if role == AccountRole.admin.rawValue,
               try Int.fetchOne(db, sql: "SELECT count(*) FROM account WHERE role = 'admin'") ?? 0 <= 1 {
                throw LibraryError(.changeNotSupported, "'\(username)' is the last admin: make another admin first")
            }
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [row[0] as Int64])
            if let audit { try Self.insert(audit, db) }
        }
    }

    /// Replaces an account's password hash and ends its sessions (API tokens stay).
    public func setPasswordHash(_ passwordHash: String, forAccount accountID: Int64) throws(LibraryError) {
        try write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE id = ?", arguments: [passwordHash, accountID])
            guard db.changesCount == 1 else { throw LibraryError(.identifierNotFound, "The account no longer exists") }
            try db.execute(sql: "DELETE FROM credential WHERE account_id = ? AND kind = 'session'", arguments: [accountID])
        }
    }

    // MARK: Sessions and API tokens

    /// Makes a session or API token for an account; returns the secret (shown once, never stored) and the
    /// credential. Sessions expire after `sessionLifetime`; tokens when `lifetime` says (nil: never).
    public func createCredential(_ kind: Credential.Kind, accountID: Int64, name: String = "",
                                 lifetime: TimeInterval? = nil, appGrantID: Int64? = nil) throws(LibraryError) -> (secret: String, credential: Credential) {
        let secret = Self.randomSecret()
        let now = Date()
        let expires = (kind == .session ? Self.sessionLifetime : lifetime).map { now.addingTimeInterval($0) }
        let rowID = try write { db in
            try db.execute(sql: "DELETE FROM credential WHERE expires_date IS NOT NULL AND expires_date < ?", arguments: [now.timeIntervalSince1970])
            try db.execute(sql: "INSERT INTO credential (account_id, kind, secret_hash, name, created_date, expires_date, app_grant_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           arguments: [accountID, kind.rawValue, Self.secretHash(secret), name, now.timeIntervalSince1970, expires?.timeIntervalSince1970, appGrantID])
            return db.lastInsertedRowID
        }
        return (secret, Credential(rowID: rowID, accountID: accountID, kind: kind, name: name, createdDate: now, expiresDate: expires, appGrantID: appGrantID))
    }

    /// The account a presented secret belongs to, or nil when it is unknown, of another kind or expired.
    public func authenticate(secret: String, kind: Credential.Kind, now: Date = Date()) throws(LibraryError) -> (Account, Credential)? {
        guard !secret.isEmpty, secret.count <= 256 else { return nil }
        return try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT a.id, a.username, a.role, a.created_date, c.id, c.name, c.created_date, c.expires_date, c.app_grant_id
                FROM credential c JOIN account a ON a.id = c.account_id WHERE c.secret_hash = ? AND c.kind = ?
                """, arguments: [Self.secretHash(secret), kind.rawValue]) else { return nil }
            let expires = (row[7] as Double?).map(Date.init(timeIntervalSince1970:))
            if let expires, expires < now { return nil }
            let account = Account(row: row)
            return (account, Credential(rowID: row[4], accountID: account.rowID, kind: kind, name: row[5],
                                        createdDate: Date(timeIntervalSince1970: row[6]), expiresDate: expires, appGrantID: row[8]))
        }
    }

    /// An account's API tokens (never their secrets).
    public func apiTokens(accountID: Int64) throws(LibraryError) -> [Credential] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_date, expires_date FROM credential WHERE account_id = ? AND kind = 'token' ORDER BY id",
                             arguments: [accountID]).map {
                Credential(rowID: $0[0], accountID: accountID, kind: .token, name: $0[1], createdDate: Date(timeIntervalSince1970: $0[2]),
                           expiresDate: ($0[3] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// Ends a session or revokes a token, by secret. Returns false when it did not exist.
    @discardableResult
    public func revokeCredential(secret: String) throws(LibraryError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM credential WHERE secret_hash = ?", arguments: [Self.secretHash(secret)])
            return db.changesCount > 0
        }
    }

    /// Revokes one of an account's credentials by row id. Returns false when the account has no such credential.
    @discardableResult
    public func revokeCredential(rowID: Int64, accountID: Int64) throws(LibraryError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM credential WHERE id = ? AND account_id = ?", arguments: [rowID, accountID])
            return db.changesCount > 0
        }
    }

    // MARK: Audit log

    /// Appends to the audit log on its own (for actions that are not change batches).
    public func appendAudit(_ entry: AuditEntry) throws(LibraryError) {
        try write { try Self.insert(entry, $0) }
    }

    /// The newest audit entries first.
    public func auditLog(limit: Int = 100) throws(LibraryError) -> [AuditEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT date, account_id, username, action, detail FROM audit_log ORDER BY id DESC LIMIT ?", arguments: [limit]).map {
                AuditEntry(date: Date(timeIntervalSince1970: $0[0]), accountID: $0[1], username: $0[2], action: $0[3], detail: $0[4])
            }
        }
    }

    static func insert(_ entry: AuditEntry, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO audit_log (date, account_id, username, action, detail) VALUES (?, ?, ?, ?, ?)",
                       arguments: [entry.date.timeIntervalSince1970, entry.accountID, entry.username, entry.action, entry.detail])
    }

    // MARK: Secrets

    /// 256 random bits from the system's cryptographic generator, base64url without padding.
    static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// What is stored for a secret: its SHA-256 (the secret has 256 bits of entropy, so no slow hash is needed).
    static func secretHash(_ secret: String) -> String { SHA256Hasher.hex(of: Data(secret.utf8)) }

    static func validate(username: String) throws(LibraryError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@")
        guard (1...64).contains(username.count), username.allSatisfy(allowed.contains) else {
            throw LibraryError(.invalidIdentifier, "An account name is 1 to 64 letters, digits, '.', '_', '-' or '@'")
        }
    }
}

extension Library {
    /// The CSRF token of a session: derived from the session's secret (so nothing more is stored), sent by
    /// the client in a header that a cross-site form cannot set.
    public static func csrfToken(forSession secret: String) -> String {
        String(SHA256Hasher.hex(of: Data("csrf:\(secret)".utf8)).prefix(32))
    }
}

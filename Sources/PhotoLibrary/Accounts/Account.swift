import Foundation
import GRDB

/// Someone who may use the library through the service: a name, a role and a password hash.
public struct Account: Sendable, Hashable {
    /// The database row id.
    public var rowID: Int64
    /// The login name (unique, compared without regard to case).
    public var username: String
    public var role: AccountRole
    public var createdDate: Date
}

/// What an account may do.
///
/// - `admin`: everything, including accounts, purging Recently Deleted and the audit log (the owner is one).
/// - `member`: read the library, upload, organise, edit and delete (to Recently Deleted).
/// - `viewer`: read only.
public enum AccountRole: String, Sendable, CaseIterable, Codable {
    case admin, member, viewer

    /// May change the library.
    public var canWrite: Bool { self != .viewer }
    /// May manage accounts, erase for good and read the audit log.
    public var canAdminister: Bool { self == .admin }
}

/// A session or an API token of an account (the secret itself is shown once, when it is made).
public struct Credential: Sendable, Hashable {
    /// How the secret is presented.
    public enum Kind: String, Sendable { case session, token }
    public var rowID: Int64
    public var accountID: Int64
    public var kind: Kind
    /// A label for API tokens ("backup script"); empty for sessions.
    public var name: String
    public var createdDate: Date
    /// When the credential stops working; nil for tokens that never expire.
    public var expiresDate: Date?
    /// For an application's API token (`photos access token`): the application's grant row. Its requests are
    /// the application's, with the application's access.
    public var appGrantID: Int64? = nil
}

/// One destructive or administrative action, as the audit log keeps it.
public struct AuditEntry: Sendable, Hashable {
    public var date: Date
    /// The account that acted (nil when it has since been removed).
    public var accountID: Int64?
    public var username: String
    /// A short machine-readable verb, e.g. `assets.trash`, `assets.purge`, `account.create`.
    public var action: String
    /// What it acted on (identifiers, names).
    public var detail: String

    public init(date: Date = Date(), accountID: Int64?, username: String, action: String, detail: String) {
        self.date = date; self.accountID = accountID; self.username = username; self.action = action; self.detail = detail
    }
}

extension Account {
    static let columns = "id, username, role, created_date"
    init(row: Row) {
        rowID = row[0]
        username = row[1]
        role = AccountRole(rawValue: row[2]) ?? .viewer
        createdDate = Date(timeIntervalSince1970: row[3])
    }
}

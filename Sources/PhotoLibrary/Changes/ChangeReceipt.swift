import Foundation
import GRDB

/// Makes a retried change request apply once: the receipt is written in the batch's own transaction, so either
/// both the changes and the receipt are committed or neither is. A second request with the same scope and key
/// finds the receipt (`Library.changeReceipt(scope:key:)`) instead of applying again; a concurrent duplicate
/// fails on the receipt's primary key and rolls back whole.
public struct ChangeReceipt: Sendable, Hashable {
    /// Whose keys these are (the service uses the account), so clients cannot collide with each other.
    public var scope: String
    /// The client's idempotency key.
    public var key: String
    /// A digest of the request, so a key reused for a different request is recognised.
    public var requestHash: String
    /// What the first request answered (the service stores its JSON response body).
    public var response: String
    /// The change token the batch committed as (nil when it changed nothing); filled in when read back.
    public var changeToken: Int64?

    public init(scope: String, key: String, requestHash: String, response: String, changeToken: Int64? = nil) {
        self.scope = scope; self.key = key; self.requestHash = requestHash; self.response = response; self.changeToken = changeToken
    }

    /// How long receipts are kept: a retry after that applies again.
    public static let retention: TimeInterval = 24 * 3600

    func insert(token: Int64?, _ db: Database) throws {
        do {
            try db.execute(sql: "INSERT INTO change_receipt (scope, key, request_hash, response, change_token, created_date) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [scope, key, requestHash, response, token, Date().timeIntervalSince1970])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw LibraryError(.changeNotSupported, "A change with idempotency key '\(key)' was applied concurrently")
        }
    }
}

extension Library {
    /// The receipt of an earlier batch with this scope and key, if one was committed in the last day.
    public func changeReceipt(scope: String, key: String) throws(LibraryError) -> ChangeReceipt? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT request_hash, response, change_token, created_date FROM change_receipt WHERE scope = ? AND key = ?",
                                             arguments: [scope, key]) else { return nil }
            guard Date().timeIntervalSince1970 - (row[3] as Double) < ChangeReceipt.retention else { return nil }
            return ChangeReceipt(scope: scope, key: key, requestHash: row[0], response: row[1], changeToken: row[2])
        }
    }

    /// Drops receipts older than `ChangeReceipt.retention` (run when the library opens).
    func trimChangeReceipts() throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM change_receipt WHERE created_date < ?", arguments: [Date().timeIntervalSince1970 - ChangeReceipt.retention])
        }
    }
}

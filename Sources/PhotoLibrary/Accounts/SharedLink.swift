import Foundation
import GRDB

/// A read-only link to one album: whoever holds its secret sees that album's visible assets and nothing else,
/// until it expires or is revoked. A link may also ask for a password (stored as the caller's adaptive hash).
public struct SharedLink: Sendable, Hashable {
    public var rowID: Int64
    /// The album's row id.
    public var collectionID: Int64
    public var collectionIdentifier: String
    /// The account that made it (nil once that account is removed).
    public var createdBy: Int64?
    public var createdDate: Date
    public var expiresDate: Date?
    /// The password's hash when the link asks for one.
    public var passwordHash: String?
}

extension Library {
    /// Makes a link to a user album; returns the secret (shown once) and the link.
    public func createSharedLink(collectionIdentifier: String, createdBy: Int64?, lifetime: TimeInterval?, passwordHash: String?,
                                 audit: AuditEntry? = nil) throws(LibraryError) -> (secret: String, link: SharedLink) {
        let secret = Self.randomSecret()
        let now = Date()
        let link = try write { db -> SharedLink in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, kind, type FROM collection WHERE identifier = ?", arguments: [collectionIdentifier]) else {
                throw LibraryError(.identifierNotFound, "No album \(collectionIdentifier)")
            }
            guard row[1] as Int == CollectionRecord.Kind.assetCollection.rawValue, row[2] as Int == CollectionRaw.album else {
                throw LibraryError(.changeNotSupported, "Only user albums can be shared by link")
            }
            let expires = lifetime.map { now.addingTimeInterval($0) }
            try db.execute(sql: "INSERT INTO shared_link (secret_hash, collection_id, created_by, created_date, expires_date, password_hash) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [Self.secretHash(secret), row[0] as Int64, createdBy, now.timeIntervalSince1970, expires?.timeIntervalSince1970, passwordHash])
            let rowID = db.lastInsertedRowID
            if let audit { try Self.insert(audit, db) }
            return SharedLink(rowID: rowID, collectionID: row[0], collectionIdentifier: collectionIdentifier, createdBy: createdBy,
                              createdDate: now, expiresDate: expires, passwordHash: passwordHash)
        }
        return (secret, link)
    }

    /// The live link a secret opens, or nil when it is unknown, expired, revoked or its album is gone.
    public func sharedLink(secret: String, now: Date = Date()) throws(LibraryError) -> SharedLink? {
        guard !secret.isEmpty, secret.count <= 256 else { return nil }
        return try read { db in
            try Self.links(db, where: "l.secret_hash = ?", [Self.secretHash(secret)]).first { $0.expiresDate.map { $0 > now } ?? true }
        }
    }

    /// The links of an album.
    public func sharedLinks(collectionIdentifier: String) throws(LibraryError) -> [SharedLink] {
        try read { db in try Self.links(db, where: "c.identifier = ?", [collectionIdentifier]) }
    }

    /// Revokes a link by row id; `onlyBy` limits it to links that account made. Returns false when none matched.
    @discardableResult
    public func revokeSharedLink(rowID: Int64, onlyBy accountID: Int64?, audit: AuditEntry? = nil) throws(LibraryError) -> Bool {
        try write { db in
            if let accountID {
                try db.execute(sql: "DELETE FROM shared_link WHERE id = ? AND created_by = ?", arguments: [rowID, accountID])
            } else {
                try db.execute(sql: "DELETE FROM shared_link WHERE id = ?", arguments: [rowID])
            }
            guard db.changesCount > 0 else { return false }
            if let audit { try Self.insert(audit, db) }
            return true
        }
    }

    /// Whether an asset is one a fetch of the collection shows now (visible, not trashed): the one rule that
    /// decides what a shared link may reach.
    public func collection(_ collectionRowID: Int64, showsAsset assetRowID: Int64) throws(LibraryError) -> Bool {
        try read { db in
            let (sql, arguments) = try AssetQuery(scope: .collection(collectionRowID)).sql(db, restrictedTo: [assetRowID])
            return try !Self.fetchIDs(db, sql: sql, arguments: arguments).isEmpty
        }
    }

    private static func links(_ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible]) throws -> [SharedLink] {
        try Row.fetchAll(db, sql: """
            SELECT l.id, l.collection_id, c.identifier, l.created_by, l.created_date, l.expires_date, l.password_hash
            FROM shared_link l JOIN collection c ON c.id = l.collection_id WHERE \(condition) ORDER BY l.id
            """, arguments: StatementArguments(arguments)).map {
            SharedLink(rowID: $0[0], collectionID: $0[1], collectionIdentifier: $0[2], createdBy: $0[3], createdDate: Date(timeIntervalSince1970: $0[4]),
                       expiresDate: ($0[5] as Double?).map(Date.init(timeIntervalSince1970:)), passwordHash: $0[6])
        }
    }
}

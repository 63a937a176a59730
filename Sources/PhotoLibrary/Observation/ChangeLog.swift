import Foundation
import GRDB

/// The persistent change log: one row per committed transaction, written inside that transaction, so the
/// log and the library can never disagree. It drives change observation (in this process and others) and
/// persistent change history.
///
/// Tokens increase strictly (SQLite `AUTOINCREMENT`). Trimming removes old rows and raises the horizon:
/// history "since" a token older than the horizon is no longer complete and reads fail with `.tokenExpired`.
public enum ChangeLog {
    /// How many entries are kept; older ones are trimmed when the library opens.
    public static let retainedEntries: Int64 = 100_000

    /// Appends an entry for `changes`; returns its token. Does nothing (returns nil) for an empty change.
    @discardableResult
    static func append(_ changes: LibraryChanges, _ db: Database) throws -> Int64? {
        guard !changes.isEmpty else { return nil }
        let payload = try JSONEncoder().encode(LoggedChanges(changes))
        try db.execute(sql: "INSERT INTO change_log (committed_date, payload) VALUES (?, ?)",
                       arguments: [Date().timeIntervalSince1970, String(decoding: payload, as: UTF8.self)])
        return db.lastInsertedRowID
    }

    /// The newest token (0 for a library that never changed).
    public static func currentToken(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
    }

    /// The oldest token history can still be read from.
    public static func horizon(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM library_meta WHERE key = 'change_log_horizon'") ?? 0
    }

    /// A stable identifier of the library (tokens from another library are refused).
    public static func libraryIdentifier(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = 'identifier'") ?? ""
    }

    /// The entries after `token`, oldest first, up to `limit`. Throws `.tokenExpired` when `token` is older
    /// than the horizon.
    public static func entries(after token: Int64, limit: Int = .max, _ db: Database) throws -> [ChangeLogEntry] {
        let horizon = try horizon(db)
        guard token >= horizon else {
            throw LibraryError(.tokenExpired, "The change token \(token) is older than the oldest kept change history (\(horizon)); resynchronise")
        }
        return try rows(after: token, through: .max, limit: limit, db)
    }

    /// The changes between two tokens folded into one, or nil when history from `token` is gone.
    public static func changes(after token: Int64, through last: Int64, _ db: Database) throws -> LibraryChanges? {
        guard token >= (try horizon(db)) else { return nil }
        var folded = LibraryChanges()
        for entry in try rows(after: token, through: last, limit: .max, db) { folded.append(entry.changes) }
        return folded
    }

    /// Entries with `token < entry.token <= last`, oldest first, decoded.
    private static func rows(after token: Int64, through last: Int64, limit: Int, _ db: Database) throws -> [ChangeLogEntry] {
        let rows = try Row.fetchCursor(db, sql: "SELECT token, committed_date, payload FROM change_log WHERE token > ? AND token <= ? ORDER BY token LIMIT ?",
                                       arguments: [token, last, limit == .max ? -1 : limit])
        var entries: [ChangeLogEntry] = []
        let decoder = JSONDecoder()
        while let row = try rows.next() {
            let token: Int64 = row[0], payload: String = row[2]
            let changes = try DecodedChangeCache.shared.changes(token: token, payload: payload) { text in
                try decoder.decode(LoggedChanges.self, from: Data(text.utf8)).changes
            }
            entries.append(ChangeLogEntry(token: token, date: Date(timeIntervalSince1970: row[1]), changes: changes))
        }
        return entries
    }

    /// Keeps only the newest `keep` entries; raises the horizon to the newest trimmed token.
    public static func trim(keeping keep: Int64, _ db: Database) throws {
        let current = try currentToken(db)
        let cutoff = current - keep
        guard cutoff > (try horizon(db)) else { return }
        try db.execute(sql: "DELETE FROM change_log WHERE token <= ?", arguments: [cutoff])
        try db.execute(sql: "UPDATE library_meta SET value = ? WHERE key = 'change_log_horizon'", arguments: [String(cutoff)])
    }
}

/// One committed transaction in the change log.
public struct ChangeLogEntry: Sendable, Codable {
    public let token: Int64
    public let date: Date
    public let changes: LibraryChanges
}

/// The JSON form of a log entry's payload: per kind, `[rowid, identifier]` pairs.
struct LoggedChanges: Codable {
    struct Kind: Codable {
        var i: [Pair] = [], u: [Pair] = [], d: [Pair] = [], c: [Int64] = []
    }
    struct Pair: Codable {
        var id: Int64, identifier: String
        init(_ id: Int64, _ identifier: String) { self.id = id; self.identifier = identifier }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            id = try container.decode(Int64.self); identifier = try container.decode(String.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(id); try container.encode(identifier)
        }
    }
    var a = Kind(), ac = Kind(), cl = Kind()
    var r: Bool?

    init(_ changes: LibraryChanges) {
        func kind(_ c: ObjectChanges) -> Kind {
            Kind(i: c.inserted.sorted { $0.key < $1.key }.map { Pair($0.key, $0.value) },
                 u: c.updated.sorted { $0.key < $1.key }.map { Pair($0.key, $0.value) },
                 d: c.deleted.sorted { $0.key < $1.key }.map { Pair($0.key, $0.value) },
                 c: c.contentChanged.sorted())
        }
        a = kind(changes.assets); ac = kind(changes.assetCollections); cl = kind(changes.collectionLists)
        r = changes.isReset ? true : nil
    }

    var changes: LibraryChanges {
        func objects(_ k: Kind) -> ObjectChanges {
            var o = ObjectChanges()
            for p in k.i { o.inserted[p.id] = p.identifier }
            for p in k.u { o.updated[p.id] = p.identifier }
            for p in k.d { o.deleted[p.id] = p.identifier }
            o.contentChanged = Set(k.c)
            return o
        }
        var changes = LibraryChanges()
        changes.assets = objects(a); changes.assetCollections = objects(ac); changes.collectionLists = objects(cl)
        changes.isReset = r ?? false
        return changes
    }
}

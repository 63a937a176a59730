import Foundation
import GRDB

extension Library {
    /// Every application the library knows, by name.
    public func appGrants() throws(LibraryError) -> [AppGrant] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(AppGrant.columns) FROM app_grant g ORDER BY g.name COLLATE NOCASE, g.app_identifier").map(AppGrant.init(row:))
        }
    }

    /// The application with an identifier, if the library knows it.
    public func appGrant(identifier: String) throws(LibraryError) -> AppGrant? {
        try read { db in try Self.appGrant(identifier: identifier, db) }
    }

    /// The application a grant row belongs to (API tokens made for an application name it by row).
    public func appGrant(rowID: Int64) throws(LibraryError) -> AppGrant? {
        try read { db in try Row.fetchOne(db, sql: "SELECT \(AppGrant.columns) FROM app_grant g WHERE g.id = ?", arguments: [rowID]).map(AppGrant.init(row:)) }
    }

    static func appGrant(identifier: String, _ db: Database) throws -> AppGrant? {
        try Row.fetchOne(db, sql: "SELECT \(AppGrant.columns) FROM app_grant g WHERE g.app_identifier = ?", arguments: [identifier]).map(AppGrant.init(row:))
    }

    /// Records that an application asks for access (PhotoKit's `requestAuthorization(for:)`), and answers its
    /// grant as it now stands.
    ///
    /// A new application is `pending` until the owner decides. One the owner already decided about keeps its
    /// decision — unless its executable's bytes changed (`executableSHA256` differs from the one the decision
    /// was made for: it is another program now, and must be decided again), or it holds add-only access and now
    /// asks to read (a new question for the owner, who still sees the add-only grant in force).
    @discardableResult
    public func requestAppAccess(identifier: String, name: String, executablePath: String, executableSHA256: String,
                                 level: AppAccessLevel) throws(LibraryError) -> AppGrant {
        try Self.validate(appIdentifier: identifier)
        let now = Date().timeIntervalSince1970
        return try write { db in
            if let grant = try Self.appGrant(identifier: identifier, db) {
                if grant.executableSHA256.isEmpty {
                    try Self.bind(identifier, executablePath, executableSHA256, db)
                    if grant.status == .pending || (grant.status == .addOnly && level == .readWrite) {
                        try db.execute(sql: "UPDATE app_grant SET requested_level = ?, requested_date = ? WHERE id = ?",
                                       arguments: [level.rawValue, now, grant.rowID])
                    }
                } else if grant.executableSHA256 != executableSHA256 {
                    try db.execute(sql: """
                        UPDATE app_grant SET status = 'pending', executable_path = ?, executable_sha256 = ?, name = ?, requested_level = ?,
                        requested_date = ?, decided_date = NULL WHERE id = ?
                        """, arguments: [executablePath, executableSHA256, name, level.rawValue, now, grant.rowID])
                } else if grant.status == .pending || (grant.status == .addOnly && level == .readWrite) {
                    try db.execute(sql: "UPDATE app_grant SET requested_level = ?, requested_date = ? WHERE id = ?",
                                   arguments: [level.rawValue, now, grant.rowID])
                }
            } else {
                try db.execute(sql: """
                    INSERT INTO app_grant (app_identifier, name, executable_path, executable_sha256, status, requested_level, requested_date)
                    VALUES (?, ?, ?, ?, 'pending', ?, ?)
                    """, arguments: [identifier, name, executablePath, executableSHA256, level.rawValue, now])
            }
            return try Self.appGrant(identifier: identifier, db)!
        }
    }

    /// Binds an application granted in advance (by identifier, before it ever connected) to the first
    /// executable that presents its identifier. Does nothing once it is bound.
    public func bindAppExecutable(identifier: String, executablePath: String, executableSHA256: String) throws(LibraryError) {
        try write { db in try Self.bind(identifier, executablePath, executableSHA256, db) }
    }

    private static func bind(_ identifier: String, _ path: String, _ sha256: String, _ db: Database) throws {
        try db.execute(sql: "UPDATE app_grant SET executable_path = ?, executable_sha256 = ? WHERE app_identifier = ? AND executable_sha256 = ''",
                       arguments: [path, sha256, identifier])
    }

    /// The owner's decision about an application (`photos access grant/revoke`, the web app's prompt).
    /// `selection` (asset local identifiers) joins a limited application's selection; unknown identifiers are
    /// refused. An application the library has never heard from can be granted in advance, by identifier; it
    /// is then bound to the first executable that presents that identifier. Takes effect for every connection of
    /// the application within a second.
    @discardableResult
    public func decideAppAccess(identifier: String, status: AppAccessStatus, selection: [String] = [], name: String? = nil,
                                audit: AuditEntry? = nil) throws(LibraryError) -> AppGrant {
        try Self.validate(appIdentifier: identifier)
        guard status != .pending else { throw LibraryError(.changeNotSupported, "A decision cannot be 'pending'") }
        guard selection.isEmpty || status == .limited else {
            throw LibraryError(.changeNotSupported, "Assets are given only to applications with limited access")
        }
        let now = Date().timeIntervalSince1970
        let outcome: ChangeOutcome = try write { db in
            if try Self.appGrant(identifier: identifier, db) == nil {
                try db.execute(sql: "INSERT INTO app_grant (app_identifier, name, status) VALUES (?, ?, 'pending')",
                               arguments: [identifier, name ?? identifier])
            }
            try db.execute(sql: "UPDATE app_grant SET status = ?, decided_date = ? WHERE app_identifier = ?", arguments: [status.rawValue, now, identifier])
            if let audit { try Self.insert(audit, db) }
            let grant = try Self.appGrant(identifier: identifier, db)!
            return try Self.addToSelection(grant: grant.rowID, selection, db)
        }
        if outcome.token != nil { changeSignal.post() }
        return try appGrant(identifier: identifier)!
    }

    /// Gives a limited application more assets (the limited-library picker's answer). Answers the identifiers
    /// that were not in its selection before. Recorded as a change of those assets, so the application's fetches
    /// and change stream see them arrive.
    @discardableResult
    public func addToAppSelection(identifier: String, assets: [String]) throws(LibraryError) -> [String] {
        let outcome: (ChangeOutcome, [String]) = try write { db in
            guard let grant = try Self.appGrant(identifier: identifier, db) else { throw LibraryError(.identifierNotFound, "No application '\(identifier)'") }
            guard grant.status == .limited else {
                throw LibraryError(.changeNotSupported, "'\(grant.name)' does not have limited access; only a limited selection can grow")
            }
            let before = Set(try Int64.fetchAll(db, sql: "SELECT asset_id FROM app_selection WHERE grant_id = ?", arguments: [grant.rowID]))
            let outcome = try Self.addToSelection(grant: grant.rowID, assets, db)
            let added = try String.fetchAll(db, sql: "SELECT identifier FROM asset WHERE id IN (SELECT value FROM json_each(?))",
                                            arguments: [AssetQuery.jsonArray(Array(outcome.updatedAssets.subtracting(before)))])
            return (outcome, added)
        }
        if outcome.0.token != nil { changeSignal.post() }
        return outcome.1
    }

    /// Inserts assets into a grant's selection inside a write; logs the newly selected ones as updated.
    private static func addToSelection(grant: Int64, _ identifiers: [String], _ db: Database) throws -> ChangeOutcome {
        var outcome = ChangeOutcome()
        guard !identifiers.isEmpty else { return outcome }
        let rows = try Row.fetchAll(db, sql: "SELECT identifier, id FROM asset WHERE identifier IN (SELECT value FROM json_each(?))",
                                    arguments: [AssetQuery.jsonArray(identifiers)])
        let found = Dictionary(rows.map { ($0[0] as String, $0[1] as Int64) }, uniquingKeysWith: { a, _ in a })
        let unknown = identifiers.filter { found[$0] == nil }
        guard unknown.isEmpty else {
            throw LibraryError(.identifierNotFound, "No asset \(unknown.prefix(5).joined(separator: ", "))\(unknown.count > 5 ? " and \(unknown.count - 5) more" : "")")
        }
        try ChangeRecording.begin(db)
        for id in Set(found.values) {
            try db.execute(sql: "INSERT OR IGNORE INTO app_selection (grant_id, asset_id) VALUES (?, ?)", arguments: [grant, id])
            if db.changesCount > 0 { outcome.updatedAssets.insert(id) }
        }
        outcome.token = try ChangeRecording.finish(outcome, db)
        return outcome
    }

    /// Forgets an application: its grant, selection and tokens (its assets stay in the library). It asks again
    /// as a new application.
    public func forgetApp(identifier: String, audit: AuditEntry? = nil) throws(LibraryError) {
        try write { db in
            try db.execute(sql: "DELETE FROM app_grant WHERE app_identifier = ?", arguments: [identifier])
            guard db.changesCount == 1 else { throw LibraryError(.identifierNotFound, "No application '\(identifier)'") }
            if let audit { try Self.insert(audit, db) }
        }
    }

    /// Application identifiers: 1–255 printable characters without control characters.
    static func validate(appIdentifier: String) throws(LibraryError) {
        guard !appIdentifier.isEmpty, appIdentifier.utf8.count <= 255,
              appIdentifier.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
            throw LibraryError(.invalidIdentifier, "An application identifier is 1–255 printable characters")
        }
    }
}

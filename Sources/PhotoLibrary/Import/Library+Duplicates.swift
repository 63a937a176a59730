import Foundation
import GRDB

extension Library {
    /// True when a resource with this content (lower-case hex SHA-256) belongs to an asset that is not in
    /// Recently Deleted. The importer uses it to skip files the library already holds.
    ///
    /// ```swift
    /// if try library.hasResource(sha256: digest) { print("already imported") }
    /// ```
    public func hasResource(sha256: String) throws(LibraryError) -> Bool {
        try !resourceHashesPresent([sha256]).isEmpty
    }

    /// The subset of `hashes` that resources of non-trashed assets already have (one query for a whole batch),
    /// among the assets `readScope` may see.
    public func resourceHashesPresent(_ hashes: some Collection<String>, visibleIn readScope: ReadScope = .everything) throws(LibraryError) -> Set<String> {
        guard !hashes.isEmpty else { return [] }
        return try read { db in try DuplicateContent.present(hashes, db, scope: readScope.assetCondition()) }
    }
}

/// The one duplicate rule, shared by the importer's early check and the write transaction's decisive one:
/// content is already in the library when a resource of an asset that is not in Recently Deleted has its SHA-256.
enum DuplicateContent {
    /// The subset of `hashes` (lower-case hex SHA-256) that resources of non-trashed assets have.
    static func present(_ hashes: some Collection<String>, _ db: Database, scope: String? = nil) throws -> Set<String> {
        guard !hashes.isEmpty else { return [] }
        return Set(try String.fetchAll(db, sql: """
            SELECT DISTINCT r.sha256 FROM resource r JOIN asset a ON a.id = r.asset_id
            WHERE a.trashed_date IS NULL AND r.sha256 IN (SELECT value FROM json_each(?))\(scope.map { " AND \($0)" } ?? "")
            """, arguments: [AssetQuery.jsonArray(Array(hashes))]))
    }
}

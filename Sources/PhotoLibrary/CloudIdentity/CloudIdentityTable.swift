import Foundation
import GRDB

/// Cloud identities that differ from an asset's own: an asset's global identity is the UUID of its local
/// identifier unless it arrived with another one (an import that found the identity an exporting library wrote
/// beside the file), which this table keeps. Rows go with their asset (`ON DELETE CASCADE`).
enum CloudIdentityTable {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE cloud_identity (
                asset_id INTEGER PRIMARY KEY REFERENCES asset(id) ON DELETE CASCADE,
                identifier TEXT NOT NULL
            );
            CREATE INDEX cloud_identity_by_identifier ON cloud_identity(identifier);
            """)
    }

    /// Records `identifier` as the asset's identity when it is not the asset's own.
    static func record(_ identifier: String, assetRowID: Int64, localIdentifier: String, _ db: Database) throws {
        guard identifier != CloudIdentity.own(localIdentifier) else { return }
        try db.execute(sql: "INSERT OR REPLACE INTO cloud_identity (asset_id, identifier) VALUES (?, ?)", arguments: [assetRowID, identifier])
    }
}

import GRDB

/// Migration v6: programs that use the library through `photos serve` (applications), what their owner let
/// each of them do, the assets a limited application was given, and the albums it made.
///
/// `app_selection` deliberately has no foreign key to `asset`: row ids are never reused, so a purged asset's
/// selection row lets the service tell the application about the deletion (and nothing else reads it).
enum AppGrantTable {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE app_grant (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                app_identifier TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                executable_path TEXT NOT NULL DEFAULT '',
                executable_sha256 TEXT NOT NULL DEFAULT '',
                status TEXT NOT NULL CHECK (status IN ('pending', 'full', 'limited', 'add-only', 'denied')),
                requested_level TEXT CHECK (requested_level IN ('read-write', 'add-only')),
                requested_date REAL,
                decided_date REAL
            );
            CREATE TABLE app_selection (
                grant_id INTEGER NOT NULL REFERENCES app_grant(id) ON DELETE CASCADE,
                asset_id INTEGER NOT NULL,
                PRIMARY KEY (grant_id, asset_id)
            ) WITHOUT ROWID;
            CREATE TABLE app_collection (
                grant_id INTEGER NOT NULL REFERENCES app_grant(id) ON DELETE CASCADE,
                collection_id INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
                PRIMARY KEY (grant_id, collection_id)
            ) WITHOUT ROWID;
            ALTER TABLE credential ADD COLUMN app_grant_id INTEGER REFERENCES app_grant(id) ON DELETE CASCADE;
            """)
    }
}

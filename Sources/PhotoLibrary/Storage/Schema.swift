import Foundation
import GRDB

/// The library database's versioned migrations. Never edit a shipped migration: add a new one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: assets, resources, collections") { db in
            try db.execute(sql: """
                CREATE TABLE asset (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    media_type INTEGER NOT NULL,
                    media_subtypes INTEGER NOT NULL DEFAULT 0,
                    pixel_width INTEGER NOT NULL DEFAULT 0,
                    pixel_height INTEGER NOT NULL DEFAULT 0,
                    creation_date REAL,
                    modification_date REAL,
                    added_date REAL NOT NULL,
                    latitude REAL, longitude REAL, altitude REAL, location_date REAL,
                    duration REAL NOT NULL DEFAULT 0,
                    is_favorite INTEGER NOT NULL DEFAULT 0,
                    is_hidden INTEGER NOT NULL DEFAULT 0,
                    source_type INTEGER NOT NULL DEFAULT 1,
                    playback_style INTEGER NOT NULL DEFAULT 1,
                    playback_variation INTEGER NOT NULL DEFAULT 0,
                    burst_identifier TEXT,
                    burst_selection INTEGER NOT NULL DEFAULT 0,
                    represents_burst INTEGER NOT NULL DEFAULT 0,
                    -- 1 for burst frames that fetches hide unless includeAllBurstAssets.
                    burst_extra INTEGER NOT NULL DEFAULT 0,
                    has_adjustments INTEGER NOT NULL DEFAULT 0,
                    is_selfie INTEGER NOT NULL DEFAULT 0,
                    is_raw INTEGER NOT NULL DEFAULT 0,
                    uti TEXT NOT NULL,
                    trashed_date REAL,
                    moment_id INTEGER,
                    original_filename TEXT NOT NULL DEFAULT '',
                    camera_make TEXT, camera_model TEXT,
                    content_identifier TEXT
                );
                CREATE INDEX asset_visible_by_date ON asset(creation_date, id)
                    WHERE trashed_date IS NULL AND is_hidden = 0 AND burst_extra = 0;
                CREATE INDEX asset_visible_by_type_date ON asset(media_type, creation_date, id)
                    WHERE trashed_date IS NULL AND is_hidden = 0 AND burst_extra = 0;
                CREATE INDEX asset_favorites_by_date ON asset(creation_date, id)
                    WHERE is_favorite = 1 AND trashed_date IS NULL AND is_hidden = 0 AND burst_extra = 0;
                CREATE INDEX asset_by_added_date ON asset(added_date);
                CREATE INDEX asset_by_creation_date ON asset(creation_date);
                CREATE INDEX asset_by_burst ON asset(burst_identifier) WHERE burst_identifier IS NOT NULL;
                CREATE INDEX asset_by_moment ON asset(moment_id, creation_date);
                CREATE INDEX asset_trashed ON asset(trashed_date) WHERE trashed_date IS NOT NULL;
                CREATE INDEX asset_by_content_identifier ON asset(content_identifier) WHERE content_identifier IS NOT NULL;

                CREATE TABLE resource (
                    id INTEGER PRIMARY KEY,
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    type INTEGER NOT NULL,
                    uti TEXT NOT NULL,
                    original_filename TEXT NOT NULL,
                    path TEXT NOT NULL,
                    byte_count INTEGER NOT NULL,
                    sha256 TEXT NOT NULL,
                    pixel_width INTEGER NOT NULL DEFAULT 0,
                    pixel_height INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX resource_by_asset ON resource(asset_id);
                CREATE INDEX resource_by_hash ON resource(sha256);
                CREATE INDEX resource_by_path ON resource(path);

                CREATE TABLE collection (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    kind INTEGER NOT NULL,
                    type INTEGER NOT NULL,
                    subtype INTEGER NOT NULL,
                    title TEXT,
                    parent_id INTEGER REFERENCES collection(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL DEFAULT 0,
                    start_date REAL, end_date REAL,
                    latitude REAL, longitude REAL,
                    cached_count INTEGER NOT NULL DEFAULT 0,
                    creation_date REAL NOT NULL,
                    modification_date REAL,
                    cluster_list_id INTEGER,
                    year_list_id INTEGER
                );
                CREATE INDEX collection_by_type ON collection(kind, type, subtype);
                CREATE INDEX collection_by_parent ON collection(parent_id, position);
                CREATE INDEX collection_by_start ON collection(type, start_date) WHERE kind = 1;
                CREATE INDEX collection_by_cluster ON collection(cluster_list_id);
                CREATE INDEX collection_by_year ON collection(year_list_id);

                CREATE TABLE album_asset (
                    collection_id INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (collection_id, asset_id)
                ) WITHOUT ROWID;
                CREATE INDEX album_asset_order ON album_asset(collection_id, position);
                CREATE INDEX album_asset_by_asset ON album_asset(asset_id);
                """)
            try SmartAlbum.insertAll(db)
        }
        migrator.registerMigration("v2: row ids never reused, change log") { db in
            // Row ids name objects in fetch results and change history, so a deleted row's id must never
            // come back: rebuild the object tables with AUTOINCREMENT (SQLite's documented table rebuild;
            // foreign keys are off during the migration and checked before it commits).
            for table in ["asset", "collection"] { try rebuildWithAutoincrement(table, db) }
            try db.execute(sql: """
                CREATE TABLE change_log (
                    token INTEGER PRIMARY KEY AUTOINCREMENT,
                    committed_date REAL NOT NULL,
                    payload TEXT NOT NULL
                );
                CREATE TABLE library_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                INSERT INTO library_meta (key, value) VALUES ('change_log_horizon', '0');
                """)
            try db.execute(sql: "INSERT INTO library_meta (key, value) VALUES ('identifier', ?)", arguments: [UUID().uuidString])
        }
        migrator.registerMigration("v3: edit history") { db in try EditHistoryTable.create(db) }
        migrator.registerMigration("v4: accounts, credentials, audit log, change receipts") { db in try AccountsTable.create(db) }
        migrator.registerMigration("v5: cloud identities") { db in try CloudIdentityTable.create(db) }
        migrator.registerMigration("v6: application access grants") { db in try AppGrantTable.create(db) }
        migrator.registerMigration("v7: photo analysis, faces, people") { db in try AnalysisTable.create(db) }
        migrator.registerMigration("v8: projects") { db in try ProjectTable.create(db) }
        return migrator
    }

    /// Recreates `table` with `id INTEGER PRIMARY KEY AUTOINCREMENT`, keeping its rows, columns and indexes.
    static func rebuildWithAutoincrement(_ table: String, _ db: Database) throws {
        guard let definition = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
              definition.contains("id INTEGER PRIMARY KEY,") else { return }
        let indexes = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", arguments: [table])
        let rebuilt = definition
            .replacingOccurrences(of: "CREATE TABLE \(table) (", with: "CREATE TABLE \(table)_rebuilt (")
            .replacingOccurrences(of: "id INTEGER PRIMARY KEY,", with: "id INTEGER PRIMARY KEY AUTOINCREMENT,")
        try db.execute(sql: rebuilt)
        try db.execute(sql: "INSERT INTO \(table)_rebuilt SELECT * FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE \(table)_rebuilt RENAME TO \(table)")
        for index in indexes { try db.execute(sql: index) }
    }
}

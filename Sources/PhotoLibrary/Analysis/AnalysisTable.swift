import Foundation
import GRDB

/// The analysis tables (migration v7): what the pixels of each photo's current version were measured to be
/// (`asset_analysis`), the faces found in them (`face`) and the people those faces were grouped into (`person`).
///
/// Analysis is derived data: it is written outside the change log (observers are not told), and any of it can
/// be dropped and made again from the photos. Rows go with their asset (`ON DELETE CASCADE`); a person stays when
/// its faces go (its identifier is kept for when the person is seen again).
enum AnalysisTable {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE asset_analysis (
                asset_id INTEGER PRIMARY KEY REFERENCES asset(id) ON DELETE CASCADE,
                -- The asset's newest edit-history row id when analysed (0: never edited): an edit or a revert
                -- appends a row, so a different mark means the analysed version is no longer the current one.
                edit_mark INTEGER NOT NULL,
                content_key TEXT NOT NULL,
                analyser_version INTEGER NOT NULL,
                analysed_date REAL NOT NULL,
                failure TEXT,
                quality REAL, sharpness REAL, exposure REAL, noise REAL,
                perceptual_hash INTEGER,
                saliency_x REAL, saliency_y REAL, saliency_width REAL, saliency_height REAL
            );
            CREATE TABLE person (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                identifier TEXT NOT NULL UNIQUE,
                centroid BLOB NOT NULL,
                centroid_weight INTEGER NOT NULL,
                created_date REAL NOT NULL
            );
            CREATE TABLE face (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                x REAL NOT NULL, y REAL NOT NULL, width REAL NOT NULL, height REAL NOT NULL,
                confidence REAL NOT NULL,
                quality REAL NOT NULL,
                descriptor BLOB,
                person_id INTEGER REFERENCES person(id) ON DELETE SET NULL
            );
            CREATE INDEX face_by_asset ON face(asset_id);
            CREATE INDEX face_by_person ON face(person_id) WHERE person_id IS NOT NULL;
            """)
    }
}

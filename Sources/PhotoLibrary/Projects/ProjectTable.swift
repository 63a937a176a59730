import Foundation
import GRDB

/// The project table (migration v8): what makes an asset collection a project (`PHProject`).
///
/// A project is an album row (kind 1, type album, subtype regular) with a `project` row beside it; its assets are
/// album members (`album_asset`), so every asset fetch of a collection works on it unchanged. The row holds the
/// project's type (`PHProjectType`'s string), the extension that made it, the extension's own data (at most
/// `ProjectAttributes.extensionDataLimit` bytes), its preview (JPEG bytes), the project content it was created
/// from (`ProjectPlan` as JSON) and a key asset. It goes with its collection (`ON DELETE CASCADE`).
enum ProjectTable {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE project (
                collection_id INTEGER PRIMARY KEY REFERENCES collection(id) ON DELETE CASCADE,
                project_type TEXT NOT NULL,
                extension_identifier TEXT,
                extension_data BLOB NOT NULL DEFAULT x'',
                preview BLOB,
                plan BLOB,
                key_asset_id INTEGER REFERENCES asset(id) ON DELETE SET NULL
            );
            """)
    }
}

import Foundation
import GRDB

/// The `edit_history` table (migration v3): one row per committed edit or revert, written by the change
/// transaction that commits it and deleted with its asset (`ON DELETE CASCADE` when the asset is purged).
///
/// Change observation needs nothing more: the edit or revert itself logs its asset as updated with changed
/// content, and the change log's capture triggers watch only `asset` and `collection`, which this table's
/// cascade deletes never fire.
enum EditHistoryTable {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE edit_history (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                sequence INTEGER NOT NULL,
                date REAL NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('edit', 'revert')),
                format_identifier TEXT,
                format_version TEXT,
                based_on_original INTEGER NOT NULL DEFAULT 1,
                adjustment_byte_count INTEGER,
                rendered_pixel_width INTEGER NOT NULL DEFAULT 0,
                rendered_pixel_height INTEGER NOT NULL DEFAULT 0,
                UNIQUE (asset_id, sequence)
            );
            """)
        // Assets edited before history existed get one edit row for their current edit (details unknown).
        try db.execute(sql: """
            INSERT INTO edit_history (asset_id, sequence, date, kind, rendered_pixel_width, rendered_pixel_height)
            SELECT a.id, 1, COALESCE(a.modification_date, a.added_date), 'edit', MAX(r.pixel_width), MAX(r.pixel_height)
            FROM asset a JOIN resource r ON r.asset_id = a.id AND r.type IN (?, ?)
            WHERE a.has_adjustments = 1 GROUP BY a.id
            """, arguments: [ResourceType.fullSizePhoto.rawValue, ResourceType.fullSizeVideo.rawValue])
    }

    /// Records a committed edit of asset `assetID` (call inside the transaction that commits it).
    static func recordEdit(assetID: Int64, _ edit: ContentEdit, pixelWidth: Int, pixelHeight: Int, date: Double, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO edit_history (asset_id, sequence, date, kind, format_identifier, format_version, based_on_original,
                adjustment_byte_count, rendered_pixel_width, rendered_pixel_height)
            VALUES (?, (SELECT COALESCE(MAX(sequence), 0) + 1 FROM edit_history WHERE asset_id = ?), ?, 'edit', ?, ?, ?, ?, ?, ?)
            """, arguments: [assetID, assetID, date, edit.adjustment?.formatIdentifier, edit.adjustment?.formatVersion, edit.basedOnOriginal,
                             edit.adjustment?.data.count, pixelWidth, pixelHeight])
    }

    /// Records a committed revert of asset `assetID`.
    static func recordRevert(assetID: Int64, date: Double, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO edit_history (asset_id, sequence, date, kind)
            VALUES (?, (SELECT COALESCE(MAX(sequence), 0) + 1 FROM edit_history WHERE asset_id = ?), ?, 'revert')
            """, arguments: [assetID, assetID, date])
    }

    /// The asset's entries, oldest first.
    static func entries(assetID: Int64, _ db: Database) throws -> [EditHistoryEntry] {
        try Row.fetchAll(db, sql: """
            SELECT sequence, date, kind, format_identifier, format_version, based_on_original, adjustment_byte_count,
                   rendered_pixel_width, rendered_pixel_height
            FROM edit_history WHERE asset_id = ? ORDER BY sequence
            """, arguments: [assetID]).map { row in
            EditHistoryEntry(sequence: row[0], date: Date(timeIntervalSince1970: row[1]), kind: EditHistoryEntry.Kind(rawValue: row[2]) ?? .edit,
                             formatIdentifier: row[3], formatVersion: row[4], basedOnOriginal: row[5], adjustmentByteCount: row[6],
                             renderedPixelWidth: row[7], renderedPixelHeight: row[8])
        }
    }
}

extension Library {
    /// The edit history of an asset (trashed ones included), oldest first; empty when it was never edited.
    public func editHistory(assetRowID: Int64) throws(LibraryError) -> EditHistory {
        EditHistory(entries: try read { try EditHistoryTable.entries(assetID: assetRowID, $0) })
    }

    /// The edit history of the asset with a local identifier; throws `identifierNotFound` when there is none.
    public func editHistory(identifier: String) throws(LibraryError) -> EditHistory {
        guard let rowID = try assetRowIDs(identifiers: [identifier]).first else {
            throw LibraryError(.identifierNotFound, "No asset with identifier \(identifier)")
        }
        return try editHistory(assetRowID: rowID)
    }
}

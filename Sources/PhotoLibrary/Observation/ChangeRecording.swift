import Foundation
import GRDB

/// Turns what a transaction did (row ids by kind) into a `LibraryChanges` with local identifiers and logs it,
/// inside the transaction.
///
/// Identifiers of deleted rows are captured by temporary `AFTER DELETE` triggers on the writer connection
/// (installed on first use), so every deletion path — purges, folder trees, moment re-clustering — is covered.
enum ChangeRecording {
    /// Installs the capture triggers (idempotent) and forgets earlier captures; call at the start of a write.
    static func begin(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS deleted_object (id INTEGER NOT NULL, identifier TEXT NOT NULL, kind INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS written_collection (id INTEGER NOT NULL, inserted INTEGER NOT NULL);
            CREATE TEMP TRIGGER IF NOT EXISTS capture_deleted_asset AFTER DELETE ON main.asset
                BEGIN INSERT INTO deleted_object (id, identifier, kind) VALUES (OLD.id, OLD.identifier, 0); END;
            CREATE TEMP TRIGGER IF NOT EXISTS capture_deleted_collection AFTER DELETE ON main.collection
                BEGIN INSERT INTO deleted_object (id, identifier, kind) VALUES (OLD.id, OLD.identifier, OLD.kind); END;
            CREATE TEMP TRIGGER IF NOT EXISTS capture_inserted_collection AFTER INSERT ON main.collection
                BEGIN INSERT INTO written_collection (id, inserted) VALUES (NEW.id, 1); END;
            CREATE TEMP TRIGGER IF NOT EXISTS capture_updated_collection AFTER UPDATE ON main.collection
                WHEN OLD.title IS NOT NEW.title OR OLD.parent_id IS NOT NEW.parent_id OR OLD.position IS NOT NEW.position
                  OR OLD.start_date IS NOT NEW.start_date OR OLD.end_date IS NOT NEW.end_date OR OLD.cached_count IS NOT NEW.cached_count
                  OR OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude
                BEGIN INSERT INTO written_collection (id, inserted) VALUES (NEW.id, 0); END;
            DELETE FROM temp.deleted_object;
            DELETE FROM temp.written_collection;
            """)
    }

    /// Builds the changes for an outcome, appends them to the log and returns the token (nil when nothing changed).
    static func finish(_ outcome: ChangeOutcome, _ db: Database) throws -> Int64? {
        let changes = try libraryChanges(for: outcome, db)
        return try ChangeLog.append(changes, db)
    }

    static func libraryChanges(for outcome: ChangeOutcome, _ db: Database) throws -> LibraryChanges {
        var purged: [Int64: (String, Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, identifier, kind FROM temp.deleted_object") {
            purged[row[0]] = (row[1], row[2])
        }
        var changes = LibraryChanges()
        // Collections are also derived data (moments, lists, counts): every row inserted, deleted or changed in a
        // visible property counts, whichever code path wrote it, so the triggers' record is merged with what the
        // operations reported.
        var outcome = outcome
        for row in try Row.fetchAll(db, sql: "SELECT DISTINCT id, inserted FROM temp.written_collection") {
            if (row[1] as Int) == 1 { outcome.insertedCollections.insert(row[0]) } else { outcome.updatedCollections.insert(row[0]) }
        }
        for (id, entry) in purged where entry.1 != 0 { outcome.deletedCollections.insert(id) }

        // Assets: an id both inserted and deleted in one transaction never existed for observers.
        let insertedAssets = outcome.insertedAssets.subtracting(outcome.deletedAssets)
        let updatedAssets = outcome.updatedAssets.subtracting(outcome.insertedAssets).subtracting(outcome.deletedAssets)
        let deletedAssets = outcome.deletedAssets.subtracting(outcome.insertedAssets)
        let assetNames = try identifiers(table: "asset", Array(insertedAssets.union(updatedAssets).union(deletedAssets)), db)
        func assetName(_ id: Int64) -> String? { assetNames[id]?.0 ?? purged[id].flatMap { $0.1 == 0 ? $0.0 : nil } }
        for id in insertedAssets { if let name = assetName(id) { changes.assets.inserted[id] = name } }
        for id in updatedAssets { if let name = assetName(id) { changes.assets.updated[id] = name } }
        for id in deletedAssets { if let name = assetName(id) { changes.assets.deleted[id] = name } }
        changes.assets.contentChanged = outcome.contentChangedAssets.intersection(updatedAssets)

        let insertedCollections = outcome.insertedCollections.subtracting(outcome.deletedCollections)
        let updatedCollections = outcome.updatedCollections.subtracting(outcome.insertedCollections).subtracting(outcome.deletedCollections)
        let deletedCollections = outcome.deletedCollections.subtracting(outcome.insertedCollections)
        let collectionNames = try identifiers(table: "collection", Array(insertedCollections.union(updatedCollections).union(deletedCollections)), db)
        func place(_ id: Int64, _ keyPath: WritableKeyPath<ObjectChanges, [Int64: String]>) {
            // Deleted rows are gone from the table: the capture trigger kept their identifier and kind.
            guard let (name, kind) = collectionNames[id] ?? purged[id].flatMap({ $0.1 == 0 ? nil : $0 }) else { return }
            if kind == 2 { changes.collectionLists[keyPath: keyPath][id] = name } else { changes.assetCollections[keyPath: keyPath][id] = name }
        }
        insertedCollections.forEach { place($0, \.inserted) }
        updatedCollections.forEach { place($0, \.updated) }
        deletedCollections.forEach { place($0, \.deleted) }
        return changes
    }

    /// Identifier and kind (0 for assets) of existing rows.
    private static func identifiers(table: String, _ ids: [Int64], _ db: Database) throws -> [Int64: (String, Int)] {
        guard !ids.isEmpty else { return [:] }
        let kind = table == "asset" ? "0" : "kind"
        var result: [Int64: (String, Int)] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, identifier, \(kind) FROM \(table) WHERE id IN (SELECT value FROM json_each(?))",
                                       arguments: [AssetQuery.jsonArray(ids)])
        while let row = try rows.next() { result[row[0]] = (row[1], row[2]) }
        return result
    }
}

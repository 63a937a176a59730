import Foundation
import GRDB

extension Library {
    /// The row ids an asset query selects, in order. Holds ids only: objects are materialised on demand.
    public func assetRowIDs(_ query: AssetQuery) throws(LibraryError) -> [Int64] {
        try fetchRowIDs(query).ids
    }

    /// The row ids a collection query selects, in order.
    public func collectionRowIDs(_ query: CollectionQuery) throws(LibraryError) -> [Int64] {
        try fetchRowIDs(query).ids
    }

    /// Loads asset rows by row id (in any order; missing rows are simply absent).
    public func assets(rowIDs: some Collection<Int64>) throws(LibraryError) -> [Int64: AssetRecord] {
        try read { try Self.assets(rowIDs: Array(rowIDs), $0) }
    }

    /// Asset rows in the order of `rowIDs` (a vanished placeholder, `AssetRecord.vanished(rowID:)`, where a row
    /// no longer exists), in one read: what fetch results materialise their batches with.
    public func orderedAssets(rowIDs: [Int64]) throws(LibraryError) -> [AssetRecord] {
        try read { db in
            guard let low = rowIDs.min(), let high = rowIDs.max() else { return [] }
            guard let span = RowSpan.width(low, high), span < Int64(rowIDs.count) * 2 + 64 else {
                let records = try Self.assets(rowIDs: rowIDs, db)
                return rowIDs.map { records[$0] ?? .vanished(rowID: $0) }
            }
            // Compact ids: one range scan of the primary key, decoding only the wanted rows into their places.
            var place = [Int32](repeating: -1, count: Int(span) + 1)
            for (index, id) in rowIDs.enumerated() { place[Int(id - low)] = Int32(index) }
            var records = [AssetRecord?](repeating: nil, count: rowIDs.count)
            try RowIDReader.forEachRow(db, sql: "SELECT \(AssetRecord.columns) FROM asset WHERE id BETWEEN ? AND ?", arguments: [low, high]) { row in
                let index = place[Int(RowIDReader.int64(row, 0) - low)]
                if index >= 0 { records[Int(index)] = AssetRecord(statement: row) }
            }
            var ordered: [AssetRecord] = []
            ordered.reserveCapacity(rowIDs.count)
            for (index, id) in rowIDs.enumerated() { ordered.append(records[index].take() ?? .vanished(rowID: id)) }
            return ordered
        }
    }

    /// Asset rows by row id, read in `db`.
    static func assets(rowIDs: [Int64], _ db: Database) throws -> [Int64: AssetRecord] {
        var result: [Int64: AssetRecord] = [:]
        result.reserveCapacity(rowIDs.count)
        guard let low = rowIDs.min(), let high = rowIDs.max() else { return result }
        if let span = RowSpan.width(low, high), span < Int64(rowIDs.count) * 2 + 64 {
            // Compact ids (neighbours in most orders of a real library): one range scan of the primary key.
            let wanted = Set(rowIDs)
            try RowIDReader.forEachRow(db, sql: "SELECT \(AssetRecord.columns) FROM asset WHERE id BETWEEN ? AND ?", arguments: [low, high]) { row in
                guard wanted.contains(RowIDReader.int64(row, 0)) else { return }
                let record = AssetRecord(statement: row)
                result[record.rowID] = record
            }
            return result
        }
        try RowIDReader.forEachRow(db, sql: "SELECT \(AssetRecord.columns) FROM asset WHERE id IN (SELECT value FROM json_each(?))",
                                   arguments: [AssetQuery.jsonArray(rowIDs)]) { row in
            let record = AssetRecord(statement: row)
            result[record.rowID] = record
        }
        return result
    }

    /// Loads collection rows by row id.
    public func collections(rowIDs: some Collection<Int64>) throws(LibraryError) -> [Int64: CollectionRecord] {
        try read { try Self.collections(rowIDs: Array(rowIDs), $0) }
    }

    /// Collection rows by row id, read in `db`.
    static func collections(rowIDs: [Int64], _ db: Database) throws -> [Int64: CollectionRecord] {
        var result: [Int64: CollectionRecord] = [:]
        let cursor = try CollectionRecord.fetchCursor(db, sql: "SELECT \(CollectionRecord.columns) FROM collection WHERE id IN (SELECT value FROM json_each(?))",
                                                      arguments: [AssetQuery.jsonArray(rowIDs)])
        while let record = try cursor.next() { result[record.rowID] = record }
        try ProjectAttributes.attach(to: &result, db)
        return result
    }

    /// Row ids for local identifiers, in the given order (unknown identifiers are skipped).
    public func assetRowIDs(identifiers: [String]) throws(LibraryError) -> [Int64] {
        try read { db in
            let map = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT identifier, id FROM asset WHERE identifier IN (SELECT value FROM json_each(?))",
                                                                         arguments: [AssetQuery.jsonArray(identifiers)]).map { ($0[0] as String, $0[1] as Int64) })
            return identifiers.compactMap { map[$0] }
        }
    }

    /// The resources of an asset, primary first.
    public func resources(assetRowID: Int64) throws(LibraryError) -> [ResourceRecord] {
        try read { db in
            try ResourceRecord.fetchAll(db, sql: "SELECT \(ResourceRecord.columns) FROM resource WHERE asset_id = ? ORDER BY type, id", arguments: [assetRowID])
        }
    }

    /// How many assets a collection holds that `readScope` may see, counted live (albums, smart albums, moments).
    public func assetCount(collectionRowID: Int64, readScope: ReadScope = .everything) throws(LibraryError) -> Int {
        try read { db in
            var query = AssetQuery(scope: .collection(collectionRowID))
            query.readScope = readScope
            let (sql, arguments) = try query.sql(db)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: arguments) ?? 0
        }
    }

    /// Counts assets of a media type among row ids (for `PHFetchResult.countOfAssets(with:)`).
    public func countAssets(rowIDs: [Int64], mediaType: MediaType) throws(LibraryError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE media_type = ? AND id IN (SELECT value FROM json_each(?))",
                             arguments: [mediaType.rawValue, AssetQuery.jsonArray(rowIDs)]) ?? 0
        }
    }

    /// Steps a statement and collects its first column as row ids, without per-row allocation.
    static func fetchIDs(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Int64] {
        try RowIDReader.ids(db, sql: sql, arguments: arguments)
    }
}

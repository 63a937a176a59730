import Foundation
import GRDB
internal import GRDBSQLite

/// Reads query results over SQLite's C API: row ids in one pass with no row objects and no per-row allocation
/// (one growing `[Int64]`), and rows handed to a decoder as the raw statement. Every fetch of ids and every
/// batch a fetch result materialises runs through it.
enum RowIDReader {
    /// The ids `sql` selects, in its order. `capacity` is a size hint (the expected count, when known).
    static func ids(_ db: Database, sql: String, arguments: StatementArguments, capacity: Int = 0) throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(capacity)
        try forEachRow(db, sql: sql, arguments: arguments) { ids.append(sqlite3_column_int64($0, 0)) }
        return ids
    }

    /// Steps a (cached) statement, handing `body` the raw statement positioned on each row.
    static func forEachRow(_ db: Database, sql: String, arguments: StatementArguments, _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_ROW {
                try body(handle)
            } else if code == SQLITE_DONE {
                return
            } else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
        }
    }

    /// An integer column of the row a statement is on.
    static func int64(_ row: OpaquePointer, _ column: Int32) -> Int64 { sqlite3_column_int64(row, column) }
}

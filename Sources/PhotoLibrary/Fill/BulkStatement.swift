import Foundation
import GRDB
internal import GRDBSQLite

/// A prepared statement driven through SQLite's C API for bulk inserts: no per-row allocation of
/// argument arrays. Positional parameters are bound with `bind(_:_:)` (1-based), then `run()` steps and resets.
struct BulkStatement {
    let statement: Statement
    private var handle: OpaquePointer { statement.sqliteStatement }
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: Database, _ sql: String) throws {
        statement = try db.makeStatement(sql: sql)
    }

    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(handle, index, Int64(value)) }
    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
    func bind(_ index: Int32, _ value: Bool) { sqlite3_bind_int64(handle, index, value ? 1 : 0) }
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }
    func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }
    func bind(_ index: Int32, _ value: String?) {
        guard var value else { sqlite3_bind_null(handle, index); return }
        value.withUTF8 { buffer in
            _ = buffer.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), Self.transient)
            }
        }
    }

    /// Steps the statement once (an insert or update) and resets it for the next row.
    func run(_ db: Database) throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw LibraryError(.database, "Bulk write failed: \(String(cString: sqlite3_errmsg(db.sqliteConnection)))")
        }
    }

    /// Steps a query, handing each row's statement handle to `body`.
    func forEachRow(_ db: Database, _ body: (OpaquePointer) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw LibraryError(.database, "Bulk read failed: \(String(cString: sqlite3_errmsg(db.sqliteConnection)))")
            }
            try body(handle)
        }
    }

    static func int64(_ row: OpaquePointer, _ column: Int32) -> Int64? {
        sqlite3_column_type(row, column) == SQLITE_NULL ? nil : sqlite3_column_int64(row, column)
    }

    static func double(_ row: OpaquePointer, _ column: Int32) -> Double? {
        sqlite3_column_type(row, column) == SQLITE_NULL ? nil : sqlite3_column_double(row, column)
    }
}

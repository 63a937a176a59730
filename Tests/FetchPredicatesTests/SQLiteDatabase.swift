import CSQLite3
import Foundation
import FetchPredicates

/// A minimal SQLite wrapper for running compiled predicates in tests.
final class SQLiteDatabase {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var handle: OpaquePointer?

    init() throws {
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK else { throw Failure(description: "cannot open database") }
        try registerFoldingFunction()
    }

    deinit { sqlite3_close(handle) }

    private var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// Executes one or more statements without results.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw Failure(description: "\(text) in: \(sql)")
        }
    }

    /// Runs `sql` with bound `arguments`, returning the first column of each row as text.
    func strings(_ sql: String, _ arguments: [SQLValue] = []) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: "\(lastError) in: \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        guard Int(sqlite3_bind_parameter_count(statement)) == arguments.count else {
            throw Failure(description: "placeholder count \(sqlite3_bind_parameter_count(statement)) != \(arguments.count) in: \(sql)")
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32 = switch argument {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let i): sqlite3_bind_int64(statement, index, i)
            case .real(let d): sqlite3_bind_double(statement, index, d)
            case .text(let s): sqlite3_bind_text(statement, index, s, -1, transient)
            }
            guard rc == SQLITE_OK else { throw Failure(description: "bind failed: \(lastError)") }
        }
        var rows: [String] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw Failure(description: "\(lastError) in: \(sql)") }
            if let text = sqlite3_column_text(statement, 0) {
                rows.append(String(cString: text))
            } else {
                rows.append("NULL")
            }
        }
        return rows
    }

    /// Registers `pk_fold(text)`, which removes diacritics, for `[d]` comparisons.
    private func registerFoldingFunction() throws {
        let rc = sqlite3_create_function_v2(
            handle, "pk_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, count, values in
                guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
                      let text = sqlite3_value_text(value) else {
                    sqlite3_result_null(context)
                    return
                }
                let folded = String(cString: text).folding(options: .diacriticInsensitive, locale: nil)
                sqlite3_result_text(context, folded, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            },
            nil, nil, nil
        )
        guard rc == SQLITE_OK else { throw Failure(description: "cannot register pk_fold: \(lastError)") }
    }
}

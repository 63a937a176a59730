import Foundation
import DurableFiles
internal import CSQLiteFaults
import GRDB

/// The database side of `IOFaults`: `sqlite-write` and `sqlite-sync` rules of `PHOTOS_IO_FAULTS` fail SQLite's own
/// writes and flushes of the library's database files (main file, write-ahead log), through a VFS that wraps the
/// default one (`CSQLiteFaults`). Installed once, before the first database opens, and only when such rules exist;
/// armed (counting calls) once a library has opened, so the rules hit the operation under test, not the open's
/// own housekeeping (opening on a full disk has its own tests).
enum SQLiteFaults {
    private static let installed: Bool = {
        var any = false
        for rule in IOFaults.rules {
            let operation: csf_operation
            switch rule.operation {
            case .sqliteWrite: operation = CSF_WRITE
            case .sqliteSync: operation = CSF_SYNC
            default: continue
            }
            let code: Int32 = switch (rule.operation, rule.errorNumber) {
            case (_, ENOSPC), (_, EDQUOT): ResultCode.SQLITE_FULL.rawValue
            case (.sqliteSync, _): ResultCode.SQLITE_IOERR_FSYNC.rawValue
            default: ResultCode.SQLITE_IOERR_WRITE.rawValue
            }
            csf_add_rule(Int32(operation.rawValue), rule.nth, rule.sticky ? 1 : 0, code)
            any = true
        }
        if any { _ = csf_install() }
        return any
    }()

    /// Installs the failing VFS when the environment asks for database faults (once per process).
    static func installIfRequested() { _ = installed }

    /// Starts counting the database's writes and flushes against the rules.
    static func armIfRequested() { if installed { csf_arm() } }
}

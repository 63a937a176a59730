import Foundation
import GRDB

/// Whether a library can be written, and how to open its database when it cannot (a read-only mount, a folder
/// without write permission, a full disk): reading a library must never need a write.
enum LibraryAccess {
    static func databaseURL(_ root: URL) -> URL {
        root.appendingPathComponent("database", isDirectory: true).appendingPathComponent("Photos.sqlite")
    }

    static func databaseExists(_ root: URL) -> Bool { FileManager.default.fileExists(atPath: databaseURL(root).path) }

    /// An existing library whose folder or database folder this process cannot write.
    static func mustOpenForReading(_ root: URL) -> Bool {
        guard databaseExists(root) else { return false }
        return access(root.path, W_OK) != 0 || access(databaseURL(root).deletingLastPathComponent().path, W_OK) != 0
    }

    /// Whether `error` says the disk or file system refuses writes (full, read-only, permission), as opposed to a
    /// damaged library.
    static func isUnwritable(_ error: any Error) -> Bool {
        if let library = error as? LibraryError { return library.code == .notEnoughSpace }
        if let database = error as? DatabaseError {
            return [ResultCode.SQLITE_IOERR, .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_CANTOPEN].contains(database.resultCode.primaryResultCode)
        }
        let nsError = error as NSError
        let posix = nsError.domain == NSPOSIXErrorDomain ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        guard let posix, posix.domain == NSPOSIXErrorDomain else { return false }
        return [EROFS, ENOSPC, EACCES, EPERM, EDQUOT].contains(Int32(posix.code))
    }

    /// The database path for a read-only open: the file itself when its shared-memory file exists (SQLite can read
    /// a WAL database then), else an `immutable=1` URI (SQLite cannot create the `-shm` file; nothing can change
    /// the file where it is).
    static func readOnlyDatabasePath(_ root: URL) -> String {
        let path = databaseURL(root).path
        if FileManager.default.fileExists(atPath: path + "-shm") { return path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }
}

extension Library {
    /// The library's SQLite database (`database/Photos.sqlite`; its write-ahead log is beside it, `-wal`).
    package var databaseURL: URL { LibraryAccess.databaseURL(url) }
}

import Foundation
import GRDB

/// The one error type of the library core: a code, a message naming the problem, and an optional cause.
///
/// The `Photos` façade maps each code to a `PHPhotosError` code.
public struct LibraryError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in categories a caller can act on.
    public enum Code: String, Sendable {
        /// An identifier names nothing in this library.
        case identifierNotFound
        /// A string is not a valid local identifier.
        case invalidIdentifier
        /// A resource failed validation (not media, truncated, lying about its type, too large).
        case invalidResource
        /// A request needs a resource it was not given.
        case missingResource
        /// The disk is full.
        case notEnoughSpace
        /// The requested change is not allowed on this object (e.g. renaming a smart album).
        case changeNotSupported
        /// A fetch predicate or sort key is malformed or uses an unsupported key.
        case unsupportedPredicate
        /// The library directory or database is unusable.
        case libraryUnavailable
        /// A file-system operation failed.
        case io
        /// The database reported an error.
        case database
        /// The operation was cancelled.
        case cancelled
        /// A change-history token is older than the kept history (or belongs to another library).
        case tokenExpired
        /// The account making the change may not change this object (see `ActingAccount`).
        case notPermitted
        /// The library's owner denied this program access, or revoked it (a served library's application).
        case accessDenied
    }

    /// The category.
    public var code: Code
    /// A sentence naming the problem (and the file or identifier involved).
    public var message: String
    /// The underlying error, when one caused this.
    public var underlying: (any Error & Sendable)?

    /// Makes an error.
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        if let underlying { return "\(message) (\(underlying))" }
        return message
    }
}

extension LibraryError {
    /// Wraps any error thrown while talking to the database or file system: a full disk is `.notEnoughSpace`, a
    /// database error `.database`, anything else `.io`, each with `context` and the cause in plain words.
    package static func wrap(_ error: any Error, _ context: String) -> LibraryError {
        if let error = error as? LibraryError { return error }
        if isDiskFull(error) { return LibraryError(.notEnoughSpace, "\(context): the disk is full") }
        if let database = error as? DatabaseError {
            if database.resultCode.primaryResultCode == .SQLITE_FULL { return LibraryError(.notEnoughSpace, "\(context): the disk is full") }
            return LibraryError(.database, "\(context): \(describe(database))")
        }
        return LibraryError(.io, "\(context): \(FileErrorText.describe(error))", underlying: SendableBox(String(describing: error)))
    }

    /// Whether a failed write transaction may nevertheless be in the database file: an I/O error other than a full
    /// disk (a failing flush of the write-ahead log after its commit frame was written, typically). Its files must
    /// then be left to the next open's recovery rather than deleted.
    package static func commitMayHaveHeld(_ error: any Error) -> Bool {
        guard let database = error as? DatabaseError else { return false }
        return database.resultCode.primaryResultCode == .SQLITE_IOERR
    }

    /// The same error with more words at the end of its message.
    package func appending(_ text: String) -> LibraryError {
        LibraryError(code, message + text, underlying: underlying)
    }

    /// A database error in words, without the SQL statement GRDB's description carries.
    static func describe(_ error: DatabaseError) -> String {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_IOERR: "the disk reported an input/output error writing the database"
        case .SQLITE_READONLY: "the database cannot be written (a read-only file or file system)"
        case .SQLITE_BUSY, .SQLITE_LOCKED: "the database is busy (another process held its lock for too long)"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: "the database file is damaged"
        case .SQLITE_CANTOPEN: "the database file cannot be opened"
        case .SQLITE_CONSTRAINT: "the change breaks a rule of the database (\(error.message ?? "a constraint failed"))"
        default: "database error \(error.resultCode.rawValue)\(error.message.map { ": \($0)" } ?? "")"
        }
    }

    /// A failed system call's `errno` with `context`: `.notEnoughSpace` for a full disk or quota, else `code`, with
    /// the cause in plain words.
    package static func posix(_ number: Int32, _ context: String, code: Code = .io) -> LibraryError {
        if number == ENOSPC || number == EDQUOT { return LibraryError(.notEnoughSpace, "\(context): the disk is full") }
        return LibraryError(code, "\(context): \(FileErrorText.posix(number))")
    }

    /// Whether a file-system error means the disk (or the user's quota) is full: POSIX `ENOSPC` or `EDQUOT`, as
    /// such or underneath a Foundation error, or Foundation's out-of-space code. The one rule for every writer.
    package static func isDiskFull(_ error: any Error) -> Bool {
        let nsError = error as NSError
        let posix: NSError? = nsError.domain == NSPOSIXErrorDomain ? nsError
            : (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
        if let posix, posix.code == Int(ENOSPC) || posix.code == Int(EDQUOT) { return true }
        return nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileWriteOutOfSpaceError
    }

    /// The nearest existing ancestor of `url` that is not a directory (a path under a regular file), if any.
    static func fileAncestor(of url: URL) -> URL? {
        var current = url.deletingLastPathComponent()
        while current.path != "/" && !current.path.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : current
            }
            current.deleteLastPathComponent()
        }
        return nil
    }
}

/// A Sendable stand-in for a non-Sendable underlying error.
struct SendableBox: Error, CustomStringConvertible, Sendable {
    let text: String
    init(_ text: String) { self.text = text }
    var description: String { text }
}

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Whether the library a handle opened is still where it was: its folder and its database file.
///
/// A handle holds its database open by file descriptor, so after the library folder is renamed, deleted or its
/// disk unmounted, the open connections may still read (the old file) while every path-based operation — a new
/// reader connection, storing a resource, the change signal — reaches nothing, or worse, another library made at
/// the same path. So at open the handle records the device and inode of the library folder and of
/// `database/Photos.sqlite`; a check compares them with what the paths name now. The first mismatch (or a path
/// that no longer resolves) makes the handle unavailable for good: reads and changes throw `.libraryUnavailable`
/// with the reason, and never answer as if the library were empty.
///
/// Threading: `Sendable`; checks may run on any thread.
final class LibraryAvailability: Sendable {
    /// A file's identity on its file system.
    struct FileIdentity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// What `path` names now (following symbolic links), or the `errno` of the failed `stat`.
        enum Lookup {
            case found(FileIdentity)
            case failed(Int32)
        }

        static func of(_ path: String) -> Lookup {
            var info = stat()
            guard stat(path, &info) == 0 else { return .failed(errno) }
            return .found(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        }

        /// The identity, or nil when the path names nothing.
        static func current(_ path: String) -> FileIdentity? {
            if case .found(let identity) = of(path) { return identity }
            return nil
        }
    }

    let folderPath: String
    let databasePath: String
    private let folder: FileIdentity?
    private let database: FileIdentity?
    private let lost = Mutex<LibraryError?>(nil)

    /// Records what the library's paths name now (call right after opening).
    init(libraryURL: URL) {
        folderPath = libraryURL.path
        databasePath = libraryURL.appendingPathComponent("database", isDirectory: true).appendingPathComponent("Photos.sqlite").path
        folder = FileIdentity.current(folderPath)
        database = FileIdentity.current(databasePath)
    }

    /// Why the handle is unavailable, or nil while the library is where it was opened. Once unavailable, always.
    func check() -> LibraryError? {
        if let error = lost.withLock({ $0 }) { return error }
        guard let problem = currentProblem() else { return nil }
        let error = LibraryError(.libraryUnavailable, "The photo library at \(folderPath) is no longer available: \(problem). "
                                 + "Nothing more is read from or written to it through this handle; open the library again where it now is")
        return lost.withLock { stored in
            if stored == nil { stored = error }
            return stored
        }
    }

    /// Whether a check has already found the library gone (without looking again).
    var isKnownUnavailable: Bool { lost.withLock { $0 != nil } }

    private func currentProblem() -> String? {
        switch FileIdentity.of(folderPath) {
        case .failed(let code) where code == ENOENT || code == ENOTDIR:
            return "its folder was moved, renamed or deleted, or its disk was removed"
        case .failed(let code):
            return "its folder cannot be reached (\(String(cString: strerror(code))))"
        case .found(let now) where folder != nil && now != folder:
            return "\(folderPath) is now a different folder (the library was moved or replaced, or its disk was unmounted)"
        case .found:
            break
        }
        switch FileIdentity.of(databasePath) {
        case .failed(let code) where code == ENOENT || code == ENOTDIR:
            return "its database (database/Photos.sqlite) was moved or deleted"
        case .failed(let code):
            return "its database (database/Photos.sqlite) cannot be reached (\(String(cString: strerror(code))))"
        case .found(let now) where database != nil && now != database:
            return "its database (database/Photos.sqlite) was replaced by another file"
        case .found:
            return nil
        }
    }
}

extension Library {
    /// Why this handle can no longer be used, or nil while its library is where it was opened.
    ///
    /// Checks (two `stat` calls) whether the library folder and `database/Photos.sqlite` are still the ones this
    /// handle opened. The answer is sticky: once the folder was renamed, deleted or its disk went away, the handle
    /// stays unavailable even if something appears at the path again (that is another library, or the same one
    /// whose changes this handle may have missed). Reads and changes then throw this error (`.libraryUnavailable`).
    public var unavailability: LibraryError? { availability.check() }

    /// Throws `unavailability` when the library is gone.
    func requireAvailable() throws(LibraryError) {
        if let error = availability.check() { throw error }
    }
}

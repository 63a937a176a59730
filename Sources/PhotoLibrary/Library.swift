import Foundation
import GRDB
import Synchronization

/// A photo library on disk: one directory holding the database (`database/Photos.sqlite`, WAL, versioned
/// migrations) and the resources (`originals/`), plus `tmp/` and `journal/` for crash-safe writes and `locks/`
/// (one `flock`ed file per open handle, telling live work in `tmp/` and `journal/` from abandoned work).
///
/// Threading: a `Library` is immutable and `Sendable`. Reads run concurrently on WAL snapshots; writes are
/// serialised by SQLite's write lock (`BEGIN IMMEDIATE`), also across processes that open the same directory.
///
/// ```swift
/// let library = try Library.open(at: URL(fileURLWithPath: "/tmp/Test.photoslibrary"))
/// let ids = try library.assetRowIDs(AssetQuery(scope: .all))
/// ```
public final class Library: Sendable {
    /// The library directory.
    public let url: URL
    /// The database connection pool.
    let pool: DatabasePool
    /// The resource files.
    let store: ResourceStore
    /// Announces commits to change monitors (see `ChangeSignal`).
    let changeSignal: ChangeSignal
    /// Persisted id lists of large fetches (see `FetchSnapshotStore`).
    let fetchSnapshots: FetchSnapshotStore
    /// Whether the folder and database this handle opened are still at `url` (see `LibraryAvailability`).
    let availability: LibraryAvailability
    private let openingPurge = Mutex<ChangeOutcome?>(nil)
    /// Whether the library was opened for reading only, because its folder or disk cannot be written (a
    /// read-only mount, a full disk): everything reads, and every change fails with one clear error.
    public let isReadOnly: Bool

    /// How long deleted assets stay recoverable in Recently Deleted.
    public static let trashRetention: TimeInterval = 30 * 24 * 3600

    private init(url: URL, pool: DatabasePool, store: ResourceStore, isReadOnly: Bool = false) {
        self.url = url
        self.isReadOnly = isReadOnly
        self.pool = pool
        self.store = store
        self.changeSignal = ChangeSignal(databaseDirectory: url.appendingPathComponent("database", isDirectory: true))
        self.fetchSnapshots = FetchSnapshotStore(databaseDirectory: url.appendingPathComponent("database", isDirectory: true))
        self.availability = LibraryAvailability(libraryURL: url)
    }

    /// Opens the library at `url`, creating it when the directory does not exist (or is empty; see `creation`),
    /// migrating its database, and recovering from any interrupted operation. An existing directory that holds
    /// other files and no database is refused (`.libraryUnavailable`: it is not a photo library) unless `creation`
    /// is `.inAnyDirectory`.
    public static func open(at url: URL, creation: LibraryCreation = .inNewOrEmptyDirectory) throws(LibraryError) -> Library {
        let url = url.standardizedFileURL
        do {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw LibraryError(.libraryUnavailable, "\(url.path) is a file, not a photo library directory")
            }
            if let file = LibraryError.fileAncestor(of: url) {
                throw LibraryError(.libraryUnavailable, "\(url.path) cannot be a photo library: \(file.path) is a file, not a folder")
            }
            try creation.check(url)
            if LibraryAccess.mustOpenForReading(url) { return try openForReading(url) }
            let databaseDir = url.appendingPathComponent("database", isDirectory: true)
            try FileManager.default.createDirectory(at: databaseDir, withIntermediateDirectories: true)
            let store = try ResourceStore(root: url)

            var config = Configuration()
            config.busyMode = .timeout(60)
            config.foreignKeysEnabled = true
            SQLiteFaults.installIfRequested()
            let pool = try DatabasePool(path: databaseDir.appendingPathComponent("Photos.sqlite").path, configuration: config)
            // Every commit flushes the write-ahead log, so a commit reported done survives a power cut (files are
            // flushed before it; a moved import source is deleted after it). Set here, on the pool's one writer:
            // GRDB sets NORMAL after `prepareDatabase` runs, which overrode this setting until December 2026.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try Schema.migrator.migrate(pool)
            let library = Library(url: url, pool: pool, store: store)
            try library.recoverInterruptedWork()
            let purge = try library.purgeExpiredTrash()
            library.openingPurge.withLock { $0 = purge }
            try library.trimChangeLog()
            try library.trimChangeReceipts()
            SQLiteFaults.armIfRequested()
            return library
        } catch {
            // A full disk or a read-only file system met while opening: the library can still be read.
            if LibraryAccess.isUnwritable(error), LibraryAccess.databaseExists(url), let library = try? openForReading(url) {
                return library
            }
            throw LibraryError.wrap(error, "Cannot open the photo library at \(url.path)")
        }
    }

    /// Opens an existing library without writing anything: the database read-only (immutable when SQLite could not
    /// create its shared-memory file), no migration, recovery, purge or trimming, no owner lock.
    static func openForReading(_ url: URL) throws -> Library {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(60)
        SQLiteFaults.installIfRequested()
        let pool = try DatabasePool(path: LibraryAccess.readOnlyDatabasePath(url), configuration: config)
        guard try pool.read({ try Schema.migrator.hasCompletedMigrations($0) }) else {
            throw LibraryError(.libraryUnavailable, "The library at \(url.path) needs an upgrade, which cannot be written where it is (read-only)")
        }
        return Library(url: url, pool: pool, store: ResourceStore(readingRoot: url), isReadOnly: true)
    }

    /// Throws the unavailability error when the library is gone, and the read-only error when this handle cannot write.
    func requireWritable() throws(LibraryError) {
        try requireAvailable()
        guard isReadOnly else { return }
        throw LibraryError(.libraryUnavailable, "The library at \(url.path) is open for reading only (its folder or disk cannot be written), so it cannot be changed")
    }

    /// Runs a read on a consistent snapshot. Throws `unavailability` once the library folder or database is gone.
    public func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        try requireAvailable()
        do { return try pool.read(body) } catch { throw LibraryError.wrap(error, "Reading the library failed") }
    }

    /// Runs a write transaction (serialised across threads and processes).
    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        try requireWritable()
        do { return try pool.write(body) } catch { throw LibraryError.wrap(error, "Writing to the library failed") }
    }

    /// What the names of this handle's working files in `tmp/` and `tmp/editing/` must start with (followed by
    /// `-`): the token of the lock the handle holds while it lives, so opening the library elsewhere removes such
    /// files only once this handle (or its process) is gone. Editing renders and extension working directories use it.
    public var workingFilePrefix: String { store.owner.token }

    /// Where edits render before they are committed (`tmp/editing`; files named with `workingFilePrefix`, removed
    /// by recovery once their owner is gone). Not created here.
    public var editingDirectory: URL { url.appendingPathComponent("tmp/editing", isDirectory: true) }

    /// The absolute URL of a stored resource file.
    public func fileURL(for resource: ResourceRecord) -> URL { store.url(forRelativePath: resource.relativePath) }

    // MARK: Change history

    /// The newest change-log token (what a fetch made now reflects).
    public func currentChangeToken() throws(LibraryError) -> Int64 { try read { try ChangeLog.currentToken($0) } }

    /// Keeps the newest `keep` change-log entries; tokens older than that expire.
    public func trimChangeLog(keeping keep: Int64 = ChangeLog.retainedEntries) throws(LibraryError) {
        try write { try ChangeLog.trim(keeping: keep, $0) }
    }

    /// Change-log entries after `token`, oldest first. Throws `.tokenExpired` when that history was trimmed.
    public func changeLogEntries(after token: Int64, limit: Int = .max) throws(LibraryError) -> [ChangeLogEntry] {
        try requireAvailable()
        do {
            return try pool.read { try ChangeLog.entries(after: token, limit: limit, $0) }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError.wrap(error, "Reading the change history failed")
        }
    }

    /// The library's stable identifier (change tokens carry it).
    public func libraryIdentifier() throws(LibraryError) -> String { try read { try ChangeLog.libraryIdentifier($0) } }

    /// Row ids an asset query selects and the change token of that same snapshot.
    public func assetSnapshot(_ query: AssetQuery) throws(LibraryError) -> (ids: [Int64], token: Int64) {
        let fetched = try fetchRowIDs(query)
        return (fetched.ids, fetched.token)
    }

    /// Row ids a collection query selects and the change token of that same snapshot.
    public func collectionSnapshot(_ query: CollectionQuery) throws(LibraryError) -> (ids: [Int64], token: Int64) {
        let fetched = try fetchRowIDs(query)
        return (fetched.ids, fetched.token)
    }

    // MARK: Recovery

    /// Resolves intents and staging files left by processes that died mid-operation.
    ///
    /// The rule: a file named by an abandoned intent that no resource row references is deleted; abandoned
    /// staging files are always deleted (they were never referenced). Committed work is never touched.
    func recoverInterruptedWork() throws {
        let (intents, stagingFiles) = store.abandonedWork()
        for file in stagingFiles { try? FileManager.default.removeItem(at: file) }
        for intent in intents {
            try deleteUnreferencedFiles(intent.relativePaths)
            store.clearIntent(intent)
        }
        store.removeAbandonedLocks()
    }

    /// Deletes the listed files that no resource row references (the one rule crash recovery and purging share).
    func deleteUnreferencedFiles(_ relativePaths: [String]) throws {
        guard !relativePaths.isEmpty else { return }
        try pool.read { db in
            try store.deleteUnreferenced(relativePaths) { path in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM resource WHERE path = ?)", arguments: [path]) ?? false
            }
        }
    }

    /// What purging the assets that expired from Recently Deleted did while this handle was opened (nil when none
    /// had). Its `supersededContentHashes` name the purged content: whoever keeps derivatives (the image side) deletes
    /// theirs, as after any other commit; `PHPhotoLibrary(url:)` and the `photos` commands do.
    public var expiredTrashPurge: ChangeOutcome? { openingPurge.withLock { $0 } }

    /// Erases assets that have been in Recently Deleted longer than `trashRetention`; nil when none had.
    @discardableResult
    func purgeExpiredTrash(now: Date = Date()) throws -> ChangeOutcome? {
        let cutoff = now.timeIntervalSince1970 - Self.trashRetention
        let expired = try pool.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM asset WHERE trashed_date IS NOT NULL AND trashed_date < ?", arguments: [cutoff])
        }
        guard !expired.isEmpty else { return nil }
        return try apply(ChangeBatch(operations: [.purgeAssets(expired)]))
    }
}

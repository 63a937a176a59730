import Foundation
import GRDB
import Synchronization

/// What a monitor saw: the library moved from `fromToken` to `toToken`, doing `changes` (several commits
/// coalesced into one when they arrived together).
public struct ObservedChange: Sendable {
    public let fromToken: Int64
    public let toToken: Int64
    public let changes: LibraryChanges
}

/// Read access to the library state right after an observed change, valid only inside the monitor's
/// `prepare` callback (it is that read transaction).
public struct ChangeReader {
    let db: Database

    /// Diffs a fetch. `changes` are the changes since the fetch was made (see `changes(since:through:)`).
    public func diff(_ query: ObservedQuery, before: [Int64], changes: LibraryChanges?, forceFull: Bool = false) throws -> FetchDiff? {
        try FetchDiffer(db: db).diff(query, before: before, changes: changes, forceFull: forceFull)
    }

    /// The folded changes between two tokens, or nil when that history was trimmed.
    public func changes(since token: Int64, through last: Int64) throws -> LibraryChanges? {
        try ChangeLog.changes(after: token, through: last, db)
    }

    /// The change-log entries with `token < entry.token <= last`, oldest first (each commit on its own).
    public func entries(after token: Int64, through last: Int64) throws -> [ChangeLogEntry] {
        try ChangeLog.entries(after: token, limit: .max, db).filter { $0.token <= last }
    }

    /// Asset rows by id, as of this state.
    public func assets(_ ids: [Int64]) throws -> [Int64: AssetRecord] { try Library.assets(rowIDs: ids, db) }

    /// Collection rows by id, as of this state.
    public func collections(_ ids: [Int64]) throws -> [Int64: CollectionRecord] { try Library.collections(rowIDs: ids, db) }
}

/// Watches a library for committed changes — from this process or any other — and reports each one, in
/// commit order, on a serial queue.
///
/// For every wake-up the monitor opens one read transaction, reads the change log past the last token it
/// reported, and calls `prepare` inside that transaction (so everything `prepare` computes describes one
/// consistent state); then, outside it, `deliver` with the prepared value. Threading: both callbacks run on
/// the monitor's serial queue; `cancel()` stops further calls.
public final class ChangeMonitor<Prepared>: @unchecked Sendable {
    private let library: Library
    private let queue: DispatchQueue
    private let prepare: (ObservedChange, ChangeReader) throws -> Prepared
    private let deliver: (Prepared) -> Void
    private var lastToken: Int64
    private let pending = Atomic<Bool>(false)
    private let cancelled = Atomic<Bool>(false)
    private var watcher: ChangeSignalWatcher?
    private var listenerKey: UUID?

    /// Starts monitoring after `token` (normally the current token).
    public init(library: Library, after token: Int64, queue: DispatchQueue,
                prepare: @escaping (ObservedChange, ChangeReader) throws -> Prepared, deliver: @escaping (Prepared) -> Void) {
        self.library = library
        self.queue = queue
        self.prepare = prepare
        self.deliver = deliver
        self.lastToken = token
        let wake: @Sendable () -> Void = { [weak self] in self?.wake() }
        listenerKey = library.changeSignal.addListener(wake)
        watcher = ChangeSignalWatcher(directory: library.changeSignal.directory, wake: wake)
    }

    deinit { cancel() }

    /// Stops monitoring.
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .relaxed) else { return }
        watcher?.stop()
        if let listenerKey { library.changeSignal.removeListener(listenerKey) }
    }

    /// Schedules a check of the log (coalescing wake-ups that arrive while one is pending).
    public func wake() {
        guard !cancelled.load(ordering: .relaxed), !pending.exchange(true, ordering: .acquiring) else { return }
        queue.async { [self] in
            pending.store(false, ordering: .releasing)
            guard !cancelled.load(ordering: .relaxed) else { return }
            process()
        }
    }

    private func process() {
        // A library whose folder or database went away has no more changes to report (its open connections could
        // still read the moved file, or a new connection a different library at the same path).
        guard library.unavailability == nil else { return }
        let from = lastToken
        let prepared: (Prepared, Int64)?
        do {
            prepared = try library.pool.read { db -> (Prepared, Int64)? in
                let current = try ChangeLog.currentToken(db)
                guard current > from else { return nil }
                // Trimmed history (another process trimmed while we slept) becomes a reset: not itemised.
                let changes = try ChangeLog.changes(after: from, through: current, db) ?? { var c = LibraryChanges(); c.isReset = true; return c }()
                let value = try prepare(ObservedChange(fromToken: from, toToken: current, changes: changes), ChangeReader(db: db))
                return (value, current)
            }
        } catch {
            return   // the next wake-up retries from the same token
        }
        guard let (value, token) = prepared else { return }
        lastToken = token
        deliver(value)
    }
}

extension Library {
    /// Diffs a fetch made at `token` against the current state (outside a monitor), or nil when unchanged.
    public func computeDiff(_ query: ObservedQuery, before: [Int64], since token: Int64) -> FetchDiff? {
        guard unavailability == nil else { return nil }
        return try? pool.read { db in
            let current = try ChangeLog.currentToken(db)
            guard current > token else { return nil }
            let changes = try ChangeLog.changes(after: token, through: current, db)
            return try FetchDiffer(db: db).diff(query, before: before, changes: changes)
        }
    }
}

extension Library {
    /// Runs `body` in one read transaction with a `ChangeReader` and the current change token (for observers
    /// that bring their own state up to date outside a monitor's wake-up).
    public func readForObservation<T>(_ body: (ChangeReader, Int64) throws -> T) throws(LibraryError) -> T {
        try read { db in try body(ChangeReader(db: db), try ChangeLog.currentToken(db)) }
    }
}

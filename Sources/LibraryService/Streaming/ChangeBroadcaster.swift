import Foundation
import PhotoLibrary
import Synchronization

/// One change-log watch for the whole process, fanned out to every change-stream subscriber.
///
/// The watch is the core's `ChangeMonitor` (commits from this process and any other). For each wake-up it
/// reads, inside one read transaction, every new change-log entry and the details of every fetch some stream
/// registered (the core's `FetchDiffer`), moves those fetch snapshots forward, and hands each subscriber the
/// entries plus the details of its own fetches. Everything runs on one serial queue, so subscribers see
/// changes in commit order and a fetch's details always start where the previous ones ended.
///
/// A subscriber that falls more than `bufferLimit` events behind has its stream ended (it reconnects
/// with `Last-Event-ID` and reads what it missed from history); nothing is lost, nothing grows unbounded.
final class ChangeBroadcaster: Sendable {
    enum Event: Sendable {
        /// One committed change; `details` holds the subscriber's registered fetches that it changed, `changes`
        /// the change by row (a stream of an application filters it to what the application may see).
        case change(ChangeEntryJSON, details: [FetchDetailsJSON], changes: LibraryChanges)
        /// Details of registered fetches brought up to date when the subscription started.
        case details([FetchDetailsJSON])
        /// A comment line that keeps proxies from closing an idle stream.
        case heartbeat
    }

    private struct Subscriber {
        let continuation: AsyncStream<Event>.Continuation
        let fetches: Set<String>
    }

    private struct State {
        var subscribers: [UUID: Subscriber] = [:]
        var monitor: ChangeMonitor<[(ChangeEntryJSON, [String: FetchDetailsJSON], LibraryChanges)]>?
        var timer: DispatchSourceTimer?
        var closed = false
        /// Registered fetch id → number of subscribers that registered it.
        var fetchUse: [String: Int] = [:]
    }

    private let library: Library
    private let snapshots: FetchSnapshotStore
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "photos.serve.changes")
    static let bufferLimit = 10_000
    static let heartbeatInterval: TimeInterval = 15

    private let onChange: @Sendable () -> Void

    /// Starts watching the library at once; `onChange` runs (on the watch's queue) after every observed change,
    /// before subscribers hear of it.
    init(library: Library, snapshots: FetchSnapshotStore, onChange: @escaping @Sendable () -> Void = {}) {
        self.library = library
        self.snapshots = snapshots
        self.onChange = onChange
        state.withLock { startWatching(&$0) }
    }

    /// Subscribes to changes; registered `fetches` (already checked to be the caller's) get details. The first
    /// event brings those fetches up to the current state when they are behind.
    func subscribe(fetches: Set<String>) -> (UUID, AsyncStream<Event>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingOldest(Self.bufferLimit))
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.subscribers[id] = Subscriber(continuation: continuation, fetches: fetches)
            for fetch in fetches { state.fetchUse[fetch, default: 0] += 1 }
            return true
        }
        guard accepted else { continuation.finish(); return (id, stream) }
        if !fetches.isEmpty {
            queue.async { [self] in
                let details = catchUp(fetches)
                if !details.isEmpty { continuation.yield(.details(details)) }
            }
        }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        state.withLock { state in
            guard let subscriber = state.subscribers.removeValue(forKey: id) else { return }
            subscriber.continuation.finish()
            for fetch in subscriber.fetches {
                state.fetchUse[fetch, default: 1] -= 1
                if state.fetchUse[fetch] == 0 { state.fetchUse[fetch] = nil }
            }
        }
    }

    /// Ends every stream and stops watching (graceful shutdown).
    func close() {
        state.withLock { state in
            state.closed = true
            state.monitor?.cancel()
            state.monitor = nil
            state.timer?.cancel()
            state.timer = nil
            for subscriber in state.subscribers.values { subscriber.continuation.finish() }
            state.subscribers.removeAll()
        }
    }

    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    // MARK: Watching

    private func startWatching(_ state: inout State) {
        let token = (try? library.currentChangeToken()) ?? 0
        state.monitor = ChangeMonitor(library: library, after: token, queue: queue,
                                      prepare: { [weak self] change, reader in try self?.prepare(change, reader) ?? [] },
                                      deliver: { [weak self] events in self?.deliver(events) })
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.heartbeatInterval, repeating: Self.heartbeatInterval)
        timer.setEventHandler { [weak self] in self?.broadcast { _ in .heartbeat } }
        timer.resume()
        state.timer = timer
    }

    /// Inside the monitor's read transaction: every new entry, and details for the registered fetches.
    private func prepare(_ change: ObservedChange, _ reader: ChangeReader) throws -> [(ChangeEntryJSON, [String: FetchDetailsJSON], LibraryChanges)] {
        var entries = try reader.entries(after: change.fromToken, through: change.toToken)
            .map { (ChangeEntryJSON(token: $0.token, date: $0.date, changes: $0.changes), [String: FetchDetailsJSON](), $0.changes) }
        if entries.isEmpty || change.changes.isReset {
            // History was trimmed under us (or a bulk reset): one entry standing for everything.
            entries = [(ChangeEntryJSON(token: change.toToken, date: nil, changes: change.changes), [:], change.changes)]
        }
        let registered = state.withLock { Array($0.fetchUse.keys) }
        var details: [String: FetchDetailsJSON] = [:]
        for fetch in registered {
            if let detail = try advance(fetch, to: change.toToken, reader) { details[fetch] = detail }
        }
        entries[entries.count - 1].1 = details
        return entries
    }

    /// Brings registered fetches that are behind the library up to date (on the serial queue).
    private func catchUp(_ fetches: Set<String>) -> [FetchDetailsJSON] {
        (try? library.readForObservation { reader, current in
            try fetches.sorted().compactMap { try advance($0, to: current, reader) }
        }) ?? []
    }

    private func advance(_ fetch: String, to token: Int64, _ reader: ChangeReader) throws -> FetchDetailsJSON? {
        guard let snapshot = snapshots.peek(fetch), snapshot.token < token else { return nil }
        let changes = try reader.changes(since: snapshot.token, through: token)
        guard let diff = try reader.diff(snapshot.query, before: snapshot.rowIDs.array, changes: changes) else {
            snapshots.advance(fetch, from: snapshot.token, to: snapshot.rowIDs, token: token)
            return nil
        }
        snapshots.advance(fetch, from: snapshot.token, to: RowIDList(diff.after), token: token)
        return FetchDetailsJSON(fetch: fetch, diff: diff, token: token)
    }

    private func deliver(_ entries: [(ChangeEntryJSON, [String: FetchDetailsJSON], LibraryChanges)]) {
        onChange()
        for (entry, details, changes) in entries {
            broadcast { subscriber in .change(entry, details: subscriber.fetches.sorted().compactMap { details[$0] }, changes: changes) }
        }
    }

    private func broadcast(_ event: (Subscriber) -> Event) {
        let overflowed = state.withLock { state -> [UUID] in
            var overflowed: [UUID] = []
            for (id, subscriber) in state.subscribers {
                if case .dropped = subscriber.continuation.yield(event(subscriber)) { overflowed.append(id) }
            }
            return overflowed
        }
        // A full buffer ends the stream (unsubscribing finishes it); the route then tells the client to reconnect.
        overflowed.forEach(unsubscribe)
    }
}

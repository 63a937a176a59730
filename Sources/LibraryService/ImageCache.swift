import Foundation
import Synchronization

/// The pictures this server sent recently: asset (as named in the URL) and kind → the derivative's ETag and
/// bytes, within a byte budget (least recently used first out). Emptied whenever the library changes (the
/// change broadcaster's watch), so an edit is never answered with the old picture for longer than the change
/// takes to be noticed; a derivative's bytes never change under its ETag (it names the content).
final class ImageCache: Sendable {
    struct Entry: Sendable { let etag: String; let data: Data }
    private struct State {
        var entries: [String: (entry: Entry, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())
    let budget: Int
    /// Files larger than this are read from disk each time.
    static let largestEntry = 512 << 10

    init(budget: Int = 64 << 20) { self.budget = budget }

    func get(_ key: String) -> Entry? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (found.entry, state.clock)
            return found.entry
        }
    }

    func put(_ key: String, _ entry: Entry) {
        guard entry.data.count <= Self.largestEntry else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.bytes -= old.entry.data.count }
            state.entries[key] = (entry, state.clock)
            state.bytes += entry.data.count
            guard state.bytes > budget else { return }
            for (key, value) in state.entries.sorted(by: { $0.value.used < $1.value.used }) {
                state.entries[key] = nil
                state.bytes -= value.entry.data.count
                if state.bytes <= budget * 3 / 4 { break }
            }
        }
    }

    func removeAll() { state.withLock { $0 = State() } }
}

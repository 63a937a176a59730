import Foundation
import PhotoLibrary

/// What change observation needs from a fetch result, without its element type.
protocol ObservableFetchResult: AnyObject {
    var query: ObservedQuery? { get }
    var token: Int64 { get }
    var rowIDs: [Int64] { get }
    var wantsIncrementalChangeDetails: Bool { get }
}

extension PHFetchResult: ObservableFetchResult {
    var wantsIncrementalChangeDetails: Bool { fetchOptions?.wantsIncrementalChangeDetails ?? true }
}

/// The live fetch results of a library (held weakly), whose change details each change computes up front.
/// Thread-safe.
final class FetchResultRegistry: @unchecked Sendable {
    private struct Entry { weak var result: (any ObservableFetchResult)? }
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var pruneAt = 64

    func register(_ result: any ObservableFetchResult) {
        lock.lock(); defer { lock.unlock() }
        entries.append(Entry(result: result))
        if entries.count >= pruneAt {
            entries.removeAll { $0.result == nil }
            pruneAt = max(64, entries.count * 2)
        }
    }

    /// The results still alive.
    func alive() -> [any ObservableFetchResult] {
        lock.lock(); defer { lock.unlock() }
        return entries.compactMap(\.result)
    }
}

import Foundation
import PhotoLibrary
import Synchronization

/// Watches a served library for changes: a long poll for the next change token, then one request preparing the
/// change for the observer's fetches on the service (the same core function a local monitor runs), delivered in
/// commit order on the observer's queue. Connection failures are retried every second until cancelled.
final class ServedChangeMonitor: ChangeMonitoring {
    private let cancelled = Atomic<Bool>(false)

    init(library: ServedLibrary, after token: Int64, queue: DispatchQueue, fetches: @escaping @Sendable () -> [ObservedFetch],
         deliver: @escaping @Sendable (PreparedChange) -> Void) {
        let thread = Thread { [monitor = WeakMonitor(self)] in
            var last = token
            while !monitor.isCancelled {
                do {
                    guard let prepared = try library.nextChange(after: last, fetches: fetches, timeout: 10), !monitor.isCancelled else { continue }
                    last = prepared.change.toToken
                    let visible = !prepared.change.changes.isEmpty || prepared.diffs.contains { $0 != nil }
                    // Synchronously: the next change is prepared only after observers heard this one, so the fetch
                    // results it is asked about are the ones they updated.
                    if visible { queue.sync { deliver(prepared) } }
                } catch {
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
        thread.name = "ServedLibrary.changes"
        thread.start()
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }

    fileprivate var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// The monitor's flag as its thread reads it, without keeping the monitor alive (a released monitor stops).
private struct WeakMonitor: @unchecked Sendable {
    weak var monitor: ServedChangeMonitor?
    init(_ monitor: ServedChangeMonitor) { self.monitor = monitor }
    var isCancelled: Bool { monitor?.isCancelled ?? true }
}

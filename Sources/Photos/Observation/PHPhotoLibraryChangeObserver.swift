import Foundation
import PhotoLibrary
import Synchronization

/// An object told about every change to a photo library.
///
/// Each committed transaction (or a batch of transactions that committed together) — made by this process,
/// another program or the `photos` command — arrives once, in commit order, on a background serial queue,
/// never while a change block runs. Use `PHChange.changeDetails(for:)` to update fetch results and objects.
public protocol PHPhotoLibraryChangeObserver: NSObjectProtocol {
    /// Called after the library changed.
    func photoLibraryDidChange(_ changeInstance: PHChange)
}

extension PHPhotoLibrary {
    /// Starts telling `observer` about changes. The library holds observers weakly (a released observer
    /// simply stops being called); registering twice has no effect.
    public func register(_ observer: any PHPhotoLibraryChangeObserver) {
        observation.lock.lock()
        defer { observation.lock.unlock() }
        observation.observers.removeAll { $0.value == nil }
        guard !observation.observers.contains(where: { $0.value === observer }) else { return }
        observation.observers.append(WeakObserver(value: observer))
        if observation.monitor == nil { observation.monitor = makeMonitor() }
    }

    /// Stops telling `observer` about changes.
    public func unregisterChangeObserver(_ observer: any PHPhotoLibraryChangeObserver) {
        observation.lock.lock()
        defer { observation.lock.unlock() }
        observation.observers.removeAll { $0.value == nil || $0.value === observer }
    }

    /// The back end's monitor (local: the change log's wake-ups; served: the service's long poll), asked for the
    /// details of every live fetch result with each change.
    private func makeMonitor() -> any ChangeMonitoring {
        let start = (try? backend.currentChangeToken()) ?? 0
        let state = observation
        return backend.monitorChanges(after: start, queue: observation.queue,
                                      fetches: { [weak self] in
                                          guard let self else { return [] }
                                          let live = self.fetchResults.alive().compactMap { result in result.query.map { (result, $0) } }
                                          state.asked.withLock { $0 = live.map { UncheckedFetchResult(result: $0.0) } }
                                          return live.map { ObservedFetch(query: $0.1, token: $0.0.token, before: $0.0.rowIDs) }
                                      },
                                      deliver: { [weak self] prepared in
                                          guard let self else { return }
                                          let fetches = state.asked.withLock { $0.map(\.result) }
                                          self.deliver(PHChange(library: self, prepared: prepared, fetches: fetches))
                                      })
    }

    private func deliver(_ change: PHChange) {
        observation.lock.lock()
        let observers = observation.observers.compactMap(\.value)
        observation.lock.unlock()
        // Holding the change-block lock keeps delivery and change blocks from overlapping.
        changeBlockLock.lock()
        defer { changeBlockLock.unlock() }
        for observer in observers { observer.photoLibraryDidChange(change) }
    }
}

struct WeakObserver {
    weak var value: (any PHPhotoLibraryChangeObserver)?
}

/// A library's observers and the monitor feeding them.
final class ObservationState: @unchecked Sendable {
    let lock = NSLock()
    var observers: [WeakObserver] = []
    var monitor: (any ChangeMonitoring)?
    /// Observers are called here, one change at a time.
    let queue = DispatchQueue(label: "PHPhotoLibrary.changes")
    /// The fetch results the monitor last asked the back end about, in order (its prepared diffs follow it), weakly.
    let asked = Mutex<[UncheckedFetchResult]>([])

    deinit { monitor?.cancel() }
}

/// A live fetch result handed between the monitor's callbacks (both run on its serial queue). Held weakly: a
/// strong reference here kept every result alive at one change alive until the next, where it was alive again —
/// so no fetch result made while a change observer was registered was ever released, and each change diffed
/// them all.
struct UncheckedFetchResult: @unchecked Sendable {
    weak var result: (any ObservableFetchResult)?
}

import Foundation
import PhotoLibrary

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

    private func makeMonitor() -> ChangeMonitor<PHChange> {
        let start = (try? library.currentChangeToken()) ?? 0
        return ChangeMonitor(library: library, after: start, queue: observation.queue,
                             prepare: { [weak self] change, reader in
                                 guard let self else { throw CancellationError() }
                                 return try PHChange.prepare(change, reader: reader, library: self)
                             },
                             deliver: { [weak self] change in self?.deliver(change) })
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
    var monitor: ChangeMonitor<PHChange>?
    /// Observers are called here, one change at a time.
    let queue = DispatchQueue(label: "PHPhotoLibrary.changes")
}

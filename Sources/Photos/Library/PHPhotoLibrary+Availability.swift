import Foundation
import PhotoLibrary

/// An object told when a photo library becomes unavailable.
///
/// On Linux a library becomes unavailable when the folder or disk it lives on goes away while it is open: the
/// library folder renamed, moved or deleted, an enclosing folder renamed, the disk unmounted or detached, or
/// `database/Photos.sqlite` moved or replaced (`Library.unavailability` compares the device and inode of the folder
/// and of the database with those seen when the library was opened). Apple's PhotoKit reports the same for a
/// library on an external drive or in cloud storage on the Mac.
public protocol PHPhotoLibraryAvailabilityObserver: NSObjectProtocol {
    /// Called once, on a background queue, after `photoLibrary` became unavailable; its `unavailabilityReason`
    /// says why.
    func photoLibraryDidBecomeUnavailable(_ photoLibrary: PHPhotoLibrary)
}

extension PHPhotoLibrary {
    /// An error saying why the library is unavailable, or nil while it is available.
    ///
    /// The error is a `PHPhotosError` with code `.libraryVolumeOffline`; its `localizedDescription` names the
    /// library's path and what happened, and `userInfo[NSFilePathErrorKey]` holds the path. Once set it stays set
    /// for this object: the library may be opened again where it now is with `PHPhotoLibrary(url:)`. Checked when
    /// read (two `stat` calls), so it is current even with no observer registered.
    ///
    /// While it is set, fetches return empty results (Apple's fetches cannot fail; this property is how to tell an
    /// unavailable library from an empty one, and the first such fetch also writes the reason to standard error),
    /// and change blocks fail with this error.
    public var unavailabilityReason: (any Error)? {
        localLibrary?.unavailability.map { PHPhotosError(unavailableLibrary: $0, path: url.path) }
    }

    /// Starts telling `observer` when the library becomes unavailable (within about a second of the folder or
    /// disk going away: inotify, with a one-second check as a fallback). The library holds observers weakly;
    /// registering twice has no effect. An observer registered after the library became unavailable is called
    /// once, soon after registering.
    public func register(_ observer: any PHPhotoLibraryAvailabilityObserver) {
        let state = availabilityObservation
        state.lock.lock()
        defer { state.lock.unlock() }
        state.observers.removeAll { $0.value == nil }
        guard !state.observers.contains(where: { $0.value === observer }),
              !state.told.contains(where: { $0.value === observer }) else { return }
        if state.hasBecomeUnavailable {
            state.told.append(WeakAvailabilityObserver(value: observer))
            let box = UncheckedBox(observer)
            state.queue.async { [self] in box.value.photoLibraryDidBecomeUnavailable(self) }
            return
        }
        state.observers.append(WeakAvailabilityObserver(value: observer))
        if state.monitor == nil, let library = localLibrary {
            state.monitor = library.monitorAvailability(queue: state.queue) { [weak self] _ in self?.deliverUnavailability() }
        }
    }

    /// Stops telling `observer` about availability.
    public func unregisterAvailabilityObserver(_ observer: any PHPhotoLibraryAvailabilityObserver) {
        let state = availabilityObservation
        state.lock.lock()
        defer { state.lock.unlock() }
        state.observers.removeAll { $0.value == nil || $0.value === observer }
        if state.observers.isEmpty, let monitor = state.monitor {
            monitor.cancel()
            state.monitor = nil
        }
    }

    /// Calls every registered observer once (on the availability queue).
    private func deliverUnavailability() {
        let state = availabilityObservation
        state.lock.lock()
        state.hasBecomeUnavailable = true
        let observers = state.observers.compactMap(\.value)
        state.told.append(contentsOf: state.observers)
        state.observers = []
        state.lock.unlock()
        for observer in observers { observer.photoLibraryDidBecomeUnavailable(self) }
    }

    /// The row ids of a fetch; when the library has become unavailable, none (Apple's fetches cannot fail), after
    /// writing the reason to standard error once. Other errors are rethrown.
    func fetchRowIDs(_ fetch: () throws(LibraryError) -> FetchedRowIDs) throws(LibraryError) -> FetchedRowIDs {
        do {
            return try fetch()
        } catch {
            // A library that went away, or a served library that cannot be reached or refuses this program: Apple's
            // fetches cannot fail, so they come back empty (and say why once).
            let served = servedLibrary != nil && [.libraryUnavailable, .notPermitted, .accessDenied].contains(error.code) ? error : nil
            guard let reason = localLibrary?.unavailability ?? served else { throw error }
            if availabilityObservation.warnOnce() {
                FileHandle.standardError.write(Data("PHPhotoLibrary: fetches return empty results: \(reason.message)\n".utf8))
            }
            return FetchedRowIDs(list: RowIDList([]), token: 0)
        }
    }
}

extension PHPhotosError {
    /// The error of a library that went away: `.libraryVolumeOffline`, the core's sentence, and the path.
    init(unavailableLibrary error: LibraryError, path: String) {
        self.init(.libraryVolumeOffline, userInfo: [NSLocalizedDescriptionKey: error.message, NSFilePathErrorKey: path])
    }
}

struct WeakAvailabilityObserver {
    weak var value: (any PHPhotoLibraryAvailabilityObserver)?
}

/// A library's availability observers and the core monitor feeding them.
final class AvailabilityObservationState: @unchecked Sendable {
    let lock = NSLock()
    /// Observers still to be told.
    var observers: [WeakAvailabilityObserver] = []
    /// Observers already told (each is told once).
    var told: [WeakAvailabilityObserver] = []
    var monitor: AvailabilityMonitor?
    var hasBecomeUnavailable = false
    private var warned = false
    /// Observers are called here.
    let queue = DispatchQueue(label: "PHPhotoLibrary.availability")

    /// True the first time only.
    func warnOnce() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let first = !warned
        warned = true
        return first
    }
}

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches whether a library handle's folder and database are still there, and reports once when they are not.
///
/// Mechanism: a thread waits on inotify watches of the library folder and of `database/` — the folder or the
/// database directory moved or deleted (`IN_MOVE_SELF`, `IN_DELETE_SELF`), its file system unmounted
/// (`IN_UNMOUNT`), an entry moved away or deleted inside (`IN_MOVED_FROM`, `IN_DELETE`) — and on any of them, and
/// otherwise every `pollInterval` seconds, runs the library's availability check (`Library.unavailability`: device
/// and inode of the folder and of `database/Photos.sqlite` against those recorded at open). The poll catches what
/// inotify cannot see: an enclosing folder renamed, a disk detached lazily, a network file system.
///
/// Threading: `report` runs once, on `queue`, with the error the check found; the thread then ends. `cancel()`
/// stops the thread within `pollInterval`; once it has returned, `report` is never scheduled (a report already
/// scheduled still runs).
///
/// ```swift
/// let monitor = library.monitorAvailability(queue: .global()) { error in print(error.message) }
/// // … later
/// monitor.cancel()
/// ```
public final class AvailabilityMonitor: Sendable {
    private enum State { case watching, reported, cancelled }
    /// The state the watching thread shares (it may outlive the monitor by one poll interval).
    private final class Shared: Sendable { let state = Mutex<State>(.watching) }
    private let shared = Shared()

    /// Starts watching `library`; `report` is called once, on `queue`, when it becomes unavailable.
    public init(library: Library, queue: DispatchQueue, pollInterval: TimeInterval = 1,
                report: @escaping @Sendable (LibraryError) -> Void) {
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if inotify >= 0 {
            let mask = UInt32(IN_MOVE_SELF | IN_DELETE_SELF | IN_UNMOUNT | IN_MOVED_FROM | IN_DELETE)
            _ = inotify_add_watch(inotify, library.availability.folderPath, mask)
            _ = inotify_add_watch(inotify, library.url.appendingPathComponent("database", isDirectory: true).path, mask)
        }
        let timeout = Int32(max(10, min(60_000, pollInterval * 1000)))
        let shared = self.shared
        let thread = Thread {
            defer { if inotify >= 0 { close(inotify) } }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while shared.state.withLock({ $0 == .watching }) {
                if inotify >= 0 {
                    var descriptor = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
                    if poll(&descriptor, 1, timeout) > 0 {
                        // Drain; any event is only a hint to check now.
                        while buffer.withUnsafeMutableBytes({ read(inotify, $0.baseAddress, $0.count) }) > 0 {}
                    }
                } else {
                    usleep(useconds_t(timeout) * 1000)
                }
                guard let error = library.unavailability else { continue }
                let claimed = shared.state.withLock { current -> Bool in
                    guard current == .watching else { return false }
                    current = .reported
                    return true
                }
                if claimed { queue.async { report(error) } }
                return
            }
        }
        thread.name = "photos.availability"
        thread.start()
    }

    deinit { cancel() }

    /// Whether the monitor has reported the library unavailable.
    public var hasReported: Bool { shared.state.withLock { $0 == .reported } }

    /// Stops watching (the thread ends within the poll interval).
    public func cancel() {
        shared.state.withLock { if $0 == .watching { $0 = .cancelled } }
    }
}

extension Library {
    /// Reports once, on `queue`, when this handle's library folder or database goes away (see
    /// `AvailabilityMonitor`); keep the returned monitor for as long as you want to be told.
    public func monitorAvailability(queue: DispatchQueue, pollInterval: TimeInterval = 1,
                                    report: @escaping @Sendable (LibraryError) -> Void) -> AvailabilityMonitor {
        AvailabilityMonitor(library: self, queue: queue, pollInterval: pollInterval, report: report)
    }
}

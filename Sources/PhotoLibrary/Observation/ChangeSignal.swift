import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Wakes change monitors after a commit, in this process and in every other process watching the library.
///
/// Mechanism: after committing, a writer rewrites the small file `database/change-signal` (open, write,
/// close). Monitors watch the `database/` directory with inotify for `IN_CLOSE_WRITE` on that name and then
/// read the change log; the log, not the signal, carries the changes, so a lost or coalesced wake-up loses
/// nothing. In-process monitors are also poked directly. A monitor additionally polls the log's token once a
/// second, in case inotify is unavailable (e.g. some network file systems).
final class ChangeSignal: Sendable {
    static let fileName = "change-signal"
    let directory: URL
    private let listeners = Mutex<[UUID: @Sendable () -> Void]>([:])

    init(databaseDirectory: URL) { directory = databaseDirectory }

    /// Announces a commit.
    func post() {
        let path = directory.appendingPathComponent(Self.fileName).path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd >= 0 {
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
            close(fd)
        }
        for listener in listeners.withLock({ Array($0.values) }) { listener() }
    }

    /// Calls `wake` after commits in this process; returns a key for `removeListener`.
    func addListener(_ wake: @escaping @Sendable () -> Void) -> UUID {
        let key = UUID()
        listeners.withLock { $0[key] = wake }
        return key
    }

    func removeListener(_ key: UUID) { _ = listeners.withLock { $0.removeValue(forKey: key) } }
}

/// A thread blocked on inotify (with a one-second poll as a fallback) that calls `wake` on every signal.
final class ChangeSignalWatcher: @unchecked Sendable {
    private final class Flag: Sendable { let raised = Atomic<Bool>(false) }
    private let stopped = Flag()
    private let inotify: Int32
    private var thread: Thread?

    init(directory: URL, wake: @escaping @Sendable () -> Void) {
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if inotify >= 0 { _ = inotify_add_watch(inotify, directory.path, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) }
        let fd = inotify
        let stopped = self.stopped
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !stopped.raised.load(ordering: .relaxed) {
                var pollDescriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = fd >= 0 ? poll(&pollDescriptor, 1, 1000) : { usleep(1_000_000); return 0 }()
                if stopped.raised.load(ordering: .relaxed) { break }
                var signalled = ready == 0   // the timeout doubles as the fallback poll
                if ready > 0 {
                    // Drain the queue; any event naming the signal file counts.
                    while true {
                        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                        if count <= 0 { break }
                        signalled = signalled || Self.names(ChangeSignal.fileName, in: buffer, count: count)
                    }
                }
                if signalled { wake() }
            }
        }
        thread.name = "photos.change-signal"
        self.thread = thread
        thread.start()
    }

    /// Stops the thread (within a second) and closes the inotify descriptor.
    func stop() {
        stopped.raised.store(true, ordering: .relaxed)
        let fd = inotify
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { if fd >= 0 { close(fd) } }
    }

    private static func names(_ name: String, in buffer: [UInt8], count: Int) -> Bool {
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
            if String(decoding: nameBytes, as: UTF8.self) == name { return true }
            offset += headerSize + length
        }
        return false
    }
}

import Foundation

/// Drains a child's stdout and stderr pipes so it never blocks on a full pipe, keeping at most `limit`
/// bytes of each (the rest is read and dropped).
///
/// Threading: used only by the monitor thread that owns it.
final class OutputCollector {
    struct Stream {
        var descriptor: Int32
        var data = Data()
        var droppedByteCount = 0
    }

    private(set) var streams: [Stream]
    private let limit: Int
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    init(standardOutput: Int32, standardError: Int32, limit: Int) {
        streams = [Stream(descriptor: standardOutput), Stream(descriptor: standardError)]
        self.limit = limit
    }

    deinit {
        closeAll()
        buffer.deallocate()
    }

    /// Both pipes reached end of file (or failed).
    var isDone: Bool { streams.allSatisfy { $0.descriptor < 0 } }

    /// Waits up to `timeout` ms (-1: forever) for output or for `extra` (ignored when negative) to become
    /// readable, then reads what is available. Returns whether `extra` is readable.
    func poll(extra: Int32, timeout: Int32) -> Bool {
        var fds = streams.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        fds.append(pollfd(fd: extra, events: Int16(POLLIN), revents: 0))
        let ready = Glibc.poll(&fds, nfds_t(fds.count), timeout)
        guard ready > 0 else { return false }
        for index in streams.indices where streams[index].descriptor >= 0 && fds[index].revents != 0 {
            readOnce(index)
        }
        return fds[fds.count - 1].revents != 0
    }

    /// Closes the pipes that are still open (output held by an escaped process is abandoned).
    func closeAll() {
        for index in streams.indices where streams[index].descriptor >= 0 {
            close(streams[index].descriptor)
            streams[index].descriptor = -1
        }
    }

    private func readOnce(_ index: Int) {
        let count = read(streams[index].descriptor, buffer.baseAddress, buffer.count)
        if count > 0 {
            let kept = max(0, min(count, limit - streams[index].data.count))
            if kept > 0 { streams[index].data.append(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: kept) }
            streams[index].droppedByteCount += count - kept
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(streams[index].descriptor)
            streams[index].descriptor = -1
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a Server-Sent Events stream over a plain socket, event by event (URLSession on Linux cannot stream).
final class SSEClient {
    struct Event { var name: String; var id: Int64?; var data: [String: Any] }
    private let fd: Int32
    private var buffer = Data()

    /// Connects to 127.0.0.1:`port` and sends a GET for `path`.
    init(port: Int, path: String, headers: [String: String]) throws {
        fd = try RawHTTP.open(port: port, head: ["GET \(path) HTTP/1.1", "Host: 127.0.0.1", "Accept: text/event-stream"]
                                + headers.map { "\($0.key): \($0.value)" }, body: Data())
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Status line and headers.
        let head = try readUntil("\r\n\r\n")
        // No close here: a class whose initialiser throws after every stored property is set still runs deinit,
        // which closes the socket. Closing it here too closed whatever reused the number in between — once a
        // socket of the in-process server (NIO trapped on EBADF in epoll_ctl).
        guard head.hasPrefix("HTTP/1.1 200") else { throw HarnessError("Stream refused: \(head.prefix(200))") }
    }

    deinit { close(fd) }

    /// The next event (comments skipped); nil at the end of the stream.
    func next() throws -> Event? {
        while true {
            // Chunked transfer: strip chunk-size lines as they come (they are hex numbers alone on a line).
            guard let block = try? readUntil("\n\n") else { return nil }
            var event = Event(name: "message", id: nil, data: [:])
            var sawField = false
            for line in block.split(separator: "\n") {
                let line = line.hasSuffix("\r") ? line.dropLast() : line
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)); sawField = true }
                else if line.hasPrefix("id: ") { event.id = Int64(line.dropFirst(4)); sawField = true }
                else if line.hasPrefix("data: ") {
                    event.data = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any] ?? [:]
                    sawField = true
                }
            }
            if sawField { return event }
        }
    }

    /// Events until one named `name` arrives (returned last).
    func collect(until name: String, limit: Int = 100_000) throws -> [Event] {
        var events: [Event] = []
        while events.count < limit, let event = try next() {
            events.append(event)
            if event.name == name { break }
        }
        return events
    }

    private var raw = Data()
    private var chunked = false

    private func readUntil(_ terminator: String) throws -> String {
        let marker = Data(terminator.utf8)
        while true {
            if let range = buffer.range(of: marker) {
                let text = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                if text.hasPrefix("HTTP/1.1"), text.lowercased().contains("transfer-encoding: chunked") {
                    // The rest of what was read is the chunked body.
                    chunked = true
                    raw = buffer
                    buffer = Data()
                    decodeChunks()
                }
                return text
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { throw HarnessError("The stream ended") }
            if chunked { raw.append(contentsOf: chunk[0..<n]); decodeChunks() } else { buffer.append(contentsOf: chunk[0..<n]) }
        }
    }

    /// Moves complete HTTP/1.1 chunks from `raw` to `buffer`.
    private func decodeChunks() {
        let crlf = Data("\r\n".utf8)
        while let line = raw.range(of: crlf) {
            guard let size = Int(String(decoding: raw[raw.startIndex..<line.lowerBound], as: UTF8.self), radix: 16) else { return }
            let start = line.upperBound
            guard raw.count - (start - raw.startIndex) >= size + 2 else { return }
            buffer.append(raw[start..<(start + size)])
            raw = Data(raw[(start + size + 2)...])
        }
    }
}

extension SSEClient {
    /// Connects on a thread of its own: the in-process server runs on Swift's cooperative pool (as wide as the
    /// machine has cores), so a test must never block that pool in `recv` while it waits for the server.
    static func open(port: Int, path: String, headers: [String: String]) async throws -> SSEClient {
        try await onThread { try SSEClient(port: port, path: path, headers: headers) }
    }

    /// `collect(until:)` on a thread of its own (see `open`).
    func events(until name: String) async throws -> [Event] {
        let box = UncheckedSendable(self)
        return try await Self.onThread { try box.value.collect(until: name) }
    }

    private static func onThread<T>(_ work: @escaping () throws -> T) async throws -> T {
        let box = UncheckedSendable(work)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedSendable<T>, any Error>) in
            Thread { do { continuation.resume(returning: UncheckedSendable(try box.value())) } catch { continuation.resume(throwing: error) } }.start()
        }.value
    }
}

/// Carries a value to the helper thread and back (only one side uses it at a time).
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

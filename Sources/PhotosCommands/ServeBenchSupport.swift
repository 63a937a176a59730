import Foundation
import NIOHTTP1
import ServedLibrary
#if canImport(Glibc)
import Glibc
#endif

/// A `photos serve` child process on a free loopback port (this same executable).
final class ServerProcess {
    let process = Process()
    let url: String
    var pid: Int32 { process.processIdentifier }

    init(library: String) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve", "--exit-with-parent", "--no-analysis", "--library", library, "--listen", "127.0.0.1:0", "--log-level", "error"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = ""
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
            if let range = printed.range(of: "http://127.0.0.1:[0-9]+", options: .regularExpression) {
                url = String(printed[range])
                return
            }
        }
        process.terminate()
        throw CommandError("photos serve did not start: \(printed)")
    }

    func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        process.waitUntilExit()
    }
}

/// Blocking HTTP/1.1 requests for the benchmark's set-up steps, through the served library's client
/// (`ServiceHTTPClient`; `photos` links no HTTP client library such as FoundationNetworking's libcurl).
enum HTTP {
    struct Reply { var status: Int; var body: Data; var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] } }

    static func request(_ method: String, _ url: String, headers: [String: String], body: String? = nil) throws -> Reply {
        guard let parsed = URL(string: url) else { throw CommandError("Not a URL: \(url)") }
        let client = ServiceHTTPClient(endpoint: .tcp(host: "127.0.0.1", port: parsed.port ?? 80, tls: nil))
        var fields = headers.map { ($0.key, $0.value) }
        if body != nil { fields.append(("Content-Type", "application/json")) }
        let path = (parsed.path.isEmpty ? "/" : parsed.path) + (parsed.query.map { "?\($0)" } ?? "")
        let response = try client.send(HTTPMethod(rawValue: method), path, headers: fields, body: body.map { Data($0.utf8) })
        return Reply(status: response.status, body: response.body)
    }
}

/// Connected loopback TCP sockets for the change-stream subscribers.
enum LoopbackSocket {
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CommandError("Cannot make a socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw CommandError("Cannot connect to 127.0.0.1:\(port): \(reason)")
        }
        return fd
    }
}

/// One change-stream connection read on its own thread, remembering when each change event arrived.
final class StreamSubscriber: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSCondition()
    private var arrivals: [Int64: Date] = [:]
    private var closed = false
    private var ready = false

    init(url: String, headers: [String: String]) throws {
        let parsed = URL(string: url)!
        fd = try LoopbackSocket.connect(port: parsed.port ?? 80)
        var request = "GET \(parsed.path)?\(parsed.query ?? "") HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        let thread = Thread { [self] in readLoop() }
        thread.start()
    }

    private func readLoop() {
        var pending = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            let now = Date()
            pending += String(decoding: buffer[0..<n], as: UTF8.self)
            if !ready, pending.contains("event: ready") { lock.lock(); ready = true; lock.broadcast(); lock.unlock() }
            // Event ids of change events ("event: change\nid: N").
            var found: [Int64] = []
            while let range = pending.range(of: "event: change\nid: ") {
                let rest = pending[range.upperBound...]
                guard let end = rest.firstIndex(of: "\n") else { break }
                if let token = Int64(rest[..<end]) { found.append(token) }
                pending = String(rest[end...])
            }
            if pending.count > 1 << 16 { pending = String(pending.suffix(1024)) }
            if !found.isEmpty {
                lock.lock(); for token in found { arrivals[token] = now }; lock.broadcast(); lock.unlock()
            }
        }
        lock.lock(); closed = true; lock.broadcast(); lock.unlock()
    }

    /// Waits until the server said the stream is live (`ready`); false on timeout or a closed stream.
    func waitUntilReady(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock(); defer { lock.unlock() }
        while !ready, !closed, Date() < deadline { _ = lock.wait(until: deadline) }
        return ready
    }

    /// When the change with `token` arrived (waiting up to `timeout` seconds), or nil.
    func waitForChange(token: Int64, timeout: TimeInterval) -> Date? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock(); defer { lock.unlock() }
        while arrivals[token] == nil, !closed, Date() < deadline { _ = lock.wait(until: deadline) }
        return arrivals[token]
    }

    func close() { shutdown(fd, Int32(SHUT_RDWR)) }
}

/// nginx (Debian's) serving one file on a free loopback port, as the thumbnail peer.
final class NginxPeer {
    let process = Process()
    let url: String
    let directory: URL

    init(serving data: Data) throws {
        guard let nginx = ServeBenchCommand.which("nginx") else { throw CommandError("nginx is not installed") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-nginx-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("www"), withIntermediateDirectories: true)
        try data.write(to: directory.appendingPathComponent("www/thumbnail.jpg"))
        let port = 20_000 + Int(getpid() % 20_000)
        let config = """
            worker_processes 2;
            daemon off;
            error_log \(directory.path)/error.log;
            pid \(directory.path)/nginx.pid;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                open_file_cache max=100;
                client_body_temp_path \(directory.path)/body; proxy_temp_path \(directory.path)/proxy;
                fastcgi_temp_path \(directory.path)/fastcgi; uwsgi_temp_path \(directory.path)/uwsgi; scgi_temp_path \(directory.path)/scgi;
                types { image/jpeg jpg; }
                server { listen 127.0.0.1:\(port); root \(directory.path)/www; etag on; }
            }
            """
        try config.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", directory.appendingPathComponent("nginx.conf").path, "-p", directory.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        url = "http://127.0.0.1:\(port)/thumbnail.jpg"
        for _ in 0..<50 where (try? HTTP.request("GET", url, headers: [:]))?.status != 200 { usleep(100_000) }
    }

    func stop() {
        kill(process.processIdentifier, SIGQUIT)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

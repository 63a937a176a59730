import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real program on the server's Unix socket: curl (or a copy of it), which the server knows only by the
/// kernel's peer credentials and the executable they lead to. Each request is a new curl process.
struct SocketProgram {
    static let systemCurl = URL(fileURLWithPath: "/usr/bin/curl")
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: systemCurl.path) }

    let executable: URL
    let socket: String

    struct Reply {
        var status: Int
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var problemType: String? { (json["type"] as? String).map { String($0.dropFirst("/problems/".count)) } }
    }

    /// One request; `data` is sent as is (with `headers`), `json` as JSON. curl runs on a Dispatch thread: the
    /// server answering it runs in this process on Swift's cooperative threads (two on two cores), which a
    /// blocking wait here would take from it.
    func request(_ method: String, _ path: String, json: Any? = nil, data: Data? = nil, headers: [String: String] = [:]) async throws -> Reply {
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.run(method, path, json: body, data: data, headers: headers) })
            }
        }
    }

    private func run(_ method: String, _ path: String, json: Data?, data: Data?, headers: [String: String]) throws -> Reply {
        var arguments = ["-s", "--unix-socket", socket, "-X", method, "-o", "-", "-w", "\n%{http_code}", "http://localhost\(path)"]
        var input: Data?
        if let json {
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-"]
            input = json
        } else if let data {
            arguments += ["--data-binary", "@-"]
            input = data
        }
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let all = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let newline = all.lastIndex(of: UInt8(ascii: "\n")) else { return Reply(status: 0, body: all) }
        let status = Int(String(decoding: all[(newline + 1)...], as: UTF8.self)) ?? 0
        return Reply(status: status, body: Data(all[..<newline]))
    }

    func get(_ path: String) async throws -> Reply { try await request("GET", path) }
    func post(_ path: String, _ json: Any) async throws -> Reply { try await request("POST", path, json: json) }

    /// Uploads and imports a file as this program; answers the import's reply.
    func upload(_ file: URL) async throws -> Reply {
        let bytes = try Data(contentsOf: file)
        let made = try await post("/api/uploads", ["filename": file.lastPathComponent, "length": bytes.count])
        guard made.status == 201, let id = made.json["id"] as? String else { return made }
        let sent = try await request("PATCH", "/api/uploads/\(id)", data: bytes, headers: ["Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"])
        guard sent.status == 200 else { return sent }
        return try await post("/api/uploads/import", ["uploads": [id]])
    }

    /// A long-lived request (the change stream) whose output is collected as it arrives.
    final class Stream: Sendable {
        let process: Process
        private let collected = Mutex("")
        private let ended = Mutex<Date?>(nil)

        init(_ program: SocketProgram, path: String) throws {
            process = Process()
            process.executableURL = program.executable
            process.arguments = ["-s", "-N", "--unix-socket", program.socket, "http://localhost\(path)"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let handle = output.fileHandleForReading
            Thread.detachNewThread { [self] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    self.collected.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
                self.ended.withLock { $0 = Date() }
            }
        }

        var text: String { collected.withLock { $0 } }
        /// When the server ended the stream (curl saw the end of the response).
        var endedAt: Date? { ended.withLock { $0 } }

        /// Waits (up to `seconds`) until the output contains `marker`.
        func wait(for marker: String, seconds: Double = 10) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.contains(marker) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return text.contains(marker)
        }

        /// Ends curl. SIGKILL: processes started from the test inherit the server's blocked SIGTERM (swift-service-lifecycle
        /// takes it over), so curl would never see a SIGTERM.
        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }
}

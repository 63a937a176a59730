import ArgumentParser
import Foundation
import ImageManagement
import LibraryService
import PhotoLibrary

/// `photos bench serve`: the library service under load, on a 1,000,000-asset filler library. A real
/// `photos serve` process, `wrk` on loopback (32 connections), nginx serving the same thumbnail file as the peer,
/// and 100 change-stream subscribers; every figure is printed next to its target.
struct ServeBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Measure `photos serve`: timeline pages, thumbnails (vs nginx), change fan-out, memory.")
    @Option(help: "Assets to fill when no --library is given.") var count = 1_000_000
    @Option(help: "Benchmark an existing library instead of filling a new one.") var library: String?
    @Option(help: "Seconds per wrk run.") var seconds = 10
    @Option(help: "Concurrent connections per wrk run.") var connections = 32
    @Option(help: "Change-stream subscribers.") var subscribers = 100

    func run() throws {
        guard let wrk = Self.which("wrk") else { throw CommandError("wrk is not installed (apt-get install wrk)") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-serve-\(getpid())")
        defer { if library == nil { try? FileManager.default.removeItem(at: scratch) } }
        let path = library ?? scratch.appendingPathComponent("Bench.photoslibrary").path
        let lib = try Library.open(at: URL(fileURLWithPath: path))
        if library == nil {
            print("Filling \(count) assets…"); fflush(nil)
            _ = try lib.fill(count: count, seed: 1)
        }
        // An admin with a token for the load generators.
        let name = "bench-\(getpid())"
        if let error = BlockingTask.run({ try await AccountAdministration.createAccount(in: lib, username: name, password: "bench password", role: .admin, cost: 4) }) {
            throw CommandError("\(error)")
        }
        let account = try lib.account(named: name)!.account
        let token = try lib.createCredential(.token, accountID: account.rowID, name: "bench").secret
        defer { try? lib.removeAccount(named: name) }

        let server = try ServerProcess(library: path)
        defer { server.stop() }
        let base = server.url
        let auth = ["Authorization": "Bearer \(token)"]
        print("photos serve pid \(server.pid) at \(base)")

        // 1. Timeline: making the fetch (a snapshot of every visible asset), then its first page of 200.
        var fetchTimes: [Double] = []
        var fetchID = ""
        for _ in 0..<5 {
            let start = Date()
            let reply = try HTTP.request("POST", base + "/api/fetches", headers: auth, body: #"{"entity":"assets","sort":[{"key":"creationDate","ascending":false}]}"#)
            fetchTimes.append(Date().timeIntervalSince(start))
            fetchID = (reply.json["id"] as? String) ?? ""
        }
        let fetchCount = (try HTTP.request("GET", base + "/api/fetches/\(fetchID)?limit=1", headers: auth)).json["count"] as? Int ?? 0
        print("Timeline over \(fetchCount) assets:")
        report("make the fetch (POST /api/fetches), median of 5", ms(median(fetchTimes)), target: 20, unit: "ms")
        let page = try runWRK(wrk, base + "/api/fetches/\(fetchID)?offset=0&limit=200", headers: auth)
        report("first page of 200 with thumbnail URLs, p50 under \(connections) clients", page.p50, target: 20, unit: "ms")
        report("first page of 200 with thumbnail URLs, p99 under \(connections) clients", page.p99, target: 100, unit: "ms")
        print(String(format: "  (%.0f pages/s; the first page's records are kept by ids and change token, as every client opening the timeline reads them)", page.requestsPerSecond))
        // Pages at random offsets (almost never the same twice): what reading records and writing JSON cost.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-pages-\(UUID().uuidString).lua")
        try Data("""
            math.randomseed(1)
            request = function()
              return wrk.format(nil, "/api/fetches/\(fetchID)?limit=200&offset=" .. math.random(0, \(max(0, fetchCount - 200))))
            end
            """.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let scattered = try runWRK(wrk, base + "/api/fetches/\(fetchID)", headers: auth, script: script.path)
        print(String(format: "  pages of 200 at random offsets (records read and written each time), p50 %.2f ms, p99 %.2f ms, %.0f pages/s",
                     scattered.p50, scattered.p99, scattered.requestsPerSecond))

        // 2. Cached thumbnails, against nginx serving the same file.
        let firstAsset = ((try HTTP.request("GET", base + "/api/fetches/\(fetchID)?limit=1", headers: auth)).json["assets"] as? [[String: Any]])?.first
        let thumbnail = base + ((firstAsset?["thumbnailURL"] as? String) ?? "")
        let warm = try HTTP.request("GET", thumbnail, headers: auth)
        guard warm.status == 200 else { throw CommandError("The thumbnail request failed: \(warm.status)") }
        let ours = try runWRK(wrk, thumbnail, headers: auth)
        print("Thumbnails (\(warm.body.count) bytes, made once, then served from disk):")
        var line = String(format: "  photos serve: %.0f requests/s (target ≥ 5000)", ours.requestsPerSecond)
        if let nginx = try? NginxPeer(serving: warm.body) {
            defer { nginx.stop() }
            let peer = try runWRK(wrk, nginx.url, headers: [:])
            line += String(format: "; nginx same file %.0f requests/s, ratio %.2f× (target ≥ 0.5×)", peer.requestsPerSecond, ours.requestsPerSecond / peer.requestsPerSecond)
        } else {
            line += "; nginx not installed (apt-get install nginx-light): no peer figure"
        }
        print(line)

        // 3. One change reaches every change-stream subscriber, with the timeline fetch's details.
        let streams = try (0..<subscribers).map { _ in try StreamSubscriber(url: base + "/api/changes/stream?fetch=\(fetchID)", headers: auth) }
        guard streams.allSatisfy({ $0.waitUntilReady(timeout: 30) }) else { throw CommandError("Not every change-stream subscriber got ready") }
        var fanOut: [Double] = []
        let ids = try lib.assetRowIDs(AssetQuery(scope: .all, limit: 10))
        let records = try lib.assets(rowIDs: ids)
        for round in 0..<5 {
            let identifier = records[ids[round]]!.identifier
            let outcome = try lib.apply(ChangeBatch(operations: [.editAsset(identifier: identifier, AssetEdits(isFavorite: round % 2 == 0))]))
            let committed = Date()
            guard let token = outcome.token else { continue }
            let arrivals = streams.map { $0.waitForChange(token: token, timeout: 10) }
            guard arrivals.allSatisfy({ $0 != nil }) else { throw CommandError("Not every subscriber received change \(token)") }
            fanOut.append(arrivals.compactMap { $0 }.max()!.timeIntervalSince(committed))
        }
        streams.forEach { $0.close() }
        print("Change fan-out:")
        report("one change → \(subscribers) subscribers with details, median of 5 (from the commit returning)", ms(median(fanOut)), target: 100, unit: "ms")
        let peak = Double(ResidentMemory.peakKB(pid: server.pid)) / 1024
        print(String(format: "Server peak RSS: %.0f MB (target ≤ 300 MB, %@)", peak, peak <= 300 ? "met" : "MISSED"))
    }

    // MARK: Helpers

    struct WRKResult { var p50: Double; var p99: Double; var requestsPerSecond: Double }

    private func runWRK(_ wrk: String, _ url: String, headers: [String: String], script: String? = nil) throws -> WRKResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency"] + headers.flatMap { ["-H", "\($0.key): \($0.value)"] }
            + (script.map { ["-s", $0] } ?? []) + [url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func latency(_ label: String) -> Double {
            guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }) else { return .nan }
            let value = line.split(separator: " ").last.map(String.init) ?? ""
            let number = Double(value.filter { $0.isNumber || $0 == "." }) ?? .nan
            if value.hasSuffix("us") { return number / 1000 }
            if value.hasSuffix("ms") { return number }
            if value.hasSuffix("s") { return number * 1000 }
            return number
        }
        let rps = text.split(separator: "\n").first { $0.hasPrefix("Requests/sec:") }.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        if text.contains("Non-2xx") { throw CommandError("wrk saw error responses:\n\(text)") }
        return WRKResult(p50: latency("50%"), p99: latency("99%"), requestsPerSecond: rps)
    }

    private func report(_ name: String, _ value: Double, target: Double, unit: String) {
        print(String(format: "  %@: %.2f %@ (target ≤ %g %@, %@)", name, value, unit, target, unit, value <= target ? "met" : "MISSED"))
    }

    private func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
    private func ms(_ seconds: Double) -> Double { seconds * 1000 }

    static func which(_ name: String) -> String? {
        let path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let directories: [String] = path.split(separator: ":").map { String($0) } + ["/usr/sbin"]
        for dir in directories {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

import ArgumentParser
import Foundation
import Photos
import PhotoLibrary
import ImageManagement

/// `photos bench soak`: a library under sustained mixed load — imports, filter edits and reverts, trashing,
/// recovering and erasing, album changes — from worker threads at once, while `photos watch` processes observe
/// every change. Prints operations, resident memory and open file descriptors (this process and the observers')
/// over time, which should stay flat, and ends with `photos verify`'s full check. Works on a copy of nothing:
/// run it on a library made for it (`photos fill --count 1000000`).
struct SoakBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak", abstract: "Mixed load for a while, then a full consistency check (photos verify).")
    @OptionGroup var libraryOptions: LibraryOptions
    @Option(help: "How long the load runs, in minutes.") var minutes: Double = 30
    @Option(help: "How many `photos watch` processes observe the library meanwhile.") var observers = 3
    @Option(help: "Seconds between samples (default: about twenty samples over the run).") var interval: Double?
    @Flag(help: "Skip the final full verification (it reads every file once).") var noVerify = false

    func validate() throws {
        guard minutes > 0, minutes <= 24 * 60 else { throw ValidationError("--minutes must be between 0 and 1440") }
        guard (0...16).contains(observers) else { throw ValidationError("--observers must be between 0 and 16") }
    }

    func run() throws {
        let url = libraryOptions.url
        let photos = try PHPhotoLibrary(url: url)
        let core = photos.library
        let startAssets = try core.assetRowIDs(AssetQuery(scope: .all)).count
        print("Soak of \(url.path): \(startAssets) visible assets, \(String(format: "%.1f", minutes)) minutes, \(observers) observers")

        // Thumbnails and screen images follow every commit in the background, as with `photos import`.
        ImportDerivatives.begin(core)
        let watchers = try (0..<observers).map { _ in try SoakObserver(libraryPath: url.path) }
        defer { watchers.forEach { $0.stop() } }
        let load = SoakLoad(photos: photos, scratch: FileManager.default.temporaryDirectory.appendingPathComponent("photos-soak-\(getpid())"))
        defer { load.removeScratch() }
        let deadline = Date().addingTimeInterval(minutes * 60)
        let threads = load.start(until: deadline)

        let every = interval ?? max(1, minutes * 60 / 20)
        var samples: [SoakSample] = [SoakSample.take(elapsed: 0, load: load, observers: watchers)]
        print(SoakSample.header)
        print(samples[0].line)
        fflush(nil)
        let began = Date()
        // The main thread serves the main queue meanwhile: PhotoKit delivers editing inputs there.
        while Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(min(every, max(0, deadline.timeIntervalSinceNow))))
            let sample = SoakSample.take(elapsed: Date().timeIntervalSince(began), load: load, observers: watchers)
            samples.append(sample)
            print(sample.line)
            fflush(nil)   // a line per sample even when the output is a file or a pipe
        }
        var running = threads
        while !running.isEmpty {
            running.removeAll { $0.wait(timeout: .now()) == .success }
            if !running.isEmpty { RunLoop.main.run(until: Date().addingTimeInterval(0.05)) }
        }
        // The observers catch up with the last commits before they are stopped.
        let finalToken = try core.currentChangeToken()
        let caughtUp = watchers.allSatisfy { $0.settle(commits: load.commits, timeout: 120) }
        let last = SoakSample.take(elapsed: Date().timeIntervalSince(began), load: load, observers: watchers)
        samples.append(last)
        print(last.line)

        let totals = load.totals()
        let seconds = max(1, last.elapsed)
        print(String(format: "Operations: %d in %.0f s (%.1f/s): %@", totals.values.reduce(0, +), seconds,
                     Double(totals.values.reduce(0, +)) / seconds, totals.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
        print("Refused as expected (an object another worker had just erased, …): \(load.refusals())")
        let failures = load.failures()
        print("Unexpected failures: \(failures.count)\(failures.isEmpty ? "" : "\n  " + failures.prefix(10).joined(separator: "\n  "))")
        print(String(format: "This process: RSS %.0f → %.0f MB (heap %.0f → %.0f MB), open files %d → %d", samples[0].rssMB, last.rssMB,
                     samples[0].heapMB, last.heapMB, samples[0].fileDescriptors, last.fileDescriptors))
        if !watchers.isEmpty {
            print(String(format: "Observers: RSS %.0f → %.0f MB (largest), open files %d → %d (most); each saw %@ of %d changes (token %lld)%@",
                         samples[0].observerRSSMB, last.observerRSSMB, samples[0].observerFileDescriptors, last.observerFileDescriptors,
                         watchers.map { String($0.changesSeen) }.joined(separator: "/"), load.commits, finalToken, caughtUp ? "" : " — NOT ALL CAUGHT UP"))
        }
        let ownAssets = try load.ownAssetsPresent()
        print("Assets: \(startAssets) visible before; the soak imported \(totals["imports", default: 0]) photos, erased \(load.erasedCount()), \(ownAssets.present) of its own remain (\(ownAssets.expected) expected)")
        ImagingContext.context(for: core).generator.waitUntilIdle()
        if noVerify { return }
        print("Verifying every record and file…")
        let report = try core.verify()
        print("Verify: \(report.recordsChecked) records, \(report.filesChecked) files (\(report.bytesChecked / 1_000_000) MB) — \(report.isClean ? "clean" : "\(report.findings.count) FINDINGS")")
        for finding in report.findings.prefix(10) { print("  " + finding.line) }
        if !report.isClean || !failures.isEmpty || ownAssets.present != ownAssets.expected || !caughtUp {
            throw CommandError("The soak found problems (see above)")
        }
    }
}

/// One row of the soak's table.
struct SoakSample {
    var elapsed: Double
    var operations: Int
    var rssMB: Double
    /// The anonymous part of `rssMB` (heap, stacks): what a leak grows, unlike pages of mapped files.
    var heapMB: Double
    var fileDescriptors: Int
    var observerRSSMB: Double
    var observerFileDescriptors: Int
    var changesSeen: Int
    /// The database's write-ahead log, which grows when checkpoints cannot keep up with commits.
    var walMB: Double
    /// Assets waiting for their thumbnails and screen images in this process.
    var derivativeBacklog: Int

    static let header = "  time     ops     RSS MB  (heap)   fds   observer RSS MB   observer fds   changes seen   WAL MB   thumbnails queued"

    var line: String {
        String(format: "%6.0f s %7d %9.0f %7.0f %6d %15.0f %14d %14d %8.1f %19d", elapsed, operations, rssMB, heapMB, fileDescriptors, observerRSSMB,
               observerFileDescriptors, changesSeen, walMB, derivativeBacklog)
    }

    static func take(elapsed: Double, load: SoakLoad, observers: [SoakObserver]) -> SoakSample {
        let wal = load.photos.library.databaseURL.path + "-wal"
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        return SoakSample(elapsed: elapsed, operations: load.totals().values.reduce(0, +), rssMB: ResidentMemory.currentMB(),
                          heapMB: ResidentMemory.anonymousMB(), fileDescriptors: SoakObserver.openFiles(pid: nil),
                          observerRSSMB: observers.map { ResidentMemory.currentMB(pid: $0.pid) }.max() ?? 0,
                          observerFileDescriptors: observers.map { SoakObserver.openFiles(pid: $0.pid) }.max() ?? 0,
                          changesSeen: observers.map(\.changesSeen).min() ?? 0, walMB: Double(walBytes) / 1_000_000,
                          derivativeBacklog: ImagingContext.context(for: load.photos.library).generator.pendingCount)
    }
}

/// A `photos watch --json` process counting the changes it prints.
final class SoakObserver: @unchecked Sendable {
    private let process = Process()
    private let lock = NSCondition()
    private var seen = 0
    var pid: Int32 { process.processIdentifier }

    init(libraryPath: String) throws {
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = ["watch", "--json", "--library", libraryPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while let chunk = try? handle.read(upToCount: 65536), !chunk.isEmpty {
                let lines = chunk.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                lock.lock(); seen += lines; lock.broadcast(); lock.unlock()
            }
        }
    }

    /// Changes printed so far (one JSON line each; a notification may cover several commits).
    var changesSeen: Int { lock.lock(); defer { lock.unlock() }; return seen }

    /// Waits until the observer has printed nothing new for three seconds (everything pending delivered); false
    /// when it is still printing at `timeout`, or has printed nothing although there were commits.
    func settle(commits: Int, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var last = changesSeen, quietSince = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            let now = changesSeen
            if now != last { last = now; quietSince = Date() } else if Date().timeIntervalSince(quietSince) >= 3 { return commits == 0 || now > 0 }
        }
        return false
    }

    /// Kills the watcher (it only reads; SIGKILL also reaches one started with SIGTERM blocked, as a child of a
    /// test runner's thread is).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Open file descriptors of a process (this one when nil).
    static func openFiles(pid: Int32?) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid.map(String.init) ?? "self")/fd")) ?? []).count
    }
}

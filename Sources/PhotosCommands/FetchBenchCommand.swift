import ArgumentParser
import Foundation
import Photos
import PhotoLibrary

/// `photos bench fetch`: the million-asset fetch path (issue 16, item 1). Fills a fresh library (or uses
/// `--library`), then measures PhotoKit fetches in fresh processes — the first after the fill (the fetch runs
/// its SQL and persists its ids) and a later one (it opens the persisted snapshot) — and finally change
/// observation with ten live fetch results. Each figure is printed next to its target.
struct FetchBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch", abstract: "Measure the fetch path (open, fetch, index, enumerate, changes) on a large filler library.")
    @Option(help: "Assets to fill when no --library is given.") var count = 1_000_000
    @Option(help: "Benchmark an existing library instead of filling a new one.") var library: String?
    @Option(help: "Assets in the batch-import measurement (0 skips the change measurements).") var batch = 10_000
    @Flag(help: .hidden) var probe = false

    func run() throws {
        if probe {
            guard let library else { throw ValidationError("--probe needs --library") }
            return try FetchBenchProbe.run(libraryAt: library)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-fetch-\(getpid())")
        let path = library ?? scratch.appendingPathComponent("Bench.photoslibrary").path
        defer { if library == nil { try? FileManager.default.removeItem(at: scratch) } }
        if library == nil {
            print("Filling \(count) assets…")
            let start = Date()
            try Library.open(at: URL(fileURLWithPath: path)).fill(count: count, seed: 1)
            report("fill --count \(count)", Date().timeIntervalSince(start), target: 20, unit: "s")
            // The fill leaves about a gigabyte of dirty pages; writing them back during the measurements below
            // would slow every fsync (a 10,000-asset import then took 2.7 s instead of 0.6 s).
            sync()
        }
        let first = try probeProcess(path)
        let later = try probeProcess(path)
        print("First process after the change (the fetch runs its SQL and persists the ids), \(Int(first["count"] ?? 0)) assets:")
        report("open + fetchAssets(with:) by creationDate + count + firstObject", first["fetch"]!, target: 0.010, unit: "ms")
        report("favourites smart album fetch + count", first["favorites"]!, target: 0.010, unit: "ms")
        print("A later process (persisted snapshot):")
        report("open + fetchAssets(with:) by creationDate + count + firstObject", later["fetch"]!, target: 0.010, unit: "ms")
        print(String(format: "    (open %.2f ms, fetch %.2f ms, count + firstObject %.2f ms)", later["open"]! * 1000, later["fetchOnly"]! * 1000,
                     later["countFirst"]! * 1000))
        report("object(at:) at a random index (mean of 200)", later["objectAt"]!, target: 0.0001, unit: "ms")
        report("index(of:), first call", later["indexOfFirst"]!, target: 0.001, unit: "ms")
        report("index(of:), later calls (mean of 200)", later["indexOf"]!, target: 0.00005, unit: "ms")
        report("favourites smart album fetch + count", later["favorites"]!, target: 0.010, unit: "ms")
        report("predicate fetch (favorite == YES) + count", later["predicate"]!, target: 0.010, unit: "ms")
        report("enumerateObjects over the whole result", later["enumerate"]!, target: 2, unit: "s")
        print(String(format: "    (CPU time of that enumeration %.2f s; load average during the probe %.1f on %d cores)", later["enumerateCPU"]!,
                     later["load"]!, ProcessInfo.processInfo.activeProcessorCount))
        print(String(format: "  peak RSS of that process: %.0f MB (target ≤ 200 MB, %@)", later["peakRSSMB"]!,
                     later["peakRSSMB"]! <= 200 ? "met" : "MISSED"))
        guard batch > 0 else { return }
        print("Change observation (ten live fetch results):")
        let changes = try ChangeBenchFigures.measure(libraryAt: path, batch: batch)
        report("one change → details for 10 fetch results (median of 5)", changes.oneChange, target: 0.050, unit: "ms")
        report("\(batch)-change batch → details for 10 fetch results", changes.batch, target: 0.5, unit: "ms")
        print("  details consistent with a fresh fetch: \(changes.consistent ? "yes" : "NO")")
    }

    /// Runs the probe in a fresh process and returns its figures.
    private func probeProcess(_ path: String) throws -> [String: Double] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["bench", "fetch", "--probe", "--library", path]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0, let figures = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw ValidationError("the fetch benchmark probe failed")
        }
        return figures
    }

    private func report(_ name: String, _ seconds: Double, target: Double, unit: String) {
        let scale = unit == "ms" ? 1000.0 : 1.0
        print(String(format: "  %@: %.4g %@ (target ≤ %g %@, %@)", name, seconds * scale, unit, target * scale, unit,
                     seconds <= target ? "met" : "MISSED"))
    }
}

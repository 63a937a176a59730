import ArgumentParser
import Foundation

/// `photos bench startup`: how long `photos` takes to start and how much memory it maps before doing anything,
/// next to `vipsthumbnail` in the same run (issue 16: `--version` ≤ 12 ms and ≤ 25 MiB, `list` on an empty library
/// ≤ 20 ms). Each command runs `--runs` times in a fresh process; the median and fastest wall times come from
/// direct spawns, the peak RSS from GNU `time`, and the count of shared libraries from the dynamic loader's own
/// list (`LD_TRACE_LOADED_OBJECTS`, what `ldd` prints).
struct StartupBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "startup", abstract: "Start-up time and memory vs vipsthumbnail.")
    @Option(help: "Runs of each command.") var runs = 21

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-startbench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let photos = ThumbnailBenchCommand.ownExecutable()
        let library = scratch.appendingPathComponent("Empty.photoslibrary").path
        guard try ChildRun.spawn([photos, "init", "--library", library]).status == 0 else { throw CommandError("photos init failed") }
        let jpeg = scratch.appendingPathComponent("small.jpg")
        try SyntheticPhoto.jpeg(width: 1024, height: 768, seed: 3, quality: 0.9).write(to: jpeg)
        let vips = ServeBenchCommand.which("vipsthumbnail")

        print("Start-up: \(max(runs, 1)) fresh processes per command; wall time median (fastest), peak RSS, shared libraries loaded at start")
        let libraries = Self.librariesLoaded(by: photos)
        try measure("photos --version", [photos, "--version"], libraries: libraries, target: "≤ 12 ms, ≤ 25 MiB")
        try measure("photos --help", [photos, "--help"], libraries: libraries, target: nil)
        try measure("photos list (empty library)", [photos, "list", "--library", library], libraries: libraries, target: "≤ 20 ms")
        try measure("photos image thumbnail (1 MP JPEG)", [photos, "image", "thumbnail", jpeg.path, scratch.appendingPathComponent("ours.jpg").path, "--size", "256"],
                    libraries: libraries, target: nil)
        guard let vips else { return print("  vipsthumbnail not found (apt-get install libvips-tools): peer skipped") }
        let vipsLibraries = Self.librariesLoaded(by: vips)
        try measure("vipsthumbnail --help", [vips, "--help"], libraries: vipsLibraries, target: nil)
        try measure("vipsthumbnail (1 MP JPEG)", [vips, jpeg.path, "--size", "256", "-o", scratch.appendingPathComponent("vips.jpg").path], libraries: vipsLibraries, target: nil)
    }

    private func measure(_ label: String, _ arguments: [String], libraries: Int?, target: String?) throws {
        _ = try ChildRun.spawn(arguments)  // warm the page cache
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let result = try ChildRun.spawn(arguments)
            guard result.status == 0 else { throw CommandError("\(label) failed (status \(result.status))") }
            times.append(result.seconds * 1000)
        }
        let peakMiB = Double(try ChildRun.run(arguments).peakKB) / 1024
        let padded = label.padding(toLength: max(label.count, 36), withPad: " ", startingAt: 0)
        let line = "  \(padded) " + String(format: "%6.1f ms (%5.1f)  %5.1f MiB  ", ThumbnailBenchCommand.median(times), times.min() ?? 0, peakMiB)
            + "\(libraries.map(String.init) ?? "?") libraries"
        print(target.map { line + "   target \($0)" } ?? line)
    }

    /// How many shared libraries the dynamic loader maps before `main` for `executable`.
    static func librariesLoaded(by executable: String) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.environment = ["LD_TRACE_LOADED_OBJECTS": "1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.contains("=>") || $0.contains("ld-linux") }.count
    }
}

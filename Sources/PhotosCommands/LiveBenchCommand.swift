import ArgumentParser
import Foundation

/// `photos bench live`: a full-size Live Photo edit — the still and every frame of its movie through a three-filter
/// chain (noir, vignette, luminance sharpening), the movie re-encoded with libx264 (preset fast, CRF 18, as
/// `PHLivePhotoEditingContext` does for H.264 sources) and committed — end to end (`photos live`), against ffmpeg
/// running the equivalent filter graph with the same encoder settings on the same still and movie in the same run:
/// `hue=s=0` + `curves` through the five points that define `CIPhotoEffectNoir` (its luminance and tone curve),
/// `vignette` at the angle whose darkening gives the same mean level as `CIVignette` at intensity 1 on this movie
/// (0.5 rad), `unsharp` 5×5 at 0.8. The encoder's work follows the picture (x264 spends most of both runs), so the
/// sizes of both movies are printed beside the times; then `photos export --preset 1280x720` against ffmpeg scaling to the same size
/// with the preset's settings (libx264 fast, CRF 21, audio copied); x264 runs one thread per processor on both sides.
/// Prints median wall times, peak RSS and ratios
/// (targets: ≤ 1.2× and ≤ 400 MB for the edit, ≤ 1.1× for the export). Uses the corpus Live Photo IMG_0002
/// (1440×1080, 3 s, 90 frames) or `--still`/`--movie`.
struct LiveBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "live", abstract: "Live Photo edit and video export speed vs ffmpeg.")
    @Option(help: "The Live Photo's still (default: ../shared/media/livephoto/IMG_0002.JPG).") var still: String?
    @Option(help: "The Live Photo's movie (default: ../shared/media/livephoto/IMG_0002.MOV).") var movie: String?
    @Option(help: "Runs per tool.") var runs = 3

    func run() throws {
        let media = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent().appendingPathComponent("shared/media/livephoto")
        let stillURL = URL(fileURLWithPath: still ?? media.appendingPathComponent("IMG_0002.JPG").path)
        let movieURL = URL(fileURLWithPath: movie ?? media.appendingPathComponent("IMG_0002.MOV").path)
        guard FileManager.default.fileExists(atPath: stillURL.path), FileManager.default.fileExists(atPath: movieURL.path) else {
            throw CommandError("the Live Photo \(stillURL.path) + \(movieURL.path) is not here: give --still and --movie")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw CommandError("ffmpeg is missing (apt-get install ffmpeg)") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-livebench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let photos = ThumbnailBenchCommand.ownExecutable()
        // x264 on both sides with one thread per processor, as our encoder runs it (FFmpeg's default is 1.5).
        let encoderThreads = String(min(ProcessInfo.processInfo.activeProcessorCount, 16))
        print("Input: \(stillURL.lastPathComponent) + \(movieURL.lastPathComponent); x264 with \(encoderThreads) thread(s) on both sides")

        func median(_ name: String, prepare: (Int) throws -> [[String]]) throws -> (seconds: Double, peakMB: Double) {
            var times: [Double] = [], peak = 0
            for run in 0...max(runs, 1) {          // run 0 warms the page cache and is not counted
                var total = 0.0
                for step in try prepare(run) {
                    let result = try ChildRun.run(step)
                    guard result.status == 0 else { throw CommandError("\(name): \(step[0]) \(step.dropFirst().prefix(3).joined(separator: " ")) failed (status \(result.status))") }
                    total += result.seconds
                    peak = max(peak, result.peakKB)
                }
                if run > 0 { times.append(total) }
            }
            let value = (ThumbnailBenchCommand.median(times), Double(peak) / 1024)
            print(String(format: "  %-44@ %7.0f ms median, peak RSS %5.0f MB", name as NSString, value.0 * 1000, value.1))
            return value
        }

        // A fresh library per run (the import is not timed), the asset's identifier read back.
        func library(_ run: Int, _ tag: String) throws -> (args: [String], identifier: String) {
            let lib = scratch.appendingPathComponent("\(tag)-\(run).photoslibrary").path
            let imported = try ChildRun.run([photos, "import", stillURL.path, movieURL.path, "--library", lib])
            guard imported.status == 0 else { throw CommandError("importing the Live Photo failed") }
            let list = Process()
            list.executableURL = URL(fileURLWithPath: photos)
            list.arguments = ["list", "--json", "--library", lib]
            let pipe = Pipe()
            list.standardOutput = pipe
            try list.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            list.waitUntilExit()
            guard let identifier = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first?["localIdentifier"] as? String else {
                throw CommandError("the imported Live Photo was not listed")
            }
            return (["--library", lib], identifier)
        }

        print("Live Photo edit (still + every frame, three filters, H.264 CRF 18):")
        let ours = try median("photos live --filter ×3") { run in
            let (lib, identifier) = try library(run, "edit")
            return [[photos, "live", identifier, "--filter", "CIPhotoEffectNoir", "--filter", "CIVignette", "inputIntensity=1",
                     "--filter", "CISharpenLuminance", "inputSharpness=0.4"] + lib]
        }
        let graph = "hue=s=0,curves=all='0/0 0.25/0.15 0.5/0.5 0.75/0.85 1/1',vignette=0.5,unsharp=5:5:0.8"
        let peer = try median("ffmpeg (still + movie, same graph)") { run in
            [["/usr/bin/ffmpeg", "-v", "error", "-y", "-i", stillURL.path, "-vf", graph, "-q:v", "2", scratch.appendingPathComponent("still-\(run).jpg").path],
             ["/usr/bin/ffmpeg", "-v", "error", "-y", "-i", movieURL.path, "-vf", graph, "-c:v", "libx264", "-preset", "fast", "-crf", "18",
              "-threads:v", encoderThreads, "-c:a", "copy", scratch.appendingPathComponent("movie-\(run).mov").path]]
        }
        print(String(format: "  ratio %.2f× ffmpeg (target ≤ 1.2×), peak RSS %.0f MB (target ≤ 400 MB)", ours.seconds / peer.seconds, ours.peakMB))
        let ourMovie = Self.newestMovie(under: scratch.appendingPathComponent("edit-\(max(runs, 1)).photoslibrary"))
        let peerMovie = scratch.appendingPathComponent("movie-\(max(runs, 1)).mov")
        if let ourMovie, let a = Self.size(ourMovie), let b = Self.size(peerMovie) {
            print(String(format: "  movies: ours %.1f MB, ffmpeg's %.1f MB (%.2f×)", Double(a) / 1e6, Double(b) / 1e6, Double(a) / Double(b)))
        }

        print("Export with AVAssetExportPreset1280x720 (H.264 CRF 21, audio copied):")
        let exported = try median("photos export --preset 1280x720") { run in
            let (lib, identifier) = try library(run, "export")
            return [[photos, "export", identifier, "--preset", "1280x720", "-o", scratch.appendingPathComponent("export-\(run)").path] + lib]
        }
        let scaled = try median("ffmpeg -vf scale=960:720") { run in
            [["/usr/bin/ffmpeg", "-v", "error", "-y", "-i", movieURL.path, "-vf", "scale=960:720", "-c:v", "libx264", "-preset", "fast", "-crf", "21",
              "-threads:v", encoderThreads, "-c:a", "copy", scratch.appendingPathComponent("scaled-\(run).mov").path]]
        }
        print(String(format: "  ratio %.2f× ffmpeg (target ≤ 1.1×)", exported.seconds / scaled.seconds))
    }

    static func size(_ url: URL) -> Int? { (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int }

    /// The most recently written movie in a library's folders (the edit's rendered movie).
    static func newestMovie(under library: URL) -> URL? {
        let files = FileManager.default.enumerator(at: library, includingPropertiesForKeys: [.contentModificationDateKey])?
            .compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "mov" } ?? []
        return files.max { a, b in
            let da = (try? a.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            let db = (try? b.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            return da < db
        }
    }
}

import ArgumentParser
import Foundation
import ImageIO

/// `photos bench raw`: `photos image develop` (this package's RAW pipeline, default and draft) against LibRaw's
/// `dcraw_emu` + `cjpeg` and rawpy (LibRaw from Python) + Pillow in the same run, at matched settings — AHD-class
/// demosaic (ours: gradient-corrected), camera white balance, highlights clipped, sRGB 8-bit JPEG q90 — on a
/// deterministic ~24 MP Bayer DNG made by `scripts/make-bench-dng.py` (or `--dng`). Prints median wall times, peak
/// RSS and the ratios against the faster peer (targets: ≤ 0.5× default, ≤ 0.15× draft). `--large` also develops a
/// 120 MP synthetic DNG and reports its peak RSS (target ≤ 2 GB). Peers that are not installed are skipped.
/// `scripts/bench-raw.sh` installs the peers and runs it.
struct RAWBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "raw", abstract: "RAW development speed and memory vs dcraw_emu and rawpy.")
    @Option(help: "A Bayer DNG to develop (default: a 24 MP one made by scripts/make-bench-dng.py).") var dng: String?
    @Option(help: "Runs per tool.") var runs = 3
    @Flag(help: "Also develop a 120 MP synthetic DNG and report its peak RSS.") var large = false

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-rawbench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = try dng.map { URL(fileURLWithPath: $0) } ?? Self.makeDNG(in: scratch, width: 6000, height: 4000)
        let megapixels = Self.megapixels(input)
        print(String(format: "Input: %@ (%.1f MP) → sRGB JPEG q90", input.lastPathComponent, megapixels))
        let photos = ThumbnailBenchCommand.ownExecutable()
        let out = { (name: String) in scratch.appendingPathComponent(name).path }

        var results: [(name: String, seconds: Double, peakKB: Int)] = []
        func measure(_ name: String, _ steps: [[String]]) throws {
            for step in steps { _ = try ChildRun.run(step) }   // warm the page cache
            var times: [Double] = [], peak = 0
            for _ in 0..<max(runs, 1) {
                var total = 0.0
                for step in steps {
                    let run = try ChildRun.run(step)
                    guard run.status == 0 else { throw CommandError("\(name): \(step[0]) failed (status \(run.status))") }
                    total += run.seconds
                    peak = max(peak, run.peakKB)
                }
                times.append(total)
            }
            let median = ThumbnailBenchCommand.median(times)
            results.append((name, median, peak))
            print(String(format: "  %-34@ %7.0f ms median, peak RSS %5.0f MB", name as NSString, median * 1000, Double(peak) / 1024))
        }

        try measure("photos image develop", [[photos, "image", "develop", input.path, out("ours.jpg"), "--quality", "90"]])
        try measure("photos image develop --draft", [[photos, "image", "develop", input.path, out("draft.jpg"), "--quality", "90", "--draft"]])
        let dcraw = ["/usr/bin/dcraw_emu", "/usr/local/bin/dcraw_emu"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let cjpeg = ["/usr/bin/cjpeg", "/usr/local/bin/cjpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let dcraw, let cjpeg {
            try measure("dcraw_emu -q 3 + cjpeg", [[dcraw, "-q", "3", "-w", "-o", "1", "-c", "0", "-Z", out("dcraw.ppm"), input.path],
                                                  [cjpeg, "-quality", "90", "-outfile", out("dcraw.jpg"), out("dcraw.ppm")]])
        } else {
            print("  dcraw_emu or cjpeg not found (apt-get install libraw-bin libjpeg-turbo-progs): skipped")
        }
        if Self.pythonHas(["rawpy", "PIL"]) {
            let script = """
            import sys, rawpy
            from PIL import Image
            with rawpy.imread(sys.argv[1]) as raw:
                rgb = raw.postprocess(demosaic_algorithm=rawpy.DemosaicAlgorithm.AHD, use_camera_wb=True, no_auto_bright=True,
                                      adjust_maximum_thr=0.0, output_bps=8, output_color=rawpy.ColorSpace.sRGB)
            Image.fromarray(rgb).save(sys.argv[2], quality=90)
            """
            try measure("rawpy (AHD) + Pillow", [["/usr/bin/env", "python3", "-c", script, input.path, out("rawpy.jpg")]])
        } else {
            print("  rawpy or Pillow not installed (pip install rawpy pillow): skipped")
        }

        let peers = results.filter { !$0.name.hasPrefix("photos") }
        if let fastest = peers.min(by: { $0.seconds < $1.seconds }) {
            let ours = results[0].seconds, draft = results[1].seconds
            print(String(format: "  ratio default / %@: %.2f× (target ≤ 0.50×)", fastest.name, ours / fastest.seconds))
            print(String(format: "  ratio draft / %@:   %.2f× (target ≤ 0.15×)", fastest.name, draft / fastest.seconds))
        }
        if large {
            let big = try Self.makeDNG(in: scratch, width: 13_440, height: 8_960)
            let run = try ChildRun.run([photos, "image", "develop", big.path, out("large.jpg"), "--quality", "90"])
            print(String(format: "  120 MP DNG: %@ in %.1f s, peak RSS %.0f MB (target ≤ 2048 MB)",
                         run.status == 0 ? "developed" : "FAILED (status \(run.status))", run.seconds, Double(run.peakKB) / 1024))
        }
    }

    /// A DNG made by scripts/make-bench-dng.py (found beside the executable's build folder).
    static func makeDNG(in scratch: URL, width: Int, height: Int) throws -> URL {
        let executable = URL(fileURLWithPath: ThumbnailBenchCommand.ownExecutable())
        let candidates = [executable.deletingLastPathComponent().appendingPathComponent("../../scripts/make-bench-dng.py"),
                          executable.deletingLastPathComponent().appendingPathComponent("../../../scripts/make-bench-dng.py"),
                          URL(fileURLWithPath: "scripts/make-bench-dng.py")]
        guard let script = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw CommandError("scripts/make-bench-dng.py not found: run from the repository or pass --dng")
        }
        guard pythonHas(["numpy", "pidng"]) else { throw CommandError("the bench DNG needs numpy and pidng: pip install numpy pidng (scripts/bench-raw.sh does)") }
        let output = scratch.appendingPathComponent("bench-\(width)x\(height).dng")
        print("Making a \(width)×\(height) Bayer DNG…")
        let made = try ChildRun.run(["/usr/bin/env", "python3", script.standardizedFileURL.path, output.path, String(width), String(height)])
        guard made.status == 0, FileManager.default.fileExists(atPath: output.path) else { throw CommandError("make-bench-dng.py failed (status \(made.status))") }
        return output
    }

    static func pythonHas(_ modules: [String]) -> Bool {
        let run = try? ChildRun.run(["/usr/bin/env", "python3", "-c", modules.map { "import \($0)" }.joined(separator: "; ")])
        return run?.status == 0
    }

    static func megapixels(_ url: URL) -> Double {
        guard let header = try? ImageFile(contentsOf: url).header() else { return 0 }
        return Double(header.width * header.height) / 1e6
    }
}

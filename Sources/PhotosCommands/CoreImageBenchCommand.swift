import ArgumentParser
import CoreImage
import Foundation

/// `photos bench coreimage` (build with `-c release`): Core Image against libvips and Pillow on the same ~24 MP
/// JPEG in the same run, paired runs alternating, medians, ratios. (a) exposure +0.5 EV, sepia, vignette, JPEG q90;
/// (b) Gaussian blur σ = 10, JPEG q90; (c) the peak memory of (a) against twice the decoded RGBA8 image;
/// (d) the fused colour pass in memory as a fraction of this machine's memory bandwidth. The libvips peer for (a)
/// is one process driving libvips' C API through Python's ctypes (a lazy, tiled libvips pipeline, as pyvips
/// would run it); (b) uses the `vips gaussblur` command. Absent peers are skipped with a message.
/// With `--all` it instead renders every built-in filter in memory, next to libvips / OpenCV where they have the
/// same operation (`--filter NAME` for a subset; see ``CoreImageAllFiltersBench``).
struct CoreImageBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coreimage", abstract: "Core Image speed and memory vs libvips and Pillow.")
    @Option(help: "Paired runs per job (with --all: renders per filter, the median reported).") var runs = 5
    @Option(help: "Input size, WIDTHxHEIGHT (default 6000x4000; 4000x3000 with --all).") var size: String?
    @Option(help: "Keep the scratch folder (inputs, outputs, peer scripts) here instead of a temporary one.") var keep: String?
    /// `--all`: every built-in filter, one row each, next to libvips / OpenCV where they have the operation
    /// (``CoreImageAllFiltersBench``).
    @Flag(help: "Render every built-in filter in memory, next to the nearest libvips / OpenCV operation.") var all = false
    /// `--filter NAME` (repeatable): only these filters with `--all`.
    @Option(name: .customLong("filter"), help: ArgumentHelp("With --all: only this filter (repeatable).", valueName: "name")) var filters: [String] = []
    /// `--only a|b|d` (repeatable): run only these jobs ((c) comes with (a)); all of them by default.
    @Option(name: .customLong("only"), help: ArgumentHelp("Only this job: a (colour chain, with c), b (blur) or d (bandwidth); repeatable.", valueName: "job"))
    var jobs: [String] = []

    /// The `--size` parts, or a validation error.
    func dimensions() throws -> (width: Int, height: Int) {
        let text = size ?? (all ? "4000x3000" : "6000x4000")
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--size must look like \(all ? "4000x3000" : "6000x4000")") }
        return (parts[0], parts[1])
    }

    /// Refuses a malformed `--size`, `--runs` below 1, `--filter` without `--all` and unknown filter names.
    func validate() throws {
        _ = try dimensions()
        guard runs > 0 else { throw ValidationError("--runs must be at least 1") }
        if !filters.isEmpty && !all { throw ValidationError("--filter selects filters for --all; add --all") }
        for name in filters where CIFilter(name: name) == nil { throw ValidationError("unknown filter '\(name)' (see `photos image filters`)") }
        for job in jobs where !["a", "b", "d"].contains(job) { throw ValidationError("unknown job '\(job)': --only takes a, b or d") }
    }

    func run() throws {
        let (width, height) = try dimensions()
        if all { return try CoreImageAllFiltersBench(width: width, height: height, runs: runs, only: filters).run() }
        let parts = [width, height]
        let scratch = keep.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent("photos-cibench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: scratch) } }
        let input = scratch.appendingPathComponent("input.jpg")
        try SyntheticPhoto.jpeg(width: parts[0], height: parts[1], seed: 7, quality: 0.92).write(to: input)
        let megapixels = Double(parts[0] * parts[1]) / 1e6
        print(String(format: "Input: %d×%d (%.1f MP) synthetic photo, JPEG q92; %d paired runs per job", parts[0], parts[1], megapixels, runs))
        let peers = BenchPeers(scratch: scratch, width: parts[0], height: parts[1])
        let me = ThumbnailBenchCommand.ownExecutable()
        let out = { (name: String) in scratch.appendingPathComponent(name).path }
        let selected = { (job: String) in jobs.isEmpty || jobs.contains(job) }

        if selected("a") {
            print("(a) exposure +0.5 EV, sepia, vignette → JPEG q90")
            let chain = [me, "image", "filter", input.path, out("ci-chain.jpg"), "--filter", "CIExposureAdjust", "inputEV=0.5",
                         "--filter", "CISepiaTone", "inputIntensity=1", "--filter", "CIVignette", "inputIntensity=0.8", "inputRadius=1.5", "--quality", "90"]
            let a = try compare(ours: chain, peers: [("libvips (one process, C API)", peers.vipsChain(input.path, out("vips-chain.jpg"))),
                                                      ("Pillow + numpy (strips)", peers.pillowChain(input.path, out("pil-chain.jpg")))],
                                target: ("libvips", 0.35))
            let decoded = Double(parts[0] * parts[1] * 4) / 1_048_576
            print(String(format: "(c) peak RSS of (a): %.0f MiB = %.2f× the decoded RGBA8 image (%.0f MiB); target ≤ 2×",
                         Double(a.peakKB) / 1024, Double(a.peakKB) / 1024 / decoded, decoded))
        }
        if selected("b") {
            print("(b) Gaussian blur σ = 10 → JPEG q90")
            let blur = [me, "image", "filter", input.path, out("ci-blur.jpg"), "--filter", "CIGaussianBlur", "inputRadius=10", "--quality", "90"]
            _ = try compare(ours: blur, peers: [("vips gaussblur", peers.vipsBlur(input.path, out("vips-blur.jpg"))),
                                                ("Pillow GaussianBlur", peers.pillowBlur(input.path, out("pil-blur.jpg")))],
                            target: ("vips", 0.5))
        }
        if selected("d") { try bandwidth(input: input) }
    }

    /// Runs ours and each available peer alternately, prints medians and ratios; returns our worst-case peak RSS.
    func compare(ours: [String], peers: [(String, [String]?)], target: (String, Double)) throws -> (seconds: Double, peakKB: Int) {
        let available = peers.compactMap { name, command in command.map { (name, $0) } }
        for (name, command) in peers where command == nil { print("  \(name): not available here, skipped") }
        _ = try ChildRun.run(ours)  // warm-up (file cache)
        var mine: [Double] = [], peak = 0
        var theirs = [[Double]](repeating: [], count: available.count)
        for _ in 0..<max(runs, 1) {
            let run = try ChildRun.run(ours)
            guard run.status == 0 else { throw ValidationError("photos image filter failed (status \(run.status)): \(ours.joined(separator: " "))") }
            mine.append(run.seconds); peak = max(peak, run.peakKB)
            for (index, (name, command)) in available.enumerated() {
                let result = try ChildRun.run(command)
                guard result.status == 0 else { print("  \(name) failed (status \(result.status))"); continue }
                theirs[index].append(result.seconds)
            }
        }
        let median = ThumbnailBenchCommand.median(mine)
        print("  " + "photos (Core Image):".padding(toLength: 32, withPad: " ", startingAt: 0)
              + String(format: "%6.0f ms median, peak RSS %4.0f MiB", median * 1000, Double(peak) / 1024))
        for (index, (name, _)) in available.enumerated() where !theirs[index].isEmpty {
            let other = ThumbnailBenchCommand.median(theirs[index])
            let goal = name.hasPrefix(target.0) ? String(format: " (target ≤ %.2f×)", target.1) : ""
            print("  " + (name + ":").padding(toLength: 32, withPad: " ", startingAt: 0)
                  + String(format: "%6.0f ms median → photos / peer = %.2f×", other * 1000, median / other) + goal)
        }
        return (median, peak)
    }

    /// (d): the fused colour pass alone, from a decoded image in memory to an 8-bit buffer, against memcpy; the best
    /// of `runs` renders (at least 5).
    func bandwidth(input: URL) throws {
        guard let image = CIImage(contentsOf: input) else { throw ValidationError("cannot read \(input.path)") }
        let context = CIContext()
        let extent = image.extent
        let width = Int(extent.width), height = Int(extent.height)
        guard let decoded = context.createCGImage(image, from: extent, format: .RGBX8, colorSpace: image.colorSpace) else {
            throw ValidationError("cannot decode \(input.path)")
        }
        let source = CIImage(cgImage: decoded)
        let chain = source.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5]).applyingFilter("CISepiaTone")
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.8, kCIInputRadiusKey: 1.5])
        let bytes = width * height * 4
        let output = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { output.deallocate() }
        var best = Double.infinity
        for _ in 0..<max(5, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            context.render(chain, toBitmap: output, rowBytes: width * 4, bounds: extent, format: .RGBX8, colorSpace: image.colorSpace)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let statistics = context.lastRenderStatistics
        var copyBest = Double.infinity
        decoded.dataProvider!.data!.withUnsafeBytes { raw in
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                output.copyMemory(from: raw.baseAddress!, byteCount: bytes)
                copyBest = min(copyBest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        let traffic = Double(2 * bytes)
        let rate = traffic / best / 1e9, copyRate = traffic / copyBest / 1e9
        print(String(format: "(d) fused colour pass (%d pass, %d intermediates, %d threads): %.1f ms for %.0f MB read + written = %.1f GB/s",
                     statistics.passes, statistics.intermediateBuffers, statistics.threads, best * 1000, traffic / 1e6, rate))
        print(String(format: "    = %.0f%% of this run's memcpy (%.1f GB/s; target ≥ 25%%) and %.0f%% of the STREAM copy anchor (35.3 GB/s, perf-anchors §3)",
                     rate / copyRate * 100, copyRate, rate / 35.3 * 100))
    }
}

/// The peer commands of the Core Image benchmark, each `nil` when its tool is missing here.
struct BenchPeers {
    let scratch: URL
    let width: Int
    let height: Int

    var python: String? { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : nil }
    var vips: String? { ["/usr/bin/vips", "/usr/local/bin/vips"].first { FileManager.default.isExecutableFile(atPath: $0) } }

    func has(_ module: String) -> Bool {
        guard let python else { return false }
        return (try? ChildRun.run([python, "-c", "import \(module)"]).status) == 0
    }

    func script(_ name: String, _ text: String) -> String {
        let url = scratch.appendingPathComponent(name)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// libvips through ctypes: sRGB → scRGB, exposure (linear), sepia (recomb), a radial falloff multiply, back to
    /// sRGB, JPEG Q=90 — one lazy pipeline, evaluated by libvips' own threads while saving.
    func vipsChain(_ input: String, _ output: String) -> [String]? {
        guard let python, FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libvips.so.42") || vips != nil else { return nil }
        let path = script("vips_chain.py", """
        import ctypes, sys
        v = ctypes.CDLL("libvips.so.42")
        P = ctypes.c_void_p
        v.vips_init(b"bench")
        v.vips_image_new_from_file.restype = P
        v.vips_image_new_matrix_from_array.restype = P
        def op(name, *args):
            out = P()
            if getattr(v, name)(*args[:1], ctypes.byref(out), *args[1:], None) != 0: sys.exit(name + " failed")
            return out
        def dbl(*xs): return (ctypes.c_double * len(xs))(*xs)
        img = P(v.vips_image_new_from_file(sys.argv[1].encode(), None))
        lin = op("vips_sRGB2scRGB", img)
        exp = op("vips_linear", lin, dbl(1.41421356, 1.41421356, 1.41421356), dbl(0, 0, 0), ctypes.c_int(3))
        m = P(v.vips_image_new_matrix_from_array(3, 3, dbl(0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131), 9))
        sep = op("vips_recomb", exp, m)
        w, h = \(width), \(height)
        xy = P(); v.vips_xyz(ctypes.byref(xy), ctypes.c_int(w), ctypes.c_int(h), None)
        c = op("vips_linear", xy, dbl(1, 1), dbl(-w / 2, -h / 2), ctypes.c_int(2))
        sq = P(); v.vips_multiply(c, c, ctypes.byref(sq), None)
        mean = op("vips_bandmean", sq)
        falloff = op("vips_linear", mean, dbl(-2 * 0.8 / (w * w / 4 + h * h / 4)), dbl(1), ctypes.c_int(1))
        vig = P(); v.vips_multiply(sep, falloff, ctypes.byref(vig), None)
        out = op("vips_scRGB2sRGB", vig)
        if v.vips_image_write_to_file(out, (sys.argv[2] + "[Q=90]").encode(), None) != 0: sys.exit("save failed")
        """)
        return [python, path, input, output]
    }

    /// Pillow decode, numpy maths in 256-row strips (sRGB LUT to linear, exposure × sepia matrix, radial falloff,
    /// sRGB encode), Pillow JPEG q90 4:4:4.
    func pillowChain(_ input: String, _ output: String) -> [String]? {
        guard let python, has("PIL"), has("numpy") else { return nil }
        let path = script("pillow_chain.py", """
        import sys, numpy as np
        from PIL import Image
        a = np.asarray(Image.open(sys.argv[1]).convert("RGB"))
        h, w = a.shape[:2]
        v = np.arange(256) / 255.0
        lut = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4).astype(np.float32)
        M = (np.array([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]) * 2 ** 0.5).astype(np.float32)
        out = np.empty_like(a)
        xs = (np.arange(w, dtype=np.float32) + 0.5 - w / 2) ** 2
        r2 = (w * w + h * h) / 4
        for y0 in range(0, h, 256):
            s = lut[a[y0:y0 + 256]] @ M.T
            ys = (np.arange(y0, min(y0 + 256, h), dtype=np.float32) + 0.5 - h / 2) ** 2
            s *= (1 - 0.8 * (ys[:, None] + xs[None, :]) / r2)[..., None]
            s = np.clip(s, 0, 1)
            out[y0:y0 + 256] = (np.where(s <= 0.0031308, s * 12.92, 1.055 * s ** (1 / 2.4) - 0.055) * 255 + 0.5).astype(np.uint8)
        Image.fromarray(out).save(sys.argv[2], quality=90, subsampling=0)
        """)
        return [python, path, input, output]
    }

    func vipsBlur(_ input: String, _ output: String) -> [String]? {
        vips.map { [$0, "gaussblur", input, output + "[Q=90]", "10"] }
    }

    func pillowBlur(_ input: String, _ output: String) -> [String]? {
        guard let python, has("PIL") else { return nil }
        let path = script("pillow_blur.py", """
        import sys
        from PIL import Image, ImageFilter
        Image.open(sys.argv[1]).convert("RGB").filter(ImageFilter.GaussianBlur(10)).save(sys.argv[2], quality=90, subsampling=0)
        """)
        return [python, path, input, output]
    }
}

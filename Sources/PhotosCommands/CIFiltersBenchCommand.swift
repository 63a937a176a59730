import ArgumentParser
import CoreImage
import Foundation

/// `photos bench cifilters` (build with `-c release`): render time of the convolution and morphology filters, and of
/// kernel-language kernels doing the same work as a built-in (to see what the compiled kernels cost), on a
/// synthetic photo held in memory (RGBA8 sRGB in and out, so the times include the colour conversions), next to
/// SciPy's `ndimage` doing the same operation on a float32 RGBA array in the same run when python3 with numpy and
/// scipy is installed (single-threaded, no conversions: a peer for the maths, not for the whole pipeline).
struct CIFiltersBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cifilters", abstract: "Convolution and morphology filter speed vs SciPy.")
    @Option(help: "Runs per filter (the median is reported).") var runs = 3
    @Option(help: "Image size, WIDTHxHEIGHT.") var size = "4000x3000"

    /// A filter with parameters (or a kernel-language kernel applied by `custom`), and the SciPy statement computing
    /// the same result `b` from `a` (H×W×4 float32).
    struct Job {
        let label: String
        var filter = ""
        var parameters: [String: Any] = [:]
        var custom: ((CIImage) -> CIImage?)?
        let scipy: String

        init(label: String, filter: String, parameters: [String: Any], scipy: String) {
            (self.label, self.filter, self.parameters, self.scipy) = (label, filter, parameters, scipy)
        }

        init(label: String, custom: @escaping (CIImage) -> CIImage?, scipy: String) {
            (self.label, self.custom, self.scipy) = (label, custom, scipy)
        }

        func image(_ source: CIImage) -> CIImage? {
            if let custom { return custom(source) }
            return source.applyingFilter(filter, parameters: parameters)
        }
    }

    /// The same sharpening as the CIConvolution3X3 job, written in the Core Image Kernel Language (a general kernel).
    static let sharpenKernel = CIKernel(source: """
        kernel vec4 sharpen(sampler s) {
            vec2 c = samplerCoord(s);
            vec4 sum = 5.0 * sample(s, c) - sample(s, c + vec2(1.0, 0.0)) - sample(s, c - vec2(1.0, 0.0))
                     - sample(s, c + vec2(0.0, 1.0)) - sample(s, c - vec2(0.0, 1.0));
            return clamp(sum, 0.0, 1.0);
        }
        """)

    /// A colour matrix (sepia-like) as a kernel-language colour kernel, fused into the pass.
    static let matrixKernel = CIColorKernel(source: """
        kernel vec4 tone(__sample s, vec3 r, vec3 g, vec3 b) {
            return vec4(mat3(r, g, b) * s.rgb, s.a);
        }
        """)

    static var jobs: [Job] {
        [
            Job(label: "CIConvolution3X3 (sharpen)", filter: "CIConvolution3X3",
                parameters: [kCIInputWeightsKey: CIVector(values: [0, -1, 0, -1, 5, -1, 0, -1, 0], count: 9)],
                scipy: "b = np.clip(ndimage.correlate(a, np.array([[0,-1,0],[-1,5,-1],[0,-1,0]], np.float32)[:, :, None], mode='constant'), 0, 1)"),
            Job(label: "CIConvolution7X7 (box)", filter: "CIConvolution7X7",
                parameters: [kCIInputWeightsKey: CIVector(values: [CGFloat](repeating: 1.0 / 49, count: 49), count: 49)],
                scipy: "b = np.clip(ndimage.correlate(a, np.full((7, 7, 1), 1 / 49, np.float32), mode='constant'), 0, 1)"),
            Job(label: "CIConvolution9Horizontal (box)", filter: "CIConvolution9Horizontal",
                parameters: [kCIInputWeightsKey: CIVector(values: [CGFloat](repeating: 1.0 / 9, count: 9), count: 9)],
                scipy: "b = np.clip(ndimage.correlate1d(a, np.full(9, 1 / 9, np.float32), axis=1, mode='constant'), 0, 1)"),
            Job(label: "CIKL sharpen 3×3 (general kernel)", custom: { image in
                sharpenKernel?.apply(extent: image.extent, roiCallback: { _, r in r.insetBy(dx: -1, dy: -1) }, arguments: [image])
            }, scipy: "b = np.clip(ndimage.correlate(a, np.array([[0,-1,0],[-1,5,-1],[0,-1,0]], np.float32)[:, :, None], mode='constant'), 0, 1)"),
            Job(label: "CIKL colour matrix (colour kernel)", custom: { image in
                matrixKernel?.apply(extent: image.extent, arguments: [image, CIVector(x: 0.393, y: 0.349, z: 0.272),
                                                                     CIVector(x: 0.769, y: 0.686, z: 0.534), CIVector(x: 0.189, y: 0.168, z: 0.131)])
            }, scipy: "b = a.copy(); b[..., :3] = a[..., :3] @ np.array([[0.393,0.349,0.272],[0.769,0.686,0.534],[0.189,0.168,0.131]], np.float32)"),
            Job(label: "CIColorMatrix (same matrix)", filter: "CIColorMatrix", parameters: [
                "inputRVector": CIVector(x: 0.393, y: 0.769, z: 0.189, w: 0), "inputGVector": CIVector(x: 0.349, y: 0.686, z: 0.168, w: 0),
                "inputBVector": CIVector(x: 0.272, y: 0.534, z: 0.131, w: 0)],
                scipy: "b = a.copy(); b[..., :3] = a[..., :3] @ np.array([[0.393,0.349,0.272],[0.769,0.686,0.534],[0.189,0.168,0.131]], np.float32)"),
            Job(label: "CIMorphologyMaximum r = 5", filter: "CIMorphologyMaximum", parameters: [kCIInputRadiusKey: 5],
                scipy: "b = ndimage.grey_dilation(a, footprint=disc(5)[:, :, None], mode='constant', cval=0)"),
            Job(label: "CIMorphologyRectangleMinimum 7×7", filter: "CIMorphologyRectangleMinimum", parameters: [kCIInputWidthKey: 7, "inputHeight": 7],
                scipy: "b = ndimage.grey_erosion(a, size=(7, 7, 1), mode='constant', cval=0)"),
            Job(label: "CIMorphologyGradient r = 3", filter: "CIMorphologyGradient", parameters: [kCIInputRadiusKey: 3],
                scipy: "b = ndimage.morphological_gradient(a, footprint=disc(3)[:, :, None], mode='constant', cval=0)"),
        ]
    }

    func run() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--size must look like 4000x3000") }
        let (width, height) = (parts[0], parts[1])
        let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
        let context = CIContext()
        guard let decoded = CIImage(data: try SyntheticPhoto.jpeg(width: width, height: height, seed: 7, quality: 0.92)) else {
            throw ValidationError("cannot decode the synthetic photo")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            context.render(decoded, toBitmap: raw.baseAddress!, rowBytes: width * 4, bounds: decoded.extent, format: .RGBA8, colorSpace: sRGB)
        }
        let source = CIImage(bitmapData: Data(pixels), bytesPerRow: width * 4, size: CGSize(width: width, height: height), format: .RGBA8, colorSpace: sRGB)
        print(String(format: "Input: %d×%d (%.1f MP) synthetic photo in memory, RGBA8 sRGB → RGBA8 sRGB; median of %d runs",
                     width, height, Double(width * height) / 1e6, runs))
        let peer = scipyTimes(width: width, height: height)
        if peer.isEmpty { print("  SciPy (python3 + numpy + scipy): not available here, skipped") }
        for job in Self.jobs {
            guard let image = job.image(source)?.cropped(to: source.extent) else { throw ValidationError("\(job.label): no image") }
            var times: [Double] = []
            for _ in 0..<max(runs, 1) {
                let start = DispatchTime.now().uptimeNanoseconds
                pixels.withUnsafeMutableBytes { raw in
                    context.render(image, toBitmap: raw.baseAddress!, rowBytes: width * 4, bounds: source.extent, format: .RGBA8, colorSpace: sRGB)
                }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let ours = ThumbnailBenchCommand.median(times)
            var line = (job.label + ":").padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%7.0f ms", ours * 1000)
            if let theirs = peer[job.label] {
                line += String(format: "   scipy.ndimage %7.0f ms → photos / peer = %.2f×", theirs * 1000, ours / theirs)
            }
            print("  " + line)
        }
    }

    /// Median seconds per job label from one python3 process, or nothing when SciPy is missing.
    func scipyTimes(width: Int, height: Int) -> [String: Double] {
        var script = """
        import sys, time
        import numpy as np
        from scipy import ndimage
        def disc(r):
            k = int(r)
            y, x = np.mgrid[-k:k + 1, -k:k + 1]
            return x * x + y * y <= r * r
        rng = np.random.default_rng(7)
        a = rng.random((\(height), \(width), 4), dtype=np.float32)
        def timed(label, f):
            times = []
            for _ in range(\(max(runs, 1))):
                t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
            print(label + "\\t" + str(sorted(times)[len(times) // 2]), flush=True)

        """
        for job in Self.jobs {
            script += "def job():\n    \(job.scipy)\ntimed(\(String(reflecting: job.label)), job)\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photos-cifilters-bench-\(getpid()).py")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? script.write(to: file, atomically: true, encoding: .utf8)) != nil else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", file.path]
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        guard (try? process.run()) != nil else { return [:] }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0, let last = problems.split(separator: "\n").last { print("  SciPy peer failed: \(last)") }
        var times: [String: Double] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2, let seconds = Double(fields[1]) { times[String(fields[0])] = seconds }
        }
        return times
    }
}

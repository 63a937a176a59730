import CoreImage
import Foundation

/// One filter of `photos bench coreimage --all` that has a libvips and/or OpenCV operation doing the same work:
/// the parameters set on the Core Image filter (replacing its defaults, most of which are identities for these
/// filters) and the Python expression each peer times with the same parameters. In the expressions `image`
/// (libvips) or `a` (OpenCV, an H×W×4 uint8 array) is the photo, `w` and `h` its size.
struct PeerJob {
    /// The Core Image filter name, e.g. "CIBoxBlur".
    let filter: String
    /// The inputs set on the filter (besides its images).
    let parameters: [String: Any]
    /// The parameters in words, printed under the table (the same on every side).
    let note: String
    /// The libvips expression (an output `VipsImage*` written to memory by the harness), or nil for none.
    let vips: String?
    /// The OpenCV expression (an array, or a list of arrays, already in memory), or nil for none.
    let opencv: String?
}

/// The peer operations of `photos bench coreimage --all`, one per filter named in the issue.
enum PeerJobs {
    /// The sharpening kernel of the 3×3 row, row by row.
    static let sharpen: [Double] = [0, -1, 0, -1, 5, -1, 0, -1, 0]
    /// The binomial 5×5 kernel of the 5×5 row ([1 4 6 4 1]ᵀ[1 4 6 4 1] / 256), row by row.
    static let binomial: [Double] = {
        let taps: [Double] = [1, 4, 6, 4, 1]
        return taps.flatMap { row in taps.map { row * $0 / 256 } }
    }()
    /// The sepia-like colour matrix of the CIColorMatrix row (rows = output R, G, B).
    static let sepia: [[Double]] = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]

    /// Python text for a list of rows (a matrix literal).
    static func python(_ rows: [[Double]]) -> String {
        "[" + rows.map { "[" + $0.map { String($0) }.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
    }

    /// `values` cut into rows of `width`.
    static func rows(_ values: [Double], width: Int) -> [[Double]] {
        stride(from: 0, to: values.count, by: width).map { Array(values[$0..<min($0 + width, values.count)]) }
    }

    /// The CIColorControls matrix (saturation about Rec. 709 luma, then contrast about 0.5) and its bias, as the
    /// filter computes them, for the peers: rows = output R, G, B over input R, G, B.
    static func colorControls(saturation s: Double, brightness b: Double, contrast c: Double) -> (matrix: [[Double]], bias: Double) {
        let luma = [0.2125, 0.7154, 0.0721]
        let matrix = (0..<3).map { row in (0..<3).map { column in c * ((1 - s) * luma[column] + (row == column ? s : 0)) } }
        return (matrix, c * b + 0.5 * (1 - c))
    }

    /// Every job for a `width` × `height` photo (the rotation centre and the histogram's extent depend on it).
    static func all(width: Int, height: Int) -> [PeerJob] {
        // Convolutions: the same weights everywhere; libvips `conv` computes in float (its default precision) and
        // is cast back to 8 bits, cv2.filter2D correlates (no flip) like Core Image; all kernels are symmetric.
        let box7 = [Double](repeating: 1.0 / 49, count: 49)
        let box9 = [Double](repeating: 1.0 / 9, count: 9)
        func convolution(_ name: String, _ weights: [Double], width kernelWidth: Int, _ words: String) -> PeerJob {
            let matrix = python(rows(weights, width: kernelWidth))
            return PeerJob(filter: name, parameters: [kCIInputWeightsKey: CIVector(values: weights.map { CGFloat($0) }, count: weights.count), kCIInputBiasKey: 0],
                           note: words + "; libvips conv (float) + cast to uchar; cv2.filter2D",
                           vips: "u8(op('vips_conv', image, matrix(\(matrix))))",
                           opencv: "cv2.filter2D(a, -1, np.array(\(matrix), np.float32))")
        }
        let controls = colorControls(saturation: 1.2, brightness: 0.1, contrast: 1.1)
        let controls4 = controls.matrix.map { $0 + [0] } + [[0, 0, 0, 1]]
        let controlsAffine = controls.matrix.map { $0 + [0, controls.bias * 255] } + [[0, 0, 0, 1, 0]]
        let sepia4 = sepia.map { $0 + [0] } + [[0, 0, 0, 1]]
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        let rotation = CGAffineTransform(translationX: cx, y: cy).rotated(by: 10 * .pi / 180).translatedBy(x: -cx, y: -cy)
        return [
            convolution("CIConvolution3X3", sharpen, width: 3, "weights [0 -1 0; -1 5 -1; 0 -1 0] (sharpen), bias 0"),
            convolution("CIConvolution5X5", binomial, width: 5, "weights binomial [1 4 6 4 1]ᵀ[1 4 6 4 1]/256, bias 0"),
            convolution("CIConvolution7X7", box7, width: 7, "weights 1/49 each (7×7 box), bias 0"),
            convolution("CIConvolution9Horizontal", box9, width: 9, "weights 1/9 each (1×9 box), bias 0"),
            convolution("CIConvolution9Vertical", box9, width: 1, "weights 1/9 each (9×1 box), bias 0"),
            // Morphology: a disc of radius 5 (pixels with x² + y² ≤ 25) or the default 5×5 rectangle; libvips morph
            // masks mark the footprint 255 and the rest 128 ("don't care").
            PeerJob(filter: "CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 5],
                    note: "radius 5 (disc footprint); vips morph erode; cv2.erode",
                    vips: "op('vips_morph', image, matrix(disc(5, 255, 128)), I(0))", opencv: "cv2.erode(a, disc(5))"),
            PeerJob(filter: "CIMorphologyMaximum", parameters: [kCIInputRadiusKey: 5],
                    note: "radius 5 (disc footprint); vips morph dilate; cv2.dilate",
                    vips: "op('vips_morph', image, matrix(disc(5, 255, 128)), I(1))", opencv: "cv2.dilate(a, disc(5))"),
            PeerJob(filter: "CIMorphologyRectangleMinimum", parameters: [kCIInputWidthKey: 5, "inputHeight": 5],
                    note: "5×5 rectangle (the defaults); vips morph erode; cv2.erode",
                    vips: "op('vips_morph', image, matrix([[255] * 5] * 5), I(0))", opencv: "cv2.erode(a, np.ones((5, 5), np.uint8))"),
            PeerJob(filter: "CIMorphologyRectangleMaximum", parameters: [kCIInputWidthKey: 5, "inputHeight": 5],
                    note: "5×5 rectangle (the defaults); vips morph dilate; cv2.dilate",
                    vips: "op('vips_morph', image, matrix([[255] * 5] * 5), I(1))", opencv: "cv2.dilate(a, np.ones((5, 5), np.uint8))"),
            PeerJob(filter: "CIMorphologyGradient", parameters: [kCIInputRadiusKey: 5],
                    note: "radius 5 (the default; disc); vips dilate − erode, cast to uchar; cv2.morphologyEx MORPH_GRADIENT",
                    vips: "u8(op2('vips_subtract', op('vips_morph', image, matrix(disc(5, 255, 128)), I(1)), op('vips_morph', image, matrix(disc(5, 255, 128)), I(0))))",
                    opencv: "cv2.morphologyEx(a, cv2.MORPH_GRADIENT, disc(5))"),
            PeerJob(filter: "CIMedianFilter", parameters: [:],
                    note: "3×3 (its only size); vips median 3; cv2.medianBlur 3",
                    vips: "op('vips_median', image, I(3))", opencv: "cv2.medianBlur(a, 3)"),
            PeerJob(filter: "CIBoxBlur", parameters: [kCIInputRadiusKey: 10],
                    note: "radius 10 (the default) = 21×21 mean; vips convsep 1×21 (float) + cast; cv2.blur 21×21",
                    vips: "u8(op('vips_convsep', image, matrix([[1 / 21] * 21])))", opencv: "cv2.blur(a, (21, 21))"),
            PeerJob(filter: "CIDiscBlur", parameters: [kCIInputRadiusKey: 8],
                    note: "radius 8 (the default): mean over x² + y² ≤ 64; vips conv (float) + cast; cv2.filter2D, same disc",
                    vips: "u8(op('vips_conv', image, matrix(disc(8, 1 / disc_count(8), 0))))",
                    opencv: "cv2.filter2D(a, -1, disc(8).astype(np.float32) / disc_count(8))"),
            PeerJob(filter: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 10],
                    note: "σ = 10 (the default), cut at 3σ; vips gaussblur 10 min_ampl 0.0111 (= e^-4.5, 3σ); cv2.GaussianBlur 61×61 σ 10",
                    vips: "op('vips_gaussblur', image, D(10), b'min_ampl', D(0.0111))", opencv: "cv2.GaussianBlur(a, (61, 61), 10)"),
            PeerJob(filter: "CILanczosScaleTransform", parameters: [kCIInputScaleKey: 0.5, kCIInputAspectRatioKey: 1],
                    note: "scale 0.5, aspect 1 (the default scale 1 is a no-op); vips resize 0.5 kernel lanczos3; cv2.resize INTER_LANCZOS4",
                    vips: "op('vips_resize', image, D(0.5), b'kernel', I(5))",
                    opencv: "cv2.resize(a, (round(w / 2), round(h / 2)), interpolation=cv2.INTER_LANCZOS4)"),
            PeerJob(filter: "CIAffineTransform", parameters: [kCIInputTransformKey: rotation],
                    note: "rotation by 10° about the centre, bilinear, the photo's rectangle rendered (the default is the identity); vips similarity angle 10 + centre crop; cv2.warpAffine INTER_LINEAR",
                    vips: "centre_crop(op('vips_similarity', image, b'angle', D(10)))",
                    opencv: "cv2.warpAffine(a, cv2.getRotationMatrix2D((w / 2, h / 2), 10, 1), (w, h), flags=cv2.INTER_LINEAR)"),
            PeerJob(filter: "CIColorMatrix", parameters: [
                        "inputRVector": CIVector(x: sepia[0][0], y: sepia[0][1], z: sepia[0][2], w: 0),
                        "inputGVector": CIVector(x: sepia[1][0], y: sepia[1][1], z: sepia[1][2], w: 0),
                        "inputBVector": CIVector(x: sepia[2][0], y: sepia[2][1], z: sepia[2][2], w: 0)],
                    note: "sepia-like matrix [.393 .769 .189; .349 .686 .168; .272 .534 .131], alpha kept, bias 0; vips recomb 4×4 + cast; cv2.transform 4×4",
                    vips: "u8(op('vips_recomb', image, matrix(\(python(sepia4)))))",
                    opencv: "cv2.transform(a, np.array(\(python(sepia4)), np.float32))"),
            PeerJob(filter: "CIColorControls", parameters: ["inputSaturation": 1.2, "inputBrightness": 0.1, "inputContrast": 1.1],
                    note: "saturation 1.2, brightness 0.1, contrast 1.1 as one 3×3 matrix + bias; vips recomb + linear (uchar); cv2.transform 4×5",
                    vips: "op('vips_linear', op('vips_recomb', image, matrix(\(python(controls4)))), doubles(1, 1, 1, 1), doubles(\(controls.bias * 255), \(controls.bias * 255), \(controls.bias * 255), 0), I(4), b'uchar', I(1))",
                    opencv: "cv2.transform(a, np.array(\(python(controlsAffine)), np.float32))"),
            PeerJob(filter: "CIAreaHistogram", parameters: [kCIInputExtentKey: CIVector(x: 0, y: 0, z: CGFloat(width), w: CGFloat(height)), "inputCount": 256, kCIInputScaleKey: 1],
                    note: "the whole photo, 256 bins, scale 1 (the default extent is 640×80); vips hist_find (all bands); cv2.calcHist per channel",
                    vips: "op('vips_hist_find', image)",
                    opencv: "[cv2.calcHist([a], [c], None, [256], [0, 256]) for c in range(4)]"),
        ]
    }
}

/// The two peer harnesses: one python3 script per library, run once per benchmark over every job with a peer.
/// Each loads the photo's raw RGBA8 pixels from a file into memory first (not timed), then times each job's
/// expression with `time.perf_counter` (building the operation and writing its result to memory), `runs` times,
/// and prints `name<TAB>median seconds`, `name<TAB>ERROR<TAB>message` or `#version<TAB>text`.
enum PeerHarness {
    /// A peer library: its label and its script's preamble.
    enum Library: String, CaseIterable {
        case libvips = "libvips"
        case opencv = "OpenCV"

        /// The Python statement that fails when the library is missing.
        var probe: String {
            switch self {
            case .libvips: "import ctypes, numpy; ctypes.CDLL('libvips.so.42')"
            case .opencv: "import cv2, numpy"
            }
        }

        /// The job's expression for this library.
        func expression(_ job: PeerJob) -> String? {
            switch self {
            case .libvips: job.vips
            case .opencv: job.opencv
            }
        }

        /// The script's fixed part: argument reading, the pixels in memory, helpers and the timing loop.
        var preamble: String {
            switch self {
            case .libvips: """
                import ctypes, sys, time
                import numpy as np
                path, w, h, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
                v = ctypes.CDLL("libvips.so.42")
                P, D, I = ctypes.c_void_p, ctypes.c_double, ctypes.c_int
                if v.vips_init(b"photos-bench") != 0: sys.exit("vips_init failed")
                v.vips_cache_set_max(0)   # every run computes again
                v.vips_version_string.restype = ctypes.c_char_p
                v.vips_error_buffer.restype = ctypes.c_char_p
                v.vips_image_new_from_memory.restype = P
                v.vips_image_new_from_memory.argtypes = [P, ctypes.c_size_t, I, I, I, I]
                v.vips_image_new_matrix_from_array.restype = P
                v.vips_image_new_matrix_from_array.argtypes = [I, I, P, I]
                v.vips_image_write_to_memory.restype = P
                v.vips_image_write_to_memory.argtypes = [P, ctypes.POINTER(ctypes.c_size_t)]
                v.vips_image_get_width.argtypes = [P]
                v.vips_image_get_height.argtypes = [P]
                v.g_free.argtypes = [P]
                v.g_object_unref.argtypes = [P]
                print("#version\\tlibvips " + v.vips_version_string().decode() + " (C API through ctypes, operation cache off)", flush=True)
                pixels = np.fromfile(path, dtype=np.uint8)
                assert pixels.size == w * h * 4
                image = P(v.vips_image_new_from_memory(pixels.ctypes.data, pixels.nbytes, w, h, 4, 0))
                made = []
                def op(name, *args):
                    out = P()
                    if getattr(v, name)(args[0], ctypes.byref(out), *args[1:], None) != 0:
                        raise RuntimeError(name + ": " + v.vips_error_buffer().decode(errors="replace").strip())
                    made.append(out)
                    return out
                def op2(name, left, right, *args):
                    out = P()
                    if getattr(v, name)(left, right, ctypes.byref(out), *args, None) != 0:
                        raise RuntimeError(name + ": " + v.vips_error_buffer().decode(errors="replace").strip())
                    made.append(out)
                    return out
                def matrix(rows):
                    flat = [float(x) for row in rows for x in row]
                    m = P(v.vips_image_new_matrix_from_array(len(rows[0]), len(rows), (D * len(flat))(*flat), len(flat)))
                    made.append(m)
                    return m
                def doubles(*xs): return (D * len(xs))(*[float(x) for x in xs])
                def disc(r, inside, outside):
                    k = int(r)
                    return [[inside if x * x + y * y <= r * r else outside for x in range(-k, k + 1)] for y in range(-k, k + 1)]
                def disc_count(r): return sum(x for row in disc(r, 1, 0) for x in row)
                def u8(x): return op("vips_cast", x, I(0))
                def centre_crop(x):
                    left, top = (v.vips_image_get_width(x) - w) // 2, (v.vips_image_get_height(x) - h) // 2
                    return op("vips_crop", x, I(left), I(top), I(w), I(h))
                def timed(name, job):
                    try:
                        times = []
                        for _ in range(runs):
                            t = time.perf_counter()
                            size = ctypes.c_size_t()
                            p = v.vips_image_write_to_memory(job(), ctypes.byref(size))
                            if not p: raise RuntimeError("write_to_memory: " + v.vips_error_buffer().decode(errors="replace").strip())
                            times.append(time.perf_counter() - t)
                            v.g_free(p)
                            while made: v.g_object_unref(made.pop())
                        print(name + "\\t" + repr(sorted(times)[len(times) // 2]), flush=True)
                    except Exception as error:
                        v.vips_error_clear()
                        print(name + "\\tERROR\\t" + str(error).replace("\\n", " "), flush=True)

                """
            case .opencv: """
                import sys, time
                import numpy as np
                import cv2
                path, w, h, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
                print("#version\\tOpenCV " + cv2.__version__ + " (cv2 on numpy arrays, " + str(cv2.getNumThreads()) + " threads)", flush=True)
                a = np.fromfile(path, dtype=np.uint8).reshape(h, w, 4)
                def disc(r):
                    k = int(r)
                    y, x = np.mgrid[-k:k + 1, -k:k + 1]
                    return (x * x + y * y <= r * r).astype(np.uint8)
                def disc_count(r): return float(disc(r).sum())
                def timed(name, job):
                    try:
                        times = []
                        for _ in range(runs):
                            t = time.perf_counter(); out = job(); times.append(time.perf_counter() - t)
                            del out
                        print(name + "\\t" + repr(sorted(times)[len(times) // 2]), flush=True)
                    except Exception as error:
                        print(name + "\\tERROR\\t" + str(error).replace("\\n", " "), flush=True)

                """
            }
        }
    }

    /// What one library's run gave: its version line, median seconds per filter, and errors per filter (or for
    /// the whole library under the key "").
    struct Result {
        /// The library and how it was driven, as the script reports it.
        var version: String
        /// Median seconds by filter name.
        var seconds: [String: Double] = [:]
        /// Error messages by filter name; "" for the whole library (missing, or the process failed).
        var errors: [String: String] = [:]
    }

    /// `/usr/bin/python3` (Debian's, where python3-opencv installs cv2), else the python3 on PATH.
    static var python: String {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "/usr/bin/env"
    }

    /// Arguments before the script for `python`.
    static var pythonPrefix: [String] { python == "/usr/bin/env" ? ["python3"] : [] }

    /// Runs `library`'s script over `jobs` on the raw pixels at `pixels` (width × height RGBA8), `runs` times each.
    static func run(_ library: Library, jobs: [PeerJob], pixels: URL, width: Int, height: Int, runs: Int, scratch: URL) -> Result {
        var result = Result(version: library.rawValue)
        let chosen = jobs.compactMap { job in library.expression(job).map { (job.filter, $0) } }
        guard !chosen.isEmpty else { return result }
        guard let probe = try? launch(pythonPrefix + ["-c", library.probe], scratch: scratch), probe.status == 0 else {
            result.errors[""] = "not available here (\(library == .libvips ? "apt-get install libvips42" : "apt-get install python3-opencv") and python3-numpy), skipped"
            return result
        }
        var script = library.preamble
        for (name, expression) in chosen { script += "timed(\(String(reflecting: name)), lambda: \(expression))\n" }
        let file = scratch.appendingPathComponent("peer-\(library.rawValue.lowercased()).py")
        do { try script.write(to: file, atomically: true, encoding: .utf8) } catch {
            result.errors[""] = "cannot write its script: \(error)"
            return result
        }
        guard let run = try? launch(pythonPrefix + [file.path, pixels.path, String(width), String(height), String(max(runs, 1))], scratch: scratch) else {
            result.errors[""] = "python3 could not be started"
            return result
        }
        for line in run.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard fields.count >= 2 else { continue }
            if fields[0] == "#version" { result.version = fields[1] }
            else if fields[1] == "ERROR" { result.errors[fields[0]] = fields.count > 2 ? fields[2] : "failed" }
            else if let seconds = Double(fields[1]) { result.seconds[fields[0]] = seconds }
        }
        if run.status != 0 {
            let last = run.stderr.split(separator: "\n").last.map(String.init) ?? "status \(run.status)"
            result.errors[""] = "the python3 process failed: \(last)"
        }
        return result
    }

    /// Runs `python` with `arguments`, returning its status, standard output and standard error (kept in a file,
    /// so a chatty error stream cannot block the pipe).
    static func launch(_ arguments: [String], scratch: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let errorFile = scratch.appendingPathComponent("peer-stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let problems = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), problems)
    }
}

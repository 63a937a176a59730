import CoreImage
import Foundation

/// `photos bench coreimage --all` (build with `-c release`): every built-in filter rendered on a synthetic photo
/// held in memory (RGBA8 sRGB, 4000×3000 by default) through `CIContext` into an RGBA8 sRGB buffer, the median
/// of `runs` renders per filter, one row each; where libvips or OpenCV has the same operation (convolutions,
/// morphology, median, box/disc/Gaussian blurs, Lanczos, affine, colour matrix/controls, histogram) the peer is
/// timed in the same run on the same pixels in memory and the row shows ours / peer (target ≤ 1.0×).
///
/// Filters are built at their defaults, except those with a peer, which get the parameters in ``PeerJobs`` on
/// both sides (their defaults are mostly identities). Other image inputs get a second photo, a mask, a small
/// copy or a colour strip by their key (``AllFiltersBenchInputs``); generators are cropped to the photo's
/// rectangle, reductions render as they are. A filter with no output at its defaults is reported as nil; one
/// whose render fails, or takes more than ``timeLimit`` seconds, is reported and skipped.
struct CoreImageAllFiltersBench {
    /// The photo's size.
    let width: Int
    /// The photo's height.
    let height: Int
    /// Renders per filter (the median is reported).
    let runs: Int
    /// The filters to run (`--filter`); all built-in filters when empty.
    let only: [String]
    /// Seconds a filter may take (its render is stopped there, and its remaining runs skipped).
    var timeLimit = 60.0

    /// What one filter did.
    enum Outcome {
        /// Rendered: the median seconds and the rendered rectangle's size.
        case rendered(seconds: Double, width: Int, height: Int)
        /// `outputImage` was nil at these parameters.
        case noOutput
        /// A failed, stopped or unrenderable output, with why.
        case failed(String)
    }

    /// Runs the benchmark and prints the table and the summary.
    func run() throws {
        let names = only.isEmpty ? CIFilter.filterNames(inCategory: kCICategoryBuiltIn) : only
        let inputs = try AllFiltersBenchInputs(width: width, height: height)
        let jobs = Dictionary(PeerJobs.all(width: width, height: height).map { ($0.filter, $0) }, uniquingKeysWith: { first, _ in first })
        let selectedJobs = names.compactMap { jobs[$0] }
        print("Core Image, \(names.count) built-in filter\(names.count == 1 ? "" : "s") on a \(width)×\(height) "
              + String(format: "(%.1f MP)", Double(width * height) / 1e6) + " synthetic photo in memory: RGBA8 sRGB in, CIContext render "
              + "to an RGBA8 sRGB buffer (building outputImage included), median of \(runs) run\(runs == 1 ? "" : "s"), "
              + String(format: "%.0f s limit per filter", timeLimit))
        print("Other image inputs: a second photo (the first, mirrored), a radial mask, a quarter-size copy, or a colour strip (palette 16×1, gradient 256×1), by key")

        // The peers first, each in its own python3 process, on the photo's pixels saved raw.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-cibench-all-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var peers: [(library: PeerHarness.Library, result: PeerHarness.Result)] = []
        if !selectedJobs.isEmpty {
            let raw = scratch.appendingPathComponent("photo.rgba")
            try inputs.pixels.write(to: raw)
            for library in PeerHarness.Library.allCases {
                let result = PeerHarness.run(library, jobs: selectedJobs, pixels: raw, width: width, height: height, runs: runs, scratch: scratch)
                peers.append((library, result))
                if let whole = result.errors[""] { print("Peer \(library.rawValue): \(whole)") } else { print("Peer: \(result.version), same pixels in memory, same run") }
            }
        }

        let header = "filter".padding(toLength: 36, withPad: " ", startingAt: 0) + "  ours ms  output    "
            + peers.map { ($0.library.rawValue + " ms").leftPadded(to: 12) + "   ratio" }.joined() + (peers.isEmpty ? "" : "  ≤1.0×")
        print(header)
        var rendered = 0
        var nils: [String] = [], failures: [(String, String)] = []
        var met: [String] = [], missed: [(String, String)] = []
        for name in names {
            fflush(nil)   // every row out as soon as it is measured, also into a pipe or a file (the run is long)
            let outcome = measure(name, job: jobs[name], inputs: inputs)
            var line = name.padding(toLength: 36, withPad: " ", startingAt: 0)
            switch outcome {
            case .noOutput:
                nils.append(name)
                print(line + "        —  nil output at defaults")
                continue
            case .failed(let why):
                failures.append((name, why))
                print(line + "        —  " + why)
                continue
            case .rendered(let seconds, let outWidth, let outHeight):
                rendered += 1
                line += String(format: "%9.1f", seconds * 1000) + "  " + "\(outWidth)×\(outHeight)".padding(toLength: 10, withPad: " ", startingAt: 0)
                guard jobs[name] != nil, !peers.isEmpty else { print(line.trimmingCharacters(in: .whitespaces)); continue }
                var times: [(String, Double)] = []
                for (library, result) in peers {
                    if let theirs = result.seconds[name] {
                        times.append((library.rawValue, theirs))
                        line += String(format: "%12.1f %6.2f×", theirs * 1000, seconds / theirs)
                    } else {
                        line += (result.errors[name] != nil ? "failed" : "—").leftPadded(to: 12) + "        "
                    }
                }
                if let fastest = times.min(by: { $0.1 < $1.1 }) {
                    if seconds <= fastest.1 { met.append(name); line += "  met" } else {
                        missed.append((name, String(format: "%.2f× ", seconds / fastest.1) + fastest.0)); line += "  no"
                    }
                }
                print(line)
            }
        }

        if !selectedJobs.isEmpty {
            print("Parameters of the rows with a peer (the same on every side):")
            for job in selectedJobs { print("  \(job.filter): \(job.note)") }
            for (library, result) in peers {
                for (name, error) in result.errors.sorted(by: { $0.key < $1.key }) where !name.isEmpty { print("  \(library.rawValue) failed on \(name): \(error)") }
            }
        }
        print("Summary: \(names.count) filter\(names.count == 1 ? "" : "s"); \(rendered) rendered; \(nils.count) nil at defaults"
              + (nils.isEmpty ? "" : " (\(nils.joined(separator: ", ")))") + "; \(failures.count) failed or skipped"
              + (failures.isEmpty ? "" : " (\(failures.map { "\($0.0): \($0.1)" }.joined(separator: "; ")))"))
        if !selectedJobs.isEmpty && !peers.isEmpty {
            let measured = met.count + missed.count
            print("Target ≤ 1.0× the fastest peer measured: met by \(met.count) of \(measured)"
                  + (met.isEmpty ? "" : " (\(met.joined(separator: ", ")))")
                  + (missed.isEmpty ? "" : "; not met: \(missed.map { "\($0.0) \($0.1)" }.joined(separator: ", "))"))
        }
    }

    /// Builds `name` on the inputs (with the peer job's parameters when it has one) and renders it `runs` times.
    func measure(_ name: String, job: PeerJob?, inputs: AllFiltersBenchInputs) -> Outcome {
        guard let probe = CIFilter(name: name) else { return .failed("unknown filter") }
        let imageKeys = probe.inputKeys.filter { key in
            ((probe.attributes[key] as? [String: Any])?[kCIAttributeClass] as? String) == "CIImage"
        }
        /// A fresh filter with its inputs set (a filter is not reused between runs, so nothing it caches carries over).
        func makeOutput() -> CIImage? {
            guard let filter = CIFilter(name: name) else { return nil }
            for key in imageKeys { filter.setValue(inputs.image(forKey: key), forKey: key) }
            for key in filter.inputKeys where filter.value(forKey: key) == nil {
                if let value = AllFiltersBenchInputs.requiredValue(forKey: key, filter: name) { filter.setValue(value, forKey: key) }
            }
            for (key, value) in job?.parameters ?? [:] { filter.setValue(value, forKey: key) }
            return filter.outputImage
        }
        guard let first = makeOutput() else { return .noOutput }
        // Infinite outputs (generators) and outputs covering the photo (blurs grow, rotations) are cut to the
        // photo's rectangle; other finite outputs (reductions, codes, scaled images) render as they are.
        var bounds = first.extent
        if bounds.isInfinite || bounds.contains(inputs.extent) || bounds.width * bounds.height > 4 * inputs.extent.width * inputs.extent.height {
            bounds = bounds.intersection(inputs.extent)
        }
        bounds = bounds.integral
        guard !bounds.isEmpty, !bounds.isInfinite, !bounds.isNull else { return .failed("empty output (extent \(first.extent))") }
        let outWidth = Int(bounds.width), outHeight = Int(bounds.height)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: outWidth * outHeight * 4, alignment: 64)
        defer { buffer.deallocate() }
        let context = CIContext(options: [.cacheIntermediates: false, .name: "photos bench coreimage --all", .renderTimeLimit: timeLimit])
        var times: [Double] = []
        for run in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let output = run == 0 ? first : makeOutput() else { return .noOutput }
            context.render(output, toBitmap: buffer, rowBytes: outWidth * 4, bounds: bounds, format: .RGBA8, colorSpace: inputs.sRGB)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if let error = context.lastRenderError {
                if let stopped = error as? RenderStopped, stopped.reason == .deadline {
                    return .failed(String(format: "took more than %.0f s, skipped", timeLimit))
                }
                return .failed("render failed: \(error)")
            }
            if seconds > timeLimit { return .failed(String(format: "took %.0f s (more than %.0f s), skipped", seconds, timeLimit)) }
            times.append(seconds)
        }
        return .rendered(seconds: ThumbnailBenchCommand.median(times), width: outWidth, height: outHeight)
    }
}

/// The images the all-filters benchmark gives filters, each rendered once into memory (RGBA8 sRGB) so no filter's
/// time includes making its inputs.
struct AllFiltersBenchInputs {
    /// sRGB, the colour space of every input and of the output buffer.
    let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
    /// The photo's raw RGBA8 pixels, top row first (also what the peers load).
    let pixels: Data
    /// The photo.
    let photo: CIImage
    /// A second photo of the same size (the first mirrored left to right), for blends, transitions and targets.
    let second: CIImage
    /// A grey radial falloff (white centre, black corners) of the same size, for masks, textures and displacements.
    let mask: CIImage
    /// The photo at a quarter of its size, for `inputSmallImage`.
    let small: CIImage
    /// A 16×1 strip of colours, for palettes.
    let palette: CIImage
    /// A 256×1 colour ramp, for gradient images (CIColorMap).
    let ramp: CIImage

    /// The photo's rectangle.
    var extent: CGRect { photo.extent }

    /// Makes every input for a `width` × `height` photo.
    init(width: Int, height: Int) throws {
        let context = CIContext(options: [.cacheIntermediates: false])
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        guard let decoded = CIImage(data: try SyntheticPhoto.jpeg(width: width, height: height, seed: 7, quality: 0.92)) else {
            throw CommandError("cannot decode the synthetic photo")
        }
        /// `image` over (0, 0, w, h) rendered into memory, as an image over the same rectangle.
        func held(_ image: CIImage, _ w: Int, _ h: Int) -> (CIImage, Data) {
            var bytes = Data(count: w * h * 4)
            bytes.withUnsafeMutableBytes { raw in
                context.render(image, toBitmap: raw.baseAddress!, rowBytes: w * 4, bounds: CGRect(x: 0, y: 0, width: w, height: h), format: .RGBA8, colorSpace: space)
            }
            return (CIImage(bitmapData: bytes, bytesPerRow: w * 4, size: CGSize(width: w, height: h), format: .RGBA8, colorSpace: space), bytes)
        }
        (photo, pixels) = held(decoded, width, height)
        second = held(photo.transformed(by: CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: CGFloat(width), ty: 0)), width, height).0
        let falloff = CIFilter(name: "CIRadialGradient", parameters: [
            "inputCenter": CIVector(x: CGFloat(width) / 2, y: CGFloat(height) / 2), "inputRadius0": 0,
            "inputRadius1": CGFloat(max(width, height)) / 2, "inputColor0": CIColor(red: 1, green: 1, blue: 1), "inputColor1": CIColor(red: 0, green: 0, blue: 0),
        ])?.outputImage ?? CIImage(color: CIColor(red: 0.5, green: 0.5, blue: 0.5))
        mask = held(falloff, width, height).0
        let (sw, sh) = (max(width / 4, 1), max(height / 4, 1))
        small = held(photo.transformed(by: CGAffineTransform(scaleX: CGFloat(sw) / CGFloat(width), y: CGFloat(sh) / CGFloat(height))), sw, sh).0
        /// A `count` × 1 strip whose pixel i has hue i / count.
        func strip(_ count: Int) -> CIImage {
            var bytes = Data(count: count * 4)
            for i in 0..<count {
                let hue = Double(i) / Double(count) * 6
                let channel = { (offset: Double) -> UInt8 in
                    let d = abs((hue + offset).truncatingRemainder(dividingBy: 6) - 3)
                    return UInt8(max(0, min(1, d - 1)) * 255)
                }
                bytes[i * 4] = channel(0); bytes[i * 4 + 1] = channel(4); bytes[i * 4 + 2] = channel(2); bytes[i * 4 + 3] = 255
            }
            return CIImage(bitmapData: bytes, bytesPerRow: count * 4, size: CGSize(width: count, height: 1), format: .RGBA8, colorSpace: space)
        }
        palette = strip(16)
        ramp = strip(256)
    }

    /// A value for an input that has no default on Apple platforms either (a barcode's message or descriptor, a
    /// text, a mesh): without one the filter gives nil there as here.
    static func requiredValue(forKey key: String, filter: String) -> Any? {
        switch key {
        case "inputMessage": return Data("https://example.org/photos/2026/11/27".utf8)
        case "inputText": return filter.contains("Attributed") ? NSAttributedString(string: "Photos on Linux") : "Photos on Linux"
        case "inputMesh": return [CIVector(x: 100, y: 100, z: 3000, w: 2500), CIVector(x: 3000, y: 2500, z: 3900, w: 200)]
        case "inputBarcodeDescriptor":
            // "Hi" in byte mode, terminator and padding: the 19 data codewords of a version 1 symbol at level L.
            let payload = Data([0x40, 0x24, 0x86, 0x90] + (0..<15).map { $0 % 2 == 0 ? 0xEC : 0x11 })
            return CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: 0, errorCorrectionLevel: .levelL)
        default: return nil
        }
    }

    /// The image for input `key`: the photo for `inputImage`, else chosen by what the key names.
    func image(forKey key: String) -> CIImage {
        if key == kCIInputImageKey { return photo }
        let lower = key.lowercased()
        if lower.contains("palette") { return palette }
        if lower.contains("gradient") { return ramp }
        if lower.contains("small") { return small }
        let maskLike = ["mask", "matte", "texture", "displacement", "depth", "disparity", "hair", "skin", "teeth", "glasses"]
        if maskLike.contains(where: { lower.contains($0) }) { return mask }
        return second
    }
}

extension String {
    /// The string right-aligned in `width` characters (unchanged when longer).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

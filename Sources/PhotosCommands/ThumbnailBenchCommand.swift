import ArgumentParser
import Foundation
import ImageIO

/// `photos bench thumbnail`: `photos image thumbnail` against `vipsthumbnail` in the same run, on inputs it makes
/// itself (synthetic photo-like content encoded with this package's JPEG encoder, so no external media is needed):
/// a ~24 MP JPEG to 256 px (wall-time median of paired runs and the child's peak RSS, read from `wait4`), then a
/// batch of photos thumbnailed cold by one process each side (images per second). Skips vipsthumbnail when absent.
struct ThumbnailBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "thumbnail", abstract: "Thumbnailing speed and memory vs vipsthumbnail.")
    @Option(help: "Thumbnail size.") var size = 256
    @Option(help: "Paired runs on the large JPEG.") var runs = 7
    @Option(help: "Photos in the batch.") var photos = 1000
    @Option(help: "Batch photo size, WIDTHxHEIGHT.") var photoSize = "2048x1536"
    @Option(help: .hidden) var batchProbe: String?
    @Option(help: .hidden) var batchOutput: String?

    func run() throws {
        if let batchProbe, let batchOutput { return try runBatch(input: batchProbe, output: batchOutput) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-thumbbench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let big = scratch.appendingPathComponent("large24mp.jpg")
        try SyntheticPhoto.jpeg(width: 6000, height: 4000, seed: 1, quality: 0.92).write(to: big)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int) ?? 0
        print("Input: 6000×4000 synthetic photo, JPEG q92, \(bytes / 1_000_000) MB → \(size) px, JPEG q85")
        let photosBinary = Self.ownExecutable()
        let vips = ["/usr/bin/vipsthumbnail", "/usr/local/bin/vipsthumbnail"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let ours = [photosBinary, "image", "thumbnail", big.path, scratch.appendingPathComponent("ours.jpg").path, "--size", "\(size)"]
        let peer = vips.map { [$0, big.path, "--size", "\(size)", "-o", scratch.appendingPathComponent("vips.jpg").path + "[Q=85]"] }
        _ = try ChildRun.run(ours)
        if let peer { _ = try ChildRun.run(peer) }
        var ourTimes: [Double] = [], peerTimes: [Double] = [], ourRSS = 0, peerRSS = 0
        for _ in 0..<max(runs, 1) {
            let mine = try ChildRun.run(ours)
            guard mine.status == 0 else { throw CommandError("photos image thumbnail failed (status \(mine.status))") }
            ourTimes.append(mine.seconds); ourRSS = max(ourRSS, mine.peakKB)
            if let peer { let theirs = try ChildRun.run(peer); peerTimes.append(theirs.seconds); peerRSS = max(peerRSS, theirs.peakKB) }
        }
        let ourMedian = Self.median(ourTimes)
        print(String(format: "  photos image thumbnail: %.0f ms median, peak RSS %.0f MB (target ≤ 64 MB)", ourMedian * 1000, Double(ourRSS) / 1024))
        if peer != nil {
            let peerMedian = Self.median(peerTimes)
            print(String(format: "  vipsthumbnail:          %.0f ms median, peak RSS %.0f MB", peerMedian * 1000, Double(peerRSS) / 1024))
            print(String(format: "  ratio photos / vips: %.2f× (target ≤ 0.60×)", ourMedian / peerMedian))
        } else {
            print("  vipsthumbnail not found (apt-get install libvips-tools): peer skipped")
        }
        try batch(scratch: scratch, photosBinary: photosBinary, vips: vips)
    }

    private func batch(scratch: URL, photosBinary: String, vips: String?) throws {
        let parts = photoSize.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--photo-size must look like 2048x1536") }
        let inputs = scratch.appendingPathComponent("batch"), ourOut = scratch.appendingPathComponent("batch-ours"),
            vipsOut = scratch.appendingPathComponent("batch-vips")
        for folder in [inputs, ourOut, vipsOut] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        print("Batch: \(photos) synthetic photos \(parts[0])×\(parts[1]) → \(size) px (generating…)")
        let queue = DispatchQueue(label: "bench.errors")
        nonisolated(unsafe) var failure: Error?
        let (count, width, height) = (photos, parts[0], parts[1])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            do {
                try SyntheticPhoto.jpeg(width: width, height: height, seed: index + 2, quality: 0.9)
                    .write(to: inputs.appendingPathComponent(String(format: "photo%04d.jpg", index)))
            } catch { queue.sync { failure = error } }
        }
        if let failure { throw failure }
        let files = (try FileManager.default.contentsOfDirectory(atPath: inputs.path)).sorted().map { inputs.appendingPathComponent($0).path }
        let mine = try ChildRun.run([photosBinary, "bench", "thumbnail", "--size", "\(size)", "--batch-probe", inputs.path, "--batch-output", ourOut.path])
        guard mine.status == 0 else { throw CommandError("the batch probe failed (status \(mine.status))") }
        let ourRate = Double(files.count) / mine.seconds
        print(String(format: "  photos (one process, %d threads): %.1f images/s, peak RSS %.0f MB", ProcessInfo.processInfo.activeProcessorCount,
                     ourRate, Double(mine.peakKB) / 1024))
        guard let vips else { print("  vipsthumbnail not found: peer skipped"); return }
        let theirs = try ChildRun.run([vips] + files + ["--size", "\(size)", "-o", vipsOut.path + "/%s.jpg[Q=85]"])
        let peerRate = Double(files.count) / theirs.seconds
        print(String(format: "  vipsthumbnail (one process):  %.1f images/s, peak RSS %.0f MB", peerRate, Double(theirs.peakKB) / 1024))
        print(String(format: "  ratio photos / vips: %.2f× the images per second", ourRate / peerRate))
    }

    /// The batch probe: thumbnails every file of a folder on all cores.
    private func runBatch(input: String, output: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: input).sorted()
        let queue = DispatchQueue(label: "bench.errors")
        nonisolated(unsafe) var failure: Error?
        let size = size
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let name = files[index]
            do {
                try ImageThumbnailCommand.thumbnail(URL(fileURLWithPath: input).appendingPathComponent(name),
                                                    to: URL(fileURLWithPath: output).appendingPathComponent(name), size: size, quality: 85, format: .jpeg)
            } catch { queue.sync { failure = error } }
        }
        if let failure { throw failure }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func ownExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// Runs a child process and reads its wall time and peak resident set size.
///
/// The peak comes from GNU `time` (`/usr/bin/time -f %M`) when it is installed: glibc's `posix_spawn` shares the
/// parent's memory until `exec`, and Linux then records the *parent's* high-water mark in the child's
/// `ru_maxrss`, so the benchmark's own ~150 MB would show up in every child. `time` forks a fresh address space.
/// Without it, `wait4`'s figure is printed (an upper bound).
enum ChildRun {
    static let gnuTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    static func run(_ arguments: [String]) throws -> (seconds: Double, peakKB: Int, status: Int32) {
        guard let gnuTime else { return try spawn(arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-rss-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try spawn([gnuTime, "-f", "%M", "-o", report.path] + arguments)
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        let peak = text.split(whereSeparator: \.isNewline).last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? result.peakKB
        return (result.seconds, peak, result.status)
    }

    /// Runs `arguments` directly (standard output to /dev/null): the exact wall time, but `wait4`'s peak (see above).
    static func spawn(_ arguments: [String]) throws -> (seconds: Double, peakKB: Int, status: Int32) {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw CommandError("cannot run \(arguments[0]) (error \(spawned))") }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (seconds, Int(usage.ru_maxrss), (status >> 8) & 0xFF)
    }
}

/// Photo-like synthetic content: smooth light falloff, a few soft shapes, fine texture and sensor-like noise,
/// so JPEG sizes and decode costs resemble a camera photo's.
enum SyntheticPhoto {
    static func jpeg(width: Int, height: Int, seed: Int, quality: Double) throws -> Data {
        let pixels = try PixelBuffer(width: width, height: height, layout: .rgbx, bitsPerComponent: 8) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            let phase = Double(seed % 97) / 97 * 6.28
            for y in 0..<height {
                let fy = Double(y) / Double(height)
                for x in 0..<width {
                    state ^= state << 13; state ^= state >> 7; state ^= state << 17
                    let noise = Double(Int(state & 0x1F) - 16) * 0.6
                    let fx = Double(x) / Double(width)
                    let texture = 18 * sin(Double(x) * 0.21 + phase) * cos(Double(y) * 0.17)
                    let shape = 60 * exp(-((fx - 0.6) * (fx - 0.6) + (fy - 0.4) * (fy - 0.4)) * 12)
                    let base = 90 + 70 * fy + shape + texture + noise
                    let at = (y * width + x) * 4
                    bytes[at] = UInt8(clamping: Int(base + 40 * fx))
                    bytes[at + 1] = UInt8(clamping: Int(base * 0.9 + 20 * sin(fx * 9 + phase)))
                    bytes[at + 2] = UInt8(clamping: Int(base * 0.7 + 50 * (1 - fy)))
                    bytes[at + 3] = 255
                }
            }
        }
        return try ImageWriter.encode(pixels: pixels, colorSpace: CGColorSpaceCreateDeviceRGB(), as: .jpeg,
                                      options: EncodeOptions(quality: quality, embedColorProfile: false, metadata: .strip))
    }
}

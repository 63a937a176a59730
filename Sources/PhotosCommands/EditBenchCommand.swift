import ArgumentParser
import Foundation
import ImageManagement

/// `photos bench edit` (build with `-c release`): one full-size edit of a ~24 MP photo, end to end, in a fresh
/// library per measurement: `requestContentEditingInput` → Core Image render (`CIImage(contentsOf:)`, exposure
/// +0.5 EV, sepia, vignette, `writeJPEGRepresentation` q0.9) → `performChanges` commit (whose validation decodes
/// the render completely) → the edit's derivatives (`waitForDerivatives`). Each measurement is a fresh child
/// process (this executable, `--probe-…`) that sets up its library, resets its peak-RSS counter and reports each
/// phase's time and its `VmHWM`. Medians of `--runs`, against the targets (≤ 1.5 s, ≤ 500 MB) and a peer measured
/// alternately in the same run: libvips doing the same render plus a 1,600-px and a 256-px thumbnail of the
/// result (one process through its C API). Skips the peer, with a message, when libvips or Python is absent.
/// When `filtster` is built beside this executable, each probe then edits the photo again through it, in its
/// sandboxed process, to show what isolation costs.
struct EditBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "One full-size edit end to end: time and memory vs libvips.")
    @Option(help: "Measurements (each a fresh process and library).") var runs = 5
    @Option(help: "Photo size, WIDTHxHEIGHT.") var size = "6000x4000"
    @Option(help: .hidden) var probeInput: String?
    @Option(help: .hidden) var probeLibrary: String?
    @Option(help: .hidden) var probeReport: String?

    static let targetSeconds = 1.5
    static let targetMB = 500.0

    func run() throws {
        if let probeInput, let probeLibrary, let probeReport {
            let report = try EditProbe.run(input: URL(fileURLWithPath: probeInput), library: URL(fileURLWithPath: probeLibrary))
            return try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: probeReport))
        }
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--size must look like 6000x4000") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-editbench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("IMG_0001.JPG")
        try SyntheticPhoto.jpeg(width: parts[0], height: parts[1], seed: 3, quality: 0.92).write(to: input)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? 0
        print(String(format: "Input: %d×%d (%.1f MP) synthetic photo, JPEG q92, %.1f MB; %d measurements, each a fresh process and library",
                     parts[0], parts[1], Double(parts[0] * parts[1]) / 1e6, Double(bytes) / 1e6, runs))
        print("Edit: exposure +0.5 EV, sepia, vignette → JPEG q0.9; derivatives 256 px + 1600 px (\(ProcessInfo.processInfo.activeProcessorCount) cores)")

        let peer = EditBenchPeer(scratch: scratch, input: input.path, size: PixelSize(width: parts[0], height: parts[1]))
        if peer.command == nil { print("  libvips peer: not available here (apt-get install libvips42 python3), skipped") }
        var reports: [EditProbe.Report] = [], peerRuns: [(seconds: Double, peakKB: Int)] = []
        for index in 0...max(runs, 1) {   // run 0 warms the file cache and is not counted
            let report = try probe(input: input, library: scratch.appendingPathComponent("lib-\(index).photoslibrary"), scratch: scratch)
            if let command = peer.command {
                let result = try ChildRun.run(command)
                if result.status != 0 { print("  libvips peer failed (status \(result.status)): \(command.joined(separator: " "))") }
                else if index > 0 { peerRuns.append((result.seconds, result.peakKB)) }
            }
            if index > 0 { reports.append(report) }
        }
        summarize(reports, peer: peerRuns)
    }

    /// One measurement in a fresh child process.
    private func probe(input: URL, library: URL, scratch: URL) throws -> EditProbe.Report {
        let reportURL = scratch.appendingPathComponent("report-\(UUID().uuidString).json")
        let command = [ThumbnailBenchCommand.ownExecutable(), "bench", "edit", "--probe-input", input.path,
                       "--probe-library", library.path, "--probe-report", reportURL.path]
        let result = try ChildRun.run(command)
        defer { try? FileManager.default.removeItem(at: library) }
        guard result.status == 0, let data = try? Data(contentsOf: reportURL) else {
            throw CommandError("the edit probe failed (status \(result.status)); run it alone to see why: \(command.joined(separator: " "))")
        }
        return try JSONDecoder().decode(EditProbe.Report.self, from: data)
    }

    private func summarize(_ reports: [EditProbe.Report], peer: [(seconds: Double, peakKB: Int)]) {
        let median = { (values: [Double]) in ThumbnailBenchCommand.median(values) }
        let phases: [(String, KeyPath<EditProbe.Report, Double>)] = [
            ("requestContentEditingInput", \.input), ("render (decode, chain, JPEG q0.9)", \.render),
            ("commit (validate + store)", \.commit), ("derivatives regenerated", \.derivatives),
        ]
        for (name, path) in phases {
            let values = reports.map { $0[keyPath: path] }
            print("  " + (name + ":").padding(toLength: 38, withPad: " ", startingAt: 0)
                  + String(format: "%6.0f ms median (%.0f–%.0f)", median(values) * 1000, values.min()! * 1000, values.max()! * 1000))
        }
        let total = median(reports.map(\.total))
        let peakMB = Double(reports.map(\.peakKB).max() ?? 0) / 1024
        print(String(format: "  total: %.0f ms median (target ≤ %.1f s: %@)", total * 1000, Self.targetSeconds, total <= Self.targetSeconds ? "met" : "MISSED"))
        print(String(format: "  peak RSS of the edit: %.0f MB, worst of %d (VmHWM%@; target ≤ %.0f MB: %@); set-up peak %.0f MB", peakMB,
                     reports.count, reports.allSatisfy(\.peakWasReset) ? ", reset after set-up" : " of the whole process",
                     Self.targetMB, peakMB <= Self.targetMB ? "met" : "MISSED", Double(reports.map(\.setupPeakKB).max() ?? 0) / 1024))
        let running = (0..<4).map { phase in Double(reports.map { $0.phasePeaksKB.count > phase ? $0.phasePeaksKB[phase] : 0 }.max() ?? 0) / 1024 }
        print(String(format: "  running peak after input %.0f MB, render %.0f MB, commit %.0f MB, derivatives %.0f MB", running[0], running[1], running[2], running[3]))
        let viaExtension = reports.compactMap(\.viaExtension)
        if viaExtension.isEmpty {
            print("  through an extension: skipped (\(EditBenchExtension.unavailableReason ?? "not measured"))")
        } else {
            print(String(format: "  through Filtster in its sandboxed process (sepia + vignette, commit, derivatives): %.0f ms median, extension peak RSS %.0f MB",
                         median(viaExtension.map(\.seconds)) * 1000, Double(viaExtension.map(\.childPeakKB).max() ?? 0) / 1024))
        }
        guard !peer.isEmpty else { return }
        let peerMedian = median(peer.map(\.seconds))
        print(String(format: "  libvips peer (render + 1600 px + 256 px, one process): %.0f ms median, peak RSS %.0f MB",
                     peerMedian * 1000, Double(peer.map(\.peakKB).max() ?? 0) / 1024))
        print(String(format: "  ratio photos / libvips: %.2f× the time (ours also commits, validates and stores), %.2f× the peak memory",
                     total / peerMedian, peakMB * 1024 / Double(peer.map(\.peakKB).max() ?? 1)))
    }
}

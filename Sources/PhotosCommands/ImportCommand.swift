import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos import PATH...`: imports files and folders.
///
/// Exit status: 1 when nothing could be imported and at least one file was rejected (or the library failed);
/// otherwise 0, even when some files were rejected or skipped as duplicates (the summary lists them).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import photos, videos and folders (recursively).",
        discussion: """
            Live Photos (a still and a movie with the same content identifier) and RAW+JPEG pairs (same folder, \
            same base name) become one asset each. Files whose content is already in the library are skipped. \
            Exit status 1 only when nothing could be imported and something was rejected.
            """)
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Files or folders to import.") var paths: [String]

    func run() throws {
        let library = try libraryOptions.open()
        let progress = Progress(totalUnitCount: 0)
        let reporter = ProgressReporter(progress: progress, label: "Importing")
        ImportDerivatives.begin(library)
        reporter.start()
        let summary: ImportSummary
        do {
            summary = try Importer(library: library).importItems(at: paths.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }, progress: progress)
        } catch {
            reporter.stop()
            throw error
        }
        reporter.stop()
        if output.json {
            Output.printJSON([
                "imported": summary.imported, "livePhotoPairs": summary.livePhotoPairs, "rawJPEGPairs": summary.rawJPEGPairs,
                "duplicatesSkipped": summary.duplicatesSkipped, "duplicates": summary.duplicates,
                "rejected": summary.rejected.map { ["path": $0.path, "reason": $0.reason] },
                "skippedLibraries": summary.skippedLibraries,
                "createdAssetIdentifiers": summary.createdAssetIdentifiers, "filesConsidered": summary.filesConsidered,
                "wasCancelled": summary.wasCancelled,
            ] as [String: Any])
        } else {
            print("Imported \(summary.imported) asset\(summary.imported == 1 ? "" : "s") from \(summary.filesConsidered) file\(summary.filesConsidered == 1 ? "" : "s")")
            print("  Live Photo pairs: \(summary.livePhotoPairs)")
            print("  RAW+JPEG pairs: \(summary.rawJPEGPairs)")
            print("  Duplicates skipped: \(summary.duplicatesSkipped)")
            for path in summary.duplicates { print("    \(path)") }
            print("  Rejected: \(summary.rejected.count)")
            for rejection in summary.rejected { print("    \(rejection.path): \(rejection.reason)") }
            if !summary.skippedLibraries.isEmpty {
                print("  Photo libraries skipped (their files are not new photos): \(summary.skippedLibraries.count)")
                for path in summary.skippedLibraries { print("    \(path)") }
            }
        }
        try ImportDerivatives.finish(library, created: summary.createdAssetIdentifiers)
        if summary.imported == 0 && !summary.rejected.isEmpty { throw ExitCode.failure }
    }
}

/// Draws a progress bar on stderr when it is a terminal, plain lines every few seconds otherwise.
final class ProgressReporter: @unchecked Sendable {
    private let progress: Progress
    private let label: String
    private let unit: String
    private let isTTY = isatty(2) != 0
    private var timer: DispatchSourceTimer?
    private var lastLine = Date.distantPast

    init(progress: Progress, label: String, unit: String = "files") {
        self.progress = progress
        self.label = label
        self.unit = unit
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        timer.setEventHandler { [self] in draw(final: false) }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        timer?.cancel()
        timer = nil
        draw(final: true)
    }

    private func draw(final: Bool) {
        let total = progress.totalUnitCount, done = progress.completedUnitCount
        guard total > 0 else { return }
        if isTTY {
            let width = 30
            let filled = Int(Double(width) * Double(done) / Double(total))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: max(0, width - filled))
            FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)\(final ? "\n" : "")".utf8))
        } else if final || Date().timeIntervalSince(lastLine) >= 2 {
            lastLine = Date()
            FileHandle.standardError.write(Data("\(label): \(done)/\(total) \(unit)\n".utf8))
        }
    }
}

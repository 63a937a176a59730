import ArgumentParser
import AVFoundation
import CoreImage
import FilterChains
import MotionEditing
import Foundation
import Photos
import PhotoLibrary

/// `photos video ID --filter NAME [key=value…] [--filter …] [--replace] [--json]`: a non-destructive edit of a
/// video made as an iOS app makes one: `requestContentEditingInput` → the input's `audiovisualAsset` →
/// `AVVideoComposition(asset:applyingCIFiltersWithHandler:)` running the filter chain on every frame →
/// `AVAssetExportSession` into the output's `renderedContentURL` → `performChanges`. The chain is stored as
/// adjustment data in the same format as photo edits, resumed by the same rule, and reverted with `photos revert`.
struct VideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "video",
        abstract: "Edit a video non-destructively with a chain of Core Image filters.",
        usage: "photos video <id> --filter <name> [<key>=<value> ...] [--filter <name> ...] [--replace] [--json]",
        discussion: """
            Every frame goes through the chain upright, at full size; the movie is encoded again with the source's \
            codec family (HEVC stays HEVC, everything else becomes H.264) at the highest-quality preset, with the \
            same frame count and timing; audio is copied. The original is kept: `photos revert ID` returns to it.
            Example: photos video ID --filter CIPhotoEffectNoir --filter CIVignette inputIntensity=1
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The video to edit (local identifier or UUID).") var identifier: String
    @Flag(help: "Start a new chain from the original instead of appending to the video's chain.") var replace = false
    @Option(help: ArgumentHelp("Seconds the render may take before it is stopped.", valueName: "seconds")) var deadline: Double = 600
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The steps: --filter NAME [key=value …], repeatable.", valueName: "steps"))
    var stepArguments: [String] = []

    func validate() throws {
        let steps = try EditSteps(parsing: stepArguments).steps
        if steps.contains(where: { $0.kind != .filter }) { throw ValidationError("photos video takes --filter steps only") }
    }

    func run() throws {
        let additions = try EditSteps(parsing: stepArguments).steps.map { step in
            do { return try FilterChain.Filter(name: step.name, text: step.parameters.map { ($0.key, $0.value) }) } catch { throw CommandError("\(error)") }
        }
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let record = try photos.library.asset(identifier, includeTrashed: false)
        guard record.mediaType == .video else {
            throw CommandError("\(record.identifier) is a \(Output.mediaTypeName(record.mediaType)); photos video edits videos")
        }
        let session = try ChainEditSession(record: record, photos: photos, additions: additions, replace: replace)
        guard let movie = session.input.audiovisualAsset else { throw CommandError("\(record.identifier) has no movie to edit") }
        let editingOutput = PHContentEditingOutput(contentEditingInput: session.input)
        do {
            try render(movie, through: session.chain, to: editingOutput.renderedContentURL)
            editingOutput.adjustmentData = try session.adjustmentData()
        } catch {
            try? FileManager.default.removeItem(at: editingOutput.renderedContentURL)
            throw CommandError("\(record.identifier): \(error)")
        }
        try session.commit(editingOutput, in: photos)
        photos.waitForDerivatives()
        let entry = try photos.library.editHistory(assetRowID: record.rowID).entries.last
        let edited = try photos.library.asset(record.identifier, includeTrashed: false)
        if output.json {
            Output.printJSON(["localIdentifier": record.identifier, "filters": session.chain.filters.map(\.name), "appendedTo": session.resumed,
                              "pixelWidth": edited.pixelWidth, "pixelHeight": edited.pixelHeight, "edit": entry?.sequence as Any? ?? NSNull()] as [String: Any])
        } else {
            print("Edited \(record.identifier) (edit \(entry.map { String($0.sequence) } ?? "?")): \(session.chain.summary)")
        }
    }

    /// Renders every frame of `movie` through `chain` into a QuickTime movie at `url` (`MovieChainRenderer`), with a
    /// progress bar.
    private func render(_ movie: AVAsset, through chain: FilterChain, to url: URL) throws {
        let progress = Progress(totalUnitCount: 1000)
        let reporter = ProgressReporter(progress: progress, label: "Rendering", unit: "‰")
        reporter.start()
        defer { reporter.stop() }
        do {
            try MovieChainRenderer.render(movie, through: chain, to: url, timeLimit: deadline) { fraction in
                progress.completedUnitCount = Int64(fraction * 1000)
                return true
            }
        } catch {
            throw CommandError(error.description)
        }
    }
}

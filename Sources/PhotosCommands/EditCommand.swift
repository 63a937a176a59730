import ArgumentParser
import FilterChains
import Foundation
import Photos
import PhotoLibrary

/// `photos edit ID [--raw setting=value…] --filter NAME [key=value…] [--filter …] [--replace] [--json]`: a non-destructive edit made
/// through PhotoKit's own editing API (`requestContentEditingInput` → `PHContentEditingOutput` →
/// `performChanges`), stored as resumable adjustment data in the filter-chain format (Docs/AdjustmentFormat.md).
///
/// Resuming follows WWDC 2014: when the current edit is a filter chain this version reads (and was itself
/// rendered from the original), the new filters are appended to it and the whole chain is rendered from the
/// original, so repeated edits lose nothing; `--replace` starts a new chain from the original; when the current
/// edit is another editor's (or a stacked chain), the new chain is rendered on top of the current version.
/// Bad filter names, keys or values fail (exit 1) before the library is touched.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a photo non-destructively with a chain of Core Image filters or an editing extension.",
        usage: """
            photos edit <id> --filter <name> [<key>=<value> ...] [--filter <name> ...] [--replace] [--json]
              photos edit <id> --raw <setting>=<value> ... [--filter <name> ...] [--replace] [--json]
              photos edit <id> --extension <name> [<key>=<value> ...] [--deadline <seconds>] [--json]
            """,
        discussion: """
            Each --filter names a built-in Core Image filter (see `photos image filters`), followed by its inputs as \
            key=value: numbers (inputIntensity=0.8), vectors (inputCenter=100,200), colours (inputColor=1,0.5,0[,1]). \
            The image is rendered upright, full size, as JPEG (quality 0.9) in its own colour space. The original is \
            kept: `photos revert ID` returns to it, `photos history ID` lists the edits.
            Example: photos edit ID --filter CISepiaTone inputIntensity=0.8 --filter CIVignette inputIntensity=1 inputRadius=2
            --raw develops the photo's RAW file (a RAW-only photo, or the RAW of a RAW+JPEG pair) with CIRAWFilter \
            and these settings before any filter: exposure (EV), temperature (K), tint, boost, boost-shadows, \
            noise-reduction, color-noise-reduction, contrast, detail (0…3), sharpness, gamut-mapping and \
            highlight-recovery (true/false), \
            decoder-version. Settings given again replace the stored ones; the others are kept. The pipeline version \
            is stored with the edit, so it renders the same after updates.
            Example: photos edit ID --raw exposure=0.7 temperature=5600 noise-reduction=0.3 --filter CIVignette inputIntensity=1
            --extension runs an installed editing extension (see `photos extensions`) in its own sandboxed process with its parameters as key=value; it resumes its own earlier edit when it understands the adjustment data.
            Example: photos edit ID --extension Filtster filter=noir vignette=1.5
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The asset to edit (local identifier or UUID).") var identifier: String
    @Flag(help: "Start a new chain from the original instead of appending to the asset's chain.") var replace = false
    @Option(help: ArgumentHelp("Seconds the render (or the --extension) may take before it is stopped.", valueName: "seconds"))
    var deadline: Double = 120
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The steps: --filter NAME [key=value …], repeatable.", valueName: "steps"))
    var stepArguments: [String] = []

    func validate() throws {
        _ = try EditSteps(parsing: stepArguments)
    }

    func run() throws {
        let steps = try EditSteps(parsing: stepArguments).steps
        if let step = steps.first, step.kind == .extension {
            return try ExtensionEdit(identifier: identifier, step: step, deadline: deadline, json: output.json).run(libraryURL: libraryOptions.url)
        }
        // Everything the user typed is checked before the library is opened.
        let additions = try EditSteps(parsing: stepArguments).steps.map { step in
            do {
                let parameters = step.parameters.map { ($0.key, $0.value) }
                return step.kind == .raw ? try FilterChain.Filter(developmentText: parameters) : try FilterChain.Filter(name: step.name, text: parameters)
            } catch { throw CommandError("\(error)") }
        }
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let record = try photos.library.asset(identifier, includeTrashed: false)
        guard record.mediaType == .image else { throw CommandError("\(record.identifier) is a \(Output.mediaTypeName(record.mediaType)); photos edit works on photos") }
        let session = try ChainEditSession(record: record, photos: photos, additions: additions, replace: replace)
        let (input, chain, resumed) = (session.input, session.chain, session.resumed)
        guard let imageURL = session.source else { throw CommandError("\(record.identifier) has no image to edit") }

        let editingOutput = PHContentEditingOutput(contentEditingInput: input)
        let size: (width: Int, height: Int)
        do {
            size = try chain.renderJPEG(imageAt: imageURL, orientation: input.fullSizeImageOrientation, to: editingOutput.renderedContentURL,
                                        timeLimit: deadline)
            editingOutput.adjustmentData = try session.adjustmentData()
        } catch {
            try? FileManager.default.removeItem(at: editingOutput.renderedContentURL)
            throw CommandError("\(record.identifier): \(error)")
        }
        try session.commit(editingOutput, in: photos)
        photos.waitForDerivatives()
        let entry = try photos.library.editHistory(assetRowID: record.rowID).entries.last
        report(record.identifier, chain: chain, resumed: resumed, baseIsOriginal: input.baseIsOriginal, size: size, sequence: entry?.sequence)
    }

    private func report(_ identifier: String, chain: FilterChain, resumed: Int, baseIsOriginal: Bool, size: (width: Int, height: Int), sequence: Int?) {
        let base = baseIsOriginal ? "original" : "currentVersion"
        if output.json {
            let filters = (try? JSONSerialization.jsonObject(with: chain.json()) as? [String: Any])?["filters"] ?? []
            Output.printJSON([
                "localIdentifier": identifier, "filters": filters, "appendedTo": resumed, "renderedFrom": base,
                "formatIdentifier": FilterChain.formatIdentifier, "formatVersion": FilterChain.formatVersion,
                "pixelWidth": size.width, "pixelHeight": size.height, "edit": sequence as Any? ?? NSNull(),
            ] as [String: Any])
            return
        }
        let how = resumed > 0 ? "appended to the stored chain of \(resumed) filter\(resumed == 1 ? "" : "s"), rendered from the original"
            : baseIsOriginal ? "rendered from the original" : "stacked on the current version"
        print("Edited \(identifier) (edit \(sequence.map(String.init) ?? "?"), \(how)): \(chain.summary)")
        print("Rendered \(size.width)x\(size.height) JPEG; adjustment data \(FilterChain.formatIdentifier) \(FilterChain.formatVersion)")
    }
}

import ArgumentParser
import CoreImage
import FilterChains
import Foundation
import ImageManagement
import MotionEditing
import Photos
import PhotoLibrary

/// `photos live ID --filter NAME [key=value…] … [--crop square] [--mute | --volume V]`: edits a Live Photo's still
/// and movie together through `PHLivePhotoEditingContext`, as an iOS app does (one Core Image chain on every
/// frame, resolution-dependent values scaled by each frame's render scale). `photos live ID --effect
/// loop|bounce|long-exposure|live`: applies a Live Photo effect (WWDC 2017) as a non-destructive edit, or goes back
/// to the plain Live Photo (`live`, the same as `photos revert`).
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Edit a Live Photo (still and movie together) or apply a Loop, Bounce or Long Exposure effect.",
        usage: """
            photos live <id> --filter <name> [<key>=<value> ...] [--filter ...] [--crop square] [--mute | --volume <v>]
              photos live <id> --effect loop|bounce|long-exposure|live
            """,
        discussion: """
            A filter edit renders the still at full size and every movie frame through the same chain; duration, \
            frame timing and the still's moment are kept, and the pair stays a Live Photo (content identifier in the \
            still's maker note and the movie's metadata, still-image time in the movie). Each edit starts from the \
            original. Effects are made from the original pair: Loop (a seamless crossfaded loop), Bounce (forward \
            then backward), Long Exposure (every frame averaged into a still); the asset then plays as Apple's do \
            (playback style, variation, the Animated and Long Exposure smart albums). `photos revert ID` undoes any.
            """)

    enum Effect: String, ExpressibleByArgument, CaseIterable { case loop, bounce, longExposure = "long-exposure", live }
    enum Crop: String, ExpressibleByArgument, CaseIterable { case square }

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The Live Photo (local identifier or UUID).") var identifier: String
    @Option(help: "loop, bounce, long-exposure, or live (no effect).") var effect: Effect?
    @Option(help: "square: crop the still and the movie to a centred square.") var crop: Crop?
    @Flag(help: "Remove the sound.") var mute = false
    @Option(help: ArgumentHelp("The sound's volume, 0…1.", valueName: "v")) var volume: Double?
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The steps: --filter NAME [key=value …], repeatable.", valueName: "steps"))
    var stepArguments: [String] = []

    func validate() throws {
        if effect != nil {
            guard stepArguments.isEmpty, crop == nil, !mute, volume == nil else { throw ValidationError("--effect stands alone") }
            return
        }
        if let volume, !(0...1).contains(volume) { throw ValidationError("--volume is between 0 and 1") }
        if mute && volume != nil { throw ValidationError("--mute and --volume exclude each other") }
        if !stepArguments.isEmpty {
            let steps = try EditSteps(parsing: stepArguments).steps
            if steps.contains(where: { $0.kind != .filter }) { throw ValidationError("photos live takes --filter steps only") }
        }
        if stepArguments.isEmpty && crop == nil && !mute && volume == nil {
            throw ValidationError("give --filter steps, --crop, --mute or --volume, or an --effect")
        }
    }

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let record = try photos.library.asset(identifier, includeTrashed: false)
        guard (record.mediaSubtypes.rawValue & 8) != 0 else { throw CommandError("\(record.identifier) is not a Live Photo") }
        if let effect { return try apply(effect, to: record, photos: photos) }
        try editFrames(of: record, photos: photos)
    }

    /// The filter / crop / volume edit: `LivePhotoChainEdit` (PHLivePhotoEditingContext), committed through PhotoKit.
    private func editFrames(of record: AssetRecord, photos: PHPhotoLibrary) throws {
        let filters = try (stepArguments.isEmpty ? [] : EditSteps(parsing: stepArguments).steps).map { step in
            do { return try FilterChain.Filter(name: step.name, text: step.parameters.map { ($0.key, $0.value) }) } catch { throw CommandError("\(error)") }
        }
        let edit = LivePhotoChainEdit(chain: FilterChain(filters: filters), squareCrop: crop == .square, audioVolume: mute ? 0 : Float(volume ?? 1))
        do { try edit.validate() } catch { throw CommandError("\(error)") }
        let asset = try AssetEditing.fetch(record.identifier, in: photos)
        let editingOutput: PHContentEditingOutput
        do { editingOutput = try edit.render(asset, timeLimit: 3600) } catch {
            throw CommandError("\(record.identifier): \((error as? PHPhotosError)?.localizedDescription ?? "\(error)")")
        }
        do {
            try photos.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = editingOutput }
        } catch {
            throw CommandError("Committing the edit of \(record.identifier) failed: \(error.localizedDescription)")
        }
        photos.waitForDerivatives()
        report(record.identifier, what: edit.summary, photos: photos)
    }

    /// A Loop, Bounce or Long Exposure edit, or back to the plain Live Photo.
    private func apply(_ effect: Effect, to record: AssetRecord, photos: PHPhotoLibrary) throws {
        let library = photos.library
        if effect == .live {
            do { try library.apply(ChangeBatch(operations: [.revertContent(identifier: record.identifier)])) } catch {
                throw CommandError("Reverting \(record.identifier) failed: \(error.message)")
            }
            return report(record.identifier, what: "plain Live Photo", photos: photos)
        }
        guard let chosen = LivePhotoEffectRenderer.Effect(rawValue: effect.rawValue) else { return }
        let progress = Progress(totalUnitCount: 1000)
        let reporter = ProgressReporter(progress: progress, label: "Rendering", unit: "‰")
        reporter.start()
        let rendered: LivePhotoEffectRenderer.Rendered
        do {
            rendered = try LivePhotoEffectRenderer.render(chosen, of: record, in: library) { fraction in
                progress.completedUnitCount = Int64(fraction * 1000)
                return true
            }
        } catch {
            reporter.stop()
            throw CommandError(error.message)
        }
        reporter.stop()
        defer { rendered.remove() }
        do { try library.apply(ChangeBatch(operations: [.editContent(rendered.contentEdit(of: record.identifier))])) } catch {
            throw CommandError("Committing the \(chosen.rawValue) of \(record.identifier) failed: \(error.message)")
        }
        photos.waitForDerivatives()
        report(record.identifier, what: chosen.rawValue, photos: photos)
    }

    private func report(_ identifier: String, what: String, photos: PHPhotoLibrary) {
        let asset = try? photos.library.asset(identifier, includeTrashed: false)
        if output.json {
            Output.printJSON(["localIdentifier": identifier, "edit": what,
                              "playbackStyle": asset.map { Output.playbackStyleName($0.playbackStyle) } ?? NSNull(),
                              "playbackVariation": asset?.playbackVariation ?? 0] as [String: Any])
        } else {
            print("Edited \(identifier): \(what)")
        }
    }
}

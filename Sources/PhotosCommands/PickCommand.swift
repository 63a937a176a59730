import ArgumentParser
import Foundation
import PhotoLibrary
import PhotosUI

/// `photos pick [--filter F …] [--limit N] [--identifier ID …] [--mode M] [--export DIR]`: the photo picker without
/// its view. Picks the given assets (or the newest ones the filter shows) through `PHPickerViewController`, prints
/// one line per result and, with `--export`, writes each through its item provider's `loadFileRepresentation`.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick assets as PHPickerViewController does, without its view.",
        discussion: """
            Without --identifier, picks the --limit newest assets the filter shows. Each result prints as \
            "<identifier> <registered type identifiers, comma-separated> <suggested name>". Identifiers the picker \
            would not show (unknown, hidden, in Recently Deleted, excluded by the filter) and more than --limit are refused.

            --filter takes a kind (\(PickerFilter.namedKinds.map(\.name).joined(separator: ", "))), playbackStyle(N), \
            any(F,…), all(F,…), not(F), or the shorthand any:images,videos; repeated, any of them matches.
            --mode: automatic and current hand out the current version as stored; compatible turns HEIC/HEIF photos \
            into JPEG and HEVC movies into H.264.
            """)

    enum Mode: String, ExpressibleByArgument, CaseIterable { case automatic, current, compatible }

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var outputOptions: OutputOptions
    @Option(help: ArgumentHelp("Show only these kinds (repeatable: any of them).", valueName: "filter")) var filter: [String] = []
    @Option(help: "The selection limit; 0 for none.") var limit: Int = 1
    @Option(name: .customLong("identifier"), help: ArgumentHelp("An asset to pick (repeatable, in order).", valueName: "id")) var identifiers: [String] = []
    @Option(help: "automatic, current or compatible.") var mode: Mode = .automatic
    @Option(help: ArgumentHelp("Write each result's file into this folder (created if needed).", valueName: "dir")) var export: String?

    func validate() throws {
        if limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    /// The combined filter, or nil for every kind.
    func pickerFilter() throws -> PickerFilter? {
        let filters = try filter.map { text in
            do { return try PickerFilter(parsing: text) } catch let error as LibraryError { throw CommandError(error.message) }
        }
        return filters.isEmpty ? nil : filters.count == 1 ? filters[0] : .any(filters)
    }

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let filter = try pickerFilter()
        var chosen = identifiers.map { Library.normalized($0, kind: .asset) }
        if chosen.isEmpty { chosen = try photos.library.pickerAssetIdentifiers(matching: filter, limit: limit) }
        var configuration = PHPickerConfiguration(photoLibrary: photos)
        configuration.filter = filter.map(PHPickerFilter.init)
        configuration.selectionLimit = limit
        configuration.selection = .ordered
        configuration.preferredAssetRepresentationMode = switch mode {
        case .automatic: .automatic
        case .current: .current
        case .compatible: .compatible
        }
        let finalConfiguration = configuration, picked = chosen
        // The command runs on the main thread, where the picker (main-actor isolated, as Apple's) lives.
        let results = try MainActor.assumeIsolated { () throws -> [PHPickerResult] in
            do { return try PHPickerViewController(configuration: finalConfiguration).finishPicking(withAssetIdentifiers: picked) } catch let error as PHPickerError {
                throw CommandError(error.message)
            }
        }
        var exported: [String: String] = [:]
        var failures: [String] = []
        if let export {
            let folder = URL(fileURLWithPath: (export as NSString).expandingTildeInPath, isDirectory: true)
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw CommandError("Cannot create \(folder.path): \(error.localizedDescription)")
            }
            for result in results {
                let id = result.assetIdentifier ?? "?"
                switch Self.write(result.itemProvider, into: folder) {
                case .success(let url): exported[id] = url.path
                case .failure(let error): failures.append("\(id): \(error.localizedDescription)")
                }
            }
        }
        if outputOptions.json {
            Output.printJSON(results.map { result -> [String: Any] in
                var entry: [String: Any] = ["assetIdentifier": result.assetIdentifier ?? NSNull(),
                                            "registeredTypeIdentifiers": result.itemProvider.registeredTypeIdentifiers,
                                            "suggestedName": result.itemProvider.suggestedName ?? NSNull()]
                if let id = result.assetIdentifier, let path = exported[id] { entry["exportedPath"] = path }
                return entry
            })
        } else {
            for result in results {
                let id = result.assetIdentifier ?? "-"
                var line = "\(id) \(result.itemProvider.registeredTypeIdentifiers.joined(separator: ",")) \(result.itemProvider.suggestedName ?? "-")"
                if let path = exported[id] { line += " → \(path)" }
                print(line)
            }
        }
        for failure in failures { FileHandle.standardError.write(Data("Error: \(failure)\n".utf8)) }
        if !failures.isEmpty { throw ExitCode.failure }
    }

    /// Loads the provider's first representation as a file and copies it into `folder` under its own name (made
    /// unique with " (1)", " (2)", …), waiting for the load.
    static func write(_ provider: NSItemProvider, into folder: URL) -> Result<URL, any Error> {
        guard let type = provider.registeredTypeIdentifiers.first else {
            return .failure(CommandError("the result has no representation (a preselected asset)"))
        }
        let outcome = PickOutcome<Result<URL, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
            defer { done.signal() }
            guard let url else { return outcome.set(.failure(error ?? (CommandError("nothing was loaded") as any Error))) }
            let base = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
            for attempt in 0..<10_000 {
                let name = attempt == 0 ? base : "\(base) (\(attempt))"
                let target = folder.appendingPathComponent(ext.isEmpty ? name : "\(name).\(ext)")
                if FileManager.default.fileExists(atPath: target.path) { continue }
                do {
                    try FileManager.default.copyItem(at: url, to: target)
                    return outcome.set(.success(target))
                } catch {
                    return outcome.set(.failure(error))
                }
            }
            outcome.set(.failure(CommandError("no free file name for \(base) in \(folder.path)")))
        }
        done.wait()
        return outcome.get() ?? .failure(CommandError("nothing was loaded"))
    }
}

/// A value shared with a completion handler on another thread.
final class PickOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}

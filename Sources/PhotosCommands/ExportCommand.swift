import ArgumentParser
import AVFoundation
import Foundation
import PhotoLibrary
import ImageManagement
import MediaInspection

/// `photos export ID... --version current|original --format original|compatible|jpeg|heic|png -o DIR`: writes
/// assets' images to files, named after their original files, with a progress bar. With `--preset NAME` it
/// exports the movies of videos and Live Photos through `AVAssetExportSession` with that preset instead.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export assets' images to a folder.",
        discussion: """
            --version current is the asset as it looks now (with edits); original is the first capture (the RAW of \
            a RAW+JPEG pair). --format original copies the stored file byte for byte; compatible turns HEIC/HEIF, \
            AVIF, WebP and RAW into JPEG and copies the rest (PhotoKit's .compatible export preset); jpeg, heic and \
            png re-encode (pixels upright, colour profile and metadata kept). Existing files are never replaced: \
            the name gets " (1)", " (2)", …

            --preset exports movies (videos, and the movie of a Live Photo) with an AVAssetExportSession preset: Passthrough, LowQuality, MediumQuality, HighestQuality, 640x480, 960x540, 1280x720, 1920x1080, 3840x2160, HEVC1920x1080, HEVC3840x2160, HEVC7680x4320, HEVCHighestQuality or AppleM4A (the "AVAssetExportPreset" prefix may be left out); --file-type mov (default) or mp4.
            """)

    enum Version: String, ExpressibleByArgument, CaseIterable { case current, original }

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var outputOptions: OutputOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]
    @Option(help: "current or original.") var version: Version = .current
    @Option(help: "original, compatible, jpeg, heic or png.") var format: ExportFormat = .original
    @Option(name: .customShort("o"), help: ArgumentHelp("The folder to write into (created if needed).", valueName: "dir")) var directory: String
    @Option(help: ArgumentHelp("Export movies with this AVAssetExportSession preset.", valueName: "name")) var preset: String?
    @Option(help: "mov or mp4 (with --preset).") var fileType: MovieFileType = .mov
    @Flag(help: "Also write an XMP sidecar (<file>.xmp) naming the asset's global identity (its PhotoKit cloud identifier) and creation date; photos import in another library honours it.")
    var withMetadata = false

    enum MovieFileType: String, ExpressibleByArgument, CaseIterable { case mov, mp4 }

    func validate() throws {
        if let preset, presetName(preset) == nil {
            throw ValidationError("\(preset) is not an export preset (see photos export --help)")
        }
    }

    /// The full preset name for `name` with or without Apple's prefix.
    func presetName(_ name: String) -> String? {
        let full = name.hasPrefix("AVAssetExportPreset") ? name : "AVAssetExportPreset\(name)"
        return AVAssetExportSession.allExportPresets().contains(full) ? full : nil
    }

    func run() throws {
        let library = try libraryOptions.open()
        let assets = try identifiers.map { try library.asset($0) }
        let folder = URL(fileURLWithPath: (directory as NSString).expandingTildeInPath, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("Cannot create \(folder.path): \(error.localizedDescription)")
        }
        if let preset, let name = presetName(preset) {
            return try exportMovies(assets, preset: name, to: folder, in: library)
        }
        let progress = Progress(totalUnitCount: Int64(assets.count))
        let reporter = ProgressReporter(progress: progress, label: "Exporting")
        reporter.start()
        var exported: [[String: Any]] = []
        var failures: [String] = []
        for asset in assets {
            do {
                let file = try AssetExporter.export(asset, version: version == .current ? .current : .original, format: format,
                                                    to: folder, in: library)
                if withMetadata, let problem = writeSidecar(for: asset, beside: file.url, in: library) { failures.append(problem) }
                exported.append(["localIdentifier": asset.identifier, "path": file.url.path, "uniformTypeIdentifier": file.uniformTypeIdentifier,
                                 "byteCount": file.byteCount, "reencoded": !file.isCopy])
            } catch {
                failures.append("\(asset.identifier): \(error.message)")
            }
            progress.completedUnitCount += 1
        }
        reporter.stop()
        if outputOptions.json {
            Output.printJSON(["exported": exported, "failed": failures] as [String: Any])
        } else {
            for file in exported { print(file["path"] as? String ?? "") }
        }
        for failure in failures { FileHandle.standardError.write(Data("Error: \(failure)\n".utf8)) }
        if !failures.isEmpty { throw ExitCode.failure }
    }
}

extension ExportFormat: ExpressibleByArgument {}

extension ExportCommand {
    /// Exports each asset's movie with `preset`, a progress bar in per-mille of all movies.
    func exportMovies(_ assets: [AssetRecord], preset: String, to folder: URL, in library: Library) throws {
        let progress = Progress(totalUnitCount: Int64(assets.count) * 1000)
        let reporter = ProgressReporter(progress: progress, label: "Exporting", unit: "‰")
        reporter.start()
        var exported: [[String: Any]] = []
        var failures: [String] = []
        for (index, asset) in assets.enumerated() {
            do {
                let movie = try MovieFrames.movieURL(of: asset, in: library, version: version == .current ? .current : .original)
                guard let session = AVAssetExportSession(asset: AVURLAsset(url: movie), presetName: preset) else { continue }
                let type: AVFileType = preset == AVAssetExportPresetAppleM4A ? .m4a : (fileType == .mp4 ? .mp4 : .mov)
                let ext = type == .m4a ? "m4a" : fileType.rawValue
                let base = (asset.originalFilename as NSString).deletingPathExtension
                let output = (0..<10_000).lazy.map { folder.appendingPathComponent("\(base.isEmpty ? "movie" : base)\($0 == 0 ? "" : " (\($0))").\(ext)") }
                    .first { !FileManager.default.fileExists(atPath: $0.path) } ?? folder.appendingPathComponent("\(UUID().uuidString).\(ext)")
                session.outputURL = output
                session.outputFileType = type
                let done = DispatchSemaphore(value: 0)
                session.exportAsynchronously { done.signal() }
                while done.wait(timeout: .now() + 0.1) == .timedOut {
                    progress.completedUnitCount = Int64(index) * 1000 + Int64(session.progress * 1000)
                }
                guard session.status == .completed else {
                    throw CommandError(session.error.map { ($0 as? AVError)?.message ?? "\($0)" } ?? "the export did not complete")
                }
                if withMetadata, let problem = writeSidecar(for: asset, beside: output, in: library) { failures.append(problem) }
                let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? NSNumber)?.int64Value ?? 0
                exported.append(["localIdentifier": asset.identifier, "path": output.path, "preset": preset, "byteCount": size])
            } catch let error as ImageManagementError {
                failures.append("\(asset.identifier): \(error.message)")
            } catch {
                failures.append("\(asset.identifier): \(error)")
            }
            progress.completedUnitCount = Int64(index + 1) * 1000
        }
        reporter.stop()
        if outputOptions.json {
            Output.printJSON(["exported": exported, "failed": failures] as [String: Any])
        } else {
            for file in exported { print(file["path"] as? String ?? "") }
        }
        for failure in failures { FileHandle.standardError.write(Data("Error: \(failure)\n".utf8)) }
        if !failures.isEmpty { throw ExitCode.failure }
    }
}

extension ExportCommand {
    /// Writes `<file>.xmp` beside an exported file: the asset's global identity and creation date (to a temporary
    /// name, then renamed, so a sidecar is whole or absent). Returns what went wrong, or nil.
    func writeSidecar(for asset: AssetRecord, beside file: URL, in library: Library) -> String? {
        let sidecar = file.appendingPathExtension("xmp")
        do {
            guard let identity = try library.cloudIdentities(forAssets: [asset.identifier])[asset.identifier] ?? nil else {
                return "\(asset.identifier): no longer in the library"
            }
            try MetadataSidecar.document(cloudIdentity: identity, creationDate: asset.creationDate).write(to: sidecar, options: .atomic)
            return nil
        } catch let error as LibraryError {
            return "\(asset.identifier): \(error.message)"
        } catch {
            return "\(asset.identifier): cannot write \(sidecar.path): \(error.localizedDescription)"
        }
    }
}

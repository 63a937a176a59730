import ArgumentParser
import Foundation
import PhotoLibrary
import ImageManagement

/// `photos export ID... --version current|original --format original|compatible|jpeg|heic|png -o DIR`: writes
/// assets' images to files, named after their original files, with a progress bar.
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
            """)

    enum Version: String, ExpressibleByArgument, CaseIterable { case current, original }

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var outputOptions: OutputOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]
    @Option(help: "current or original.") var version: Version = .current
    @Option(help: "original, compatible, jpeg, heic or png.") var format: ExportFormat = .original
    @Option(name: .customShort("o"), help: ArgumentHelp("The folder to write into (created if needed).", valueName: "dir")) var directory: String

    func run() throws {
        let library = try libraryOptions.open()
        let assets = try identifiers.map { try library.asset($0) }
        let folder = URL(fileURLWithPath: (directory as NSString).expandingTildeInPath, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("Cannot create \(folder.path): \(error.localizedDescription)")
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

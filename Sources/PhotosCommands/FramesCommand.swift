import ArgumentParser
import Foundation
import ImageManagement
import PhotoLibrary

/// `photos frames ID --every SECONDS -o DIR`: still frames of a video (or of a Live Photo's movie) as JPEGs,
/// one every SECONDS from the start, named `frame-<n>-<milliseconds>.jpg` after the time each frame is shown.
/// Files are written under a temporary name, flushed and renamed; a frame that cannot be decoded stops the
/// command with its time and the reason (the frames already written stay).
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "frames", abstract: "Write still frames of a video or Live Photo as JPEGs.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The asset (its local identifier or UUID).") var identifier: String
    @Option(help: "Seconds between frames.") var every: Double = 1
    @Option(name: .customShort("o"), help: ArgumentHelp("The folder to write into (created if needed).", valueName: "dir")) var directory: String

    func validate() throws {
        guard every.isFinite, every >= 0.01 else { throw ValidationError("--every must be at least 0.01 seconds") }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let asset = try library.asset(identifier)
        let movie = try MovieFrames.movieURL(of: asset, in: library)
        let folder = URL(fileURLWithPath: (directory as NSString).expandingTildeInPath, isDirectory: true)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CommandError("Cannot create \(folder.path): \(error.localizedDescription)")
        }
        let duration = max(asset.duration, 0)
        let times = Array(stride(from: 0.0, to: max(duration, 0.001), by: every))
        let progress = Progress(totalUnitCount: Int64(times.count))
        let reporter = ProgressReporter(progress: progress, label: "Frames", unit: "frames")
        reporter.start()
        defer { reporter.stop() }
        var written: [[String: Any]] = []
        for (index, time) in times.enumerated() {
            let frame: MovieFrames.Frame
            do { frame = try MovieFrames.frame(of: movie, at: time) } catch {
                throw CommandError("The frame at \(String(format: "%.3f", time)) s cannot be decoded: \(error.message)")
            }
            let file = folder.appendingPathComponent(String(format: "frame-%04d-%06d.jpg", index + 1, Int((frame.time * 1000).rounded())))
            do { try frame.jpeg.write(to: file, options: .atomic) } catch {
                throw CommandError("Cannot write \(file.path): \(error.localizedDescription)")
            }
            written.append(["path": file.path, "time": frame.time])
            progress.completedUnitCount += 1
        }
        if output.json { Output.printJSON(written) } else { for frame in written { print(frame["path"] as? String ?? "") } }
    }
}

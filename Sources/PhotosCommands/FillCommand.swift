import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos fill --count N`: adds a realistic library of N assets, fast.
struct FillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill", abstract: "Fill the library with N realistic assets sharing a few small files (for testing and benchmarks).")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "How many assets to add.") var count: Int
    @Option(help: "Random seed (the same seed makes the same library).") var seed: UInt64 = 1

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must not be negative") }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let summary = try library.fill(count: count, seed: seed)
        let rate = summary.elapsed > 0 ? Double(summary.assets) / summary.elapsed : 0
        if output.json {
            Output.printJSON([
                "assets": summary.assets, "photos": summary.photos, "videos": summary.videos, "livePhotos": summary.livePhotos,
                "favorites": summary.favorites, "hidden": summary.hidden, "raw": summary.raw, "panoramas": summary.panoramas,
                "screenshots": summary.screenshots, "bursts": summary.bursts, "burstFrames": summary.burstFrames,
                "withLocation": summary.withLocation, "albums": summary.albums, "folders": summary.folders, "moments": summary.moments,
                "elapsedSeconds": summary.elapsed, "assetsPerSecond": rate,
            ] as [String: Any])
        } else {
            print("Added \(summary.assets) assets in \(String(format: "%.2f", summary.elapsed)) s (\(Int(rate)) assets/s)")
            print("  photos \(summary.photos), videos \(summary.videos), Live Photos \(summary.livePhotos), RAW \(summary.raw)")
            print("  favorites \(summary.favorites), hidden \(summary.hidden), bursts \(summary.bursts) (\(summary.burstFrames) frames)")
            print("  panoramas \(summary.panoramas), screenshots \(summary.screenshots), with location \(summary.withLocation)")
            print("  albums \(summary.albums), folders \(summary.folders), moments \(summary.moments)")
        }
    }
}

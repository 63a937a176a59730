import Foundation
import Photos
import PhotosUI

/// The extension half of `photos bench edit`: the same photo edited again through the example extension
/// (Filtster: sepia + vignette, full size) in its own sandboxed process, committed, derivatives made — the
/// price of isolation next to the in-process edit. Filtster is looked for beside this executable.
enum EditBenchExtension {
    struct Measurement: Codable {
        var seconds: Double
        /// The extension process's peak RSS (`RUSAGE_CHILDREN`: the largest reaped child).
        var childPeakKB: Int
    }

    /// Why the measurement is skipped here, or nil when it can run.
    static var unavailableReason: String? {
        guard filtsterURL != nil else { return "Filtster is not built beside photos (swift build -c release --product filtster)" }
        return nil
    }

    static var filtsterURL: URL? {
        let candidate = URL(fileURLWithPath: ThumbnailBenchCommand.ownExecutable()).deletingLastPathComponent().appendingPathComponent("filtster")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Installs Filtster into the bench library and edits `asset` with it, timing edit + commit + derivatives.
    static func measure(_ asset: PHAsset, in photos: PHPhotoLibrary) throws -> Measurement? {
        guard let filtsterURL else { return nil }
        let filtster = try PHEditingExtension.install(executable: filtsterURL, scope: .library, library: photos)
        var clock = EditProbe.Clock()
        try PHEditingExtensionHost(library: photos).edit(asset, with: filtster, parameters: ["filter": "sepia", "vignette": "1"])
        photos.waitForDerivatives()
        let seconds = clock.lap()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Measurement(seconds: seconds, childPeakKB: usage.ru_maxrss)
    }
}

import Foundation
import PhotoLibrary

/// Still frames taken from an asset's movie — a video, or a Live Photo's paired movie — for `photos frames`.
public enum MovieFrames {
    /// One frame: when it is shown, and the frame as a JPEG (upright, sRGB, no metadata).
    public struct Frame: Sendable {
        public let time: Double
        public let jpeg: Data
    }

    /// The movie file of `asset` in `version` — for `.current` its edited movie when there is one — a video's
    /// movie or a Live Photo's paired movie, or an error naming why there is none.
    public static func movieURL(of asset: AssetRecord, in library: any LibraryBackend, version: ImageVersion = .current) throws(ImageManagementError) -> URL {
        let resources: [ResourceRecord]
        do { resources = try library.resources(assetRowID: asset.rowID) } catch { throw .library(error, "Cannot read the resources of \(asset.identifier)") }
        let order: [ResourceType] = version == .current ? [.fullSizeVideo, .video, .fullSizePairedVideo, .pairedVideo] : [.video, .pairedVideo]
        for type in order {
            if let movie = resources.first(where: { $0.type == type }) { return try ImagingContext.file(of: movie, in: library) }
        }
        throw ImageManagementError(.missingResource, "\(asset.identifier) has no movie: it is neither a video nor a Live Photo")
    }

    /// The first frame shown at or after `seconds` (the last frame when `seconds` is past the end), encoded as a
    /// JPEG of `quality`. Decoding starts from the key frame before `seconds`, so each call costs at most one
    /// group of pictures; memory holds one frame.
    public static func frame(of movieURL: URL, at seconds: Double, quality: Double = 0.9) throws(ImageManagementError) -> Frame {
        let (image, time) = try VideoPosters.frame(of: movieURL, at: max(0, seconds))
        return Frame(time: time, jpeg: try PixelOps.encode(image, as: .jpeg, quality: quality))
    }
}

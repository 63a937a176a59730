import CoreImage
import FilterChains
import Foundation
import Movies
import Photos

/// The built-in editor's Live Photo edit: one filter chain over the still and every frame of the movie, through
/// `PHLivePhotoEditingContext` as an iOS app edits a Live Photo (WWDC 2016). `photos live` and the service's
/// editor both edit Live Photos here.
///
/// The chain runs on each frame turned upright (the still by its EXIF orientation, the movie's frames by their
/// display matrix), so its crops and turns are in the coordinates people see, and the result is turned back to
/// how the frame is stored (the still keeps its orientation tag, the movie its matrix). Resolution-dependent
/// values are scaled by each frame's render scale. `squareCrop` then keeps the centred square of each frame; the
/// sound plays at `audioVolume`. Every edit renders from the original pair. Stored as adjustment data
/// `org.photokit-linux.live-photo-edit` 1.0: JSON `{"audioVolume": 1, "crop": "square" | null, "filters": […]}`.
public struct LivePhotoChainEdit: Sendable, Equatable {
    public static let formatIdentifier = "org.photokit-linux.live-photo-edit"
    public static let formatVersion = "1.0"

    /// The filters applied to the still and to every frame (no RAW development step).
    public var chain: FilterChain
    /// Whether the still and the movie are cropped to their centred square (after the chain).
    public var squareCrop: Bool
    /// The sound's volume, 0…1 (1 copies the audio, 0 removes it).
    public var audioVolume: Float

    public init(chain: FilterChain, squareCrop: Bool = false, audioVolume: Float = 1) {
        self.chain = chain
        self.squareCrop = squareCrop
        self.audioVolume = audioVolume
    }

    /// Checks the chain (built-in filters, usable values, no development step) and the volume.
    public func validate() throws {
        try chain.validate()
        guard chain.development == nil else { throw FilterChainError("A Live Photo edit cannot develop a RAW file") }
        guard (0...1).contains(audioVolume) else { throw FilterChainError("The volume is between 0 and 1") }
    }

    /// The stored edit, from its adjustment data; nil when the format is not this one or the data does not read.
    public init?(formatIdentifier: String, formatVersion: String, data: Data) {
        guard formatIdentifier == Self.formatIdentifier, formatVersion == Self.formatVersion,
              let stored = try? JSONDecoder().decode(Stored.self, from: data) else { return nil }
        self.init(chain: FilterChain(filters: stored.filters), squareCrop: stored.crop == "square", audioVolume: Float(stored.audioVolume ?? 1))
    }

    /// The adjustment data's bytes (keys sorted, so equal edits give equal bytes).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Stored(filters: chain.filters, crop: squareCrop ? "square" : nil, audioVolume: Double(audioVolume)))
    }

    /// "CINoir → crop square, volume 0.5".
    public var summary: String {
        [chain.filters.isEmpty ? nil : chain.summary, squareCrop ? "crop square" : nil,
         audioVolume == 1 ? nil : audioVolume == 0 ? "muted" : "volume \(audioVolume)"].compactMap { $0 }.joined(separator: ", ")
    }

    /// Renders the edit of `asset` (a Live Photo with its movie) from its original pair into a new editing output,
    /// whose adjustment data is set; waits for the render. Commit the output (`PHAssetChangeRequest`), or its
    /// files, then remove them. A render longer than `timeLimit` seconds is cancelled; a failed render leaves no
    /// file behind.
    public func render(_ asset: PHAsset, timeLimit: TimeInterval) throws -> PHContentEditingOutput {
        try validate()
        let options = PHContentEditingInputRequestOptions()
        options.canHandleAdjustmentData = { _ in true }     // the original pair, whatever the current edit
        let input = try asset.makeContentEditingInput(options, makesDisplaySizeImage: false)
        guard let live = input.livePhoto, let context = PHLivePhotoEditingContext(livePhotoEditingInput: input) else {
            throw FilterChainError("\(asset.localIdentifier) is not a Live Photo whose still and movie can be read")
        }
        let movieOrientation = (try? MovieReader(url: live.videoURL).primaryVideoTrack).map {
            CGImagePropertyOrientation(rawValue: UInt32($0.exifOrientation)) ?? .up
        } ?? .up
        context.frameProcessor = frameProcessor(stillOrientation: context.orientation, movieOrientation: movieOrientation)
        context.audioVolume = audioVolume
        let output = PHContentEditingOutput(contentEditingInput: input)
        let done = DispatchSemaphore(value: 0)
        let outcome = RenderOutcome()
        context.saveLivePhoto(to: output) { ok, error in
            outcome.error = ok ? nil : (error ?? FilterChainError("the Live Photo render failed"))
            done.signal()
        }
        if done.wait(timeout: .now() + timeLimit) == .timedOut {
            context.cancel()
            done.wait()
            throw FilterChainError("the Live Photo render took longer than \(Int(timeLimit)) s and was stopped")
        }
        if let error = outcome.error { throw error }
        output.adjustmentData = PHAdjustmentData(formatIdentifier: Self.formatIdentifier, formatVersion: Self.formatVersion, data: try json())
        return output
    }

    /// The processor the context runs on the still and on every frame.
    func frameProcessor(stillOrientation: CGImagePropertyOrientation, movieOrientation: CGImagePropertyOrientation) -> PHLivePhotoFrameProcessingBlock {
        let chain = chain, square = squareCrop
        return { frame, errorPointer in
            let orientation = frame.type == .photo ? stillOrientation : movieOrientation
            do {
                var image = try chain.scaled(by: Double(frame.renderScale)).apply(to: frame.image.oriented(orientation))
                if square {
                    let extent = image.extent, side = min(extent.width, extent.height).rounded(.down)
                    image = image.cropped(to: CGRect(x: (extent.midX - side / 2).rounded(), y: (extent.midY - side / 2).rounded(), width: side, height: side))
                }
                return image.oriented(orientation.inverse)
            } catch {
                errorPointer?.pointee = error as NSError
                return nil
            }
        }
    }

    private struct Stored: Codable {
        var filters: [FilterChain.Filter]
        var crop: String?
        var audioVolume: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(filters, forKey: .filters)
            try container.encode(crop, forKey: .crop)     // null when not cropped, as before
            try container.encode(audioVolume ?? 1, forKey: .audioVolume)
        }
    }
}

extension CGImagePropertyOrientation {
    /// The orientation that undoes this one (`oriented(o).oriented(o.inverse)` is the stored image again).
    var inverse: CGImagePropertyOrientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self
        }
    }
}

/// The outcome of a render finished on another thread.
private final class RenderOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

import Foundation
import CoreGraphics
import CoreImage

/// How video frames are composed for export, as AVFoundation's `AVVideoComposition`. Only the Core Image form
/// exists here: `init(asset:applyingCIFiltersWithHandler:)`, whose handler filters every frame.
///
/// The handler's `sourceImage` is the frame turned upright by the track's display matrix, in sRGB, with its
/// extent at the origin; `renderSize` is the upright natural size. The handler may finish the request on any
/// thread; the export waits for it (up to 60 s per frame, then the export fails naming the frame).
open class AVVideoComposition: NSObject, @unchecked Sendable {
    /// The size frames are rendered at.
    open var renderSize: CGSize { storedRenderSize }
    /// The nominal frame duration (one over the source's frame rate).
    open var frameDuration: CMTime { storedFrameDuration }
    /// The scale frames are rendered at (1).
    open var renderScale: Float { 1 }
    /// The source tracks' colour primaries are kept as the library reads them: nil.
    open var colorPrimaries: String? { nil }

    var storedRenderSize: CGSize
    var storedFrameDuration: CMTime
    let applier: (@Sendable (AVAsynchronousCIImageFilteringRequest) -> Void)?

    init(renderSize: CGSize, frameDuration: CMTime, applier: (@Sendable (AVAsynchronousCIImageFilteringRequest) -> Void)?) {
        storedRenderSize = renderSize
        storedFrameDuration = frameDuration
        self.applier = applier
        super.init()
    }

    /// A composition that hands every frame of `asset`'s video to `applier` as a Core Image request.
    public convenience init(asset: AVAsset, applyingCIFiltersWithHandler applier: @escaping @Sendable (AVAsynchronousCIImageFilteringRequest) -> Void) {
        let track = asset.tracks(withMediaType: .video).first
        var size = CGSize.zero
        var duration = CMTime(value: 1, timescale: 30)
        if let track {
            let turned = (track.track.orientation?.quarterTurns ?? 0) % 2 == 1
            size = turned ? CGSize(width: track.naturalSize.height, height: track.naturalSize.width) : track.naturalSize
            if track.minFrameDuration.isNumeric { duration = track.minFrameDuration }
        }
        self.init(renderSize: size, frameDuration: duration, applier: applier)
    }

    /// The async form (iOS 16): loads the asset's video track, then makes the composition.
    open class func videoComposition(with asset: AVAsset, applyingCIFiltersWithHandler applier: @escaping @Sendable (AVAsynchronousCIImageFilteringRequest) -> Void) async throws -> AVVideoComposition {
        _ = try asset.contents()
        return AVVideoComposition(asset: asset, applyingCIFiltersWithHandler: applier)
    }
}

/// A composition whose render size and frame duration can be set.
open class AVMutableVideoComposition: AVVideoComposition, @unchecked Sendable {
    open override var renderSize: CGSize {
        get { storedRenderSize }
        set { storedRenderSize = newValue }
    }
    open override var frameDuration: CMTime {
        get { storedFrameDuration }
        set { storedFrameDuration = newValue }
    }

    /// A composition that hands every frame of `asset`'s video to `applier`.
    public convenience init(asset: AVAsset, applyingCIFiltersWithHandler applier: @escaping @Sendable (AVAsynchronousCIImageFilteringRequest) -> Void) {
        let base = AVVideoComposition(asset: asset, applyingCIFiltersWithHandler: applier)
        self.init(renderSize: base.renderSize, frameDuration: base.frameDuration, applier: applier)
    }
}

/// One frame to filter, as AVFoundation's `AVAsynchronousCIImageFilteringRequest`.
open class AVAsynchronousCIImageFilteringRequest: NSObject, @unchecked Sendable {
    /// The size the result is rendered at.
    public let renderSize: CGSize
    /// The frame's time in the output.
    public let compositionTime: CMTime
    /// The frame, upright, extent at the origin.
    public let sourceImage: CIImage

    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var outcome: Result<(CIImage, CIContext?), any Error>?

    init(renderSize: CGSize, compositionTime: CMTime, sourceImage: CIImage) {
        self.renderSize = renderSize
        self.compositionTime = compositionTime
        self.sourceImage = sourceImage
        super.init()
    }

    /// Finishes with the filtered frame, rendered in `context` (nil: the export's own context).
    open func finish(with filteredImage: CIImage, context: CIContext?) { settle(.success((filteredImage, context))) }

    /// Finishes with an error: the export fails with it.
    open func finish(with error: any Error) { settle(.failure(error)) }

    private func settle(_ result: Result<(CIImage, CIContext?), any Error>) {
        let first = lock.withLock { () -> Bool in
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        if first { done.signal() }
    }

    /// Waits for the handler's answer.
    func wait(seconds: Double) -> Result<(CIImage, CIContext?), any Error>? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { outcome }
    }
}

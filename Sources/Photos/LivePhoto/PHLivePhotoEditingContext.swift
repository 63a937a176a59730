import Foundation
import CoreImage
import MediaInspection
import Movies

/// Whether a frame is the Live Photo's still or one of its movie's frames. Raw values match Apple's.
public enum PHLivePhotoFrameType: Int, Sendable {
    case photo = 0
    case video = 1
}

/// One frame handed to a Live Photo editing context's `frameProcessor`, as PhotoKit's `PHLivePhotoFrame`.
public protocol PHLivePhotoFrame {
    /// The frame, in the stored orientation (as `fullSizeImage`: not turned by the orientation metadata).
    var image: CIImage { get }
    /// The frame's time in the movie (the still's is `photoTime`).
    var time: CMTime { get }
    /// `.photo` for the still, `.video` for movie frames.
    var type: PHLivePhotoFrameType { get }
    /// The frame's scale relative to the full-size still: scale resolution-dependent parameters (blur radii,
    /// line widths) by it so the still and the movie look alike.
    var renderScale: CGFloat { get }
}

/// Processes one frame: return the edited image, or nil after setting the error to stop the render.
public typealias PHLivePhotoFrameProcessingBlock = (any PHLivePhotoFrame, UnsafeMutablePointer<NSError?>?) -> CIImage?

/// An option of a Live Photo render.
public typealias PHLivePhotoEditingOption = String
/// Render the playback preview at the still's time only (accepted; the preview always has its motion here).
public let PHLivePhotoShouldRenderAtPlaybackTime: PHLivePhotoEditingOption = "PHLivePhotoShouldRenderAtPlaybackTime"

/// Edits a Live Photo's still and movie together with one Core Image frame processor, as PhotoKit's
/// `PHLivePhotoEditingContext` (WWDC 2016).
///
/// The processor runs on the still (`.photo`, at `photoTime`, render scale 1) and on every movie frame
/// (`.video`, at its presentation time, render scale = movie frame size ÷ still size). Images come in their
/// stored orientation, as Apple's do (`orientation` says how to show them). The still's output is rendered at its
/// extent; the movie's frames at the first processed frame's size from each output's extent origin (a crop that
/// moves keeps its size). Duration, frame count and timing are unchanged; the still keeps its EXIF (orientation,
/// dates, place) and the pair's content identifier (Apple MakerNote), the movie its QuickTime keys, the
/// still-image-time track at `photoTime` and the display matrix; audio is kept at `audioVolume` (1: copied,
/// 0: removed, otherwise re-encoded AAC). HEVC movies stay HEVC, others become H.264.
///
/// Threading: properties may be set from any thread before a render starts; renders run on a background queue
/// and call their completion handlers there. A render that fails or is cancelled leaves no file behind.
open class PHLivePhotoEditingContext: NSObject, @unchecked Sendable {
    /// The still, unedited, in its stored orientation.
    public let fullSizeImage: CIImage
    /// The movie's duration.
    public let duration: CMTime
    /// The still's time in the movie (from its still-image-time track; the middle when it has none).
    public let photoTime: CMTime
    /// How to show `fullSizeImage` and the frames upright (the still's EXIF orientation).
    public let orientation: CGImagePropertyOrientation

    /// The frame processor (nil: frames unchanged).
    open var frameProcessor: PHLivePhotoFrameProcessingBlock? {
        get { lock.withLock { processor } }
        set { lock.withLock { processor = newValue } }
    }
    /// The audio's volume, 0…1 (default 1).
    open var audioVolume: Float {
        get { lock.withLock { volume } }
        set { lock.withLock { volume = max(0, newValue) } }
    }

    let stillURL: URL
    let movieURL: URL
    let contentIdentifier: String?
    private let lock = NSLock()
    private var processor: PHLivePhotoFrameProcessingBlock?
    private var volume: Float = 1
    private var cancelled = false

    /// A context for the input's Live Photo; nil when the input is not a Live Photo's.
    public init?(livePhotoEditingInput livePhotoInput: PHContentEditingInput) {
        guard let live = livePhotoInput.livePhoto, let image = CIImage(contentsOf: live.photoURL),
              let movie = try? MovieReader(url: live.videoURL), movie.duration.isNumeric else { return nil }
        stillURL = live.photoURL
        movieURL = live.videoURL
        fullSizeImage = image
        duration = movie.duration
        orientation = CGImagePropertyOrientation(rawValue: UInt32(livePhotoInput.fullSizeImageOrientation)) ?? .up
        let movieInfo = try? MediaInspector.inspect(fileAt: live.videoURL)
        photoTime = movieInfo?.stillImageTime.map { CMTime(seconds: $0, preferredTimescale: 600) }
            ?? CMTimeMultiplyByRatio(movie.duration, multiplier: 1, divisor: 2)
        contentIdentifier = (try? MediaInspector.inspect(fileAt: live.photoURL))?.contentIdentifier ?? movieInfo?.contentIdentifier
        super.init()
    }

    /// Renders the edited Live Photo for display, fitted into `targetSize` (a zero size: full size), into
    /// temporary files; the handler gets it, or the error that stopped the render.
    open func prepareLivePhotoForPlayback(withTargetSize targetSize: CGSize, options: [PHLivePhotoEditingOption: Any]? = nil,
                                          completionHandler handler: @escaping (PHLivePhoto?, (any Error)?) -> Void) {
        let box = UncheckedBox(handler)
        start { [self] in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photokit-live-preview-\(UUID().uuidString)", isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let still = folder.appendingPathComponent("preview.jpg"), movie = folder.appendingPathComponent("preview.mov")
                let extent = fullSizeImage.extent
                let scale = targetSize.width > 0 && targetSize.height > 0
                    ? min(1, Double(targetSize.width) / Double(extent.width), Double(targetSize.height) / Double(extent.height)) : 1
                let size = try LivePhotoRender(context: self).render(stillTo: still, movieTo: movie, scale: scale, preview: true)
                box.value(PHLivePhoto(photoURL: still, videoURL: movie, size: size), nil)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                box.value(nil, error)
            }
        }
    }

    /// The async form of `prepareLivePhotoForPlayback(withTargetSize:options:completionHandler:)`.
    open func livePhotoForPlayback(targetSize: CGSize, options: [PHLivePhotoEditingOption: Any]? = nil) async throws -> PHLivePhoto {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<PHLivePhoto, any Error>) in
            prepareLivePhotoForPlayback(withTargetSize: targetSize, options: options) { live, error in
                if let live { continuation.resume(returning: live) } else { continuation.resume(throwing: error ?? Self.failure("the render failed")) }
            }
        }
    }

    /// Renders the edited still and movie at full size into `output` (commit it with
    /// `PHAssetChangeRequest.contentEditingOutput`, after setting its `adjustmentData`); the handler gets true, or
    /// false and the error that stopped the render.
    open func saveLivePhoto(to output: PHContentEditingOutput, options: [PHLivePhotoEditingOption: Any]? = nil,
                            completionHandler handler: @escaping (Bool, (any Error)?) -> Void) {
        let box = UncheckedBox(handler)
        start { [self] in
            do {
                _ = try LivePhotoRender(context: self).render(stillTo: output.renderedContentURL, movieTo: output.renderedPairedVideoURL,
                                                              scale: 1, preview: false)
                box.value(true, nil)
            } catch {
                try? FileManager.default.removeItem(at: output.renderedContentURL)
                try? FileManager.default.removeItem(at: output.renderedPairedVideoURL)
                box.value(false, error)
            }
        }
    }

    /// The async form of `saveLivePhoto(to:options:completionHandler:)`.
    open func saveLivePhoto(to output: PHContentEditingOutput, options: [PHLivePhotoEditingOption: Any]? = nil) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            saveLivePhoto(to: output, options: options) { ok, error in
                if ok { continuation.resume() } else { continuation.resume(throwing: error ?? Self.failure("the render failed")) }
            }
        }
    }

    /// Stops renders in progress (their handlers get `PHPhotosError.userCancelled`).
    open func cancel() { lock.withLock { cancelled = true } }

    var isCancelled: Bool { lock.withLock { cancelled } }
    var settings: (processor: PHLivePhotoFrameProcessingBlock?, volume: Float) { lock.withLock { (processor, volume) } }

    private func start(_ job: @escaping @Sendable () -> Void) {
        lock.withLock { cancelled = false }
        DispatchQueue.global().async(execute: job)
    }

    static func failure(_ message: String, code: PHPhotosError.Code = .invalidResource) -> PHPhotosError {
        PHPhotosError(code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}

/// A frame as the processor sees it.
struct LivePhotoFrameContents: PHLivePhotoFrame {
    let image: CIImage
    let time: CMTime
    let type: PHLivePhotoFrameType
    let renderScale: CGFloat
}

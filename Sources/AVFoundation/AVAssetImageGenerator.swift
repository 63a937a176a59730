import Foundation
import CoreGraphics
import ImageIO
import Movies

/// The handler of `generateCGImagesAsynchronously(forTimes:completionHandler:)`: requested time, image, actual
/// time, result, error.
public typealias AVAssetImageGeneratorCompletionHandler = @Sendable (CMTime, CGImage?, CMTime, AVAssetImageGenerator.Result, (any Error)?) -> Void

/// Still images of an asset's video at given times, as AVFoundation's `AVAssetImageGenerator`.
///
/// Images are 8-bit sRGB (libswscale converts with the stream's own YUV matrix and range). Time tolerances work
/// as Apple documents: the defaults (infinite) give the key frame at or before the time, fast; zero tolerances
/// give the frame showing at the time exactly; a time past the end gives the last frame. `maximumSize` bounds the
/// image keeping its aspect ratio (a zero component means no bound), applied to the upright size when
/// `appliesPreferredTrackTransform`. Decoding is bounded: one frame in memory, frames over 100 Mpx refused.
///
/// Differences from Apple: `videoComposition` and `apertureMode` are accepted and not applied.
open class AVAssetImageGenerator: NSObject, @unchecked Sendable {
    /// How a generation ended. Raw values match Apple's.
    public enum Result: Int, Sendable {
        case succeeded = 0
        case failed = 1
        case cancelled = 2
    }

    /// The asset images are taken from.
    public let asset: AVAsset
    /// Whether to turn images upright by the track's display matrix (default false, as Apple's).
    open var appliesPreferredTrackTransform: Bool {
        get { lock.withLock { settings.appliesTransform } }
        set { lock.withLock { settings.appliesTransform = newValue } }
    }
    /// The largest image size wanted (`.zero`: the video's own size).
    open var maximumSize: CGSize {
        get { lock.withLock { settings.maximumSize } }
        set { lock.withLock { settings.maximumSize = newValue } }
    }
    /// How far before a requested time the image may be taken (default `.positiveInfinity`).
    open var requestedTimeToleranceBefore: CMTime {
        get { lock.withLock { settings.before } }
        set { lock.withLock { settings.before = newValue } }
    }
    /// How far after a requested time the image may be taken (default `.positiveInfinity`).
    open var requestedTimeToleranceAfter: CMTime {
        get { lock.withLock { settings.after } }
        set { lock.withLock { settings.after = newValue } }
    }

    private struct Settings {
        var appliesTransform = false
        var maximumSize = CGSize.zero
        var before = CMTime.positiveInfinity
        var after = CMTime.positiveInfinity
    }
    private let lock = NSLock()
    private var settings = Settings()
    private var generation = 0

    /// A generator for `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// The image at `requestedTime` (within the tolerances), and in `actualTime` the time of the frame used.
    open func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?) throws -> CGImage {
        let (image, time) = try generate(at: requestedTime, settings: lock.withLock { settings })
        actualTime?.pointee = time
        return image
    }

    /// The image at `time` and the time of the frame used.
    open func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
        try generate(at: time, settings: lock.withLock { settings })
    }

    /// Generates an image for each time (`NSValue(time:)`) in order on a background queue, calling `handler`
    /// once per time; `cancelAllCGImageGeneration()` makes the remaining ones report `.cancelled`.
    open func generateCGImagesAsynchronously(forTimes requestedTimes: [NSValue], completionHandler handler: @escaping AVAssetImageGeneratorCompletionHandler) {
        let times = requestedTimes.map(\.timeValue)
        let (current, settings) = lock.withLock { (generation, self.settings) }
        DispatchQueue.global().async { [self] in
            for time in times {
                if lock.withLock({ generation != current }) {
                    handler(time, nil, .zero, .cancelled, AVError(.operationCancelled, "image generation was cancelled"))
                    continue
                }
                do {
                    let (image, actual) = try generate(at: time, settings: settings)
                    handler(time, image, actual, .succeeded, nil)
                } catch {
                    handler(time, nil, .zero, .failed, error)
                }
            }
        }
    }

    /// Generates one image on a background queue.
    open func generateCGImageAsynchronously(for requestedTime: CMTime, completionHandler handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void) {
        let settings = lock.withLock { self.settings }
        DispatchQueue.global().async { [self] in
            do {
                let (image, actual) = try generate(at: requestedTime, settings: settings)
                handler(image, actual, nil)
            } catch {
                handler(nil, .zero, error)
            }
        }
    }

    /// Makes every generation not yet started report `.cancelled`.
    open func cancelAllCGImageGeneration() {
        lock.withLock { generation += 1 }
    }

    private func generate(at time: CMTime, settings: Settings) throws -> (image: CGImage, actualTime: CMTime) {
        guard time.isNumeric else { throw AVError(.unknown, "the requested time \(time) is not a number") }
        let contents = try asset.contents()
        let url = asset.loader.url
        guard let assetTrack = contents.tracks.first(where: { $0.mediaType == .video }) else {
            throw AVError(.noSourceTrack, "\(url.lastPathComponent): the asset has no video track")
        }
        let track = assetTrack.track
        let orientation = settings.appliesTransform ? CGImagePropertyOrientation(rawValue: UInt32(track.exifOrientation)) ?? .up : .up
        let size = Self.outputSize(of: track, maximum: settings.maximumSize, upright: settings.appliesTransform)
        do {
            let reader = try MovieReader(url: url)
            guard let same = reader.tracks.first(where: { $0.index == track.index }) else {
                throw AVError(.noSourceTrack, "\(url.lastPathComponent): the video track is gone")
            }
            try reader.startDecoding(same, size: size)
            let frame = try FrameLocator.frame(in: reader, at: time, toleranceBefore: settings.before, toleranceAfter: settings.after)
            let buffer = PixelBuffer(width: frame.width, height: frame.height, layout: .rgbx, bitsPerComponent: 8,
                                     bytesPerRow: frame.bytesPerRow, data: frame.pixels)
            let image = buffer.applying(orientation).makeCGImage(colorSpace: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB())
            return (image, frame.presentationTime)
        } catch let error as AVError {
            throw error
        } catch let error as MovieError {
            throw AVError(.decodeFailed, error.message)
        }
    }

    /// The decoded size: the coded size scaled to fit `maximum` (measured upright when `upright`), at least 1 px.
    static func outputSize(of track: MovieTrack, maximum: CGSize, upright: Bool) -> (width: Int, height: Int)? {
        guard maximum.width > 0 || maximum.height > 0 else { return nil }
        let turned = upright && (track.orientation?.quarterTurns ?? 0) % 2 == 1
        let (w, h) = (Double(track.codedWidth), Double(track.codedHeight))
        let (boxW, boxH) = turned ? (Double(maximum.height), Double(maximum.width)) : (Double(maximum.width), Double(maximum.height))
        var scale = 1.0
        if boxW > 0 { scale = min(scale, boxW / w) }
        if boxH > 0 { scale = min(scale, boxH / h) }
        guard scale < 1 else { return nil }
        return (max(1, Int((w * scale).rounded())), max(1, Int((h * scale).rounded())))
    }
}

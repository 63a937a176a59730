import Foundation
import CoreGraphics
import CoreImage
import ImageIO
import Movies

/// Exports an asset to a new movie file with a preset, as AVFoundation's `AVAssetExportSession`.
///
/// Behaviour: the output is written under a temporary name beside `outputURL` and renamed when complete, so a
/// failed or cancelled export leaves no file; an existing `outputURL` fails with `AVError.fileAlreadyExists`, as
/// Apple's does. Frame timing is kept (every frame keeps its presentation time, minus the time range's start).
/// A `videoComposition` renders every frame through Core Image (then the preset's size bounds do not apply: frames
/// are `renderSize`). `progress` advances with the frames encoded.
///
/// Audio: every audio track is kept. An `audioMix` is applied: a track whose parameters change its volume anywhere
/// in the exported range is decoded, every sample multiplied by its volume at that sample's time in the asset's
/// timeline (set volumes hold from their time, ramps are linear over their range, 1 before the first), and encoded
/// again as AAC. Tracks the mix leaves at 1 (and all tracks without a mix) are copied packet for packet, unless the
/// output container cannot hold their codec (PCM in an MP4, for instance), when they are encoded as AAC too.
/// AppleM4A always writes AAC: an AAC track is copied (when no mix changes it), any other codec is encoded. Encoded
/// audio is cut at exact samples at the time range's ends; copied audio starts at the first packet that starts
/// within the range.
///
/// Differences from Apple: the video presets copy audio whenever they can (Apple's encode it again as AAC);
/// Passthrough with a time range cuts at the key frame at or before its start; Passthrough refuses a
/// `videoComposition` but applies an `audioMix` (the tracks it changes are encoded); volumes above 1 amplify
/// (integer samples saturate) where Apple requires 0…1; a mix never combines tracks: each keeps its own track.
open class AVAssetExportSession: NSObject, @unchecked Sendable {
    /// Where an export stands. Raw values match Apple's.
    public enum Status: Int, Sendable {
        case unknown = 0
        case waiting = 1
        case exporting = 2
        case completed = 3
        case failed = 4
        case cancelled = 5
    }

    /// The asset exported.
    public let asset: AVAsset
    /// The preset's name.
    public let presetName: String
    /// Where the movie is written (required).
    open var outputURL: URL? {
        get { lock.withLock { settings.outputURL } }
        set { lock.withLock { settings.outputURL = newValue } }
    }
    /// The file type written (required; one of `supportedFileTypes`).
    open var outputFileType: AVFileType? {
        get { lock.withLock { settings.outputFileType } }
        set { lock.withLock { settings.outputFileType = newValue } }
    }
    /// The part of the asset to export (default: all of it).
    open var timeRange: CMTimeRange {
        get { lock.withLock { settings.timeRange } }
        set { lock.withLock { settings.timeRange = newValue } }
    }
    /// Metadata to write (QuickTime and common keys; the source's QuickTime keys are kept too).
    open var metadata: [AVMetadataItem]? {
        get { lock.withLock { settings.metadata } }
        set { lock.withLock { settings.metadata = newValue } }
    }
    /// Core Image filtering of every frame.
    open var videoComposition: AVVideoComposition? {
        get { lock.withLock { settings.videoComposition } }
        set { lock.withLock { settings.videoComposition = newValue } }
    }
    /// Volume changes per audio track, applied by re-encoding the tracks they change (see the type's discussion).
    /// Copied when set (`@NSCopying`, as Apple's): changing the mix afterwards does not change the export.
    open var audioMix: AVAudioMix? {
        get { lock.withLock { settings.audioMix } }
        set { let copy = newValue?.copy() as? AVAudioMix; lock.withLock { settings.audioMix = copy } }
    }
    /// Movies are always written with their index first (`faststart`): true.
    open var shouldOptimizeForNetworkUse: Bool {
        get { true }
        set {}
    }
    /// Where the export stands.
    open var status: Status { lock.withLock { state.status } }
    /// Why the export failed (or `AVError.operationCancelled` after `cancelExport()`).
    open var error: (any Error)? { lock.withLock { state.error } }
    /// The fraction done, 0…1.
    open var progress: Float { lock.withLock { state.progress } }
    /// The file types this preset writes.
    open var supportedFileTypes: [AVFileType] { audioOnly ? [.m4a] : [.mov, .mp4, .m4v] }

    private struct Settings {
        var outputURL: URL?
        var outputFileType: AVFileType?
        var timeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
        var metadata: [AVMetadataItem]?
        var videoComposition: AVVideoComposition?
        var audioMix: AVAudioMix?
    }
    private struct State {
        var status = Status.unknown
        var error: (any Error)?
        var progress: Float = 0
        var cancelled = false
    }
    private let lock = NSLock()
    private var settings = Settings()
    private var state = State()
    private let video: MovieExportPlan.Video
    private let audioOnly: Bool

    /// A session exporting `asset` with `presetName`; nil for an unknown preset.
    public init?(asset: AVAsset, presetName: String) {
        guard let plan = ExportPreset.plan(presetName) else { return nil }
        self.asset = asset
        self.presetName = presetName
        self.video = plan.video
        self.audioOnly = plan.audioOnly
        super.init()
    }

    /// Every preset name.
    open class func allExportPresets() -> [String] { ExportPreset.all }

    /// The presets that can export `asset`: the video presets when it has a video track, Passthrough, and
    /// AppleM4A when it has an audio track.
    open class func exportPresets(compatibleWith asset: AVAsset) -> [String] {
        let hasVideo = !asset.tracks(withMediaType: .video).isEmpty, hasAudio = !asset.tracks(withMediaType: .audio).isEmpty
        return ExportPreset.all.filter { name in
            switch name {
            case AVAssetExportPresetPassthrough: hasVideo || hasAudio
            case AVAssetExportPresetAppleM4A: hasAudio
            default: hasVideo
            }
        }
    }

    /// Exports on a background queue, then calls `handler` (check `status` and `error`).
    open func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
        guard begin() else { handler(); return }
        DispatchQueue.global().async { [self] in
            run()
            handler()
        }
    }

    /// Exports and returns when done (check `status` and `error`).
    open func export() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            exportAsynchronously { continuation.resume() }
        }
    }

    /// Exports to `url` as `fileType` (iOS 18's form), throwing the failure.
    open func export(to url: URL, as fileType: AVFileType) async throws {
        outputURL = url
        outputFileType = fileType
        await export()
        if let error { throw error }
    }

    /// Stops the export: it ends `.cancelled` and leaves no file.
    open func cancelExport() {
        lock.withLock {
            state.cancelled = true
            guard state.status == .unknown || state.status == .waiting else { return }
            state.status = .cancelled
            state.error = AVError(.operationCancelled, "the export was cancelled")
        }
    }

    private func begin() -> Bool {
        lock.withLock {
            guard state.status == .unknown, !state.cancelled else { return false }
            state.status = .waiting
            return true
        }
    }

    private func end(_ status: Status, _ error: (any Error)?) {
        lock.withLock {
            state.status = status
            state.error = error
            if status == .completed { state.progress = 1 }
        }
    }

    private func run() {
        let settings = lock.withLock { () -> Settings? in
            guard !state.cancelled else { return nil }
            state.status = .exporting
            return self.settings
        }
        guard let settings else { return end(.cancelled, AVError(.operationCancelled, "the export was cancelled")) }
        do {
            try export(settings)
            end(.completed, nil)
        } catch let error as AVError where error.code == .operationCancelled {
            end(.cancelled, error)
        } catch {
            end(.failed, error)
        }
    }

    private func export(_ settings: Settings) throws {
        guard let outputURL = settings.outputURL, outputURL.isFileURL else { throw AVError(.exportFailed, "the export has no output file URL") }
        guard let type = settings.outputFileType else { throw AVError(.exportFailed, "the export has no output file type") }
        guard supportedFileTypes.contains(type), let container = ExportPreset.container(for: type) else {
            throw AVError(.exportFailed, "\(presetName) cannot write \(type.rawValue) files (it writes \(supportedFileTypes.map(\.rawValue).joined(separator: ", ")))")
        }
        if FileManager.default.fileExists(atPath: outputURL.path) {
            throw AVError(.fileAlreadyExists, "\(outputURL.lastPathComponent) already exists")
        }
        _ = try asset.contents()      // an unreadable asset fails here with the reader's reason
        let url = asset.loader.url
        var video = self.video
        var renderer: ExportFrameRenderer?
        if let composition = settings.videoComposition {
            if case .copy = video { throw AVError(.operationNotSupportedForPreset, "Passthrough cannot apply a video composition") }
            if case .none = video { throw AVError(.operationNotSupportedForPreset, "\(presetName) has no video to compose") }
            renderer = try CompositionRenderer.make(composition)
            if case .encode(let codec, _, _, let quality) = video { video = .encode(codec: codec, longSide: nil, shortSide: nil, quality: quality) }
        }
        let range = settings.timeRange
        var plan = MovieExportPlan(video: video, copiesAudio: true, container: container,
                                   timeRange: range.start == .zero && range.duration.isPositiveInfinity ? nil : range,
                                   metadata: (settings.metadata ?? []).compactMap(ExportPreset.containerEntry))
        plan.audioEnvelopes = settings.audioMix?.envelopes ?? [:]
        plan.audioFormat = audioOnly ? .aac : .copyWhenPossible
        do {
            try MovieExport.export(from: url, to: outputURL, plan: plan, renderer: renderer) { [self] fraction in
                lock.withLock {
                    state.progress = Float(fraction)
                    return !state.cancelled
                }
            }
        } catch {
            switch error.code {
            case .cancelled: throw AVError(.operationCancelled, error.message)
            case .noSuchTrack: throw AVError(.noSourceTrack, error.message)
            case .unreadable: throw AVError(.fileFailedToParse, error.message)
            case .codec, .tooLarge: throw AVError(.encodeFailed, error.message)
            case .unwritable: throw AVError(.exportFailed, error.message)
            }
        }
    }
}

/// Frames through a video composition's Core Image handler.
enum CompositionRenderer {
    static func make(_ composition: AVVideoComposition) throws -> ExportFrameRenderer {
        guard let applier = composition.applier else { throw AVError(.invalidVideoComposition, "the video composition has no handler") }
        let width = Int(composition.renderSize.width.rounded()), height = Int(composition.renderSize.height.rounded())
        guard width >= 2, height >= 2, width * height <= MovieReader.defaultMaximumPixels else {
            throw AVError(.invalidVideoComposition, "the video composition's render size \(width)×\(height) is not usable")
        }
        let context = CIContext()
        context.renderOverrides = .videoFrames
        let renderSize = CGSize(width: width, height: height)
        // Frames of more than 8 bits come at 16 and are rendered back at 16, so their values are never rounded to 8 bits.
        var frameBuffer = Data()
        return ExportFrameRenderer(width: width & ~1, height: height & ~1, takesDeepFrames: true) { input in
            let frame = input.frame
            let space = input.track.frameColorSpace
            let stored = PixelBuffer(width: frame.width, height: frame.height, layout: .rgbx, bitsPerComponent: frame.bitsPerComponent,
                                     bytesPerRow: frame.bytesPerRow, data: input.pixelData)
            let upright = stored.applying(CGImagePropertyOrientation(rawValue: UInt32(input.track.exifOrientation)) ?? .up)
            let source = CIImage(cgImage: upright.makeCGImage(colorSpace: space))
            let request = AVAsynchronousCIImageFilteringRequest(renderSize: renderSize, compositionTime: input.compositionTime, sourceImage: source)
            applier(request)
            guard let outcome = request.wait(seconds: 60) else {
                throw AVError(.invalidVideoComposition, "the video composition's handler did not finish the frame at \(input.compositionTime.seconds) s")
            }
            let (image, custom) = try outcome.get()
            return (custom ?? context).renderFrame(image, bounds: CGRect(x: 0, y: 0, width: width & ~1, height: height & ~1),
                                                   deep: frame.bitsPerComponent == 16, colorSpace: space, reusing: &frameBuffer)
        }
    }
}

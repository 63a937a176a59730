import Foundation
import CoreGraphics
import Movies

/// One track of an asset, as AVFoundation's `AVAssetTrack`: immutable, read with the asset.
open class AVAssetTrack: NSObject, @unchecked Sendable {
    let track: MovieTrack
    private let trackMetadata: [AVMetadataItem]
    /// The asset the track belongs to (weak, as Apple's).
    public private(set) weak var asset: AVAsset?

    init(track: MovieTrack, metadata: [(key: String, value: String)], asset: AVAsset) {
        self.track = track
        self.trackMetadata = metadata.compactMap { MetadataMapping.item(key: $0.key, value: $0.value) }
        self.asset = asset
        super.init()
    }

    /// The container's track ID.
    open var trackID: CMPersistentTrackID { track.trackID }
    /// `.video`, `.audio`, `.metadata` or `.subtitle`.
    open var mediaType: AVMediaType {
        switch track.kind {
        case .video: .video
        case .audio: .audio
        case .metadata: .metadata
        case .subtitle: .subtitle
        case .other: AVMediaType("othr")
        }
    }
    /// The coded frame size, before `preferredTransform` (a portrait iPhone movie is 1920×1080 with a 90° turn).
    open var naturalSize: CGSize { CGSize(width: CGFloat(track.codedWidth), height: CGFloat(track.codedHeight)) }
    /// The display matrix: how to turn `naturalSize` frames upright (QuickTime's `tkhd` matrix).
    open var preferredTransform: CGAffineTransform {
        let t = track.transform
        return CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }
    /// Average frames per second (0 for non-video tracks or when unknown).
    open var nominalFrameRate: Float { Float(track.frameRate ?? 0) }
    /// The span of the asset's timeline the track covers.
    open var timeRange: CMTimeRange { track.timeRange.duration.isNumeric ? track.timeRange : CMTimeRange(start: track.timeRange.start, duration: .zero) }
    /// The track's timescale (ticks per second).
    open var naturalTimeScale: CMTimeScale { track.timescale }
    /// Bits per second (0 when unknown).
    open var estimatedDataRate: Float { Float(track.bitRate) }
    /// ISO 639-2/T language code, nil when undetermined.
    open var languageCode: String? { track.languageCode }
    /// Whether the container marks the track enabled.
    open var isEnabled: Bool { track.isEnabled || (asset?.tracks(withMediaType: mediaType).first === self) }
    /// Whether FFmpeg can decode the track (video and audio with a known codec).
    open var isPlayable: Bool { (track.kind == .video || track.kind == .audio) && !track.codecName.isEmpty }
    /// Whether samples are self-contained (audio) rather than predicted from others (video).
    open var isSelfContained: Bool { true }
    /// The shortest frame duration: one over the nominal frame rate (`.invalid` when unknown).
    open var minFrameDuration: CMTime {
        guard let rate = track.frameRate, rate > 0 else { return .invalid }
        return CMTime(seconds: 1 / rate, preferredTimescale: track.timescale)
    }
    /// The track's format: media type, codec and coded dimensions.
    open var formatDescriptions: [Any] { [formatDescription] }
    /// The track's metadata items (`udta`/`mdta` of the track).
    open var metadata: [AVMetadataItem] { trackMetadata }
    /// Those with a common key.
    open var commonMetadata: [AVMetadataItem] { trackMetadata.filter { $0.commonKey != nil } }

    var formatDescription: CMFormatDescription {
        let type: CMMediaType = switch track.kind {
        case .video: kCMMediaType_Video
        case .audio: kCMMediaType_Audio
        case .metadata: kCMMediaType_Metadata
        case .subtitle: kCMMediaType_Subtitle
        case .other: CMFourCharCode("othr")
        }
        return CMFormatDescription(mediaType: type, mediaSubType: CMFourCharCode(track.fourCharacterCode),
                                   dimensions: CMVideoDimensions(width: Int32(clamping: track.codedWidth), height: Int32(clamping: track.codedHeight)))
    }

    /// Loads `property` (`try await track.load(.naturalSize)`).
    open func load<T>(_ property: AVAsyncProperty<AVAssetTrack, T>) async throws -> T { try property.read(self) }

    /// Loads two properties at once.
    open func load<A, B>(_ propertyA: AVAsyncProperty<AVAssetTrack, A>, _ propertyB: AVAsyncProperty<AVAssetTrack, B>) async throws -> (A, B) {
        (try propertyA.read(self), try propertyB.read(self))
    }

    /// Loads three properties at once.
    open func load<A, B, C>(_ propertyA: AVAsyncProperty<AVAssetTrack, A>, _ propertyB: AVAsyncProperty<AVAssetTrack, B>,
                            _ propertyC: AVAsyncProperty<AVAssetTrack, C>) async throws -> (A, B, C) {
        (try propertyA.read(self), try propertyB.read(self), try propertyC.read(self))
    }
}

extension AVPartialAsyncProperty where Root == AVAssetTrack {
    public static var naturalSize: AVAsyncProperty<AVAssetTrack, CGSize> { .init("naturalSize") { $0.naturalSize } }
    public static var preferredTransform: AVAsyncProperty<AVAssetTrack, CGAffineTransform> { .init("preferredTransform") { $0.preferredTransform } }
    public static var nominalFrameRate: AVAsyncProperty<AVAssetTrack, Float> { .init("nominalFrameRate") { $0.nominalFrameRate } }
    public static var timeRange: AVAsyncProperty<AVAssetTrack, CMTimeRange> { .init("timeRange") { $0.timeRange } }
    public static var mediaType: AVAsyncProperty<AVAssetTrack, AVMediaType> { .init("mediaType") { $0.mediaType } }
    public static var naturalTimeScale: AVAsyncProperty<AVAssetTrack, CMTimeScale> { .init("naturalTimeScale") { $0.naturalTimeScale } }
    public static var estimatedDataRate: AVAsyncProperty<AVAssetTrack, Float> { .init("estimatedDataRate") { $0.estimatedDataRate } }
    public static var languageCode: AVAsyncProperty<AVAssetTrack, String?> { .init("languageCode") { $0.languageCode } }
    public static var isEnabled: AVAsyncProperty<AVAssetTrack, Bool> { .init("isEnabled") { $0.isEnabled } }
    public static var isPlayable: AVAsyncProperty<AVAssetTrack, Bool> { .init("isPlayable") { $0.isPlayable } }
    public static var minFrameDuration: AVAsyncProperty<AVAssetTrack, CMTime> { .init("minFrameDuration") { $0.minFrameDuration } }
    public static var formatDescriptions: AVAsyncProperty<AVAssetTrack, [CMFormatDescription]> { .init("formatDescriptions") { [$0.formatDescription] } }
    public static var metadata: AVAsyncProperty<AVAssetTrack, [AVMetadataItem]> { .init("metadata") { $0.metadata } }
    public static var commonMetadata: AVAsyncProperty<AVAssetTrack, [AVMetadataItem]> { .init("commonMetadata") { $0.commonMetadata } }
}

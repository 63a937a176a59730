import Foundation
import CoreGraphics

/// A timed audiovisual asset, as AVFoundation's `AVAsset`: a movie file read through FFmpeg.
///
/// Loading: the file's structure is read once, on the first property access or `load(_:)`, and kept; the file
/// is not held open. The synchronous properties (deprecated on Apple platforms but everywhere in real code) load
/// on the calling thread and answer defaults for an unreadable file (zero duration, no tracks), as Apple's do;
/// `load(_:)` and `loadTracks(withMediaType:)` throw an `AVError` naming the problem instead.
///
/// Thread-safe and immutable once loaded, as on Apple platforms.
open class AVAsset: NSObject, @unchecked Sendable {
    let loader: AssetLoader

    init(loader: AssetLoader) {
        self.loader = loader
        super.init()
    }

    /// An asset for the movie at `url` (Apple's deprecated initializer; it makes an `AVURLAsset` there).
    public convenience init(url URL: URL) { self.init(loader: AssetLoader(url: URL)) }

    func contents() throws(AVError) -> AssetContents { try loader.contents(for: self).get() }

    /// The duration of the asset (the container's, else its longest track's); `.zero` when unreadable.
    open var duration: CMTime { (try? contents().duration) ?? .zero }
    /// Every audio, video, metadata and subtitle track, in file order (cover pictures are not tracks).
    open var tracks: [AVAssetTrack] { (try? contents().tracks) ?? [] }
    /// The tracks of `mediaType`.
    open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] { tracks.filter { $0.mediaType == mediaType } }
    /// The track with `trackID`, if any.
    open func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? { tracks.first { $0.trackID == trackID } }
    /// Container metadata: QuickTime metadata (`mdta`) and user data (`udta`) items.
    open var metadata: [AVMetadataItem] { (try? contents().metadata) ?? [] }
    /// The metadata that has a common key (title, creation date, location, make, model, software, …).
    open var commonMetadata: [AVMetadataItem] { (try? contents().commonMetadata) ?? [] }
    /// When the content was made, as the library reads it (QuickTime's `creationdate` key, else the movie header).
    open var creationDate: AVMetadataItem? { try? contents().creationDate }
    /// The asset's own transform: identity (tracks carry their display matrices).
    open var preferredTransform: CGAffineTransform { .identity }
    /// The natural rate, 1.
    open var preferredRate: Float { 1 }
    /// The natural volume, 1.
    open var preferredVolume: Float { 1 }
    /// The first video track's natural size (coded size, before its transform); `.zero` without video.
    open var naturalSize: CGSize { tracks(withMediaType: .video).first?.naturalSize ?? .zero }
    /// Whether a readable video or audio track can be decoded.
    open var isPlayable: Bool { tracks.contains { $0.isPlayable } }
    /// Whether the asset can be exported (it is readable and has a playable track).
    open var isExportable: Bool { isPlayable }
    /// Whether the media can be read.
    open var isReadable: Bool { (try? contents()) != nil }
    /// Whether the asset can be used in a composition (as `isReadable`).
    open var isComposable: Bool { isReadable }
    /// Protected content is never read here: false.
    open var hasProtectedContent: Bool { false }
    /// Local files give precise timing: true.
    open var providesPreciseDurationAndTiming: Bool { true }

    /// Loads `property` (`try await asset.load(.duration)`); throws an `AVError` naming why the file cannot be read.
    open func load<T>(_ property: AVAsyncProperty<AVAsset, T>) async throws -> T {
        try property.read(self)
    }

    /// Loads two properties at once.
    open func load<A, B>(_ propertyA: AVAsyncProperty<AVAsset, A>, _ propertyB: AVAsyncProperty<AVAsset, B>) async throws -> (A, B) {
        (try propertyA.read(self), try propertyB.read(self))
    }

    /// Loads three properties at once.
    open func load<A, B, C>(_ propertyA: AVAsyncProperty<AVAsset, A>, _ propertyB: AVAsyncProperty<AVAsset, B>,
                            _ propertyC: AVAsyncProperty<AVAsset, C>) async throws -> (A, B, C) {
        (try propertyA.read(self), try propertyB.read(self), try propertyC.read(self))
    }

    /// Where `property` stands: `.loaded` with its value once the file was read, `.failed` if it could not be.
    open func status<T>(of property: AVAsyncProperty<AVAsset, T>) -> AVAsyncPropertyStatus<T> {
        guard loader.isLoaded else { return .notYetLoaded }
        do { return .loaded(try property.read(self)) } catch { return .failed(error) }
    }

    /// Loads the tracks of `mediaType`.
    open func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try contents().tracks.filter { $0.mediaType == mediaType }
    }

    /// Loads the track with `trackID`, nil when there is none.
    open func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
        try contents().tracks.first { $0.trackID == trackID }
    }

    /// Loads the file's structure off the caller's thread, then calls `handler` (on an arbitrary thread) — the
    /// pre-async form. `keys` are Apple's property names; every key is loaded at once.
    open func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)? = nil) {
        DispatchQueue.global().async { [self] in
            _ = loader.contents(for: self)
            handler?()
        }
    }

    /// `.loaded` once the structure is read, `.failed` (with `outError`) when it could not be, else `.unknown`.
    open func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        guard loader.isLoaded else { return .unknown }
        do {
            _ = try contents()
            return .loaded
        } catch {
            outError?.pointee = error as NSError
            return .failed
        }
    }

    /// Nothing runs in the background between loads here: no effect.
    open func cancelLoading() {}
}

/// An asset read from a URL, as AVFoundation's `AVURLAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The file read.
    public let url: URL

    /// An asset for the movie at `url`. `options` (e.g. `AVURLAssetPreferPreciseDurationAndTimingKey`) are
    /// accepted and have no effect: timing is always precise for local files.
    public init(url URL: URL, options: [String: Any]? = nil) {
        self.url = URL
        super.init(loader: AssetLoader(url: URL))
    }

    /// The file types this implementation reads (QuickTime, MPEG-4, M4V, M4A).
    open class func audiovisualTypes() -> [AVFileType] { [.mov, .mp4, .m4v, .m4a] }
    /// The MIME types read.
    open class func audiovisualMIMETypes() -> [String] { ["video/quicktime", "video/mp4", "video/x-m4v", "audio/mp4", "audio/x-m4a"] }
    /// Whether `type` (a MIME type) can be read.
    open class func isPlayableExtendedMIMEType(_ extendedMIMEType: String) -> Bool {
        audiovisualMIMETypes().contains { extendedMIMEType.lowercased().hasPrefix($0) }
    }
}

/// Requests precise duration and timing (no effect here: local files are always precise).
public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"

extension AVPartialAsyncProperty where Root == AVAsset {
    public static var duration: AVAsyncProperty<AVAsset, CMTime> { .init("duration") { try $0.contents().duration } }
    public static var tracks: AVAsyncProperty<AVAsset, [AVAssetTrack]> { .init("tracks") { try $0.contents().tracks } }
    public static var metadata: AVAsyncProperty<AVAsset, [AVMetadataItem]> { .init("metadata") { try $0.contents().metadata } }
    public static var commonMetadata: AVAsyncProperty<AVAsset, [AVMetadataItem]> { .init("commonMetadata") { try $0.contents().commonMetadata } }
    public static var creationDate: AVAsyncProperty<AVAsset, AVMetadataItem?> { .init("creationDate") { try $0.contents().creationDate } }
    public static var preferredTransform: AVAsyncProperty<AVAsset, CGAffineTransform> { .init("preferredTransform") { _ in .identity } }
    public static var preferredRate: AVAsyncProperty<AVAsset, Float> { .init("preferredRate") { _ in 1 } }
    public static var preferredVolume: AVAsyncProperty<AVAsset, Float> { .init("preferredVolume") { _ in 1 } }
    public static var naturalSize: AVAsyncProperty<AVAsset, CGSize> {
        .init("naturalSize") { try $0.contents().tracks.first { $0.mediaType == .video }?.naturalSize ?? .zero }
    }
    public static var isPlayable: AVAsyncProperty<AVAsset, Bool> { .init("isPlayable") { try $0.contents().tracks.contains { $0.isPlayable } } }
    public static var isExportable: AVAsyncProperty<AVAsset, Bool> { .init("isExportable") { try $0.contents().tracks.contains { $0.isPlayable } } }
    public static var isReadable: AVAsyncProperty<AVAsset, Bool> { .init("isReadable") { _ = try $0.contents(); return true } }
    public static var isComposable: AVAsyncProperty<AVAsset, Bool> { .init("isComposable") { _ = try $0.contents(); return true } }
    public static var hasProtectedContent: AVAsyncProperty<AVAsset, Bool> { .init("hasProtectedContent") { _ in false } }
    public static var providesPreciseDurationAndTiming: AVAsyncProperty<AVAsset, Bool> { .init("providesPreciseDurationAndTiming") { _ in true } }
}

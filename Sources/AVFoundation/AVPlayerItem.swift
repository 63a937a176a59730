import Foundation

/// An asset prepared for playback, as AVFoundation's `AVPlayerItem`. Nothing plays on Linux: the item holds its
/// asset (what `PHImageManager.requestPlayerItem` hands back) and answers the questions code asks before playing.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    /// Readiness, with Apple's raw values.
    public enum Status: Int, Sendable {
        case unknown = 0
        case readyToPlay = 1
        case failed = 2
    }

    /// The asset to play.
    public let asset: AVAsset
    /// The audio mix to apply (kept, not applied: there is no playback).
    open var audioMix: AVAudioMix?

    /// An item for `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// An item for the movie at `url`.
    public convenience init(url URL: URL) { self.init(asset: AVURLAsset(url: URL)) }

    /// `.readyToPlay` when the asset reads and has a playable track, else `.failed`.
    open var status: Status { asset.isPlayable ? .readyToPlay : .failed }
    /// Why the item failed, when it did.
    open var error: (any Error)? {
        do { _ = try asset.contents() } catch { return error }
        return asset.isPlayable ? nil : AVError(.noSourceTrack, "the asset has no playable track")
    }
    /// The asset's duration.
    open var duration: CMTime { asset.duration }
    /// The playback position: always the start.
    open func currentTime() -> CMTime { .zero }
}

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

/// How audio tracks are mixed, as AVFoundation's `AVAudioMix`: per-track volume parameters. Immutable.
open class AVAudioMix: NSObject, @unchecked Sendable {
    /// The parameters of each track it changes.
    open var inputParameters: [AVAudioMixInputParameters] { storedParameters }
    var storedParameters: [AVAudioMixInputParameters] = []
    public override init() { super.init() }
}

/// An audio mix whose parameters can be set.
open class AVMutableAudioMix: AVAudioMix, @unchecked Sendable {
    open override var inputParameters: [AVAudioMixInputParameters] {
        get { storedParameters }
        set { storedParameters = newValue }
    }
}

/// The volume of one audio track over time, as AVFoundation's `AVAudioMixInputParameters`.
open class AVAudioMixInputParameters: NSObject, @unchecked Sendable {
    /// The track the parameters apply to.
    open var trackID: CMPersistentTrackID { storedTrackID }
    var storedTrackID: CMPersistentTrackID = 0
    /// Volume ramps, in time order.
    var ramps: [(start: Float, end: Float, range: CMTimeRange)] = []

    public override init() { super.init() }

    /// The ramp in force at `time`: true and its volumes and range, or false (volume 1) when none applies.
    open func getVolumeRamp(for time: CMTime, startVolume: UnsafeMutablePointer<Float>?, endVolume: UnsafeMutablePointer<Float>?,
                            timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let ramp = ramps.last(where: { $0.range.containsTime(time) || ($0.range.start <= time && $0.range.duration == .zero) }) else {
            return false
        }
        startVolume?.pointee = ramp.start
        endVolume?.pointee = ramp.end
        timeRange?.pointee = ramp.range
        return true
    }

    /// The volume at `time` (1 when no ramp applies; linear within a ramp; a set volume holds until the next).
    public func volume(at time: CMTime) -> Float {
        guard let ramp = ramps.last(where: { $0.range.start <= time }) else { return 1 }
        guard ramp.range.duration > .zero, ramp.range.containsTime(time) else { return ramp.end }
        let f = Float((time - ramp.range.start).seconds / ramp.range.duration.seconds)
        return ramp.start + (ramp.end - ramp.start) * f
    }
}

/// Audio mix parameters that can be set.
open class AVMutableAudioMixInputParameters: AVAudioMixInputParameters, @unchecked Sendable {
    open override var trackID: CMPersistentTrackID {
        get { storedTrackID }
        set { storedTrackID = newValue }
    }

    /// Parameters for `track` (nil: track 0).
    public convenience init(track: AVAssetTrack?) {
        self.init()
        storedTrackID = track?.trackID ?? 0
    }

    /// Sets the volume from `time` on.
    open func setVolume(_ volume: Float, at time: CMTime) {
        ramps.append((volume, volume, CMTimeRange(start: time, duration: .zero)))
        ramps.sort { $0.range.start < $1.range.start }
    }

    /// Ramps the volume linearly over `timeRange`.
    open func setVolumeRamp(fromStartVolume startVolume: Float, toEndVolume endVolume: Float, timeRange: CMTimeRange) {
        ramps.append((startVolume, endVolume, timeRange))
        ramps.sort { $0.range.start < $1.range.start }
    }
}

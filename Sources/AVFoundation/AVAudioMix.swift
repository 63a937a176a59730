import Foundation
import Movies

/// How audio tracks are mixed, as AVFoundation's `AVAudioMix`: per-track volume parameters. An
/// `AVAssetExportSession` applies it (see there); an `AVPlayerItem` only holds it. `copy()` gives an immutable
/// mix and `mutableCopy()` an `AVMutableAudioMix`, each with copies of the parameters, as Apple's do.
open class AVAudioMix: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The parameters of the tracks it changes (tracks without parameters keep their volume, 1). One set of
    /// parameters per track: for a track named twice, an export uses the first.
    open var inputParameters: [AVAudioMixInputParameters] { storedParameters }
    var storedParameters: [AVAudioMixInputParameters] = []
    /// An empty mix (every track at volume 1).
    public override init() { super.init() }

    /// An immutable mix with copies of this one's parameters.
    open func copy(with zone: NSZone? = nil) -> Any { filled(AVAudioMix()) }

    /// A mutable mix with copies of this one's parameters.
    open func mutableCopy(with zone: NSZone? = nil) -> Any { filled(AVMutableAudioMix()) }

    /// `mix` given copies of this mix's parameters.
    private func filled(_ mix: AVAudioMix) -> AVAudioMix {
        mix.storedParameters = inputParameters.map { $0.copy() as! AVAudioMixInputParameters }
        return mix
    }

    /// The volume schedules the mix sets, by track ID (the first parameters of each track).
    var envelopes: [CMPersistentTrackID: VolumeEnvelope] {
        var envelopes: [CMPersistentTrackID: VolumeEnvelope] = [:]
        for parameters in inputParameters where envelopes[parameters.trackID] == nil {
            envelopes[parameters.trackID] = parameters.envelope
        }
        return envelopes
    }
}

/// An audio mix whose parameters can be set, as AVFoundation's `AVMutableAudioMix`.
open class AVMutableAudioMix: AVAudioMix, @unchecked Sendable {
    /// The parameters of the tracks it changes.
    open override var inputParameters: [AVAudioMixInputParameters] {
        get { storedParameters }
        set { storedParameters = newValue }
    }
}

/// The volume of one audio track over the asset's timeline, as AVFoundation's `AVAudioMixInputParameters`: 1
/// before the first time a volume is set; within a ramp's time range the volume moves linearly from its start to
/// its end volume; after a ramp (or a volume set at a time) its last volume holds until the next one starts.
/// Volumes above 1 amplify (Apple requires 0…1); negative ones count as 0. `copy()` and `mutableCopy()` as
/// `AVAudioMix`'s.
open class AVAudioMixInputParameters: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The track the parameters apply to (`kCMPersistentTrackID_Invalid`, 0, until set).
    open var trackID: CMPersistentTrackID { storedTrackID }
    var storedTrackID: CMPersistentTrackID = 0
    /// Volume ramps, in start order (a set volume is a ramp of zero duration).
    var ramps: [(start: Float, end: Float, range: CMTimeRange)] = []

    /// Parameters without ramps for track 0.
    public override init() { super.init() }

    /// Immutable parameters with this one's track and volume schedule.
    open func copy(with zone: NSZone? = nil) -> Any { filled(AVAudioMixInputParameters()) }

    /// Mutable parameters with this one's track and volume schedule.
    open func mutableCopy(with zone: NSZone? = nil) -> Any { filled(AVMutableAudioMixInputParameters()) }

    /// `parameters` given this one's track and volume schedule.
    private func filled(_ parameters: AVAudioMixInputParameters) -> AVAudioMixInputParameters {
        parameters.storedTrackID = trackID; parameters.ramps = ramps
        return parameters
    }

    /// The ramp in force at `time` (a set volume is in force from its time on), else the first ramp starting after
    /// `time`: true with its volumes and range, or false when there is neither.
    open func getVolumeRamp(for time: CMTime, startVolume: UnsafeMutablePointer<Float>?, endVolume: UnsafeMutablePointer<Float>?,
                            timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        let inForce = ramps.last { $0.range.containsTime(time) || ($0.range.start <= time && $0.range.duration == .zero) }
        guard let ramp = inForce ?? ramps.first(where: { $0.range.start > time }) else { return false }
        startVolume?.pointee = ramp.start
        endVolume?.pointee = ramp.end
        timeRange?.pointee = ramp.range
        return true
    }

    /// The volume at `time` (not Apple API; the schedule an export applies to each sample).
    public func volume(at time: CMTime) -> Float {
        Float(envelope.volume(at: time.seconds))
    }

    /// The ramps as the core's volume schedule, in seconds of the asset's timeline. Ramps with an invalid or
    /// non-numeric start are left out; one of unbounded duration holds its start volume.
    var envelope: VolumeEnvelope {
        VolumeEnvelope(ramps.compactMap { ramp in
            guard ramp.range.start.isNumeric else { return nil }
            let from = Double(max(0, ramp.start)), to = Double(max(0, ramp.end))
            guard ramp.range.duration.isNumeric else { return VolumeEnvelope.Ramp(volume: from, at: ramp.range.start.seconds) }
            return VolumeEnvelope.Ramp(start: ramp.range.start.seconds, duration: ramp.range.duration.seconds, from: from, to: to)
        })
    }
}

/// Audio mix parameters that can be set, as AVFoundation's `AVMutableAudioMixInputParameters`.
open class AVMutableAudioMixInputParameters: AVAudioMixInputParameters, @unchecked Sendable {
    /// The track the parameters apply to.
    open override var trackID: CMPersistentTrackID {
        get { storedTrackID }
        set { storedTrackID = newValue }
    }

    /// Parameters for `track` (nil: track 0).
    public convenience init(track: AVAssetTrack?) {
        self.init()
        storedTrackID = track?.trackID ?? 0
    }

    /// Sets the volume from `time` on (until a later volume or ramp starts).
    open func setVolume(_ volume: Float, at time: CMTime) {
        ramps.append((volume, volume, CMTimeRange(start: time, duration: .zero)))
        ramps.sort { $0.range.start < $1.range.start }
    }

    /// Ramps the volume linearly from `startVolume` to `endVolume` over `timeRange`; `endVolume` holds after it.
    open func setVolumeRamp(fromStartVolume startVolume: Float, toEndVolume endVolume: Float, timeRange: CMTimeRange) {
        ramps.append((startVolume, endVolume, timeRange))
        ramps.sort { $0.range.start < $1.range.start }
    }
}

import CoreMedia
import Foundation
internal import CMovieCodec

/// What an export makes of a source movie (AVAssetExportSession's presets become plans in the façade).
public struct MovieExportPlan: Sendable {
    /// What happens to the video track.
    public enum Video: Sendable {
        /// Packets copied unchanged (with the display matrix); a time range cuts at key frames.
        case copy
        /// Decoded and encoded again, scaled to fit a box (upright long and short sides; nil: no bound; never
        /// enlarged), keeping the display matrix.
        case encode(codec: MovieWriter.Codec, longSide: Int?, shortSide: Int?, quality: Int?)
        /// No video track in the output (audio-only exports).
        case none
    }

    public var video: Video
    /// What an export may do with the audio tracks' coding.
    public enum AudioFormat: Sendable, Hashable {
        /// Copy the packets unless a volume changes the audio or the container cannot hold the codec; then AAC.
        case copyWhenPossible
        /// AAC always: an AAC track is copied when no volume changes it, anything else is re-encoded.
        case aac
    }

    /// Keep the audio tracks (false: none in the output).
    public var copiesAudio: Bool
    /// The audio's volume: 1 copies it unchanged, 0 leaves it out, anything else re-encodes it (AAC) scaled; scaled
    /// samples saturate at full scale.
    public var audioVolume: Double = 1
    /// Volume schedules of audio tracks, by the source's track ID, over the source's timeline (seconds), applied
    /// on top of `audioVolume`. A track whose volume is 1 throughout the exported range is copied; otherwise it is
    /// decoded, every sample scaled by its volume at its time, and encoded again (AAC).
    public var audioEnvelopes: [Int32: VolumeEnvelope] = [:]
    /// The audio's coding (default: copied when possible).
    public var audioFormat: AudioFormat = .copyWhenPossible
    /// Put the movie's index first (for streaming); false leaves it last (see `StillImageTimeTrack`).
    public var faststart = true
    /// A Live Photo movie's still-image time (from the export's start) to record as Apple's timed metadata track
    /// (see `StillImageTimeTrack`); the index then ends the file.
    public var stillImageTime: CMTime?
    /// FFmpeg's muxer name: "mov", "mp4" or "ipod".
    public var container: String
    /// The part of the source to export (nil: all of it).
    public var timeRange: CMTimeRange?
    /// Container metadata to write, after the source's QuickTime keys and creation time (later entries win).
    public var metadata: [(key: String, value: String)]

    public init(video: Video, copiesAudio: Bool = true, container: String, timeRange: CMTimeRange? = nil,
                metadata: [(key: String, value: String)] = []) {
        (self.video, self.copiesAudio, self.container, self.timeRange, self.metadata) = (video, copiesAudio, container, timeRange, metadata)
    }
}

/// A frame handed to an export's frame renderer: the decoded frame (stored orientation), its time from the
/// export's start, and the source track.
public struct ExportFrameInput {
    public let frame: MovieFrame
    /// The frame's bytes as `Data` (the same memory as `frame.pixels`): an image made from it needs no copy, and
    /// one kept beyond the render keeps its pixels (the export's next frame copies on write).
    public let pixelData: Data
    public let compositionTime: CMTime
    public let track: MovieTrack
}

/// What a frame renderer returns: an upright RGBA frame of the render size (8 or 16 bits per component).
public struct RenderedFrame {
    public let pixels: Data
    public let bytesPerRow: Int
    public let bitsPerComponent: Int
    public init(pixels: Data, bytesPerRow: Int, bitsPerComponent: Int) {
        (self.pixels, self.bytesPerRow, self.bitsPerComponent) = (pixels, bytesPerRow, bitsPerComponent)
    }
}

/// Renders frames for an export: the size of every frame it returns, the display matrix to record (nil: the
/// frames are upright), and the function that makes each.
public struct ExportFrameRenderer {
    public let width: Int
    public let height: Int
    public let transform: MovieTransform?
    /// The size source frames are decoded at (scaled by libswscale; nil: their coded size).
    public let decodeSize: (width: Int, height: Int)?
    /// Whether the renderer takes frames of 16 bits per component: then a source of more than 8 bits is decoded at
    /// 16 (its values not rounded to 8 bits); otherwise every frame comes at 8.
    public let takesDeepFrames: Bool
    public let render: (ExportFrameInput) throws -> RenderedFrame
    public init(width: Int, height: Int, transform: MovieTransform? = nil, decodeSize: (width: Int, height: Int)? = nil,
                takesDeepFrames: Bool = false, render: @escaping (ExportFrameInput) throws -> RenderedFrame) {
        (self.width, self.height, self.transform, self.decodeSize, self.render) = (width, height, transform, decodeSize, render)
        self.takesDeepFrames = takesDeepFrames
    }
}

/// Exports a movie to a new file: the output is written under a temporary name beside the destination, flushed,
/// and renamed only when complete, so a failed or cancelled export leaves nothing behind. Frames stream through
/// one at a time (memory holds a frame and the encoder's look-ahead). Timing is kept: every output frame has its
/// source frame's presentation time (minus the range's start) in the source track's timescale.
public enum MovieExport {
    /// Runs `plan` on `source`, writing `destination` (which must not exist). `progress` receives the fraction
    /// done (0…1) and returns false to cancel. With a `renderer`, video frames come from it (upright, its size, no
    /// display matrix) and the plan's size bounds do not apply.
    public static func export(from source: URL, to destination: URL, plan: MovieExportPlan, renderer: ExportFrameRenderer? = nil,
                              progress: (Double) -> Bool = { _ in true }) throws(MovieError) {
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw MovieError(.unwritable, "\(destination.lastPathComponent) already exists")
        }
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.deletingPathExtension().lastPathComponent).partial-\(UUID().uuidString).\(destination.pathExtension)")
        // The encoder's look-ahead and the decoder's frames (hundreds of megabytes) are freed when `write` returns;
        // give them back at once, so whatever the caller does next does not stack on top of them.
        defer { mc_return_freed_memory() }
        do {
            try write(from: source, to: partial, plan: plan, renderer: renderer, progress: progress)
            try durablyRename(partial, to: destination)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Whether an encode of `video` into `codec` keeps its depth and colour: a source of more than 8 bits, or one
    /// tagged HDR or BT.2020, encoded as HEVC is written at 10 bits with the source's colour tags (as Apple's HEVC
    /// presets keep HDR). H.264 is written at 8 bits with BT.709's tags, as Apple's H.264 presets write it
    /// (documented difference: HDR is not tone-mapped here).
    public static func keepsDepth(of video: MovieTrack, in codec: MovieWriter.Codec) -> Bool {
        codec == .hevc && ((video.bitsPerComponent ?? 8) > 8 || video.color.isHDR || video.color.isWideGamut)
    }

    /// A packet copy's share of an export's progress per second of movie, against 1 for encoding frames.
    static let copyWeight = 0.05
    /// Re-encoding audio's share, against 1 for encoding frames.
    static let audioEncodeWeight = 0.15

    private static func write(from source: URL, to partial: URL, plan: MovieExportPlan, renderer: ExportFrameRenderer?,
                              progress: (Double) -> Bool) throws(MovieError) {
        let reader = try MovieReader(url: source)
        let video = reader.primaryVideoTrack
        let range = plan.timeRange.flatMap { $0.isValid ? $0 : nil }
        let start = max(range?.start ?? .zero, .zero)
        let end: CMTime? = range.flatMap { $0.duration.isNumeric ? $0.end : nil }
        let total = ((end ?? reader.duration) - start).seconds

        let writer = try MovieWriter(url: partial, container: plan.container)
        defer { writer.abort() }
        var videoOutput: MovieWriter.Track?
        var copying = false
        switch plan.video {
        case .none: break
        case .copy:
            guard let video else { throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no video track") }
            videoOutput = try writer.addCopy(of: video, from: reader)
            copying = true
        case .encode(let codec, let longSide, let shortSide, let quality):
            guard let video else { throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no video track") }
            let size = renderer.map { ($0.width, $0.height) } ?? fittedSize(of: video, longSide: longSide, shortSide: shortSide)
            let deep = Self.keepsDepth(of: video, in: codec)
            videoOutput = try writer.addVideo(.init(codec: codec, width: size.0, height: size.1, timescale: video.timescale,
                                                    frameRate: video.frameRate, quality: quality,
                                                    transform: renderer.map { $0.transform } ?? (video.transform != .identity ? video.transform : nil),
                                                    bitsPerComponent: deep ? 10 : 8, color: deep ? video.color : .bt709))
            try reader.startDecoding(video, size: renderer?.decodeSize, bitsPerComponent: deep && renderer?.takesDeepFrames == true ? 16 : 8)
        }
        // Each audio track: its volume schedule, and whether it is encoded again (nil envelope: copied).
        var audio: [(track: MovieTrack, envelope: VolumeEnvelope?, output: MovieWriter.Track)] = []
        if plan.copiesAudio && plan.audioVolume > 0 {
            for track in reader.tracks where track.kind == .audio {
                let envelope = plan.audioEnvelopes[track.trackID].map { $0.scaled(by: plan.audioVolume) } ?? VolumeEnvelope(constant: plan.audioVolume)
                let copyable = try writer.canCopy(track, from: reader)
                let encodes = !envelope.isUnity(from: start.seconds, to: (end ?? (reader.duration.isNumeric ? reader.duration : nil))?.seconds)
                    || (plan.audioFormat == .aac && track.codecName != "aac") || !copyable
                audio.append(encodes ? (track, envelope, try writer.addAudio(from: track, of: reader)) : (track, nil, try writer.addCopy(of: track, from: reader)))
            }
        }
        if case .none = plan.video, audio.isEmpty {
            throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no audio track")
        }
        for entry in reader.metadata where entry.key.hasPrefix("com.apple.quicktime.") || entry.key == "creation_time" {
            try writer.setMetadata(entry.key, entry.value)
        }
        for entry in plan.metadata { try writer.setMetadata(entry.key, entry.value) }
        try writer.begin(faststart: plan.faststart && plan.stillImageTime == nil)

        // The stages move the progress in turn, each through its share: encoding frames is most of the work, audio
        // re-encoding some, packet copies little (but on a long movie each is seconds, and each can be cancelled).
        let videoWeight = videoOutput == nil ? 0 : copying ? Self.copyWeight : 1
        let audioWeights = audio.map { $0.envelope == nil ? Self.copyWeight : Self.audioEncodeWeight }
        let allWeight = max(videoWeight + audioWeights.reduce(0, +), .ulpOfOne)
        var completed = 0.0, reported = 0.0
        /// Progress through a stage of `weight`, given a fraction of it (never backwards: packets of B-frames come
        /// out of presentation order).
        func stage(_ weight: Double, _ fraction: Double) -> Bool {
            reported = max(reported, min(0.99, (completed + weight * min(1, max(0, fraction))) / allWeight))
            return progress(reported)
        }
        /// A packet loop's report (source ticks at `timescale`) as a fraction of the exported span.
        func spanned(_ ticks: Int64, _ timescale: Int32) -> Double {
            total > 0 ? (Double(ticks) / Double(max(1, timescale)) - start.seconds) / total : 0
        }
        for ((track, envelope, output), weight) in zip(audio, audioWeights) {
            let copier = try MovieReader(url: source)
            let (from, to) = (ticks(start, track.timescale), end.map { ticks($0, track.timescale) })
            if let envelope {
                try writer.transcodeAudio(of: track, from: copier, start: from, end: to, envelope: envelope, to: output) {
                    stage(weight, spanned($0, track.timescale))
                }
            } else {
                try writer.copyPackets(of: track, from: copier, start: from, end: to, to: output) { stage(weight, spanned($0, track.timescale)) }
            }
            completed += weight
        }
        if let video, let videoOutput {
            if copying {
                let copier = try MovieReader(url: source)
                try writer.copyPackets(of: video, from: copier, start: ticks(start, video.timescale), end: end.map { ticks($0, video.timescale) },
                                       to: videoOutput) { stage(videoWeight, spanned($0, video.timescale)) }
            } else {
                try encodeFrames(of: video, reader: reader, writer: writer, output: videoOutput, start: start, end: end,
                                 total: total, renderer: renderer) { fraction in stage(videoWeight, fraction) }
            }
        }
        guard progress(1) else { throw MovieError(.cancelled, "the export was cancelled") }
        try writer.finish()
        if let still = plan.stillImageTime { try StillImageTimeTrack.add(to: partial, at: still) }
    }

    private static func encodeFrames(of video: MovieTrack, reader: MovieReader, writer: MovieWriter, output: MovieWriter.Track,
                                     start: CMTime, end: CMTime?, total: Double, renderer: ExportFrameRenderer?,
                                     progress: (Double) -> Bool) throws(MovieError) {
        if start > .zero { try reader.seek(to: start) }
        let startTicks = ticks(start, video.timescale)
        let endTicks = end.map { ticks($0, video.timescale) }
        var lastTicks = Int64.min
        /// The output time of a frame shown from `pts` (nil once past the range), strictly increasing: the first
        /// frame after a seek may start before the range and is shown from its start.
        func outputTicks(_ pts: Int64) -> Int64? {
            if let endTicks, pts >= endTicks { return nil }
            let out = max(max(0, pts - startTicks), lastTicks == .min ? 0 : lastTicks + 1)
            lastTicks = out
            return out
        }
        func report(_ out: Int64) throws(MovieError) {
            let done = total > 0 ? Double(out) / Double(video.timescale) / total : 0
            guard progress(min(0.99, done)) else { throw MovieError(.cancelled, "the export was cancelled") }
        }
        guard let renderer else {
            // No renderer: frames go from the decoder to the encoder in YUV, scaled once.
            while let frame = try reader.nextNativeFrame(), let out = outputTicks(frame.presentationTime) {
                try writer.writeNative(from: reader, at: out, to: output)
                try report(out)
            }
            return
        }
        var framesRendered = 0
        var frameData = Data()
        do {
            while true {
                let more = try reader.withNextFrame(into: &frameData) { frame, data throws -> Bool in
                    guard let out = outputTicks(frame.presentationTime.value) else { return false }
                    let rendered = try renderer.render(ExportFrameInput(frame: frame, pixelData: data,
                                                                        compositionTime: CMTime(value: out, timescale: video.timescale), track: video))
                    try rendered.pixels.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
                        try writer.write(bytes, bytesPerRow: rendered.bytesPerRow, bitsPerComponent: rendered.bitsPerComponent, at: out, to: output)
                    }
                    try report(out)
                    // Each frame allocates and frees buffers of megabytes on several threads, which glibc keeps in its
                    // heap (its mmap threshold rises past the frame size after the first free): without giving them
                    // back, a render's resident memory climbs to several times what is live.
                    framesRendered += 1
                    if framesRendered % 2 == 0 { mc_return_freed_memory() }
                    return true
                }
                if more != true { break }
            }
        } catch let error as MovieError {
            throw error
        } catch {
            throw MovieError(.codec, "\(error)")
        }
    }

    /// The coded output size: the source's display size fitted into the box (either way round, matching the
    /// display's orientation), never enlarged, then turned back to coded orientation; even numbers.
    static func fittedSize(of track: MovieTrack, longSide: Int?, shortSide: Int?) -> (Int, Int) {
        let (w, h) = (Double(max(1, track.codedWidth)), Double(max(1, track.codedHeight)))
        let long = max(w, h), short = min(w, h)
        var scale = 1.0
        if let longSide { scale = min(scale, Double(longSide) / long) }
        if let shortSide { scale = min(scale, Double(shortSide) / short) }
        scale = max(0, scale)
        func even(_ x: Double) -> Int { max(2, Int((x * scale / 2).rounded()) * 2) }
        return (even(w), even(h))
    }

    static func ticks(_ time: CMTime, _ timescale: Int32) -> Int64 {
        time.isNumeric ? time.convertScale(timescale, method: .roundHalfAwayFromZero).value : 0
    }

    /// Flushes `partial` to disk and renames it to `destination`.
    private static func durablyRename(_ partial: URL, to destination: URL) throws(MovieError) {
        do {
            let handle = try FileHandle(forWritingTo: partial)
            try handle.synchronize()
            try handle.close()
            try FileManager.default.moveItem(at: partial, to: destination)
        } catch {
            throw MovieError(.unwritable, "\(destination.lastPathComponent) cannot be written: \(error.localizedDescription)")
        }
    }
}

import CoreMedia
import Foundation
internal import CMovieCodec
internal import OptionalLibraries

/// Writes a movie: tracks encoded from RGBA frames (H.264 or HEVC) or copied packet for packet from a source.
/// Not thread-safe; `finish()` or `abort()` ends it (an unfinished writer aborts when released).
public final class MovieWriter {
    /// A video encoder.
    public enum Codec: Sendable {
        case h264, hevc
    }

    /// How a new video track is encoded.
    public struct VideoSettings: Sendable {
        public var codec: Codec
        public var width: Int
        public var height: Int
        /// Ticks per second of the frames' timestamps.
        public var timescale: Int32
        /// Nominal frames per second, for rate control (nil: unknown).
        public var frameRate: Double?
        /// Constant-quality factor (CRF; nil: 21 for H.264, 26 for HEVC).
        public var quality: Int?
        /// Target bits per second instead of constant quality.
        public var bitRate: Int?
        /// The display matrix to record (nil: none, frames are upright).
        public var transform: MovieTransform?
        /// Bits per component encoded: 8, or 10 (4:2:0 10-bit: HEVC Main 10, H.264 High 10).
        public var bitsPerComponent: Int
        /// The colour tags written; frames given as RGBA are converted to YUV with this matrix (BT.2020's or
        /// BT.709's). Pixel values are written as they are given: no conversion between primaries or transfers.
        public var color: MovieColor

        public init(codec: Codec, width: Int, height: Int, timescale: Int32, frameRate: Double? = nil, quality: Int? = nil,
                    bitRate: Int? = nil, transform: MovieTransform? = nil, bitsPerComponent: Int = 8, color: MovieColor = .bt709) {
            (self.codec, self.width, self.height, self.timescale) = (codec, width, height, timescale)
            (self.frameRate, self.quality, self.bitRate, self.transform) = (frameRate, quality, bitRate, transform)
            (self.bitsPerComponent, self.color) = (bitsPerComponent, color)
        }
    }

    /// A track of the movie being written.
    public struct Track: Sendable, Hashable {
        let stream: Int32
    }

    /// The file written.
    public let url: URL
    private var writer: OpaquePointer?

    /// Creates `url` in `container` ("mov", "mp4" or "ipod" for .m4v and .m4a).
    public init(url: URL, container: String) throws(MovieError) {
        do { try OptionalLibrary.ffmpeg.load() } catch { throw MovieError(.codec, error.description) }
        var message = [CChar](repeating: 0, count: 256)
        guard let writer = mc_writer_open(url.path, container, &message, message.count) else {
            throw MovieError(.unwritable, "\(url.lastPathComponent): \(text(message))")
        }
        self.url = url
        self.writer = writer
    }

    deinit { if let writer { mc_writer_abort(writer) } }

    private func live() throws(MovieError) -> OpaquePointer {
        guard let writer else { throw MovieError(.unwritable, "\(url.lastPathComponent): the movie is already finished") }
        return writer
    }

    /// Adds a track encoded from frames.
    public func addVideo(_ settings: VideoSettings) throws(MovieError) -> Track {
        guard (1...Self.largestSide).contains(settings.width), (1...Self.largestSide).contains(settings.height) else {
            throw MovieError(.tooLarge, "\(url.lastPathComponent): a \(settings.width) × \(settings.height) video frame is outside 1…\(Self.largestSide) pixels a side")
        }
        guard settings.timescale > 0 else { throw MovieError(.codec, "\(url.lastPathComponent): the video's timescale \(settings.timescale) is not positive") }
        if let quality = settings.quality, !(0...51).contains(quality) {
            throw MovieError(.codec, "\(url.lastPathComponent): the quality factor \(quality) is outside 0…51")
        }
        if let bitRate = settings.bitRate, bitRate <= 0 {
            throw MovieError(.codec, "\(url.lastPathComponent): the bit rate \(bitRate) is not positive")
        }
        var s = mc_video_settings()
        s.codec = Int32(settings.codec == .hevc ? MC_CODEC_HEVC : MC_CODEC_H264)
        s.width = Int32(settings.width)
        s.height = Int32(settings.height)
        s.time_base_num = 1
        s.time_base_den = settings.timescale
        if let rate = settings.frameRate, rate > 0, rate.isFinite {
            s.rate_num = Int32((rate * 1001).rounded())
            s.rate_den = 1001
        }
        s.quality = Int32(settings.quality ?? 0)
        s.bit_rate = Int64(settings.bitRate ?? 0)
        guard settings.bitsPerComponent == 8 || settings.bitsPerComponent == 10 else {
            throw MovieError(.codec, "\(url.lastPathComponent): video is encoded at 8 or 10 bits per component, not \(settings.bitsPerComponent)")
        }
        s.bits = Int32(settings.bitsPerComponent)
        // Unspecified tags (2) are written as BT.709's, which is how players read untagged video.
        s.color_primaries = settings.color.primaries == 2 ? 1 : settings.color.primaries
        s.color_transfer = settings.color.transfer == 2 ? 1 : settings.color.transfer
        s.color_matrix = settings.color.matrix == 2 ? 1 : settings.color.matrix
        if let t = settings.transform {
            s.has_matrix = 1
            let values: [Int32] = [fixed(t.a, 16), fixed(t.b, 16), 0, fixed(t.c, 16), fixed(t.d, 16), 0, fixed(t.tx, 16), fixed(t.ty, 16), 1 << 30]
            withUnsafeMutableBytes(of: &s.matrix) { $0.copyMemory(from: values.withUnsafeBytes { UnsafeRawBufferPointer($0) }) }
        }
        var message = [CChar](repeating: 0, count: 256)
        let stream = mc_writer_add_video(try live(), &s, &message, message.count)
        guard stream >= 0 else { throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))") }
        return Track(stream: stream)
    }

    /// Adds a track that will be copied from `track` of `reader`.
    public func addCopy(of track: MovieTrack, from reader: MovieReader) throws(MovieError) -> Track {
        var message = [CChar](repeating: 0, count: 256)
        let stream = mc_writer_add_copy(try live(), reader.handle, Int32(track.index), &message, message.count)
        guard stream >= 0 else { throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))") }
        return Track(stream: stream)
    }

    /// Sets a container metadata entry (QuickTime keys such as `com.apple.quicktime.content.identifier` become
    /// `mdta` items; `creation_time` is the movie header's date).
    public func setMetadata(_ key: String, _ value: String) throws(MovieError) { mc_writer_set_metadata(try live(), key, value) }

    /// Adds an AAC track to be encoded from `track` of `reader` (see `transcodeAudio`): the source's channels, and its
    /// sample rate when AAC has it (else the nearest AAC rate).
    public func addAudio(from track: MovieTrack, of reader: MovieReader) throws(MovieError) -> Track {
        var message = [CChar](repeating: 0, count: 256)
        let stream = mc_writer_add_audio(try live(), reader.handle, Int32(track.index), &message, message.count)
        guard stream >= 0 else { throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))") }
        return Track(stream: stream)
    }

    /// Whether `track` of `reader` can be copied packet for packet into this writer's container (FFmpeg's muxer has
    /// a sample entry for its codec: PCM goes into QuickTime movies but not MP4 or .m4a files, for instance).
    public func canCopy(_ track: MovieTrack, from reader: MovieReader) throws(MovieError) -> Bool {
        mc_writer_can_copy(try live(), reader.handle, Int32(track.index)) == 1
    }

    /// Decodes `source`'s audio presented in `start..<end` (source timescale ticks, cut at exact samples; `end` nil:
    /// to the end), scales it by `volume` and encodes it into `track` from time 0. Returns the samples written.
    @discardableResult
    public func transcodeAudio(of source: MovieTrack, from reader: MovieReader, start: Int64, end: Int64?, volume: Double,
                               to track: Track) throws(MovieError) -> Int {
        try transcodeAudio(of: source, from: reader, start: start, end: end, envelope: VolumeEnvelope(constant: volume), to: track)
    }

    /// Decodes `source`'s audio presented in `start..<end` (source timescale ticks, cut at exact samples; `end` nil:
    /// to the end), multiplies every sample by `envelope`'s volume at its time in the source's timeline, and encodes
    /// it (AAC) into `track` from time 0. `progress` is told each packet's time (source ticks) and stops the work by
    /// returning false (`MovieError.cancelled`). Returns the samples written.
    @discardableResult
    public func transcodeAudio(of source: MovieTrack, from reader: MovieReader, start: Int64, end: Int64?, envelope: VolumeEnvelope,
                               to track: Track, progress: (Int64) -> Bool = { _ in true }) throws(MovieError) -> Int {
        var message = [CChar](repeating: 0, count: 256)
        let pieces = envelope.pieces.map { mc_gain_piece(start: $0.start, gain: $0.gain, slope: $0.slope) }
        let writer = try live()
        let count = PacketProgress.with(progress) { callback, context in
            pieces.withUnsafeBufferPointer { buffer in
                mc_writer_transcode_audio(writer, track.stream, reader.handle, Int32(source.index), start, end ?? -1, buffer.baseAddress,
                                          Int32(buffer.count), callback, context, &message, message.count)
            }
        }
        if count == -8 { throw MovieError(.cancelled, "the export was cancelled") }
        guard count >= 0 else { throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))") }
        return Int(count)
    }

    /// Writes the header: call once every track is added. `faststart` puts the index first (for streaming);
    /// without it the index (`moov`) ends the file, where `StillImageTimeTrack` can extend it.
    public func begin(faststart: Bool = true) throws(MovieError) {
        var message = [CChar](repeating: 0, count: 256)
        guard mc_writer_begin(try live(), faststart ? 1 : 0, &message, message.count) == 0 else { throw MovieError(.unwritable, "\(url.lastPathComponent): \(text(message))") }
    }

    /// Encodes one frame of `track` shown from `time` (converted to the track's timescale): RGBA rows of 8 or 16 bits
    /// per component. A frame whose buffer does not hold the track's size is refused, naming both.
    public func write(_ pixels: UnsafeRawBufferPointer, bytesPerRow: Int, bitsPerComponent: Int, at ticks: Int64, to track: Track) throws(MovieError) {
        var message = [CChar](repeating: 0, count: 256)
        guard bytesPerRow >= 0 else { throw MovieError(.codec, "\(url.lastPathComponent): a frame with \(bytesPerRow) bytes per row") }
        let status = mc_writer_write_frame(try live(), track.stream, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), pixels.count, bytesPerRow,
                                           Int32(clamping: bitsPerComponent), ticks, &message, message.count)
        guard status == 0 else { throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))") }
    }

    /// Encodes `reader`'s last frame from `nextNativeFrame()` at `ticks`, scaled in YUV straight to the track's
    /// size (no RGB round trip: what an export without a frame renderer does).
    public func writeNative(from reader: MovieReader, at ticks: Int64, to track: Track) throws(MovieError) {
        var message = [CChar](repeating: 0, count: 256)
        guard mc_writer_write_native(try live(), track.stream, reader.handle, ticks, &message, message.count) == 0 else {
            throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))")
        }
    }

    /// Copies `source`'s packets presented in `range` (source timescale ticks; `end` nil: to the end), shifted to
    /// start at 0. Video copies start at the key frame at or before `range.start`. `progress` is told each packet's
    /// time (source ticks) and stops the copy by returning false (`MovieError.cancelled`). Returns the packet count.
    @discardableResult
    public func copyPackets(of source: MovieTrack, from reader: MovieReader, start: Int64, end: Int64?, to track: Track,
                            progress: (Int64) -> Bool = { _ in true }) throws(MovieError) -> Int {
        var message = [CChar](repeating: 0, count: 256)
        let writer = try live()
        let count = PacketProgress.with(progress) { callback, context in
            mc_writer_copy_packets(writer, track.stream, reader.handle, Int32(source.index), start, end ?? -1, callback, context, &message, message.count)
        }
        if count == -8 { throw MovieError(.cancelled, "the export was cancelled") }
        guard count >= 0 else { throw MovieError(.unwritable, "\(url.lastPathComponent): \(text(message))") }
        return Int(count)
    }

    /// Flushes the encoders and writes the index; the file is complete afterwards.
    public func finish() throws(MovieError) {
        let writer = try live()
        self.writer = nil
        var message = [CChar](repeating: 0, count: 256)
        guard mc_writer_finish(writer, &message, message.count) == 0 else { throw MovieError(.unwritable, "\(url.lastPathComponent): \(text(message))") }
    }

    /// Stops writing; the caller deletes the incomplete file.
    public func abort() {
        if let writer { mc_writer_abort(writer) }
        writer = nil
    }

    private func fixed(_ value: Double, _ bits: Int) -> Int32 {
        let scaled = (value * Double(1 << bits)).rounded()
        guard scaled.isFinite else { return scaled > 0 ? .max : scaled < 0 ? .min : 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), scaled)))
    }

    /// The largest frame side an encoded track may have (HEVC's level 6.2 allows 8,444 × 8,444 in samples; H.264
    /// and x265 take up to 16,384).
    public static let largestSide = 16_384
}

/// A Swift progress closure handed to a C packet loop as `mc_progress` and a context pointer.
private final class PacketProgress {
    let report: (Int64) -> Bool
    init(_ report: @escaping (Int64) -> Bool) { self.report = report }

    /// Calls `body` with a C callback and context that forward to `progress` while `body` runs.
    static func with<T>(_ progress: (Int64) -> Bool, _ body: (mc_progress, UnsafeMutableRawPointer) -> T) -> T {
        withoutActuallyEscaping(progress) { escapable in
            let box = PacketProgress(escapable)
            return withExtendedLifetime(box) {
                body({ context, ticks in
                    guard let context else { return 1 }
                    return Unmanaged<PacketProgress>.fromOpaque(context).takeUnretainedValue().report(ticks) ? 1 : 0
                }, Unmanaged.passUnretained(box).toOpaque())
            }
        }
    }
}

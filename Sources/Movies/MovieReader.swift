import CoreMedia
import Foundation
internal import CMovieCodec
internal import OptionalLibraries

/// Reads a movie file: its tracks, duration and metadata on opening, then one video track's frames in
/// presentation order, from the start or from any time (decoding resumes at the key frame before it).
///
/// Frames are converted to RGBA (8 bits per component, or 16 for sources deeper than 8 bits when asked) with
/// the stream's own YUV matrix and range, optionally scaled. Memory holds one frame plus FFmpeg's reference
/// frames. Not thread-safe: use a reader from one thread at a time (open one per task).
public final class MovieReader {
    /// Frames larger than this are refused before decoding (8K video is 33 Mpx).
    public static let defaultMaximumPixels = 100_000_000

    /// The file read.
    public let url: URL
    /// Every track, in the container's order.
    public let tracks: [MovieTrack]
    /// The movie's duration (the container's, else its longest track's); `.invalid` when unknown.
    public let duration: CMTime
    /// The container's metadata entries, keys as FFmpeg names them (e.g. `com.apple.quicktime.creationdate`,
    /// `creation_time`, `major_brand`), in file order.
    public let metadata: [(key: String, value: String)]

    private let reader: OpaquePointer
    /// The C reader, for `MovieWriter`'s packet copies.
    var handle: OpaquePointer { reader }
    private var decodingTrack: MovieTrack?
    /// The bytes of a converted frame of the track being decoded (for `withNextFrame(into:_:)`).
    private var frameByteCount = 0

    /// Opens `url` and reads its structure (no frame is decoded).
    public init(url: URL) throws(MovieError) {
        do { try OptionalLibrary.ffmpeg.load() } catch { throw MovieError(.codec, error.description) }
        var message = [CChar](repeating: 0, count: 256)
        guard let reader = mc_open(url.path, &message, message.count) else {
            throw MovieError(.unreadable, "\(url.lastPathComponent): \(text(message))")
        }
        self.url = url
        self.reader = reader
        var tracks: [MovieTrack] = []
        for i in 0..<mc_track_count(reader) {
            var info = mc_track()
            if mc_track_info(reader, i, &info) == 0 { tracks.append(Self.track(info)) }
        }
        self.tracks = tracks
        let microseconds = mc_duration_us(reader)
        if microseconds >= 0 {
            duration = CMTime(value: microseconds, timescale: 1_000_000)
        } else {
            duration = tracks.map(\.timeRange.end).filter(\.isNumeric).max() ?? .invalid
        }
        metadata = Self.entries(reader, track: -1)
    }

    deinit { mc_close(reader) }

    /// The metadata entries of one track (e.g. `language`, `handler_name`, `creation_time`).
    public func metadata(of track: MovieTrack) -> [(key: String, value: String)] { Self.entries(reader, track: Int32(track.index)) }

    /// The first enabled video track that is not a cover picture (the one players show).
    public var primaryVideoTrack: MovieTrack? {
        let video = tracks.filter { $0.kind == .video }
        return video.first { $0.isEnabled } ?? video.first
    }

    /// The presentation times of `track`'s samples (its timescale ticks), sorted, read from the packets without
    /// decoding (at most 1,000,000). Call before `startDecoding`.
    public func packetTimes(of track: MovieTrack) throws(MovieError) -> [Int64] {
        var count: Int64 = 0
        guard let times = mc_packet_times(reader, Int32(track.index), 1_000_000, &count) else {
            throw MovieError(.codec, "\(url.lastPathComponent): the track's samples cannot be listed")
        }
        defer { mc_free(times) }
        return Array(UnsafeBufferPointer(start: times, count: Int(count)))
    }

    /// Starts decoding `track`, each frame scaled to `size` (nil: the coded size) with `bitsPerComponent` 8 or 16.
    /// Frames or sizes over `maximumPixels` are refused here, before any pixel buffer exists.
    public func startDecoding(_ track: MovieTrack, size: (width: Int, height: Int)? = nil, bitsPerComponent: Int = 8,
                              maximumPixels: Int = MovieReader.defaultMaximumPixels) throws(MovieError) {
        if let size, !(1...MovieWriter.largestSide).contains(size.width) || !(1...MovieWriter.largestSide).contains(size.height) {
            throw MovieError(.tooLarge, "\(url.lastPathComponent): frames cannot be decoded at \(size.width) × \(size.height) (1…\(MovieWriter.largestSide) pixels a side)")
        }
        guard bitsPerComponent == 8 || bitsPerComponent == 16 else {
            throw MovieError(.codec, "\(url.lastPathComponent): frames are decoded at 8 or 16 bits per component, not \(bitsPerComponent)")
        }
        var message = [CChar](repeating: 0, count: 256)
        let status = mc_start_video(reader, Int32(track.index), Int32(size?.width ?? 0), Int32(size?.height ?? 0),
                                    Int32(bitsPerComponent), Int64(clamping: maximumPixels), &message, message.count)
        guard status == 0 else {
            throw MovieError(status == -4 ? .tooLarge : .codec, "\(url.lastPathComponent): \(text(message))")
        }
        decodingTrack = track
        let outputWidth = size?.width ?? track.codedWidth, outputHeight = size?.height ?? track.codedHeight
        frameByteCount = max(0, outputWidth) * max(0, outputHeight) * (bitsPerComponent == 16 ? 8 : 4)
    }

    /// Restarts decoding at the key frame at or before `time`. When `exact` (the default) the next frame is the one
    /// showing at `time` (the last frame when `time` is past the end); otherwise it is that key frame.
    public func seek(to time: CMTime, exact: Bool = true) throws(MovieError) {
        guard let track = decodingTrack else { throw MovieError(.noSuchTrack, "\(url.lastPathComponent): no video track is being decoded") }
        let ticks = time.isNumeric ? time.convertScale(track.timescale, method: .roundTowardNegativeInfinity).value : 0
        var message = [CChar](repeating: 0, count: 256)
        guard mc_seek(reader, ticks, exact ? 1 : 0, &message, message.count) == 0 else {
            throw MovieError(.codec, "\(url.lastPathComponent): \(text(message))")
        }
    }

    /// Decodes the next frame and hands it to `body` (its pixels are valid only inside `body`); nil at the end.
    public func withNextFrame<T>(_ body: (MovieFrame) throws -> T) throws -> T? {
        guard let (frame, track) = try decodeNext(into: nil), let pixels = frame.pixels else { return nil }
        return try body(Self.movieFrame(frame, UnsafeRawBufferPointer(start: pixels, count: frame.bytes_per_row * Int(frame.height)), track))
    }

    /// Like `withNextFrame`, converting the frame into `buffer` (made the frame's size when it is not) instead of
    /// the reader's own memory, and handing `body` the buffer as well: an image made from it shares its bytes, with
    /// no copy. A buffer still shared when the next frame comes (an image kept beyond `body`) is copied before it is
    /// written (copy on write), so a kept image never changes.
    public func withNextFrame<T>(into buffer: inout Data, _ body: (MovieFrame, Data) throws -> T) throws -> T? {
        if buffer.count != frameByteCount { buffer = Data(count: frameByteCount) }
        guard let (frame, track) = try buffer.withUnsafeMutableBytes({ try decodeNext(into: $0) }), let pixels = frame.pixels else { return nil }
        let count = frame.bytes_per_row * Int(frame.height)
        // A frame the reader kept in its own memory (a size other than expected) is copied in.
        let inBuffer = buffer.withUnsafeBytes { $0.baseAddress.map { UnsafeRawPointer(pixels) == $0 } ?? false }
        if !inBuffer { buffer = Data(bytes: pixels, count: count) }
        let shared = buffer
        return try shared.withUnsafeBytes { raw in try body(Self.movieFrame(frame, UnsafeRawBufferPointer(rebasing: raw[0..<count]), track), shared) }
    }

    /// Decodes and converts the next frame, into `target` when it holds the frame; nil at the end.
    private func decodeNext(into target: UnsafeMutableRawBufferPointer?) throws -> (frame: mc_frame, track: MovieTrack)? {
        guard let track = decodingTrack else { throw MovieError(.noSuchTrack, "\(url.lastPathComponent): no video track is being decoded") }
        var frame = mc_frame()
        var message = [CChar](repeating: 0, count: 256)
        let status = mc_next_frame_into(reader, &frame, target?.baseAddress?.assumingMemoryBound(to: UInt8.self), target?.count ?? 0,
                                        &message, message.count)
        if status == 0 { return nil }
        guard status > 0, frame.pixels != nil else {
            throw MovieError(status == -4 ? .tooLarge : .codec, "\(url.lastPathComponent): \(text(message))")
        }
        return (frame, track)
    }

    private static func movieFrame(_ frame: mc_frame, _ pixels: UnsafeRawBufferPointer, _ track: MovieTrack) -> MovieFrame {
        MovieFrame(pixels: pixels, width: Int(frame.width), height: Int(frame.height), bytesPerRow: frame.bytes_per_row,
                   bitsPerComponent: frame.bytes_per_row / Int(frame.width) == 8 ? 16 : 8,
                   presentationTime: CMTime(value: frame.pts, timescale: track.timescale), duration: CMTime(value: frame.duration, timescale: track.timescale))
    }

    /// Decodes the next frame without converting it (it stays in the reader for `MovieWriter.writeNative`);
    /// its presentation time and duration in the track's timescale, nil at the end.
    public func nextNativeFrame() throws(MovieError) -> (presentationTime: Int64, duration: Int64)? {
        guard decodingTrack != nil else { throw MovieError(.noSuchTrack, "\(url.lastPathComponent): no video track is being decoded") }
        var pts: Int64 = 0, duration: Int64 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = mc_next_native(reader, &pts, &duration, &message, message.count)
        if status == 0 { return nil }
        guard status > 0 else { throw MovieError(status == -4 ? .tooLarge : .codec, "\(url.lastPathComponent): \(text(message))") }
        return (pts, duration)
    }

    /// Decodes the next frame and copies it out; nil at the end.
    public func nextFrame() throws -> DecodedFrame? {
        try withNextFrame { frame in
            DecodedFrame(pixels: Data(frame.pixels), width: frame.width, height: frame.height, bytesPerRow: frame.bytesPerRow,
                         bitsPerComponent: frame.bitsPerComponent, presentationTime: frame.presentationTime, duration: frame.duration)
        }
    }

    private static func track(_ t: mc_track) -> MovieTrack {
        let kind: MovieTrack.Kind = switch Int(t.kind) {
        case MC_KIND_VIDEO: t.attached_picture != 0 ? .other : .video
        case MC_KIND_AUDIO: .audio
        case MC_KIND_METADATA: .metadata
        case MC_KIND_SUBTITLE: .subtitle
        default: .other
        }
        let codec = withUnsafeBytes(of: t.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let language = withUnsafeBytes(of: t.language) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let tag = t.codec_tag == 0 ? "" : String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: t.codec_tag >> (8 * $0)) }, as: UTF8.self)
        var transform = MovieTransform.identity
        if t.has_matrix != 0 {
            let m = withUnsafeBytes(of: t.matrix) { Array($0.bindMemory(to: Int32.self)) }
            transform = MovieTransform(a: Double(m[0]) / 65536, b: Double(m[1]) / 65536, c: Double(m[3]) / 65536,
                                       d: Double(m[4]) / 65536, tx: Double(m[6]) / 65536, ty: Double(m[7]) / 65536)
        }
        // A time base of num/den seconds per tick is `den / num` ticks per second; FFmpeg's are 1/den in practice.
        let timescale = t.time_base_num == 1 && t.time_base_den > 0 ? t.time_base_den : max(1, Int32(clamping: Int64(t.time_base_den) / Int64(max(1, t.time_base_num))))
        let start = CMTime(value: t.start, timescale: timescale)
        let duration = t.duration >= 0 ? CMTime(value: t.duration, timescale: timescale) : CMTime.indefinite
        let rate: Double? = t.rate_num > 0 && t.rate_den > 0 ? Double(t.rate_num) / Double(t.rate_den) : nil
        return MovieTrack(index: Int(t.index), trackID: Int32(t.track_id), kind: kind, codecName: codec, fourCharacterCode: tag,
                          codedWidth: Int(t.width), codedHeight: Int(t.height), transform: transform, timescale: timescale,
                          timeRange: CMTimeRange(start: start, duration: duration), frameRate: rate, sampleCount: Int(t.frame_count),
                          bitRate: Int(t.bit_rate), sampleRate: Int(t.sample_rate), channelCount: Int(t.channels),
                          bitsPerComponent: t.bits_per_sample > 0 ? Int(t.bits_per_sample) : nil,
                          color: kind == .video ? MovieColor(primaries: t.color_primaries, transfer: t.color_transfer, matrix: t.color_matrix) : .bt709,
                          isEnabled: t.is_default != 0,
                          languageCode: language.isEmpty ? nil : language)
    }

    private static func entries(_ reader: OpaquePointer, track: Int32) -> [(key: String, value: String)] {
        (0..<min(mc_metadata_count(reader, track), 10_000)).compactMap { i in
            guard let key = mc_metadata_key(reader, track, i), let value = mc_metadata_value(reader, track, i) else { return nil }
            return (String(cString: key), String(cString: value))
        }
    }
}

/// A decoded frame lent by `MovieReader.withNextFrame`: RGBA rows, top first, not premultiplied (alpha opaque).
public struct MovieFrame {
    public let pixels: UnsafeRawBufferPointer
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// 8 or 16 (little-endian).
    public let bitsPerComponent: Int
    /// When the frame starts showing, in the track's timescale.
    public let presentationTime: CMTime
    /// How long it shows (zero when unknown).
    public let duration: CMTime
}

/// A decoded frame owned by the caller (see `MovieFrame`).
public struct DecodedFrame: Sendable {
    public let pixels: Data
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let bitsPerComponent: Int
    public let presentationTime: CMTime
    public let duration: CMTime
}

/// The text of a NUL-terminated C message buffer.
func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

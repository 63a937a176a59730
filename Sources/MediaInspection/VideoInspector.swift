internal import CFFmpeg
import Foundation
internal import OptionalLibraries

/// QuickTime / MPEG-4 / M4A through FFmpeg's `mov` demuxer on an in-memory AVIOContext
/// (`avformat_open_input` only; no `avformat_find_stream_info`, no decoding).
///
/// Reads the movie duration, the video track's coded size and display-matrix rotation, the average frame
/// rate and frame count, and the metadata keys: `com.apple.quicktime.creationdate` (else `creation_time`),
/// `com.apple.quicktime.location.ISO6709` (else the `©xyz` "location"), `com.apple.quicktime.content.identifier`,
/// make/model/lens keys, and `com.android.capture.fps`. A movie without video is `.audio` when it has an
/// audio track, otherwise `noVideoTrack`.
enum VideoInspector {
    /// FFmpeg logging is process-global: silence it once.
    private static let silenced: Bool = { cav_silence(); return true }()

    static func inspect(_ source: InspectionSource, format: MediaInfo.Format) throws(MediaInspectionError) -> MediaInfo {
        do { try OptionalLibrary.ffmpeg.load() } catch { throw source.error(.unsupportedFormat, error.description) }
        _ = silenced
        let bytes = source.bytes
        let boxes = topLevelBoxes(bytes)
        if !boxes.types.contains("moov") {
            throw source.error(.truncated, "the movie has no header (moov atom); the file is probably cut short")
        }
        if boxes.truncated {
            throw source.error(.truncated, "the movie data ends early (the last atom is cut short)")
        }
        var memory = cav_memory(data: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: Int64(bytes.count), pos: 0)
        var openError: Int32 = 0
        guard let ic = cav_open_memory(&memory, &openError) else {
            throw source.error(.corrupt, openFailure(openError))
        }
        defer { cav_close(ic) }

        let streams = (0..<Int(ic.pointee.nb_streams)).compactMap { ic.pointee.streams[$0] }
        let video = streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
            && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 }
        let hasAudio = streams.contains { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
        guard video != nil || hasAudio else {
            throw source.error(.noVideoTrack, "the movie has neither a video nor an audio track")
        }
        let metadata = readMetadata(ic, video: video)
        let brands = FormatSniffer.brands(bytes)

        var info: MediaInfo
        if let video {
            let par = video.pointee.codecpar.pointee
            let width = Int(par.width), height = Int(par.height)
            var rotation = 0.0
            if let matrix = cav_display_matrix(video) {
                let r = av_display_rotation_get(matrix)
                if r.isFinite { rotation = r }
            }
            let quarterTurn = Int((abs(rotation) / 90).rounded()) % 2 == 1
            let uti = switch format {
            case .quickTime: "com.apple.quicktime-movie"
            case .m4a: "com.apple.m4a-audio"
            default: brands.first == "M4V " ? "com.apple.m4v-video" : "public.mpeg-4"
            }
            info = MediaInfo(kind: .video, format: format, uniformTypeIdentifier: uti,
                             pixelWidth: quarterTurn ? height : width, pixelHeight: quarterTurn ? width : height,
                             storedPixelWidth: width, storedPixelHeight: height, frameCount: Int(video.pointee.nb_frames))
            let avg = video.pointee.avg_frame_rate, real = video.pointee.r_frame_rate
            if avg.num > 0, avg.den > 0 { info.frameRate = Double(avg.num) / Double(avg.den) }
            else if real.num > 0, real.den > 0 { info.frameRate = Double(real.num) / Double(real.den) }
            if par.bits_per_raw_sample > 0 { info.bitDepth = Int(par.bits_per_raw_sample) }
        } else {
            let uti = switch format {
            case .quickTime: "com.apple.quicktime-movie"
            case .m4a: "com.apple.m4a-audio"
            default: "public.mpeg-4-audio"
            }
            info = MediaInfo(kind: .audio, format: format, uniformTypeIdentifier: uti, frameCount: 0)
        }
        info.duration = duration(ic, streams: streams)

        info.creationDate = validDate(DateParsing.iso8601(metadata["com.apple.quicktime.creationdate"]))
            ?? validDate(DateParsing.iso8601(metadata["creation_time"]))
        info.location = ISO6709.parse(metadata["com.apple.quicktime.location.iso6709"])
            ?? ISO6709.parse(metadata["location"]) ?? ISO6709.parse(metadata["location-eng"])
        info.cameraMake = metadata["com.apple.quicktime.make"] ?? metadata["make"]
        info.cameraModel = metadata["com.apple.quicktime.model"] ?? metadata["model"]
        info.lensModel = metadata["com.apple.quicktime.camera.lens_model"]
        info.contentIdentifier = metadata["com.apple.quicktime.content.identifier"]
        if info.contentIdentifier != nil {
            info.traits.insert(.livePhotoComponent)
            info.stillImageTime = stillImageTime(ic, streams: streams)
        }
        info.traits.formUnion(traits(info, metadata: metadata))
        return info
    }

    /// Movie-level traits; see `SubtypeRules` for the documented evidence.
    static func traits(_ info: MediaInfo, metadata: [String: String]) -> Traits {
        var t: Traits = []
        let captureFPS = metadata["com.android.capture.fps"].flatMap(Double.init)
        if let fps = info.frameRate, info.kind == .video {
            if fps >= 100 || (captureFPS ?? 0) >= 100 { t.insert(.highFrameRate) }
            if let capture = captureFPS, capture > 0, capture < fps * 0.9 { t.insert(.timelapse) }
        }
        for (key, value) in metadata {
            let v = value.lowercased()
            if key.contains("capture-mode") || key.contains("capturemode"),
               v.contains("time-lapse") || v.contains("timelapse") { t.insert(.timelapse) }
            if ["software", "description", "title", "comment"].contains(where: key.hasSuffix),
               v.contains("screen recording") || v.contains("screenrecording") { t.insert(.screenRecording) }
        }
        if info.lensModel?.range(of: "front", options: .caseInsensitive) != nil { t.insert(.frontCamera) }
        return t
    }

    /// Container metadata, then video-stream metadata for keys the container lacks. Keys are lower-cased.
    private static func readMetadata(_ ic: UnsafeMutablePointer<AVFormatContext>, video: UnsafeMutablePointer<AVStream>?) -> [String: String] {
        var result: [String: String] = [:]
        for dict in [ic.pointee.metadata, video?.pointee.metadata] {
            guard let dict else { continue }
            var entry: UnsafeMutablePointer<AVDictionaryEntry>?
            var guardCount = 0
            while guardCount < 10_000, let e = av_dict_get(dict, "", entry, AV_DICT_IGNORE_SUFFIX) {
                guardCount += 1
                entry = e
                guard let k = e.pointee.key, let v = e.pointee.value else { continue }
                let key = String(cString: k).lowercased()
                let value = String(cString: v).trimmingCharacters(in: .whitespacesAndNewlines)
                if result[key] == nil, !value.isEmpty { result[key] = value }
            }
        }
        return result
    }

    private static func duration(_ ic: UnsafeMutablePointer<AVFormatContext>, streams: [UnsafeMutablePointer<AVStream>]) -> Double {
        let d = ic.pointee.duration
        if d != cav_nopts(), d > 0 { return Double(d) / Double(AV_TIME_BASE) }
        return streams.map { s -> Double in
            let tb = s.pointee.time_base
            guard s.pointee.duration != cav_nopts(), tb.den > 0 else { return 0 }
            return Double(s.pointee.duration) * Double(tb.num) / Double(tb.den)
        }.max() ?? 0
    }

    /// QuickTime's zero date (1904) and the Unix epoch are placeholders, not capture dates.
    private static func validDate(_ date: Date?) -> Date? {
        guard let date, date.timeIntervalSince1970 > 86_400 else { return nil }
        return date
    }

    /// Live Photo movies carry a timed-metadata ('mebx') sample for `com.apple.quicktime.still-image-time`
    /// holding the int8 value -1: a 9-byte sample (4-byte size, 4-byte key index, 1 value byte 0xFF).
    /// Its presentation time is the still's moment. Only the 'mebx' tracks are read (others are discarded).
    private static func stillImageTime(_ ic: UnsafeMutablePointer<AVFormatContext>, streams: [UnsafeMutablePointer<AVStream>]) -> Double? {
        let mebx = cav_tag("mebx")
        let candidates = Set(streams.filter { $0.pointee.codecpar.pointee.codec_tag == mebx }.map { Int($0.pointee.index) })
        guard !candidates.isEmpty else { return nil }
        for s in streams where !candidates.contains(Int(s.pointee.index)) { s.pointee.discard = AVDISCARD_ALL }
        var allocated = av_packet_alloc()
        defer { av_packet_free(&allocated) }
        guard let packet = allocated else { return nil }
        var result: Double?
        var reads = 0
        while reads < 256, av_read_frame(ic, packet) >= 0 {
            reads += 1
            defer { av_packet_unref(packet) }
            let p = packet.pointee
            guard candidates.contains(Int(p.stream_index)), p.size == 9, let data = p.data,
                  data[0] == 0, data[1] == 0, data[2] == 0, data[3] == 9, data[8] == 0xFF else { continue }
            let tb = ic.pointee.streams[Int(p.stream_index)]!.pointee.time_base
            let ts = p.pts != cav_nopts() ? p.pts : p.dts
            if ts != cav_nopts(), tb.den > 0 {
                result = Double(ts) * Double(tb.num) / Double(tb.den)
                break
            }
        }
        return result
    }

    /// Walks the top-level atoms (size/type only) to classify unreadable movies.
    static func topLevelBoxes(_ bytes: UnsafeRawBufferPointer) -> (types: [String], truncated: Bool) {
        let r = ByteReader(bytes)
        var at = 0
        var types: [String] = []
        while at + 8 <= bytes.count, types.count < 100_000 {
            guard let size32 = r.u32(at), let type = r.fourCC(at + 4) else { break }
            var size = Int(size32)
            if size32 == 1 {
                guard let hi = r.u32(at + 8), let lo = r.u32(at + 12) else { return (types, true) }
                let big = UInt64(hi) << 32 | UInt64(lo)
                size = big > UInt64(Int.max / 2) ? Int.max / 2 : Int(big)
            } else if size32 == 0 {
                size = bytes.count - at
            }
            types.append(type)
            guard size >= 8 else { break }
            if size > bytes.count - at { return (types, true) }
            at += size
        }
        return (types, false)
    }

    /// Why FFmpeg could not open a movie whose atoms are all there: its "Cannot allocate memory" comes from a
    /// table (sample sizes, chunk offsets, times) declaring more entries than any real file has, and "Invalid data"
    /// from tables that contradict each other; both mean the file is damaged.
    static func openFailure(_ code: Int32) -> String {
        let invalidData = -Int32(bitPattern: UInt32(ascii: "I", "N", "D", "A"))
        if code == -ENOMEM || code == invalidData {
            return "the movie is damaged: its index (the sample tables in the moov atom) is invalid, so it cannot be read"
        }
        return "the movie cannot be read (FFmpeg: \(errorString(code)))"
    }

    private static func errorString(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { UnsafeRawBufferPointer($0).trimmedString() } ?? "error \(code)"
    }
}

private extension UInt32 {
    /// FFmpeg's `MKTAG(a, b, c, d)`: four ASCII characters, the first in the lowest byte.
    init(ascii a: Character, _ b: Character, _ c: Character, _ d: Character) {
        self = [a, b, c, d].enumerated().reduce(0) { $0 | UInt32($1.element.asciiValue ?? 0) << (8 * UInt32($1.offset)) }
    }
}

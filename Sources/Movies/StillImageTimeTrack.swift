import CoreMedia
import Foundation

/// Adds a Live Photo movie's still-image time: the timed-metadata track Apple's cameras write (handler `meta`,
/// sample entry `mebx` declaring the key `com.apple.quicktime.still-image-time`, type 65 — signed 8-bit) with one
/// 9-byte sample (size 9, key 1, value −1) placed at the still's time by an edit list. FFmpeg 5.1's muxer cannot
/// write such a track, so it is added to a finished movie whose index (`moov`) is its last box: the sample goes in
/// a new `mdat` before the index, so no existing chunk offset moves.
public enum StillImageTimeTrack {
    /// Rewrites the movie at `url` (in place, through a temporary file renamed over it) with the track.
    public static func add(to url: URL, at time: CMTime) throws(MovieError) {
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch { throw MovieError(.unreadable, "\(url.lastPathComponent): \(error.localizedDescription)") }
        guard let moov = lastTopLevelBox(bytes), moov.type == "moov" else {
            throw MovieError(.unwritable, "\(url.lastPathComponent): the movie's index is not its last box, so the still-image time cannot be added")
        }
        var index = Data(bytes[moov.range])
        guard let mvhd = childBox(index, type: "mvhd", from: 8) else { throw MovieError(.unwritable, "\(url.lastPathComponent): the movie has no header (mvhd)") }
        let version = index[mvhd.lowerBound + 8]
        let timescaleAt = mvhd.lowerBound + 8 + (version == 1 ? 20 : 12)
        let timescale = readU32(index, timescaleAt)
        let nextTrackAt = mvhd.upperBound - 4
        let trackID = readU32(index, nextTrackAt)
        guard timescale > 0, trackID > 0, trackID < UInt32.max else { throw MovieError(.unwritable, "\(url.lastPathComponent): the movie header is damaged") }
        guard time.isNumeric, time >= .zero else {
            throw MovieError(.unwritable, "\(url.lastPathComponent): the still-image time \(time) is not a time in the movie")
        }
        let still = UInt32(clamping: max(0, time.convertScale(Int32(clamping: Int64(timescale)), method: .roundHalfAwayFromZero).value))
        let sampleDuration = max(1, timescale / 30)
        guard still <= UInt32.max - sampleDuration else {
            throw MovieError(.unwritable, "\(url.lastPathComponent): the still-image time \(time) is beyond what the movie's timescale can express")
        }

        let sample = Data([0, 0, 0, 9, 0, 0, 0, 1, 0xFF])
        let mdat = box("mdat", sample)
        let sampleOffset = UInt32(moov.range.lowerBound + 8)
        let trak = trackBox(id: trackID, timescale: timescale, still: still, sampleDuration: sampleDuration, sampleOffset: sampleOffset)
        writeU32(&index, nextTrackAt, trackID + 1)
        index.append(trak)
        writeU32(&index, 0, UInt32(index.count))

        var rewritten = Data(bytes[..<moov.range.lowerBound])
        rewritten.append(mdat)
        rewritten.append(index)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).mebx-\(UUID().uuidString)")
        do {
            try rewritten.write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw MovieError(.unwritable, "\(url.lastPathComponent) cannot be replaced: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw MovieError(.unwritable, "\(url.lastPathComponent): \(error.localizedDescription)")
        }
    }

    private static func trackBox(id: UInt32, timescale: UInt32, still: UInt32, sampleDuration: UInt32, sampleOffset: UInt32) -> Data {
        let identity: [UInt32] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        let tkhd = fullBox("tkhd", version: 0, flags: 3, u32(0) + u32(0) + u32(id) + u32(0) + u32(still + sampleDuration) + u32(0) + u32(0)
                           + u16(0) + u16(0) + u16(0) + u16(0) + identity.reduce(Data()) { $0 + u32($1) } + u32(0) + u32(0))
        var edits = [(duration: sampleDuration, mediaTime: Int32(0))]
        if still > 0 { edits.insert((still, -1), at: 0) }
        let elst = fullBox("elst", version: 0, flags: 0, edits.reduce(u32(UInt32(edits.count))) {
            $0 + u32($1.duration) + u32(UInt32(bitPattern: $1.mediaTime)) + u32(0x10000)
        })
        let mdhd = fullBox("mdhd", version: 0, flags: 0, u32(0) + u32(0) + u32(timescale) + u32(sampleDuration) + u16(0x55C4) + u16(0))
        let hdlr = fullBox("hdlr", version: 0, flags: 0, u32(0) + Data("meta".utf8) + Data(count: 12) + Data("Core Media Metadata\0".utf8))
        let key = box("keyd", Data("mdta".utf8) + Data("com.apple.quicktime.still-image-time".utf8))
        let type = box("dtyp", u32(0) + u32(65))
        let keys = box("keys", boxRaw(u32(1), key + type))
        let mebx = box("mebx", Data(count: 6) + u16(1) + keys)
        let stbl = box("stbl", fullBox("stsd", version: 0, flags: 0, u32(1) + mebx)
                       + fullBox("stts", version: 0, flags: 0, u32(1) + u32(1) + u32(sampleDuration))
                       + fullBox("stsc", version: 0, flags: 0, u32(1) + u32(1) + u32(1) + u32(1))
                       + fullBox("stsz", version: 0, flags: 0, u32(0) + u32(1) + u32(9))
                       + fullBox("stco", version: 0, flags: 0, u32(1) + u32(sampleOffset)))
        let dinf = box("dinf", fullBox("dref", version: 0, flags: 0, u32(1) + fullBox("url ", version: 0, flags: 1, Data())))
        let minf = box("minf", fullBox("nmhd", version: 0, flags: 0, Data()) + dinf + stbl)
        return box("trak", tkhd + box("edts", elst) + box("mdia", mdhd + hdlr + minf))
    }

    /// The last top-level box, when the boxes tile the file exactly.
    private static func lastTopLevelBox(_ data: Data) -> (type: String, range: Range<Int>)? {
        var at = 0
        var last: (String, Range<Int>)?
        while at + 8 <= data.count {
            var size = Int(readU32(data, at))
            if size == 1, at + 16 <= data.count { size = Int(clamping: readU64(data, at + 8)) }
            if size == 0 { size = data.count - at }
            guard size >= 8, at + size <= data.count else { return nil }
            last = (String(decoding: data[(at + 4)..<(at + 8)], as: UTF8.self), at..<(at + size))
            at += size
        }
        return at == data.count ? last : nil
    }

    /// The range of the first child box of `type` inside the box whose children start at `start`.
    private static func childBox(_ data: Data, type: String, from start: Int) -> Range<Int>? {
        var at = start
        while at + 8 <= data.count {
            let size = Int(readU32(data, at))
            guard size >= 8, at + size <= data.count else { return nil }
            if String(decoding: data[(at + 4)..<(at + 8)], as: UTF8.self) == type { return at..<(at + size) }
            at += size
        }
        return nil
    }

    private static func box(_ type: String, _ payload: Data) -> Data { u32(UInt32(8 + payload.count)) + Data(type.utf8) + payload }
    private static func boxRaw(_ type: Data, _ payload: Data) -> Data { u32(UInt32(8 + payload.count)) + type + payload }
    private static func fullBox(_ type: String, version: UInt8, flags: UInt32, _ payload: Data) -> Data {
        box(type, Data([version, UInt8((flags >> 16) & 0xFF), UInt8((flags >> 8) & 0xFF), UInt8(flags & 0xFF)]) + payload)
    }
    private static func u16(_ v: UInt16) -> Data { Data([UInt8(v >> 8), UInt8(v & 0xFF)]) }
    private static func u32(_ v: UInt32) -> Data { Data([UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]) }
    private static func readU32(_ d: Data, _ at: Int) -> UInt32 {
        let b = d.startIndex + at
        return UInt32(d[b]) << 24 | UInt32(d[b + 1]) << 16 | UInt32(d[b + 2]) << 8 | UInt32(d[b + 3])
    }
    private static func readU64(_ d: Data, _ at: Int) -> UInt64 { UInt64(readU32(d, at)) << 32 | UInt64(readU32(d, at + 4)) }
    private static func writeU32(_ d: inout Data, _ at: Int, _ v: UInt32) {
        let b = d.startIndex + at
        d[b] = UInt8(v >> 24); d[b + 1] = UInt8((v >> 16) & 0xFF); d[b + 2] = UInt8((v >> 8) & 0xFF); d[b + 3] = UInt8(v & 0xFF)
    }
}

/// Apple's MakerNote ("Apple iOS\0", version, "MM", then an IFD whose offsets are relative to the
/// MakerNote start). libexif 0.6.24 reads its out-of-line values 6 bytes early, so it is parsed here.
///
/// Tags used:
/// - 0x000A HDRImageType: 3 = HDR image, 4 = the non-HDR original kept beside it.
/// - 0x000B BurstUUID: shared by all frames of a burst.
/// - 0x0011 MediaGroupUUID: the Live Photo content identifier.
/// - 0x0014 ImageCaptureType: 1 ProRAW, 2 Portrait, 10 Photo, 11 Manual focus, 12 Scene.
/// - 0x0021 HDRHeadroom (informational).
struct AppleMakerNote {
    var hdrImageType: Int?
    var burstUUID: String?
    var mediaGroupUUID: String?
    var imageCaptureType: Int?
    var hdrHeadroom: Double?

    /// Parses the MakerNote bytes; nil when they are not an Apple MakerNote.
    init?(_ bytes: [UInt8]) {
        let parsed: AppleMakerNote?? = bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            guard r.matches(0, "Apple iOS\0"), raw.count >= 16 else { return .some(nil) }
            r.bigEndian = !r.matches(12, "II")
            guard let n = r.u16(14), n <= 512 else { return .some(nil) }
            var note = AppleMakerNote()
            for i in 0..<Int(n) {
                let e = 16 + 12 * i
                guard let tag = r.u16(e), let type = r.u16(e + 2), let count = r.u32(e + 4).map(Int.init) else { break }
                let unit = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8][Int(type)] ?? 0
                guard unit > 0, count <= raw.count else { continue }
                let size = unit * count
                let valueAt = size <= 4 ? e + 8 : Int(r.u32(e + 8) ?? UInt32.max)
                guard let value = r.slice(valueAt, size) else { continue }
                func int() -> Int? {
                    switch type {
                    case 3: return r.u16(valueAt).map(Int.init)
                    case 4: return r.u32(valueAt).map(Int.init)
                    case 8: return r.u16(valueAt).map { Int(Int16(bitPattern: $0)) }
                    case 9: return r.u32(valueAt).map { Int(Int32(bitPattern: $0)) }
                    case 1, 6, 7: return value.first.map(Int.init)
                    default: return nil
                    }
                }
                switch tag {
                case 0x000A: note.hdrImageType = int()
                case 0x000B where type == 2: note.burstUUID = value.trimmedString()
                case 0x0011 where type == 2: note.mediaGroupUUID = value.trimmedString()
                case 0x0014: note.imageCaptureType = int()
                case 0x0021 where type == 5 || type == 10:
                    if let num = r.u32(valueAt), let den = r.u32(valueAt + 4), den != 0 {
                        note.hdrHeadroom = type == 5 ? Double(num) / Double(den)
                                                     : Double(Int32(bitPattern: num)) / Double(Int32(bitPattern: den))
                    }
                default: break
                }
            }
            return .some(note)
        }
        guard let note = parsed ?? nil else { return nil }
        self = note
    }

    private init() {}
}

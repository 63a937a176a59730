import Foundation
@testable import ImageIO

/// Builds JPEGs with an EXIF thumbnail (IFD1 JPEGInterchangeFormat), byte by byte.
enum EXIFThumbnailFixture {
    static func block(thumbnail: Data) -> Data {
        // Little-endian TIFF: IFD0 with Make, then IFD1 with the thumbnail's offset and length.
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let make = Array("Fixture\0".utf8)
        let ifd0 = 8, ifd1 = ifd0 + 2 + 12 + 4, makeAt = ifd1 + 2 + 2 * 12 + 4, thumbAt = makeAt + make.count
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(ifd0)
        bytes += le16(1) + le16(0x010F) + le16(2) + le32(make.count) + le32(makeAt) + le32(ifd1)
        bytes += le16(2) + le16(0x0201) + le16(4) + le32(1) + le32(thumbAt) + le16(0x0202) + le16(4) + le32(1) + le32(thumbnail.count) + le32(0)
        bytes += make
        return Data(bytes) + thumbnail
    }

    static func jpeg(_ jpeg: Data, exif: Data) -> Data? {
        JPEGSegmentWriter.splice(JPEGSegmentWriter.segments(exif: exif, xmp: nil, icc: nil, iptc: nil), into: jpeg)
    }
}

/// Four ASCII characters packed big-endian into 32 bits (`'avc1'`), as Core Services' `FourCharCode`.
public typealias FourCharCode = UInt32
/// A media type code (`kCMMediaType_Video`).
public typealias CMMediaType = FourCharCode
/// A video codec code (`kCMVideoCodecType_H264`).
public typealias CMVideoCodecType = FourCharCode

/// The code of four ASCII characters; characters beyond ASCII count as `?`.
public func CMFourCharCode(_ text: String) -> FourCharCode {
    let bytes = Array(text.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - text.utf8.count))
    return bytes.reduce(0) { $0 << 8 | FourCharCode($1 < 0x80 ? $1 : UInt8(ascii: "?")) }
}

public let kCMMediaType_Video: CMMediaType = CMFourCharCode("vide")
public let kCMMediaType_Audio: CMMediaType = CMFourCharCode("soun")
public let kCMMediaType_Metadata: CMMediaType = CMFourCharCode("meta")
public let kCMMediaType_Subtitle: CMMediaType = CMFourCharCode("sbtl")
public let kCMMediaType_Text: CMMediaType = CMFourCharCode("text")
public let kCMVideoCodecType_H264: CMVideoCodecType = CMFourCharCode("avc1")
public let kCMVideoCodecType_HEVC: CMVideoCodecType = CMFourCharCode("hvc1")
public let kCMVideoCodecType_MPEG4Video: CMVideoCodecType = CMFourCharCode("mp4v")
public let kCMVideoCodecType_AppleProRes422: CMVideoCodecType = CMFourCharCode("apcn")
public let kCMVideoCodecType_JPEG: CMVideoCodecType = CMFourCharCode("jpeg")

/// A video frame size in pixels, as Core Media's `CMVideoDimensions`.
public struct CMVideoDimensions: Sendable, Hashable {
    public var width: Int32
    public var height: Int32
    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }
}

/// What a track's samples are, as Core Media's `CMFormatDescription`: media type, codec subtype and, for video,
/// the coded dimensions. Immutable. Difference from Apple: no extensions dictionary (colour, pixel aspect).
public final class CMFormatDescription: Sendable, Hashable, CustomStringConvertible {
    /// `kCMMediaType_Video`, `kCMMediaType_Audio`, …
    public let mediaType: CMMediaType
    /// The sample entry's code (`'avc1'`, `'hvc1'`, `'mp4a'`).
    public let mediaSubType: FourCharCode
    /// Coded frame size (video; zero otherwise).
    public let dimensions: CMVideoDimensions

    public init(mediaType: CMMediaType, mediaSubType: FourCharCode, dimensions: CMVideoDimensions = .init(width: 0, height: 0)) {
        self.mediaType = mediaType
        self.mediaSubType = mediaSubType
        self.dimensions = dimensions
    }

    public static func == (l: CMFormatDescription, r: CMFormatDescription) -> Bool {
        l.mediaType == r.mediaType && l.mediaSubType == r.mediaSubType && l.dimensions == r.dimensions
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(mediaType)
        hasher.combine(mediaSubType)
        hasher.combine(dimensions)
    }

    public var description: String {
        func text(_ c: FourCharCode) -> String { String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: c >> (24 - 8 * $0)) }, as: UTF8.self) }
        return "<CMFormatDescription mediaType:'\(text(mediaType))' mediaSubType:'\(text(mediaSubType))' \(dimensions.width)x\(dimensions.height)>"
    }
}

/// A video format description (`CMVideoFormatDescription` is the same type on Apple platforms).
public typealias CMVideoFormatDescription = CMFormatDescription

/// The media type of a format description.
public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType { desc.mediaType }
/// The codec subtype of a format description.
public func CMFormatDescriptionGetMediaSubType(_ desc: CMFormatDescription) -> FourCharCode { desc.mediaSubType }
/// The coded dimensions of a video format description.
public func CMVideoFormatDescriptionGetDimensions(_ videoDesc: CMVideoFormatDescription) -> CMVideoDimensions { videoDesc.dimensions }

/// The kind of media a track carries, as AVFoundation's `AVMediaType` (four-character raw values, as Apple's).
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Video ("vide").
    public static let video = AVMediaType("vide")
    /// Audio ("soun").
    public static let audio = AVMediaType("soun")
    /// Timed metadata ("meta"), e.g. a Live Photo movie's still-image-time track.
    public static let metadata = AVMediaType("meta")
    /// Subtitles ("sbtl").
    public static let subtitle = AVMediaType("sbtl")
    /// Text ("text").
    public static let text = AVMediaType("text")
    /// Closed captions ("clcp").
    public static let closedCaption = AVMediaType("clcp")
    /// Time code ("tmcd").
    public static let timecode = AVMediaType("tmcd")
    /// Muxed audio and video ("muxx").
    public static let muxed = AVMediaType("muxx")
}

/// A file format for writing and exporting, as AVFoundation's `AVFileType` (uniform type identifiers as raw values).
public struct AVFileType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// QuickTime movie (.mov).
    public static let mov = AVFileType("com.apple.quicktime-movie")
    /// MPEG-4 (.mp4).
    public static let mp4 = AVFileType("public.mpeg-4")
    /// iTunes video (.m4v).
    public static let m4v = AVFileType("com.apple.m4v-video")
    /// MPEG-4 audio (.m4a).
    public static let m4a = AVFileType("com.apple.m4a-audio")
    /// HEIC still image.
    public static let heic = AVFileType("public.heic")
    /// JPEG still image.
    public static let jpg = AVFileType("public.jpeg")
}

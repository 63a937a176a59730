import Foundation

/// What PhotoKit would know about a media file at import time, read from its headers and metadata only.
public struct MediaInfo: Sendable, Equatable {
    /// The broad kind of asset the file becomes.
    public enum Kind: String, Sendable { case image, video, audio }

    /// The container/codec family, decided by content sniffing (never by the file extension).
    public enum Format: String, Sendable {
        case jpeg, heif, png, gif, webp, tiff, dng, cameraRAW, quickTime, mpeg4, m4a
    }

    /// Image, video or audio.
    public var kind: Kind
    /// The sniffed format.
    public var format: Format
    /// Apple Uniform Type Identifier, e.g. "public.jpeg", "public.heic", "com.apple.quicktime-movie".
    public var uniformTypeIdentifier: String
    /// Display width: after EXIF orientation, HEIF irot/imir, raw flip or the video display matrix.
    public var pixelWidth: Int
    /// Display height (see `pixelWidth`).
    public var pixelHeight: Int
    /// Width as stored in the file.
    public var storedPixelWidth: Int
    /// Height as stored in the file.
    public var storedPixelHeight: Int
    /// EXIF/TIFF orientation 1...8; 1 when absent or invalid.
    public var orientation: Int
    /// Capture date: EXIF DateTimeOriginal (+OffsetTimeOriginal, +SubSecTimeOriginal), QuickTime
    /// `com.apple.quicktime.creationdate`, else `creation_time`; nil when the file has none.
    /// A floating local time (no offset) is interpreted in the process's current time zone.
    public var creationDate: Date?
    /// GPS location, if recorded.
    public var location: Location?
    /// Duration in seconds; 0 for stills.
    public var duration: Double
    /// Average video frame rate, if known.
    public var frameRate: Double?
    /// Capture subtypes (panorama, HDR, burst evidence, ...). See `Traits`.
    public var traits: Traits
    /// Live Photo pairing identifier: Apple MakerNote 0x0011 in stills, `com.apple.quicktime.content.identifier` in movies.
    public var contentIdentifier: String?
    /// Burst identifier: Apple MakerNote BurstUUID (0x000B), else XMP `GCamera:BurstID`.
    public var burstIdentifier: String?
    /// Movies: presentation time (seconds) of the `com.apple.quicktime.still-image-time` sample, if found.
    public var stillImageTime: Double?
    /// Camera manufacturer.
    public var cameraMake: String?
    /// Camera model.
    public var cameraModel: String?
    /// Lens model (iPhones write e.g. "iPhone 8 front camera 2.87mm f/2.2").
    public var lensModel: String?
    /// 1 for stills, >1 for animated GIF/WebP, the video frame count when known, else 0.
    public var frameCount: Int
    /// Whether the image has an alpha channel.
    public var hasAlpha: Bool
    /// Bits per sample (luma bits for HEIF/video, raw bits for RAW), if known.
    public var bitDepth: Int?

    /// Creates a value; every field except the first three has a neutral default.
    public init(kind: Kind, format: Format, uniformTypeIdentifier: String,
                pixelWidth: Int = 0, pixelHeight: Int = 0,
                storedPixelWidth: Int = 0, storedPixelHeight: Int = 0,
                orientation: Int = 1, creationDate: Date? = nil, location: Location? = nil,
                duration: Double = 0, frameRate: Double? = nil, traits: Traits = [],
                contentIdentifier: String? = nil, burstIdentifier: String? = nil,
                stillImageTime: Double? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
                lensModel: String? = nil, frameCount: Int = 1, hasAlpha: Bool = false, bitDepth: Int? = nil) {
        self.kind = kind
        self.format = format
        self.uniformTypeIdentifier = uniformTypeIdentifier
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.storedPixelWidth = storedPixelWidth
        self.storedPixelHeight = storedPixelHeight
        self.orientation = orientation
        self.creationDate = creationDate
        self.location = location
        self.duration = duration
        self.frameRate = frameRate
        self.traits = traits
        self.contentIdentifier = contentIdentifier
        self.burstIdentifier = burstIdentifier
        self.stillImageTime = stillImageTime
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lensModel = lensModel
        self.frameCount = frameCount
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
    }
}

/// A WGS84 position.
public struct Location: Sendable, Equatable {
    /// Signed decimal degrees, north positive.
    public var latitude: Double
    /// Signed decimal degrees, east positive.
    public var longitude: Double
    /// Metres above sea level (negative below), if recorded.
    public var altitude: Double?
    /// GPS fix time (UTC), if recorded.
    public var timestamp: Date?

    /// Creates a location.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil, timestamp: Date? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.timestamp = timestamp
    }
}

/// PhotoKit-style capture subtypes. The evidence behind each flag is documented in `SubtypeRules`.
public struct Traits: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates traits from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Panorama: EXIF CustomRendered 6, XMP GPano:ProjectionType, or a very wide camera still.
    public static let panorama = Traits(rawValue: 1 << 0)
    /// HDR: Apple MakerNote HDRImageType 3, EXIF CustomRendered 2/3/7, an HDR gain map (HEIF aux or XMP).
    public static let hdr = Traits(rawValue: 1 << 1)
    /// Screenshot: EXIF or XMP UserComment "Screenshot".
    public static let screenshot = Traits(rawValue: 1 << 2)
    /// Depth effect: XMP GDepth, a HEIF depth auxiliary image, or EXIF CustomRendered 7/8 (Portrait).
    public static let depthEffect = Traits(rawValue: 1 << 3)
    /// Animated GIF/WebP (more than one frame).
    public static let animated = Traits(rawValue: 1 << 4)
    /// High-frame-rate (slo-mo) video: frame rate ≥ 100 fps, or a capture frame rate ≥ 100 fps.
    public static let highFrameRate = Traits(rawValue: 1 << 5)
    /// Time-lapse video: a capture frame rate well below playback, or a time-lapse capture-mode tag.
    public static let timelapse = Traits(rawValue: 1 << 6)
    /// Taken with a front (selfie) camera: the lens model mentions "front".
    public static let frontCamera = Traits(rawValue: 1 << 7)
    /// DNG or camera RAW.
    public static let raw = Traits(rawValue: 1 << 8)
    /// Has a Live Photo content identifier (still or movie); pairing is the importer's job.
    public static let livePhotoComponent = Traits(rawValue: 1 << 9)
    /// Screen recording: a QuickTime movie whose metadata says so.
    public static let screenRecording = Traits(rawValue: 1 << 10)
    /// Burst member: has a burst identifier.
    public static let burst = Traits(rawValue: 1 << 11)
}

/// Tuning for `MediaInspector`.
public struct InspectionOptions: Sendable {
    /// Images whose header claims more pixels than this are rejected with `.tooLarge` before any decoding.
    public var maximumPixelCount: Int = 200_000_000
    /// Default options.
    public init() {}
}

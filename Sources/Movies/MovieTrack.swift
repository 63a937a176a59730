import CoreMedia

/// One track of a movie as its container describes it (no decoding).
public struct MovieTrack: Sendable, Hashable {
    /// What a track carries.
    public enum Kind: Sendable, Hashable {
        case video, audio, metadata, subtitle, other
    }

    /// FFmpeg's stream index: how the reader addresses the track.
    public let index: Int
    /// The container's track ID (QuickTime's `tkhd`).
    public let trackID: Int32
    public let kind: Kind
    /// FFmpeg's codec name: "h264", "hevc", "aac", …; empty when unknown.
    public let codecName: String
    /// The sample entry's four-character code ("avc1", "hvc1", "mp4a", "mebx"), empty when none.
    public let fourCharacterCode: String
    /// Coded frame size (video); 0 for other kinds.
    public let codedWidth: Int
    public let codedHeight: Int
    /// The display matrix as an affine transform `(a, b, c, d, tx, ty)` in QuickTime's convention (the
    /// `tkhd` matrix): identity when the track has none.
    public let transform: MovieTransform
    /// The time base: one tick is `1 / timescale` seconds.
    public let timescale: Int32
    /// When the track's media starts and how long it lasts.
    public let timeRange: CMTimeRange
    /// Average frames per second (video); nil when unknown.
    public let frameRate: Double?
    /// Number of samples; 0 when unknown.
    public let sampleCount: Int
    /// Bits per second; 0 when unknown.
    public let bitRate: Int
    /// Audio sample rate and channel count; 0 for other kinds.
    public let sampleRate: Int
    public let channelCount: Int
    /// Bits per decoded component (8, 10, 12); nil when unknown.
    public let bitsPerComponent: Int?
    /// The video's colour tags (unspecified ones are 2, as in H.273); `.bt709` for other kinds.
    public let color: MovieColor
    /// The container marks the track enabled (default).
    public let isEnabled: Bool
    /// ISO 639-2/T language code; nil when unknown or undetermined.
    public let languageCode: String?

    public init(index: Int, trackID: Int32, kind: Kind, codecName: String, fourCharacterCode: String, codedWidth: Int, codedHeight: Int,
                transform: MovieTransform, timescale: Int32,
                timeRange: CMTimeRange, frameRate: Double?, sampleCount: Int, bitRate: Int, sampleRate: Int, channelCount: Int,
                bitsPerComponent: Int?, color: MovieColor = .bt709, isEnabled: Bool, languageCode: String?) {
        self.index = index
        self.trackID = trackID
        self.kind = kind
        self.codecName = codecName
        self.fourCharacterCode = fourCharacterCode
        self.codedWidth = codedWidth
        self.codedHeight = codedHeight
        self.transform = transform
        self.timescale = timescale
        self.timeRange = timeRange
        self.frameRate = frameRate
        self.sampleCount = sampleCount
        self.color = color
        self.bitRate = bitRate
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.bitsPerComponent = bitsPerComponent
        self.isEnabled = isEnabled
        self.languageCode = languageCode
    }

    /// How the display matrix turns the stored frame upright: mirror horizontally first when `mirrored`, then
    /// turn `quarterTurns` × 90° clockwise; nil when the matrix is not a multiple of 90° (shown as stored).
    public var orientation: (quarterTurns: Int, mirrored: Bool)? {
        let (a, b, c, d) = (transform.a, transform.b, transform.c, transform.d)
        guard [a, b, c, d].allSatisfy({ $0.isFinite && abs($0 - $0.rounded()) < 1e-3 }) else { return nil }
        switch (a.rounded(), b.rounded(), c.rounded(), d.rounded()) {
        case (1, 0, 0, 1): return (0, false)
        case (0, 1, -1, 0): return (1, false)
        case (-1, 0, 0, -1): return (2, false)
        case (0, -1, 1, 0): return (3, false)
        case (-1, 0, 0, 1): return (0, true)
        case (1, 0, 0, -1): return (2, true)
        case (0, 1, 1, 0): return (3, true)     // transpose: mirrored, then 270° clockwise
        case (0, -1, -1, 0): return (1, true)   // transverse: mirrored, then 90° clockwise
        default: return nil
        }
    }

    /// The frame size after the display matrix (width and height swap for quarter turns).
    public var displaySize: (width: Int, height: Int) {
        (orientation?.quarterTurns ?? 0) % 2 == 1 ? (codedHeight, codedWidth) : (codedWidth, codedHeight)
    }
}

/// A track's display matrix as the affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (QuickTime's
/// `tkhd` convention, which is also `CGAffineTransform`'s).
public struct MovieTransform: Sendable, Hashable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    /// No transform.
    public static let identity = MovieTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

extension MovieTrack {
    /// The EXIF orientation (1…8, as `CGImagePropertyOrientation`'s raw values) that turns a stored frame upright
    /// by the display matrix; 1 when the matrix is not a multiple of 90°.
    public var exifOrientation: Int {
        switch (orientation?.quarterTurns ?? 0, orientation?.mirrored ?? false) {
        case (1, false): 6
        case (2, false): 3
        case (3, false): 8
        case (0, true): 2
        case (1, true): 7
        case (2, true): 4
        case (3, true): 5
        default: 1
        }
    }
}

extension MovieTransform {
    /// The same rotation and mirroring for frames of `width`×`height`: the translation recomputed so the turned
    /// frame's corner lands at the origin (a display matrix made for one frame size, moved to another).
    public func fitted(width: Int, height: Int) -> MovieTransform {
        let corners = [(0.0, 0.0), (Double(width), 0.0), (0.0, Double(height)), (Double(width), Double(height))]
            .map { (a * $0.0 + c * $0.1, b * $0.0 + d * $0.1) }
        return MovieTransform(a: a, b: b, c: c, d: d, tx: -(corners.map(\.0).min() ?? 0), ty: -(corners.map(\.1).min() ?? 0))
    }
}

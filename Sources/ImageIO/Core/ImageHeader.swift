import CoreGraphics

/// What a codec learns about one image of a file from its headers, without decoding pixels.
public struct ImageHeader: Sendable, Hashable {
    /// The file's format.
    public var format: ImageFormat
    /// Stored width in pixels (before orientation).
    public var width: Int
    /// Stored height in pixels (before orientation).
    public var height: Int
    /// Bits per component of the stored samples (8, 16, 12 for some RAW…).
    public var bitsPerComponent: Int
    /// Whether the image is colour, gray or CMYK.
    public var colorModel: ColorModel
    /// Whether the stored image has an alpha channel.
    public var hasAlpha: Bool
    /// Whether samples are palette indices (GIF, palette PNG).
    public var isIndexed: Bool
    /// The source colour: an embedded profile, a named space the format declares, or nothing.
    public var colorSource: ColorSource
    /// Metadata blocks and format dictionaries.
    public var metadata: ImageMetadata
    /// Per-frame facts (delay of an animation frame, frame offsets…), in Apple's key names.
    public var frameProperties: [String: PropertyValue]
    /// Size of an embedded thumbnail or preview, when the file carries one.
    public var embeddedThumbnailSize: (width: Int, height: Int)? {
        get { thumbWidth.map { w in (w, thumbHeight ?? 0) } }
        set { thumbWidth = newValue?.width; thumbHeight = newValue?.height }
    }
    private var thumbWidth: Int?
    private var thumbHeight: Int?

    /// Colour models, as Apple's `kCGImagePropertyColorModel` names them.
    public enum ColorModel: String, Sendable, Hashable {
        /// Red, green, blue.
        case rgb = "RGB"
        /// One gray channel.
        case gray = "Gray"
        /// Cyan, magenta, yellow, black (converted to RGB when decoded).
        case cmyk = "CMYK"
        /// CIE L*a*b*.
        case lab = "Lab"
    }

    /// Where the pixels' colour meaning comes from.
    public enum ColorSource: Sendable, Hashable {
        /// An embedded ICC profile.
        case icc(Data)
        /// A named Core Graphics space the file declares without a profile (PNG sRGB chunk, HEIF nclx, RAW output).
        case named(String)
        /// Nothing: treated as sRGB for colour and gamma-2.2 gray for gray images, as Apple does for untagged files.
        case unspecified
    }

    /// Creates a header.
    public init(format: ImageFormat, width: Int, height: Int, bitsPerComponent: Int = 8, colorModel: ColorModel = .rgb,
                hasAlpha: Bool = false, isIndexed: Bool = false, colorSource: ColorSource = .unspecified,
                metadata: ImageMetadata = ImageMetadata(), frameProperties: [String: PropertyValue] = [:]) {
        self.format = format
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.colorModel = colorModel
        self.hasAlpha = hasAlpha
        self.isIndexed = isIndexed
        self.colorSource = colorSource
        self.metadata = metadata
        self.frameProperties = frameProperties
    }

    /// The size after the declared orientation is applied.
    public var orientedSize: (width: Int, height: Int) {
        metadata.orientation.swapsDimensions ? (height, width) : (width, height)
    }

    public static func == (lhs: ImageHeader, rhs: ImageHeader) -> Bool {
        lhs.format == rhs.format && lhs.width == rhs.width && lhs.height == rhs.height && lhs.metadata == rhs.metadata
            && lhs.colorSource == rhs.colorSource && lhs.frameProperties == rhs.frameProperties
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(width)
        hasher.combine(height)
    }
}

extension CGImagePropertyOrientation {
    /// Whether displaying upright swaps width and height (orientations 5–8).
    public var swapsDimensions: Bool { rawValue >= 5 }
}

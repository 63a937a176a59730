import Foundation

/// A Core Image image: an immutable recipe for pixels (sources, filters, transforms), rendered by `CIContext`.
///
/// Creating, filtering, cropping and transforming never compute pixels. Instances are immutable and safe to
/// share between threads. The coordinate system is Core Image's: origin at the bottom left, y up.
/// Differences from Apple: no Metal, IOSurface or CVPixelBuffer inputs; images from files decode lazily at the
/// first render and stay decoded while the `CIImage` lives.
public final class CIImage: NSObject, @unchecked Sendable {
    /// The engine graph this image stands for.
    package let image: Image
    private let metadata: [String: Any]
    /// The file the image was read from, if any.
    public let url: URL?
    /// The colour space of the source pixels (`nil` for non-colour data and for images made by filters).
    public let colorSpace: CGColorSpace?
    /// The `CGImage` the image was created from, if any.
    public let cgImage: CGImage?

    package init(image: Image, properties: [String: Any] = [:], url: URL? = nil, colorSpace: CGColorSpace? = nil, cgImage: CGImage? = nil) {
        self.image = image
        self.metadata = properties
        self.url = url
        self.colorSpace = colorSpace
        self.cgImage = cgImage
    }

    /// A new image over a derived graph, keeping this image's metadata.
    package func deriving(_ image: Image) -> CIImage {
        CIImage(image: image, properties: metadata, url: nil, colorSpace: nil, cgImage: nil)
    }

    /// Where the image is defined, in pixels (may be infinite, e.g. for solid colours and clamped images).
    public var extent: CGRect { image.extent }

    /// The metadata dictionary (EXIF, TIFF, GPS… for images read from files).
    public var properties: [String: Any] { metadata }

    /// Whether alpha is known to be 1 everywhere in the extent.
    public var isOpaque: Bool { image.isOpaque }

    /// An image with no pixels and an empty extent.
    public static func empty() -> CIImage { CIImage(image: .empty) }

    /// An infinite image of one colour.
    public convenience init(color: CIColor) {
        self.init(image: .generating(ConstantColorKernel(color: color.filterColor)))
    }

    /// Opaque black, infinite.
    public static var black: CIImage { CIImage(color: .black) }
    /// Opaque white, infinite.
    public static var white: CIImage { CIImage(color: .white) }
    /// Opaque 50 % gray, infinite.
    public static var gray: CIImage { CIImage(color: .gray) }
    /// Opaque red, infinite.
    public static var red: CIImage { CIImage(color: .red) }
    /// Opaque green, infinite.
    public static var green: CIImage { CIImage(color: .green) }
    /// Opaque blue, infinite.
    public static var blue: CIImage { CIImage(color: .blue) }
    /// Opaque cyan, infinite.
    public static var cyan: CIImage { CIImage(color: .cyan) }
    /// Opaque magenta, infinite.
    public static var magenta: CIImage { CIImage(color: .magenta) }
    /// Opaque yellow, infinite.
    public static var yellow: CIImage { CIImage(color: .yellow) }
    /// Transparent, infinite.
    public static var clear: CIImage { CIImage(color: .clear) }

    /// "<CIImage extent …>".
    public override var description: String { "<CIImage extent \(extent)>" }
}

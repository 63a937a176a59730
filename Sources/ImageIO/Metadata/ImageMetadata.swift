import Foundation
import CoreGraphics

/// The metadata blocks of one image, kept as the raw bytes the file carried, plus what the codec read from
/// its own header. Raw blocks are what encoders copy when asked to keep metadata.
public struct ImageMetadata: Sendable, Hashable {
    /// EXIF as a TIFF structure ("II*\0…" or "MM\0*…"), without JPEG's "Exif\0\0" prefix.
    public var exif: Data?
    /// The embedded ICC profile.
    public var iccProfile: Data?
    /// The XMP packet (RDF/XML).
    public var xmp: Data?
    /// IPTC-NAA records (from a JPEG's Photoshop APP13 block).
    public var iptc: Data?
    /// The orientation the file declares for its stored pixels (EXIF/TIFF Orientation, HEIF irot/imir).
    public var orientation: CGImagePropertyOrientation
    /// Whether the file states an orientation at all (Apple reports `Orientation` only then).
    public var hasOrientation: Bool
    /// Horizontal and vertical resolution in dots per inch, when the file says.
    public var dpi: (x: Double, y: Double)? {
        get { dpiX.flatMap { x in dpiY.map { (x, $0) } } }
        set { dpiX = newValue?.x; dpiY = newValue?.y }
    }
    private var dpiX: Double?
    private var dpiY: Double?
    /// Format-level dictionaries already in Apple's shape, keyed by Apple's dictionary names ("{JFIF}", "{PNG}", "{GIF}"…).
    public var formatProperties: [String: PropertyValue]
    /// Problems met while reading metadata that did not stop the image from loading (e.g. a damaged EXIF block).
    public var warnings: [String]

    /// Empty metadata.
    public init(exif: Data? = nil, iccProfile: Data? = nil, xmp: Data? = nil, iptc: Data? = nil,
                orientation: CGImagePropertyOrientation = .up, hasOrientation: Bool = false,
                formatProperties: [String: PropertyValue] = [:]) {
        self.exif = exif
        self.iccProfile = iccProfile
        self.xmp = xmp
        self.iptc = iptc
        self.orientation = orientation
        self.hasOrientation = hasOrientation
        self.formatProperties = formatProperties
        self.warnings = []
    }

    /// Takes the orientation from the EXIF block when it has a valid one.
    mutating func adoptEXIFOrientation() {
        guard let exif, let value = EXIFOrientation.read(exif) else { return }
        orientation = value
        hasOrientation = true
    }
}

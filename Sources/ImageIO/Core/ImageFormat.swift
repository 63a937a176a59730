/// A still-image file format this module reads (and for some, writes).
///
/// The uniform type identifiers are Apple's (`public.jpeg`, `public.heic`, …) so the `ImageIO` façade can answer
/// `CGImageSourceGetType` and `CGImageDestinationCopyTypeIdentifiers` directly from it.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// JPEG (JFIF/EXIF), read and written with libjpeg-turbo.
    case jpeg
    /// PNG, read and written with libspng.
    case png
    /// HEIF with HEVC-coded images (iPhone photos), read and written with libheif.
    case heic
    /// HEIF with other or unstated codecs.
    case heif
    /// AVIF (HEIF with AV1), read with libheif.
    case avif
    /// GIF, read with giflib (every frame an image).
    case gif
    /// WebP, read with libwebp.
    case webp
    /// TIFF, read and written with libtiff.
    case tiff
    /// Adobe DNG, read with LibRaw.
    case dng
    /// Other camera RAW formats LibRaw reads (CR2, CR3, NEF, ARW, RAF, ORF, RW2…).
    case cameraRAW

    /// Apple's uniform type identifier for the format.
    public var uniformTypeIdentifier: String {
        switch self {
        case .jpeg: "public.jpeg"
        case .png: "public.png"
        case .heic: "public.heic"
        case .heif: "public.heif"
        case .avif: "public.avif"
        case .gif: "com.compuserve.gif"
        case .webp: "org.webmproject.webp"
        case .tiff: "public.tiff"
        case .dng: "com.adobe.raw-image"
        case .cameraRAW: "public.camera-raw-image"
        }
    }

    /// Lower-case file-name suffixes for the format (the first is the preferred one).
    public var suffixes: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg", "jpe"]
        case .png: ["png"]
        case .heic: ["heic", "hif"]
        case .heif: ["heif"]
        case .avif: ["avif"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .tiff: ["tiff", "tif"]
        case .dng: ["dng"]
        case .cameraRAW: ["cr2", "cr3", "nef", "arw", "raf", "orf", "rw2", "pef", "srw", "crw", "mrw", "x3f", "3fr", "iiq", "raw"]
        }
    }

    /// The format whose identifier is `identifier` (also accepting common aliases such as `public.jpg`).
    public init?(uniformTypeIdentifier identifier: String) {
        let lowered = identifier.lowercased()
        if let match = ImageFormat.allCases.first(where: { $0.uniformTypeIdentifier == lowered }) { self = match; return }
        switch lowered {
        case "public.jpg", "jpeg", "jpg": self = .jpeg
        case "public.heics", "heic": self = .heic
        case "com.google.webp", "public.webp": self = .webp
        case "public.camera-raw", "com.canon.cr2-raw-image", "com.canon.cr3-raw-image", "com.nikon.raw-image",
             "com.sony.arw-raw-image", "com.fuji.raw-image", "com.olympus.raw-image", "com.panasonic.rw2-raw-image":
            self = .cameraRAW
        default:
            guard let bySuffix = ImageFormat.allCases.first(where: { $0.suffixes.contains(lowered) }) else { return nil }
            self = bySuffix
        }
    }

    /// The format a file-name suffix names, if any (case-insensitive, without the dot).
    public init?(suffix: String) {
        let lowered = suffix.lowercased()
        guard let match = ImageFormat.allCases.first(where: { $0.suffixes.contains(lowered) }) else { return nil }
        self = match
    }
}

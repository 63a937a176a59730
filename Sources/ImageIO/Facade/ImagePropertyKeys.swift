// Apple's image property keys (CGImageProperties.h), with Apple's exact string values. On Apple platforms these
// are `CFString` constants; here they are `String`s (`CFString` is `String` in this port), so both
// `props[kCGImagePropertyPixelWidth]` on a `[AnyHashable: Any]` and `kCGImagePropertyPixelWidth as String` work.

// MARK: Metadata dictionaries

/// The `{TIFF}` dictionary.
public let kCGImagePropertyTIFFDictionary: CFString = "{TIFF}"
/// The `{GIF}` dictionary.
public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// The `{JFIF}` dictionary.
public let kCGImagePropertyJFIFDictionary: CFString = "{JFIF}"
/// The `{Exif}` dictionary.
public let kCGImagePropertyExifDictionary: CFString = "{Exif}"
/// The `{PNG}` dictionary.
public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
/// The `{IPTC}` dictionary.
public let kCGImagePropertyIPTCDictionary: CFString = "{IPTC}"
/// The `{GPS}` dictionary.
public let kCGImagePropertyGPSDictionary: CFString = "{GPS}"
/// The `{Raw}` dictionary.
public let kCGImagePropertyRawDictionary: CFString = "{Raw}"
/// The `{CIFF}` dictionary (never produced by this port).
public let kCGImagePropertyCIFFDictionary: CFString = "{CIFF}"
/// The `{8BIM}` dictionary (never produced by this port).
public let kCGImageProperty8BIMDictionary: CFString = "{8BIM}"
/// The `{DNG}` dictionary.
public let kCGImagePropertyDNGDictionary: CFString = "{DNG}"
/// The `{ExifAux}` dictionary.
public let kCGImagePropertyExifAuxDictionary: CFString = "{ExifAux}"
/// The `{MakerApple}` dictionary: the Apple maker note's tags, keyed by tag number in decimal.
public let kCGImagePropertyMakerAppleDictionary: CFString = "{MakerApple}"
/// The `{HEIF}` dictionary.
public let kCGImagePropertyHEIFDictionary: CFString = "{HEIF}"
/// The `{HEICS}` dictionary (HEIF image sequences).
public let kCGImagePropertyHEICSDictionary: CFString = "{HEICS}"
/// The `{WebP}` dictionary.
public let kCGImagePropertyWebPDictionary: CFString = "{WebP}"
/// The `{FileContents}` dictionary.
public let kCGImagePropertyFileContentsDictionary: CFString = "{FileContents}"

// MARK: Container and image properties

/// The file size in bytes (`CGImageSourceCopyProperties`).
public let kCGImagePropertyFileSize: CFString = "FileSize"
/// The number of images in the file.
public let kCGImagePropertyImageCount: CFString = "ImageCount"
/// Per-image dictionaries of a container.
public let kCGImagePropertyImages: CFString = "Images"
/// Thumbnails of a container.
public let kCGImagePropertyThumbnailImages: CFString = "ThumbnailImages"
/// The index of the primary image.
public let kCGImagePropertyPrimaryImage: CFString = "PrimaryImage"
/// Image width in pixels as stored.
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// Image height in pixels as stored.
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Horizontal resolution in dots per inch.
public let kCGImagePropertyDPIWidth: CFString = "DPIWidth"
/// Vertical resolution in dots per inch.
public let kCGImagePropertyDPIHeight: CFString = "DPIHeight"
/// Bits per colour sample.
public let kCGImagePropertyDepth: CFString = "Depth"
/// The EXIF orientation (1…8) the stored pixels need to be displayed upright.
public let kCGImagePropertyOrientation: CFString = "Orientation"
/// Whether samples are floating point.
public let kCGImagePropertyIsFloat: CFString = "IsFloat"
/// Whether samples are palette indices.
public let kCGImagePropertyIsIndexed: CFString = "IsIndexed"
/// Whether the image has an alpha channel.
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// The colour model (see `kCGImagePropertyColorModelRGB` etc.).
public let kCGImagePropertyColorModel: CFString = "ColorModel"
/// The description of the embedded ICC profile.
public let kCGImagePropertyProfileName: CFString = "ProfileName"
/// The named colour space of the image.
public let kCGImagePropertyNamedColorSpace: CFString = "NamedColorSpace"
/// The pixel format.
public let kCGImagePropertyPixelFormat: CFString = "PixelFormat"
/// Width (in a `{FileContents}` image entry).
public let kCGImagePropertyWidth: CFString = "Width"
/// Height (in a `{FileContents}` image entry).
public let kCGImagePropertyHeight: CFString = "Height"
/// Bytes per row (in a `{FileContents}` image entry).
public let kCGImagePropertyBytesPerRow: CFString = "BytesPerRow"

/// RGB colour model value.
public let kCGImagePropertyColorModelRGB: CFString = "RGB"
/// Gray colour model value.
public let kCGImagePropertyColorModelGray: CFString = "Gray"
/// CMYK colour model value.
public let kCGImagePropertyColorModelCMYK: CFString = "CMYK"
/// Lab colour model value.
public let kCGImagePropertyColorModelLab: CFString = "Lab"

// MARK: {TIFF}

/// The `{TIFF}` dictionary key "Compression" (Apple's value).
public let kCGImagePropertyTIFFCompression: CFString = "Compression"
/// The `{TIFF}` dictionary key "PhotometricInterpretation" (Apple's value).
public let kCGImagePropertyTIFFPhotometricInterpretation: CFString = "PhotometricInterpretation"
/// The `{TIFF}` dictionary key "DocumentName" (Apple's value).
public let kCGImagePropertyTIFFDocumentName: CFString = "DocumentName"
/// The `{TIFF}` dictionary key "ImageDescription" (Apple's value).
public let kCGImagePropertyTIFFImageDescription: CFString = "ImageDescription"
/// The `{TIFF}` dictionary key "Make" (Apple's value).
public let kCGImagePropertyTIFFMake: CFString = "Make"
/// The `{TIFF}` dictionary key "Model" (Apple's value).
public let kCGImagePropertyTIFFModel: CFString = "Model"
/// The `{TIFF}` dictionary key "Orientation" (Apple's value).
public let kCGImagePropertyTIFFOrientation: CFString = "Orientation"
/// The `{TIFF}` dictionary key "XResolution" (Apple's value).
public let kCGImagePropertyTIFFXResolution: CFString = "XResolution"
/// The `{TIFF}` dictionary key "YResolution" (Apple's value).
public let kCGImagePropertyTIFFYResolution: CFString = "YResolution"
/// The `{TIFF}` dictionary key "ResolutionUnit" (Apple's value).
public let kCGImagePropertyTIFFResolutionUnit: CFString = "ResolutionUnit"
/// The `{TIFF}` dictionary key "Software" (Apple's value).
public let kCGImagePropertyTIFFSoftware: CFString = "Software"
/// The `{TIFF}` dictionary key "TransferFunction" (Apple's value).
public let kCGImagePropertyTIFFTransferFunction: CFString = "TransferFunction"
/// The `{TIFF}` dictionary key "DateTime" (Apple's value).
public let kCGImagePropertyTIFFDateTime: CFString = "DateTime"
/// The `{TIFF}` dictionary key "Artist" (Apple's value).
public let kCGImagePropertyTIFFArtist: CFString = "Artist"
/// The `{TIFF}` dictionary key "HostComputer" (Apple's value).
public let kCGImagePropertyTIFFHostComputer: CFString = "HostComputer"
/// The `{TIFF}` dictionary key "Copyright" (Apple's value).
public let kCGImagePropertyTIFFCopyright: CFString = "Copyright"
/// The `{TIFF}` dictionary key "WhitePoint" (Apple's value).
public let kCGImagePropertyTIFFWhitePoint: CFString = "WhitePoint"
/// The `{TIFF}` dictionary key "PrimaryChromaticities" (Apple's value).
public let kCGImagePropertyTIFFPrimaryChromaticities: CFString = "PrimaryChromaticities"
/// The `{TIFF}` dictionary key "TileWidth" (Apple's value).
public let kCGImagePropertyTIFFTileWidth: CFString = "TileWidth"
/// The `{TIFF}` dictionary key "TileLength" (Apple's value).
public let kCGImagePropertyTIFFTileLength: CFString = "TileLength"

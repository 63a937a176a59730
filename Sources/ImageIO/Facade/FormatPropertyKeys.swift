// Apple's format dictionary keys ({JFIF}, {PNG}, {GIF}, {HEICS}, {WebP}, {IPTC}), with Apple's exact values.

/// The `{JFIF}` dictionary key "Version" (Apple's value).
public let kCGImagePropertyJFIFVersion: CFString = "Version"
/// The `{JFIF}` dictionary key "XDensity" (Apple's value).
public let kCGImagePropertyJFIFXDensity: CFString = "XDensity"
/// The `{JFIF}` dictionary key "YDensity" (Apple's value).
public let kCGImagePropertyJFIFYDensity: CFString = "YDensity"
/// The `{JFIF}` dictionary key "DensityUnit" (Apple's value).
public let kCGImagePropertyJFIFDensityUnit: CFString = "DensityUnit"
/// The `{JFIF}` dictionary key "IsProgressive" (Apple's value).
public let kCGImagePropertyJFIFIsProgressive: CFString = "IsProgressive"

/// The `{PNG}` dictionary key "Gamma" (Apple's value).
public let kCGImagePropertyPNGGamma: CFString = "Gamma"
/// The `{PNG}` dictionary key "InterlaceType" (Apple's value).
public let kCGImagePropertyPNGInterlaceType: CFString = "InterlaceType"
/// The `{PNG}` dictionary key "XPixelsPerMeter" (Apple's value).
public let kCGImagePropertyPNGXPixelsPerMeter: CFString = "XPixelsPerMeter"
/// The `{PNG}` dictionary key "YPixelsPerMeter" (Apple's value).
public let kCGImagePropertyPNGYPixelsPerMeter: CFString = "YPixelsPerMeter"
/// The `{PNG}` dictionary key "sRGBIntent" (Apple's value).
public let kCGImagePropertyPNGsRGBIntent: CFString = "sRGBIntent"
/// The `{PNG}` dictionary key "Chromaticities" (Apple's value).
public let kCGImagePropertyPNGChromaticities: CFString = "Chromaticities"
/// The `{PNG}` dictionary key "Author" (Apple's value).
public let kCGImagePropertyPNGAuthor: CFString = "Author"
/// The `{PNG}` dictionary key "Copyright" (Apple's value).
public let kCGImagePropertyPNGCopyright: CFString = "Copyright"
/// The `{PNG}` dictionary key "CreationTime" (Apple's value).
public let kCGImagePropertyPNGCreationTime: CFString = "CreationTime"
/// The `{PNG}` dictionary key "Description" (Apple's value).
public let kCGImagePropertyPNGDescription: CFString = "Description"
/// The `{PNG}` dictionary key "ModificationTime" (Apple's value).
public let kCGImagePropertyPNGModificationTime: CFString = "ModificationTime"
/// The `{PNG}` dictionary key "Software" (Apple's value).
public let kCGImagePropertyPNGSoftware: CFString = "Software"
/// The `{PNG}` dictionary key "Title" (Apple's value).
public let kCGImagePropertyPNGTitle: CFString = "Title"
/// The `{PNG}` dictionary key "Comment" (Apple's value).
public let kCGImagePropertyPNGComment: CFString = "Comment"
/// The `{PNG}` dictionary key "Disclaimer" (Apple's value).
public let kCGImagePropertyPNGDisclaimer: CFString = "Disclaimer"
/// The `{PNG}` dictionary key "Source" (Apple's value).
public let kCGImagePropertyPNGSource: CFString = "Source"
/// The `{PNG}` dictionary key "Warning" (Apple's value).
public let kCGImagePropertyPNGWarning: CFString = "Warning"
/// The `{PNG}` dictionary key "LoopCount" (Apple's value).
public let kCGImagePropertyAPNGLoopCount: CFString = "LoopCount"
/// The `{PNG}` dictionary key "DelayTime" (Apple's value).
public let kCGImagePropertyAPNGDelayTime: CFString = "DelayTime"
/// The `{PNG}` dictionary key "UnclampedDelayTime" (Apple's value).
public let kCGImagePropertyAPNGUnclampedDelayTime: CFString = "UnclampedDelayTime"

/// The `{GIF}` dictionary key "LoopCount" (Apple's value).
public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount"
/// The `{GIF}` dictionary key "DelayTime" (Apple's value).
public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// The `{GIF}` dictionary key "ImageColorMap" (Apple's value).
public let kCGImagePropertyGIFImageColorMap: CFString = "ImageColorMap"
/// The `{GIF}` dictionary key "HasGlobalColorMap" (Apple's value).
public let kCGImagePropertyGIFHasGlobalColorMap: CFString = "HasGlobalColorMap"
/// The `{GIF}` dictionary key "UnclampedDelayTime" (Apple's value).
public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// The `{GIF}` dictionary key "CanvasPixelWidth" (Apple's value).
public let kCGImagePropertyGIFCanvasPixelWidth: CFString = "CanvasPixelWidth"
/// The `{GIF}` dictionary key "CanvasPixelHeight" (Apple's value).
public let kCGImagePropertyGIFCanvasPixelHeight: CFString = "CanvasPixelHeight"
/// The `{GIF}` dictionary key "FrameInfo" (Apple's value).
public let kCGImagePropertyGIFFrameInfoArray: CFString = "FrameInfo"

/// The `{HEICS}` dictionary key "LoopCount" (Apple's value).
public let kCGImagePropertyHEICSLoopCount: CFString = "LoopCount"
/// The `{HEICS}` dictionary key "DelayTime" (Apple's value).
public let kCGImagePropertyHEICSDelayTime: CFString = "DelayTime"
/// The `{HEICS}` dictionary key "UnclampedDelayTime" (Apple's value).
public let kCGImagePropertyHEICSUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// The `{HEICS}` dictionary key "CanvasPixelWidth" (Apple's value).
public let kCGImagePropertyHEICSCanvasPixelWidth: CFString = "CanvasPixelWidth"
/// The `{HEICS}` dictionary key "CanvasPixelHeight" (Apple's value).
public let kCGImagePropertyHEICSCanvasPixelHeight: CFString = "CanvasPixelHeight"

/// The `{WebP}` dictionary key "LoopCount" (Apple's value).
public let kCGImagePropertyWebPLoopCount: CFString = "LoopCount"
/// The `{WebP}` dictionary key "DelayTime" (Apple's value).
public let kCGImagePropertyWebPDelayTime: CFString = "DelayTime"
/// The `{WebP}` dictionary key "UnclampedDelayTime" (Apple's value).
public let kCGImagePropertyWebPUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// The `{WebP}` dictionary key "FrameInfo" (Apple's value).
public let kCGImagePropertyWebPFrameInfoArray: CFString = "FrameInfo"
/// The `{WebP}` dictionary key "CanvasPixelWidth" (Apple's value).
public let kCGImagePropertyWebPCanvasPixelWidth: CFString = "CanvasPixelWidth"
/// The `{WebP}` dictionary key "CanvasPixelHeight" (Apple's value).
public let kCGImagePropertyWebPCanvasPixelHeight: CFString = "CanvasPixelHeight"

/// The `{IPTC}` dictionary key "ObjectName" (Apple's value).
public let kCGImagePropertyIPTCObjectName: CFString = "ObjectName"
/// The `{IPTC}` dictionary key "Keywords" (Apple's value).
public let kCGImagePropertyIPTCKeywords: CFString = "Keywords"
/// The `{IPTC}` dictionary key "SpecialInstructions" (Apple's value).
public let kCGImagePropertyIPTCSpecialInstructions: CFString = "SpecialInstructions"
/// The `{IPTC}` dictionary key "DateCreated" (Apple's value).
public let kCGImagePropertyIPTCDateCreated: CFString = "DateCreated"
/// The `{IPTC}` dictionary key "TimeCreated" (Apple's value).
public let kCGImagePropertyIPTCTimeCreated: CFString = "TimeCreated"
/// The `{IPTC}` dictionary key "OriginatingProgram" (Apple's value).
public let kCGImagePropertyIPTCOriginatingProgram: CFString = "OriginatingProgram"
/// The `{IPTC}` dictionary key "Byline" (Apple's value).
public let kCGImagePropertyIPTCByline: CFString = "Byline"
/// The `{IPTC}` dictionary key "BylineTitle" (Apple's value).
public let kCGImagePropertyIPTCBylineTitle: CFString = "BylineTitle"
/// The `{IPTC}` dictionary key "City" (Apple's value).
public let kCGImagePropertyIPTCCity: CFString = "City"
/// The `{IPTC}` dictionary key "SubLocation" (Apple's value).
public let kCGImagePropertyIPTCSubLocation: CFString = "SubLocation"
/// The `{IPTC}` dictionary key "Province/State" (Apple's value).
public let kCGImagePropertyIPTCProvinceState: CFString = "Province/State"
/// The `{IPTC}` dictionary key "Country/PrimaryLocationCode" (Apple's value).
public let kCGImagePropertyIPTCCountryPrimaryLocationCode: CFString = "Country/PrimaryLocationCode"
/// The `{IPTC}` dictionary key "Country/PrimaryLocationName" (Apple's value).
public let kCGImagePropertyIPTCCountryPrimaryLocationName: CFString = "Country/PrimaryLocationName"
/// The `{IPTC}` dictionary key "Headline" (Apple's value).
public let kCGImagePropertyIPTCHeadline: CFString = "Headline"
/// The `{IPTC}` dictionary key "Credit" (Apple's value).
public let kCGImagePropertyIPTCCredit: CFString = "Credit"
/// The `{IPTC}` dictionary key "Source" (Apple's value).
public let kCGImagePropertyIPTCSource: CFString = "Source"
/// The `{IPTC}` dictionary key "CopyrightNotice" (Apple's value).
public let kCGImagePropertyIPTCCopyrightNotice: CFString = "CopyrightNotice"
/// The `{IPTC}` dictionary key "Caption/Abstract" (Apple's value).
public let kCGImagePropertyIPTCCaptionAbstract: CFString = "Caption/Abstract"
/// The `{IPTC}` dictionary key "Writer/Editor" (Apple's value).
public let kCGImagePropertyIPTCWriterEditor: CFString = "Writer/Editor"

/// EXIF/TIFF/GPS tags and the keys Apple's ImageIO uses for them in `{TIFF}`, `{Exif}` and `{GPS}`.
enum EXIFTagTable {
    /// Which dictionary (and IFD) a tag lives in.
    enum Group: Sendable { case tiff, exif, gps }

    /// How a value is stored and presented.
    enum Kind: Sendable {
        case ascii, byte, short, long, rational, srational, undefined
        /// UNDEFINED version digits ("0231") shown as `[2, 3, 1]`.
        case version
        /// EXIF UserComment: 8-byte character code then text.
        case userComment
        /// Three rationals (degrees, minutes, seconds) shown as decimal degrees.
        case gpsCoordinate
        /// Three rationals (hours, minutes, seconds) shown as "HH:mm:ss.SS".
        case gpsTime
        /// BYTE version digits shown as `[2, 2, 0, 0]`.
        case byteArray
    }

    struct Tag: Sendable {
        var tag: UInt16
        var group: Group
        var key: String
        var kind: Kind
    }

    static let tags: [Tag] = tiffTags + exifTags + gpsTags

    static let tiffTags: [Tag] = [
        Tag(tag: 0x0103, group: .tiff, key: "Compression", kind: .short),
        Tag(tag: 0x0106, group: .tiff, key: "PhotometricInterpretation", kind: .short),
        Tag(tag: 0x010D, group: .tiff, key: "DocumentName", kind: .ascii),
        Tag(tag: 0x010E, group: .tiff, key: "ImageDescription", kind: .ascii),
        Tag(tag: 0x010F, group: .tiff, key: "Make", kind: .ascii),
        Tag(tag: 0x0110, group: .tiff, key: "Model", kind: .ascii),
        Tag(tag: 0x0112, group: .tiff, key: "Orientation", kind: .short),
        Tag(tag: 0x011A, group: .tiff, key: "XResolution", kind: .rational),
        Tag(tag: 0x011B, group: .tiff, key: "YResolution", kind: .rational),
        Tag(tag: 0x0128, group: .tiff, key: "ResolutionUnit", kind: .short),
        Tag(tag: 0x012D, group: .tiff, key: "TransferFunction", kind: .short),
        Tag(tag: 0x0131, group: .tiff, key: "Software", kind: .ascii),
        Tag(tag: 0x0132, group: .tiff, key: "DateTime", kind: .ascii),
        Tag(tag: 0x013B, group: .tiff, key: "Artist", kind: .ascii),
        Tag(tag: 0x013C, group: .tiff, key: "HostComputer", kind: .ascii),
        Tag(tag: 0x013E, group: .tiff, key: "WhitePoint", kind: .rational),
        Tag(tag: 0x013F, group: .tiff, key: "PrimaryChromaticities", kind: .rational),
        Tag(tag: 0x0142, group: .tiff, key: "TileWidth", kind: .long),
        Tag(tag: 0x0143, group: .tiff, key: "TileLength", kind: .long),
        Tag(tag: 0x8298, group: .tiff, key: "Copyright", kind: .ascii),
    ]

    static let exifTags: [Tag] = [
        Tag(tag: 0x829A, group: .exif, key: "ExposureTime", kind: .rational),
        Tag(tag: 0x829D, group: .exif, key: "FNumber", kind: .rational),
        Tag(tag: 0x8822, group: .exif, key: "ExposureProgram", kind: .short),
        Tag(tag: 0x8824, group: .exif, key: "SpectralSensitivity", kind: .ascii),
        Tag(tag: 0x8827, group: .exif, key: "ISOSpeedRatings", kind: .short),
        Tag(tag: 0x8830, group: .exif, key: "SensitivityType", kind: .short),
        Tag(tag: 0x8831, group: .exif, key: "StandardOutputSensitivity", kind: .long),
        Tag(tag: 0x8832, group: .exif, key: "RecommendedExposureIndex", kind: .long),
        Tag(tag: 0x8833, group: .exif, key: "ISOSpeed", kind: .long),
        Tag(tag: 0x8834, group: .exif, key: "ISOSpeedLatitudeyyy", kind: .long),
        Tag(tag: 0x8835, group: .exif, key: "ISOSpeedLatitudezzz", kind: .long),
        Tag(tag: 0x9000, group: .exif, key: "ExifVersion", kind: .version),
        Tag(tag: 0x9003, group: .exif, key: "DateTimeOriginal", kind: .ascii),
        Tag(tag: 0x9004, group: .exif, key: "DateTimeDigitized", kind: .ascii),
        Tag(tag: 0x9010, group: .exif, key: "OffsetTime", kind: .ascii),
        Tag(tag: 0x9011, group: .exif, key: "OffsetTimeOriginal", kind: .ascii),
        Tag(tag: 0x9012, group: .exif, key: "OffsetTimeDigitized", kind: .ascii),
        Tag(tag: 0x9101, group: .exif, key: "ComponentsConfiguration", kind: .byteArray),
        Tag(tag: 0x9102, group: .exif, key: "CompressedBitsPerPixel", kind: .rational),
        Tag(tag: 0x9201, group: .exif, key: "ShutterSpeedValue", kind: .srational),
        Tag(tag: 0x9202, group: .exif, key: "ApertureValue", kind: .rational),
        Tag(tag: 0x9203, group: .exif, key: "BrightnessValue", kind: .srational),
        Tag(tag: 0x9204, group: .exif, key: "ExposureBiasValue", kind: .srational),
        Tag(tag: 0x9205, group: .exif, key: "MaxApertureValue", kind: .rational),
        Tag(tag: 0x9206, group: .exif, key: "SubjectDistance", kind: .rational),
        Tag(tag: 0x9207, group: .exif, key: "MeteringMode", kind: .short),
        Tag(tag: 0x9208, group: .exif, key: "LightSource", kind: .short),
        Tag(tag: 0x9209, group: .exif, key: "Flash", kind: .short),
        Tag(tag: 0x920A, group: .exif, key: "FocalLength", kind: .rational),
        Tag(tag: 0x9214, group: .exif, key: "SubjectArea", kind: .short),
        Tag(tag: 0x9286, group: .exif, key: "UserComment", kind: .userComment),
        Tag(tag: 0x9290, group: .exif, key: "SubsecTime", kind: .ascii),
        Tag(tag: 0x9291, group: .exif, key: "SubsecTimeOriginal", kind: .ascii),
        Tag(tag: 0x9292, group: .exif, key: "SubsecTimeDigitized", kind: .ascii),
        Tag(tag: 0xA000, group: .exif, key: "FlashPixVersion", kind: .version),
        Tag(tag: 0xA001, group: .exif, key: "ColorSpace", kind: .short),
        Tag(tag: 0xA002, group: .exif, key: "PixelXDimension", kind: .long),
        Tag(tag: 0xA003, group: .exif, key: "PixelYDimension", kind: .long),
        Tag(tag: 0xA004, group: .exif, key: "RelatedSoundFile", kind: .ascii),
        Tag(tag: 0xA20B, group: .exif, key: "FlashEnergy", kind: .rational),
        Tag(tag: 0xA20E, group: .exif, key: "FocalPlaneXResolution", kind: .rational),
        Tag(tag: 0xA20F, group: .exif, key: "FocalPlaneYResolution", kind: .rational),
        Tag(tag: 0xA210, group: .exif, key: "FocalPlaneResolutionUnit", kind: .short),
        Tag(tag: 0xA214, group: .exif, key: "SubjectLocation", kind: .short),
        Tag(tag: 0xA215, group: .exif, key: "ExposureIndex", kind: .rational),
        Tag(tag: 0xA217, group: .exif, key: "SensingMethod", kind: .short),
        Tag(tag: 0xA300, group: .exif, key: "FileSource", kind: .undefined),
        Tag(tag: 0xA301, group: .exif, key: "SceneType", kind: .undefined),
        Tag(tag: 0xA401, group: .exif, key: "CustomRendered", kind: .short),
        Tag(tag: 0xA402, group: .exif, key: "ExposureMode", kind: .short),
        Tag(tag: 0xA403, group: .exif, key: "WhiteBalance", kind: .short),
        Tag(tag: 0xA404, group: .exif, key: "DigitalZoomRatio", kind: .rational),
        Tag(tag: 0xA405, group: .exif, key: "FocalLenIn35mmFilm", kind: .short),
        Tag(tag: 0xA406, group: .exif, key: "SceneCaptureType", kind: .short),
        Tag(tag: 0xA407, group: .exif, key: "GainControl", kind: .short),
        Tag(tag: 0xA408, group: .exif, key: "Contrast", kind: .short),
        Tag(tag: 0xA409, group: .exif, key: "Saturation", kind: .short),
        Tag(tag: 0xA40A, group: .exif, key: "Sharpness", kind: .short),
        Tag(tag: 0xA40C, group: .exif, key: "SubjectDistRange", kind: .short),
        Tag(tag: 0xA420, group: .exif, key: "ImageUniqueID", kind: .ascii),
        Tag(tag: 0xA430, group: .exif, key: "CameraOwnerName", kind: .ascii),
        Tag(tag: 0xA431, group: .exif, key: "BodySerialNumber", kind: .ascii),
        Tag(tag: 0xA432, group: .exif, key: "LensSpecification", kind: .rational),
        Tag(tag: 0xA433, group: .exif, key: "LensMake", kind: .ascii),
        Tag(tag: 0xA434, group: .exif, key: "LensModel", kind: .ascii),
        Tag(tag: 0xA435, group: .exif, key: "LensSerialNumber", kind: .ascii),
        Tag(tag: 0xA460, group: .exif, key: "CompositeImage", kind: .short),
        Tag(tag: 0xA500, group: .exif, key: "Gamma", kind: .rational),
    ]

    static let gpsTags: [Tag] = [
        Tag(tag: 0x0000, group: .gps, key: "GPSVersion", kind: .byteArray),
        Tag(tag: 0x0001, group: .gps, key: "LatitudeRef", kind: .ascii),
        Tag(tag: 0x0002, group: .gps, key: "Latitude", kind: .gpsCoordinate),
        Tag(tag: 0x0003, group: .gps, key: "LongitudeRef", kind: .ascii),
        Tag(tag: 0x0004, group: .gps, key: "Longitude", kind: .gpsCoordinate),
        Tag(tag: 0x0005, group: .gps, key: "AltitudeRef", kind: .byte),
        Tag(tag: 0x0006, group: .gps, key: "Altitude", kind: .rational),
        Tag(tag: 0x0007, group: .gps, key: "TimeStamp", kind: .gpsTime),
        Tag(tag: 0x0008, group: .gps, key: "Satellites", kind: .ascii),
        Tag(tag: 0x0009, group: .gps, key: "Status", kind: .ascii),
        Tag(tag: 0x000A, group: .gps, key: "MeasureMode", kind: .ascii),
        Tag(tag: 0x000B, group: .gps, key: "DOP", kind: .rational),
        Tag(tag: 0x000C, group: .gps, key: "SpeedRef", kind: .ascii),
        Tag(tag: 0x000D, group: .gps, key: "Speed", kind: .rational),
        Tag(tag: 0x000E, group: .gps, key: "TrackRef", kind: .ascii),
        Tag(tag: 0x000F, group: .gps, key: "Track", kind: .rational),
        Tag(tag: 0x0010, group: .gps, key: "ImgDirectionRef", kind: .ascii),
        Tag(tag: 0x0011, group: .gps, key: "ImgDirection", kind: .rational),
        Tag(tag: 0x0012, group: .gps, key: "MapDatum", kind: .ascii),
        Tag(tag: 0x0013, group: .gps, key: "DestLatitudeRef", kind: .ascii),
        Tag(tag: 0x0014, group: .gps, key: "DestLatitude", kind: .gpsCoordinate),
        Tag(tag: 0x0015, group: .gps, key: "DestLongitudeRef", kind: .ascii),
        Tag(tag: 0x0016, group: .gps, key: "DestLongitude", kind: .gpsCoordinate),
        Tag(tag: 0x0017, group: .gps, key: "DestBearingRef", kind: .ascii),
        Tag(tag: 0x0018, group: .gps, key: "DestBearing", kind: .rational),
        Tag(tag: 0x0019, group: .gps, key: "DestDistanceRef", kind: .ascii),
        Tag(tag: 0x001A, group: .gps, key: "DestDistance", kind: .rational),
        Tag(tag: 0x001B, group: .gps, key: "ProcessingMethod", kind: .undefined),
        Tag(tag: 0x001C, group: .gps, key: "AreaInformation", kind: .undefined),
        Tag(tag: 0x001D, group: .gps, key: "DateStamp", kind: .ascii),
        Tag(tag: 0x001E, group: .gps, key: "Differental", kind: .short),
        Tag(tag: 0x001F, group: .gps, key: "HPositioningError", kind: .rational),
    ]

    static let byTag: [Group: [UInt16: Tag]] = Dictionary(grouping: tags, by: \.group).mapValues { list in
        Dictionary(list.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
    }
    static let byKey: [Group: [String: Tag]] = Dictionary(grouping: tags, by: \.group).mapValues { list in
        Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

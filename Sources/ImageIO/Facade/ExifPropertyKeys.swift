// Apple's `{Exif}` and `{ExifAux}` keys (CGImageProperties.h), with Apple's exact string values.

/// The `{Exif}` dictionary key "ExposureTime" (Apple's value).
public let kCGImagePropertyExifExposureTime: CFString = "ExposureTime"
/// The `{Exif}` dictionary key "FNumber" (Apple's value).
public let kCGImagePropertyExifFNumber: CFString = "FNumber"
/// The `{Exif}` dictionary key "ExposureProgram" (Apple's value).
public let kCGImagePropertyExifExposureProgram: CFString = "ExposureProgram"
/// The `{Exif}` dictionary key "SpectralSensitivity" (Apple's value).
public let kCGImagePropertyExifSpectralSensitivity: CFString = "SpectralSensitivity"
/// The `{Exif}` dictionary key "ISOSpeedRatings" (Apple's value).
public let kCGImagePropertyExifISOSpeedRatings: CFString = "ISOSpeedRatings"
/// The `{Exif}` dictionary key "OECF" (Apple's value).
public let kCGImagePropertyExifOECF: CFString = "OECF"
/// The `{Exif}` dictionary key "SensitivityType" (Apple's value).
public let kCGImagePropertyExifSensitivityType: CFString = "SensitivityType"
/// The `{Exif}` dictionary key "StandardOutputSensitivity" (Apple's value).
public let kCGImagePropertyExifStandardOutputSensitivity: CFString = "StandardOutputSensitivity"
/// The `{Exif}` dictionary key "RecommendedExposureIndex" (Apple's value).
public let kCGImagePropertyExifRecommendedExposureIndex: CFString = "RecommendedExposureIndex"
/// The `{Exif}` dictionary key "ISOSpeed" (Apple's value).
public let kCGImagePropertyExifISOSpeed: CFString = "ISOSpeed"
/// The `{Exif}` dictionary key "ISOSpeedLatitudeyyy" (Apple's value).
public let kCGImagePropertyExifISOSpeedLatitudeyyy: CFString = "ISOSpeedLatitudeyyy"
/// The `{Exif}` dictionary key "ISOSpeedLatitudezzz" (Apple's value).
public let kCGImagePropertyExifISOSpeedLatitudezzz: CFString = "ISOSpeedLatitudezzz"
/// The `{Exif}` dictionary key "ExifVersion" (Apple's value).
public let kCGImagePropertyExifVersion: CFString = "ExifVersion"
/// The `{Exif}` dictionary key "DateTimeOriginal" (Apple's value).
public let kCGImagePropertyExifDateTimeOriginal: CFString = "DateTimeOriginal"
/// The `{Exif}` dictionary key "DateTimeDigitized" (Apple's value).
public let kCGImagePropertyExifDateTimeDigitized: CFString = "DateTimeDigitized"
/// The `{Exif}` dictionary key "OffsetTime" (Apple's value).
public let kCGImagePropertyExifOffsetTime: CFString = "OffsetTime"
/// The `{Exif}` dictionary key "OffsetTimeOriginal" (Apple's value).
public let kCGImagePropertyExifOffsetTimeOriginal: CFString = "OffsetTimeOriginal"
/// The `{Exif}` dictionary key "OffsetTimeDigitized" (Apple's value).
public let kCGImagePropertyExifOffsetTimeDigitized: CFString = "OffsetTimeDigitized"
/// The `{Exif}` dictionary key "ComponentsConfiguration" (Apple's value).
public let kCGImagePropertyExifComponentsConfiguration: CFString = "ComponentsConfiguration"
/// The `{Exif}` dictionary key "CompressedBitsPerPixel" (Apple's value).
public let kCGImagePropertyExifCompressedBitsPerPixel: CFString = "CompressedBitsPerPixel"
/// The `{Exif}` dictionary key "ShutterSpeedValue" (Apple's value).
public let kCGImagePropertyExifShutterSpeedValue: CFString = "ShutterSpeedValue"
/// The `{Exif}` dictionary key "ApertureValue" (Apple's value).
public let kCGImagePropertyExifApertureValue: CFString = "ApertureValue"
/// The `{Exif}` dictionary key "BrightnessValue" (Apple's value).
public let kCGImagePropertyExifBrightnessValue: CFString = "BrightnessValue"
/// The `{Exif}` dictionary key "ExposureBiasValue" (Apple's value).
public let kCGImagePropertyExifExposureBiasValue: CFString = "ExposureBiasValue"
/// The `{Exif}` dictionary key "MaxApertureValue" (Apple's value).
public let kCGImagePropertyExifMaxApertureValue: CFString = "MaxApertureValue"
/// The `{Exif}` dictionary key "SubjectDistance" (Apple's value).
public let kCGImagePropertyExifSubjectDistance: CFString = "SubjectDistance"
/// The `{Exif}` dictionary key "MeteringMode" (Apple's value).
public let kCGImagePropertyExifMeteringMode: CFString = "MeteringMode"
/// The `{Exif}` dictionary key "LightSource" (Apple's value).
public let kCGImagePropertyExifLightSource: CFString = "LightSource"
/// The `{Exif}` dictionary key "Flash" (Apple's value).
public let kCGImagePropertyExifFlash: CFString = "Flash"
/// The `{Exif}` dictionary key "FocalLength" (Apple's value).
public let kCGImagePropertyExifFocalLength: CFString = "FocalLength"
/// The `{Exif}` dictionary key "SubjectArea" (Apple's value).
public let kCGImagePropertyExifSubjectArea: CFString = "SubjectArea"
/// The `{Exif}` dictionary key "MakerNote" (Apple's value).
public let kCGImagePropertyExifMakerNote: CFString = "MakerNote"
/// The `{Exif}` dictionary key "UserComment" (Apple's value).
public let kCGImagePropertyExifUserComment: CFString = "UserComment"
/// The `{Exif}` dictionary key "SubsecTime" (Apple's value).
public let kCGImagePropertyExifSubsecTime: CFString = "SubsecTime"
/// The `{Exif}` dictionary key "SubsecTimeOriginal" (Apple's value).
public let kCGImagePropertyExifSubsecTimeOriginal: CFString = "SubsecTimeOriginal"
/// Apple's misspelt, deprecated name for `kCGImagePropertyExifSubsecTimeOriginal` (same value).
public let kCGImagePropertyExifSubsecTimeOrginal: CFString = "SubsecTimeOriginal"
/// The `{Exif}` dictionary key "SubsecTimeDigitized" (Apple's value).
public let kCGImagePropertyExifSubsecTimeDigitized: CFString = "SubsecTimeDigitized"
/// The `{Exif}` dictionary key "FlashPixVersion" (Apple's value).
public let kCGImagePropertyExifFlashPixVersion: CFString = "FlashPixVersion"
/// The `{Exif}` dictionary key "ColorSpace" (Apple's value).
public let kCGImagePropertyExifColorSpace: CFString = "ColorSpace"
/// The `{Exif}` dictionary key "PixelXDimension" (Apple's value).
public let kCGImagePropertyExifPixelXDimension: CFString = "PixelXDimension"
/// The `{Exif}` dictionary key "PixelYDimension" (Apple's value).
public let kCGImagePropertyExifPixelYDimension: CFString = "PixelYDimension"
/// The `{Exif}` dictionary key "RelatedSoundFile" (Apple's value).
public let kCGImagePropertyExifRelatedSoundFile: CFString = "RelatedSoundFile"
/// The `{Exif}` dictionary key "FlashEnergy" (Apple's value).
public let kCGImagePropertyExifFlashEnergy: CFString = "FlashEnergy"
/// The `{Exif}` dictionary key "SpatialFrequencyResponse" (Apple's value).
public let kCGImagePropertyExifSpatialFrequencyResponse: CFString = "SpatialFrequencyResponse"
/// The `{Exif}` dictionary key "FocalPlaneXResolution" (Apple's value).
public let kCGImagePropertyExifFocalPlaneXResolution: CFString = "FocalPlaneXResolution"
/// The `{Exif}` dictionary key "FocalPlaneYResolution" (Apple's value).
public let kCGImagePropertyExifFocalPlaneYResolution: CFString = "FocalPlaneYResolution"
/// The `{Exif}` dictionary key "FocalPlaneResolutionUnit" (Apple's value).
public let kCGImagePropertyExifFocalPlaneResolutionUnit: CFString = "FocalPlaneResolutionUnit"
/// The `{Exif}` dictionary key "SubjectLocation" (Apple's value).
public let kCGImagePropertyExifSubjectLocation: CFString = "SubjectLocation"
/// The `{Exif}` dictionary key "ExposureIndex" (Apple's value).
public let kCGImagePropertyExifExposureIndex: CFString = "ExposureIndex"
/// The `{Exif}` dictionary key "SensingMethod" (Apple's value).
public let kCGImagePropertyExifSensingMethod: CFString = "SensingMethod"
/// The `{Exif}` dictionary key "FileSource" (Apple's value).
public let kCGImagePropertyExifFileSource: CFString = "FileSource"
/// The `{Exif}` dictionary key "SceneType" (Apple's value).
public let kCGImagePropertyExifSceneType: CFString = "SceneType"
/// The `{Exif}` dictionary key "CFAPattern" (Apple's value).
public let kCGImagePropertyExifCFAPattern: CFString = "CFAPattern"
/// The `{Exif}` dictionary key "CustomRendered" (Apple's value).
public let kCGImagePropertyExifCustomRendered: CFString = "CustomRendered"
/// The `{Exif}` dictionary key "ExposureMode" (Apple's value).
public let kCGImagePropertyExifExposureMode: CFString = "ExposureMode"
/// The `{Exif}` dictionary key "WhiteBalance" (Apple's value).
public let kCGImagePropertyExifWhiteBalance: CFString = "WhiteBalance"
/// The `{Exif}` dictionary key "DigitalZoomRatio" (Apple's value).
public let kCGImagePropertyExifDigitalZoomRatio: CFString = "DigitalZoomRatio"
/// The `{Exif}` dictionary key "FocalLenIn35mmFilm" (Apple's value).
public let kCGImagePropertyExifFocalLenIn35mmFilm: CFString = "FocalLenIn35mmFilm"
/// The `{Exif}` dictionary key "SceneCaptureType" (Apple's value).
public let kCGImagePropertyExifSceneCaptureType: CFString = "SceneCaptureType"
/// The `{Exif}` dictionary key "GainControl" (Apple's value).
public let kCGImagePropertyExifGainControl: CFString = "GainControl"
/// The `{Exif}` dictionary key "Contrast" (Apple's value).
public let kCGImagePropertyExifContrast: CFString = "Contrast"
/// The `{Exif}` dictionary key "Saturation" (Apple's value).
public let kCGImagePropertyExifSaturation: CFString = "Saturation"
/// The `{Exif}` dictionary key "Sharpness" (Apple's value).
public let kCGImagePropertyExifSharpness: CFString = "Sharpness"
/// The `{Exif}` dictionary key "DeviceSettingDescription" (Apple's value).
public let kCGImagePropertyExifDeviceSettingDescription: CFString = "DeviceSettingDescription"
/// The `{Exif}` dictionary key "SubjectDistRange" (Apple's value).
public let kCGImagePropertyExifSubjectDistRange: CFString = "SubjectDistRange"
/// The `{Exif}` dictionary key "ImageUniqueID" (Apple's value).
public let kCGImagePropertyExifImageUniqueID: CFString = "ImageUniqueID"
/// The `{Exif}` dictionary key "CameraOwnerName" (Apple's value).
public let kCGImagePropertyExifCameraOwnerName: CFString = "CameraOwnerName"
/// The `{Exif}` dictionary key "BodySerialNumber" (Apple's value).
public let kCGImagePropertyExifBodySerialNumber: CFString = "BodySerialNumber"
/// The `{Exif}` dictionary key "LensSpecification" (Apple's value).
public let kCGImagePropertyExifLensSpecification: CFString = "LensSpecification"
/// The `{Exif}` dictionary key "LensMake" (Apple's value).
public let kCGImagePropertyExifLensMake: CFString = "LensMake"
/// The `{Exif}` dictionary key "LensModel" (Apple's value).
public let kCGImagePropertyExifLensModel: CFString = "LensModel"
/// The `{Exif}` dictionary key "LensSerialNumber" (Apple's value).
public let kCGImagePropertyExifLensSerialNumber: CFString = "LensSerialNumber"
/// The `{Exif}` dictionary key "Gamma" (Apple's value).
public let kCGImagePropertyExifGamma: CFString = "Gamma"
/// The `{Exif}` dictionary key "CompositeImage" (Apple's value).
public let kCGImagePropertyExifCompositeImage: CFString = "CompositeImage"

/// The `{ExifAux}` dictionary key "LensInfo" (Apple's value).
public let kCGImagePropertyExifAuxLensInfo: CFString = "LensInfo"
/// The `{ExifAux}` dictionary key "LensModel" (Apple's value).
public let kCGImagePropertyExifAuxLensModel: CFString = "LensModel"
/// The `{ExifAux}` dictionary key "SerialNumber" (Apple's value).
public let kCGImagePropertyExifAuxSerialNumber: CFString = "SerialNumber"
/// The `{ExifAux}` dictionary key "LensID" (Apple's value).
public let kCGImagePropertyExifAuxLensID: CFString = "LensID"
/// The `{ExifAux}` dictionary key "LensSerialNumber" (Apple's value).
public let kCGImagePropertyExifAuxLensSerialNumber: CFString = "LensSerialNumber"
/// The `{ExifAux}` dictionary key "ImageNumber" (Apple's value).
public let kCGImagePropertyExifAuxImageNumber: CFString = "ImageNumber"
/// The `{ExifAux}` dictionary key "FlashCompensation" (Apple's value).
public let kCGImagePropertyExifAuxFlashCompensation: CFString = "FlashCompensation"
/// The `{ExifAux}` dictionary key "OwnerName" (Apple's value).
public let kCGImagePropertyExifAuxOwnerName: CFString = "OwnerName"
/// The `{ExifAux}` dictionary key "Firmware" (Apple's value).
public let kCGImagePropertyExifAuxFirmware: CFString = "Firmware"

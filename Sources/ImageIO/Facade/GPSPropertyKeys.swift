// Apple's `{GPS}` keys (CGImageProperties.h), with Apple's exact string values (including Apple's
// "Differental" spelling).

/// The `{GPS}` dictionary key "GPSVersion" (Apple's value).
public let kCGImagePropertyGPSVersion: CFString = "GPSVersion"
/// The `{GPS}` dictionary key "LatitudeRef" (Apple's value).
public let kCGImagePropertyGPSLatitudeRef: CFString = "LatitudeRef"
/// The `{GPS}` dictionary key "Latitude" (Apple's value).
public let kCGImagePropertyGPSLatitude: CFString = "Latitude"
/// The `{GPS}` dictionary key "LongitudeRef" (Apple's value).
public let kCGImagePropertyGPSLongitudeRef: CFString = "LongitudeRef"
/// The `{GPS}` dictionary key "Longitude" (Apple's value).
public let kCGImagePropertyGPSLongitude: CFString = "Longitude"
/// The `{GPS}` dictionary key "AltitudeRef" (Apple's value).
public let kCGImagePropertyGPSAltitudeRef: CFString = "AltitudeRef"
/// The `{GPS}` dictionary key "Altitude" (Apple's value).
public let kCGImagePropertyGPSAltitude: CFString = "Altitude"
/// The `{GPS}` dictionary key "TimeStamp" (Apple's value).
public let kCGImagePropertyGPSTimeStamp: CFString = "TimeStamp"
/// The `{GPS}` dictionary key "Satellites" (Apple's value).
public let kCGImagePropertyGPSSatellites: CFString = "Satellites"
/// The `{GPS}` dictionary key "Status" (Apple's value).
public let kCGImagePropertyGPSStatus: CFString = "Status"
/// The `{GPS}` dictionary key "MeasureMode" (Apple's value).
public let kCGImagePropertyGPSMeasureMode: CFString = "MeasureMode"
/// The `{GPS}` dictionary key "DOP" (Apple's value).
public let kCGImagePropertyGPSDOP: CFString = "DOP"
/// The `{GPS}` dictionary key "SpeedRef" (Apple's value).
public let kCGImagePropertyGPSSpeedRef: CFString = "SpeedRef"
/// The `{GPS}` dictionary key "Speed" (Apple's value).
public let kCGImagePropertyGPSSpeed: CFString = "Speed"
/// The `{GPS}` dictionary key "TrackRef" (Apple's value).
public let kCGImagePropertyGPSTrackRef: CFString = "TrackRef"
/// The `{GPS}` dictionary key "Track" (Apple's value).
public let kCGImagePropertyGPSTrack: CFString = "Track"
/// The `{GPS}` dictionary key "ImgDirectionRef" (Apple's value).
public let kCGImagePropertyGPSImgDirectionRef: CFString = "ImgDirectionRef"
/// The `{GPS}` dictionary key "ImgDirection" (Apple's value).
public let kCGImagePropertyGPSImgDirection: CFString = "ImgDirection"
/// The `{GPS}` dictionary key "MapDatum" (Apple's value).
public let kCGImagePropertyGPSMapDatum: CFString = "MapDatum"
/// The `{GPS}` dictionary key "DestLatitudeRef" (Apple's value).
public let kCGImagePropertyGPSDestLatitudeRef: CFString = "DestLatitudeRef"
/// The `{GPS}` dictionary key "DestLatitude" (Apple's value).
public let kCGImagePropertyGPSDestLatitude: CFString = "DestLatitude"
/// The `{GPS}` dictionary key "DestLongitudeRef" (Apple's value).
public let kCGImagePropertyGPSDestLongitudeRef: CFString = "DestLongitudeRef"
/// The `{GPS}` dictionary key "DestLongitude" (Apple's value).
public let kCGImagePropertyGPSDestLongitude: CFString = "DestLongitude"
/// The `{GPS}` dictionary key "DestBearingRef" (Apple's value).
public let kCGImagePropertyGPSDestBearingRef: CFString = "DestBearingRef"
/// The `{GPS}` dictionary key "DestBearing" (Apple's value).
public let kCGImagePropertyGPSDestBearing: CFString = "DestBearing"
/// The `{GPS}` dictionary key "DestDistanceRef" (Apple's value).
public let kCGImagePropertyGPSDestDistanceRef: CFString = "DestDistanceRef"
/// The `{GPS}` dictionary key "DestDistance" (Apple's value).
public let kCGImagePropertyGPSDestDistance: CFString = "DestDistance"
/// The `{GPS}` dictionary key "ProcessingMethod" (Apple's value).
public let kCGImagePropertyGPSProcessingMethod: CFString = "ProcessingMethod"
/// The `{GPS}` dictionary key "AreaInformation" (Apple's value).
public let kCGImagePropertyGPSAreaInformation: CFString = "AreaInformation"
/// The `{GPS}` dictionary key "DateStamp" (Apple's value).
public let kCGImagePropertyGPSDateStamp: CFString = "DateStamp"
/// The `{GPS}` dictionary key "Differental" (Apple's value).
public let kCGImagePropertyGPSDifferental: CFString = "Differental"
/// The `{GPS}` dictionary key "HPositioningError" (Apple's value).
public let kCGImagePropertyGPSHPositioningError: CFString = "HPositioningError"

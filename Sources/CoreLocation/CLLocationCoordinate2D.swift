import Foundation

/// A latitude or longitude value, in degrees (WGS 84). Same as Apple's `Double` typealias.
public typealias CLLocationDegrees = Double

/// A distance in metres. Same as Apple's `Double` typealias.
public typealias CLLocationDistance = Double

/// An accuracy radius in metres; a negative value means "invalid". Same as Apple's `Double` typealias.
public typealias CLLocationAccuracy = Double

/// A speed in metres per second; a negative value means "invalid". Same as Apple's `Double` typealias.
public typealias CLLocationSpeed = Double

/// A direction in degrees relative to true north (0…359.9); a negative value means "invalid".
/// Same as Apple's `Double` typealias.
public typealias CLLocationDirection = Double

/// A latitude/longitude pair in degrees (WGS 84).
///
/// Like Apple's imported C struct, this type deliberately does **not** conform to `Equatable`,
/// `Hashable` or `Codable`, so that app code which adds those conformances itself keeps compiling.
public struct CLLocationCoordinate2D: Sendable {
    /// Latitude in degrees; valid values are -90…90.
    public var latitude: CLLocationDegrees
    /// Longitude in degrees; valid values are -180…180.
    public var longitude: CLLocationDegrees

    /// Creates the coordinate (0, 0), like the zero-initialiser of Apple's C struct.
    public init() {
        self.latitude = 0
        self.longitude = 0
    }

    /// Creates a coordinate from a latitude and a longitude, without validating them
    /// (use ``CLLocationCoordinate2DIsValid(_:)``).
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Returns `true` when the latitude lies in -90…90 and the longitude in -180…180 (NaN is invalid),
/// as Apple's function does.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90.0 ... 90.0).contains(coord.latitude) && (-180.0 ... 180.0).contains(coord.longitude)
}

/// Creates a coordinate; the Swift spelling of Apple's C helper `CLLocationCoordinate2DMake`.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// The invalid coordinate, (-180, -180), which Apple uses to mean "no coordinate".
/// ``CLLocationCoordinate2DIsValid(_:)`` returns `false` for it.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// The distance filter value meaning "report every movement" (`-1`), as on Apple platforms.
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// The largest representable distance, returned on Apple platforms when no distance applies.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

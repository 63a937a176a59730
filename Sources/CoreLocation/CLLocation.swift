import Foundation

/// The accuracy of a course value in degrees; a negative value means "invalid".
/// Same as Apple's `Double` typealias (iOS 13.4).
public typealias CLLocationDirectionAccuracy = Double

/// The accuracy of a speed value in metres per second; a negative value means "invalid".
/// Same as Apple's `Double` typealias (iOS 13.4).
public typealias CLLocationSpeedAccuracy = Double

/// An immutable geographic position: coordinate, altitude, accuracies, course, speed and the
/// time of the measurement.
///
/// Behaviour compared with Apple's class:
/// - Values are stored exactly as given; nothing is measured (there is no location manager).
/// - ``distance(from:)`` uses the haversine formula on a sphere of the WGS 84 mean radius
///   (6 371 008.8 m). Apple measures on the WGS 84 *ellipsoid*, so results can differ by up to
///   about 0.5 % (largest for long north–south distances).
/// - `isEqual(_:)`/`hash` compare *values* (all stored properties); Apple's class inherits
///   `NSObject` identity equality. Two separately created locations with the same values are
///   therefore equal here but not on Apple platforms.
/// - `NSSecureCoding` uses the key names Apple's archives use (`kCLLocationCodingKey…`) and
///   decodes archives whose class name is Apple's `CLLocation`; archives written on Linux carry
///   the class name `CoreLocation.CLLocation` (see ``registerArchiveClassName``).
/// - `floor`, `sourceInformation` and `ellipsoidalAltitude` are not provided.
open class CLLocation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let _coordinate: CLLocationCoordinate2D
    private let _altitude: CLLocationDistance
    private let _horizontalAccuracy: CLLocationAccuracy
    private let _verticalAccuracy: CLLocationAccuracy
    private let _course: CLLocationDirection
    private let _courseAccuracy: CLLocationDirectionAccuracy
    private let _speed: CLLocationSpeed
    private let _speedAccuracy: CLLocationSpeedAccuracy
    private let _timestamp: Date

    /// The latitude and longitude, in degrees.
    open var coordinate: CLLocationCoordinate2D { _coordinate }
    /// Altitude in metres above mean sea level (as given; not corrected).
    open var altitude: CLLocationDistance { _altitude }
    /// Radius of uncertainty of ``coordinate`` in metres; negative means the coordinate is invalid.
    open var horizontalAccuracy: CLLocationAccuracy { _horizontalAccuracy }
    /// Uncertainty of ``altitude`` in metres; negative means the altitude is invalid.
    open var verticalAccuracy: CLLocationAccuracy { _verticalAccuracy }
    /// Direction of travel in degrees from true north; negative means invalid.
    open var course: CLLocationDirection { _course }
    /// Accuracy of ``course`` in degrees; negative means invalid.
    open var courseAccuracy: CLLocationDirectionAccuracy { _courseAccuracy }
    /// Instantaneous speed in metres per second; negative means invalid.
    open var speed: CLLocationSpeed { _speed }
    /// Accuracy of ``speed`` in metres per second; negative means invalid.
    open var speedAccuracy: CLLocationSpeedAccuracy { _speedAccuracy }
    /// When the location was determined.
    open var timestamp: Date { _timestamp }

    // MARK: Initialisers

    /// The designated initialiser with every stored value (Apple: iOS 13.4).
    public init(
        coordinate: CLLocationCoordinate2D,
        altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy,
        course: CLLocationDirection,
        courseAccuracy: CLLocationDirectionAccuracy,
        speed: CLLocationSpeed,
        speedAccuracy: CLLocationSpeedAccuracy,
        timestamp: Date
    ) {
        _ = CLLocation.registerArchiveClassName
        self._coordinate = coordinate
        self._altitude = altitude
        self._horizontalAccuracy = hAccuracy
        self._verticalAccuracy = vAccuracy
        self._course = course
        self._courseAccuracy = courseAccuracy
        self._speed = speed
        self._speedAccuracy = speedAccuracy
        self._timestamp = timestamp
        super.init()
    }

    /// Creates a location with course and speed; their accuracies are set to -1 (invalid).
    public convenience init(
        coordinate: CLLocationCoordinate2D,
        altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy,
        course: CLLocationDirection,
        speed: CLLocationSpeed,
        timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude,
            horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1,
            timestamp: timestamp)
    }

    /// Creates a location with the given coordinate, altitude, accuracies and timestamp.
    /// Course, speed and their accuracies are set to -1 (invalid), as on Apple platforms.
    public convenience init(
        coordinate: CLLocationCoordinate2D,
        altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy,
        timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude,
            horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
            timestamp: timestamp)
    }

    /// Creates a location from a latitude and longitude. The altitude is 0, the horizontal
    /// accuracy 0, the vertical accuracy, course and speed -1 (invalid), and the timestamp is
    /// the current time.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
            altitude: 0, horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    }

    /// Creates the location (0, 0) with the current time, like `CLLocation()` on Apple platforms.
    public override convenience init() {
        self.init(latitude: 0, longitude: 0)
    }

    // MARK: Distance

    /// Mean radius of the WGS 84 ellipsoid, (2a + b) / 3, in metres.
    static let meanEarthRadius: CLLocationDistance = 6_371_008.8

    /// Returns the great-circle distance in metres between the two coordinates.
    ///
    /// Altitude is ignored, as on Apple platforms. Computed with the haversine formula on a
    /// sphere of the WGS 84 mean radius; Apple uses the WGS 84 ellipsoid, so expect differences
    /// of up to ~0.5 %.
    open func distance(from location: CLLocation) -> CLLocationDistance {
        let toRadians = Double.pi / 180
        let phi1 = coordinate.latitude * toRadians
        let phi2 = location.coordinate.latitude * toRadians
        let dPhi = phi2 - phi1
        let dLambda = (location.coordinate.longitude - coordinate.longitude) * toRadians
        let sinHalfDPhi = sin(dPhi / 2)
        let sinHalfDLambda = sin(dLambda / 2)
        let h = sinHalfDPhi * sinHalfDPhi + cos(phi1) * cos(phi2) * sinHalfDLambda * sinHalfDLambda
        let centralAngle = 2 * atan2(h.squareRoot(), max(0, 1 - h).squareRoot())
        return CLLocation.meanEarthRadius * centralAngle
    }

    // MARK: NSObject

    /// Value equality: `true` when `object` is a `CLLocation` with identical coordinate,
    /// altitude, accuracies, course, speed and timestamp. (Apple uses identity.)
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLLocation else { return false }
        if other === self { return true }
        return coordinate.latitude == other.coordinate.latitude
            && coordinate.longitude == other.coordinate.longitude
            && altitude == other.altitude
            && horizontalAccuracy == other.horizontalAccuracy
            && verticalAccuracy == other.verticalAccuracy
            && course == other.course
            && courseAccuracy == other.courseAccuracy
            && speed == other.speed
            && speedAccuracy == other.speedAccuracy
            && timestamp == other.timestamp
    }

    /// A hash consistent with ``isEqual(_:)`` (coordinate, altitude and timestamp).
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(coordinate.latitude)
        hasher.combine(coordinate.longitude)
        hasher.combine(altitude)
        hasher.combine(timestamp)
        return hasher.finalize()
    }

    /// A description in the shape Apple prints, e.g.
    /// `<+48.85660000,+2.35220000> +/- 5.00m (speed -1.00 mps / course -1.00) @ 1/2/24, 3:04:05 PM GMT`.
    /// When the vertical accuracy is valid the altitude is inserted after the horizontal accuracy
    /// (`, alt 35.00m +/- 3.00m`; the exact spelling Apple uses here is not confirmed). The date
    /// part uses the current locale and time zone (short date, long time), as Apple's does.
    open override var description: String {
        var text = "<\(Self.signed(coordinate.latitude, 8)),\(Self.signed(coordinate.longitude, 8))>"
        text += " +/- \(Self.fixed(horizontalAccuracy, 2))m"
        if verticalAccuracy >= 0 {
            text += ", alt \(Self.fixed(altitude, 2))m +/- \(Self.fixed(verticalAccuracy, 2))m"
        }
        text += " (speed \(Self.fixed(speed, 2)) mps / course \(Self.fixed(course, 2)))"
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .long
        text += " @ \(formatter.string(from: timestamp))"
        return text
    }

    private static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func signed(_ value: Double, _ digits: Int) -> String {
        String(format: "%+.\(digits)f", value)
    }

    // MARK: NSCopying

    /// Returns `self`: the object is immutable, so a copy would be indistinguishable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    // MARK: NSSecureCoding

    /// `true`: the class decodes only plain numbers.
    public static var supportsSecureCoding: Bool {
        _ = registerArchiveClassName
        return true
    }

    /// Key names used in keyed archives; they follow the names found in Apple's archives of
    /// `CLLocation` (`kCLLocationCodingKey…`). The timestamp is stored as seconds since the
    /// reference date (2001-01-01), like Apple's `CFAbsoluteTime`.
    enum CodingKey {
        static let latitude = "kCLLocationCodingKeyCoordinateLatitude"
        static let longitude = "kCLLocationCodingKeyCoordinateLongitude"
        static let altitude = "kCLLocationCodingKeyAltitude"
        static let horizontalAccuracy = "kCLLocationCodingKeyHorizontalAccuracy"
        static let verticalAccuracy = "kCLLocationCodingKeyVerticalAccuracy"
        static let speed = "kCLLocationCodingKeySpeed"
        static let speedAccuracy = "kCLLocationCodingKeySpeedAccuracy"
        static let course = "kCLLocationCodingKeyCourse"
        static let courseAccuracy = "kCLLocationCodingKeyCourseAccuracy"
        static let timestamp = "kCLLocationCodingKeyTimestamp"
    }

    /// Registers the unqualified archive class name `CLLocation` (the name Apple writes), once per
    /// process, on first use of the class (any initialiser or ``supportsSecureCoding``).
    ///
    /// Decoding: `NSKeyedUnarchiver` maps `CLLocation` to this class, so archives made on Apple
    /// platforms decode. Encoding: swift-corelibs-foundation ignores
    /// `NSKeyedArchiver.setClassName(_:for:)` (it has no effect as of Swift 6.3), so archives
    /// written on Linux name the class `CoreLocation.CLLocation`; Apple platforms cannot decode
    /// those without a matching `setClass(_:forClassName:)`.
    static let registerArchiveClassName: Void = {
        NSKeyedArchiver.setClassName("CLLocation", for: CLLocation.self)
        NSKeyedUnarchiver.setClass(CLLocation.self, forClassName: "CLLocation")
    }()

    /// Encodes every stored value as a `Double` under Apple's key names.
    open func encode(with coder: NSCoder) {
        coder.encode(coordinate.latitude, forKey: CodingKey.latitude)
        coder.encode(coordinate.longitude, forKey: CodingKey.longitude)
        coder.encode(altitude, forKey: CodingKey.altitude)
        coder.encode(horizontalAccuracy, forKey: CodingKey.horizontalAccuracy)
        coder.encode(verticalAccuracy, forKey: CodingKey.verticalAccuracy)
        coder.encode(speed, forKey: CodingKey.speed)
        coder.encode(speedAccuracy, forKey: CodingKey.speedAccuracy)
        coder.encode(course, forKey: CodingKey.course)
        coder.encode(courseAccuracy, forKey: CodingKey.courseAccuracy)
        coder.encode(timestamp.timeIntervalSinceReferenceDate, forKey: CodingKey.timestamp)
    }

    /// Decodes a location written by ``encode(with:)``. Missing accuracy, course and speed keys
    /// decode as -1 (invalid); a missing latitude or longitude makes the initialiser fail.
    public required convenience init?(coder: NSCoder) {
        guard coder.containsValue(forKey: CodingKey.latitude),
              coder.containsValue(forKey: CodingKey.longitude)
        else { return nil }
        func value(_ key: String, default fallback: Double) -> Double {
            coder.containsValue(forKey: key) ? coder.decodeDouble(forKey: key) : fallback
        }
        self.init(
            coordinate: CLLocationCoordinate2D(
                latitude: coder.decodeDouble(forKey: CodingKey.latitude),
                longitude: coder.decodeDouble(forKey: CodingKey.longitude)),
            altitude: value(CodingKey.altitude, default: 0),
            horizontalAccuracy: value(CodingKey.horizontalAccuracy, default: -1),
            verticalAccuracy: value(CodingKey.verticalAccuracy, default: -1),
            course: value(CodingKey.course, default: -1),
            courseAccuracy: value(CodingKey.courseAccuracy, default: -1),
            speed: value(CodingKey.speed, default: -1),
            speedAccuracy: value(CodingKey.speedAccuracy, default: -1),
            timestamp: Date(timeIntervalSinceReferenceDate: value(CodingKey.timestamp, default: 0)))
    }
}

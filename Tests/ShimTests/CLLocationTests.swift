import CoreLocation
import Foundation
import Testing

@Suite struct CLLocationTests {
    @Test func coordinateValidity() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522)))
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: -90, longitude: 180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90.0001, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: -180.5)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: .nan, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
        #expect(kCLLocationCoordinate2DInvalid.latitude == -180)
        #expect(kCLLocationCoordinate2DInvalid.longitude == -180)
        let zero = CLLocationCoordinate2D()
        #expect(zero.latitude == 0 && zero.longitude == 0)
    }

    @Test func latitudeLongitudeInitDefaults() {
        let before = Date()
        let location = CLLocation(latitude: 1.5, longitude: -2.5)
        #expect(location.coordinate.latitude == 1.5)
        #expect(location.coordinate.longitude == -2.5)
        #expect(location.altitude == 0)
        #expect(location.horizontalAccuracy == 0)
        #expect(location.verticalAccuracy == -1)
        #expect(location.speed == -1)
        #expect(location.course == -1)
        #expect(location.timestamp >= before && location.timestamp <= Date())
    }

    @Test func fullInitStoresValues() {
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 10, longitude: 20), altitude: 35,
            horizontalAccuracy: 5, verticalAccuracy: 3, timestamp: date)
        #expect(location.altitude == 35)
        #expect(location.horizontalAccuracy == 5)
        #expect(location.verticalAccuracy == 3)
        #expect(location.timestamp == date)
        #expect(location.speedAccuracy == -1 && location.courseAccuracy == -1)
    }

    @Test func distanceParisLondon() {
        let paris = CLLocation(latitude: 48.8566, longitude: 2.3522)
        let london = CLLocation(latitude: 51.5074, longitude: -0.1278)
        let distance = paris.distance(from: london)
        #expect(abs(distance - 343_500) / 343_500 < 0.005, "got \(distance)")
        #expect(abs(distance - london.distance(from: paris)) < 1e-6)
        #expect(paris.distance(from: paris) == 0)
    }

    @Test func distanceQuarterMeridianAndAntipode() {
        let equator = CLLocation(latitude: 0, longitude: 0)
        let pole = CLLocation(latitude: 90, longitude: 0)
        // Quarter of a great circle on the mean-radius sphere.
        #expect(abs(equator.distance(from: pole) - 6_371_008.8 * Double.pi / 2) < 1e-3)
        let antipode = CLLocation(latitude: 0, longitude: 180)
        #expect(abs(equator.distance(from: antipode) - 6_371_008.8 * Double.pi) < 1e-3)
    }

    @Test func equalityAndHash() {
        let date = Date(timeIntervalSinceReferenceDate: 1_000)
        func make() -> CLLocation {
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), altitude: 3,
                horizontalAccuracy: 4, verticalAccuracy: 5, timestamp: date)
        }
        let a = make(), b = make()
        #expect(a.isEqual(b))
        #expect(a == b)
        #expect(a.hash == b.hash)
        #expect(!a.isEqual(CLLocation(latitude: 1, longitude: 2)))
        #expect(!a.isEqual("not a location"))
        // (Computed outside #expect: the macro expansion of `===` on AnyObject crashes the 6.3.1 compiler.)
        let copyIsSelf = (a.copy() as AnyObject) === a
        #expect(copyIsSelf)
    }

    @Test func descriptionShape() {
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 48.8566, longitude: -2.3522), altitude: 0,
            horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date())
        let text = location.description
        #expect(text.hasPrefix("<+48.85660000,-2.35220000> +/- 5.00m (speed -1.00 mps / course -1.00) @ "), "\(text)")
    }

    @Test func secureCodingRoundTrip() throws {
        #expect(CLLocation.supportsSecureCoding)
        let original = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 37.33, longitude: -122.03), altitude: 12.5,
            horizontalAccuracy: 4, verticalAccuracy: 2, course: 90, courseAccuracy: 5,
            speed: 1.5, speedAccuracy: 0.5,
            timestamp: Date(timeIntervalSinceReferenceDate: 712_345_678.25))
        let data = try NSKeyedArchiver.archivedData(withRootObject: original, requiringSecureCoding: true)
        let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CLLocation.self, from: data))
        #expect(decoded.isEqual(original))
        #expect(decoded.speed == 1.5 && decoded.course == 90 && decoded.speedAccuracy == 0.5)
        #expect(decoded.timestamp == original.timestamp)

        // The archive uses Apple's key names.
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["$objects"] as? [Any])
        let fields = objects.compactMap { $0 as? [String: Any] }.first { $0["kCLLocationCodingKeyCoordinateLatitude"] != nil }
        #expect(fields?["kCLLocationCodingKeyCoordinateLatitude"] as? Double == 37.33)
        #expect(fields?["kCLLocationCodingKeyTimestamp"] as? Double == 712_345_678.25)
    }

    /// An archive shaped like the ones Apple platforms write (class name `CLLocation`,
    /// `kCLLocationCodingKey…` keys), written by hand in XML property-list form.
    @Test func decodesAppleShapedArchive() throws {
        _ = CLLocation.supportsSecureCoding  // registers the `CLLocation` class name
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>$archiver</key><string>NSKeyedArchiver</string>
              <key>$version</key><integer>100000</integer>
              <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
              <key>$objects</key><array>
                <string>$null</string>
                <dict>
                  <key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
                  <key>kCLLocationCodingKeyCoordinateLatitude</key><real>51.5074</real>
                  <key>kCLLocationCodingKeyCoordinateLongitude</key><real>-0.1278</real>
                  <key>kCLLocationCodingKeyAltitude</key><real>11</real>
                  <key>kCLLocationCodingKeyHorizontalAccuracy</key><real>65</real>
                  <key>kCLLocationCodingKeyVerticalAccuracy</key><real>10</real>
                  <key>kCLLocationCodingKeyTimestamp</key><real>600000000</real>
                </dict>
                <dict>
                  <key>$classname</key><string>CLLocation</string>
                  <key>$classes</key><array><string>CLLocation</string><string>NSObject</string></array>
                </dict>
              </array>
            </dict></plist>
            """
        let decoded = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: CLLocation.self, from: Data(xml.utf8)))
        #expect(decoded.coordinate.latitude == 51.5074)
        #expect(decoded.coordinate.longitude == -0.1278)
        #expect(decoded.altitude == 11)
        #expect(decoded.horizontalAccuracy == 65)
        #expect(decoded.verticalAccuracy == 10)
        #expect(decoded.speed == -1 && decoded.course == -1)
        #expect(decoded.timestamp == Date(timeIntervalSinceReferenceDate: 600_000_000))
    }
}

import Foundation
import XCTest
@testable import MediaInspection

/// Unit tests of the small Swift readers (dates, ISO 6709, XMP).
final class ParserTests: XCTestCase {
    func testISO6709() throws {
        let a = try XCTUnwrap(ISO6709.parse("+48.8583+002.2945+035.000/"))
        XCTAssertEqual(a.latitude, 48.8583, accuracy: 1e-9)
        XCTAssertEqual(a.longitude, 2.2945, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(a.altitude), 35, accuracy: 1e-9)
        let b = try XCTUnwrap(ISO6709.parse("-22.9519-043.2105/"))
        XCTAssertEqual(b.latitude, -22.9519, accuracy: 1e-9)
        XCTAssertNil(b.altitude)
        let c = try XCTUnwrap(ISO6709.parse("+4851.50+00217.67/"))  // DDMM.MM form
        XCTAssertEqual(c.latitude, 48 + 51.5 / 60, accuracy: 1e-9)
        XCTAssertEqual(c.longitude, 2 + 17.67 / 60, accuracy: 1e-9)
        XCTAssertNil(ISO6709.parse("hello"))
        XCTAssertNil(ISO6709.parse("+95.0+000.0/"))
    }

    func testDates() throws {
        let withOffset = try XCTUnwrap(DateParsing.exif("2019:08:14 19:42:07", subSeconds: "25", offset: "+02:00"))
        XCTAssertEqual(withOffset.timeIntervalSince1970, 1_565_804_527.25, accuracy: 1e-6)
        XCTAssertNil(DateParsing.exif("0000:00:00 00:00:00"))
        XCTAssertNil(DateParsing.exif("    :  :     :  :  "))
        let apple = try XCTUnwrap(DateParsing.iso8601("2019-07-24T11:25:40+0300"))
        XCTAssertEqual(apple.timeIntervalSince1970, 1_563_956_740, accuracy: 1e-6)
        let ffmpeg = try XCTUnwrap(DateParsing.iso8601("2022-06-05T17:45:00.000000Z"))
        XCTAssertEqual(ffmpeg.timeIntervalSince1970, 1_654_451_100, accuracy: 1e-6)
        // Floating: interpreted in the current time zone.
        let floating = try XCTUnwrap(DateParsing.exif("2018:12:31 23:30:00"))
        let offset = TimeZone.current.secondsFromGMT(for: floating)
        XCTAssertEqual(floating.timeIntervalSince1970 + Double(offset), 1_546_299_000, accuracy: 1e-6)
    }

    func testXMPForms() {
        let xmp = XMPPacket(text: """
        <x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
         <rdf:Description rdf:about='' xmlns:P='http://ns.google.com/photos/1.0/panorama/' P:ProjectionType="equirectangular"
           xmlns:e='http://ns.adobe.com/exif/1.0/'>
          <e:UserComment><rdf:Alt><rdf:li xml:lang='x-default'>Screenshot &amp; more</rdf:li></rdf:Alt></e:UserComment>
          <e:Empty/>
         </rdf:Description></rdf:RDF></x:xmpmeta>
        """)
        XCTAssertEqual(xmp.value(XMPPacket.gPano, "ProjectionType"), "equirectangular")
        XCTAssertEqual(xmp.value(XMPPacket.exif, "UserComment"), "Screenshot & more")
        XCTAssertNil(xmp.value(XMPPacket.exif, "Empty"))
        XCTAssertNil(xmp.value(XMPPacket.gDepth, "Format"))
    }
}

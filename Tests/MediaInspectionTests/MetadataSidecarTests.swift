import Foundation
import XCTest
@testable import MediaInspection

/// XMP sidecars carrying an asset's global identity: what export writes reads back, under either naming
/// convention, and anything else names no identity.
final class MetadataSidecarTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidecars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func testWrittenSidecarReadsBackUnderBothNames() throws {
        let identity = UUID().uuidString
        let photo = folder.appendingPathComponent("IMG_1.JPG")
        let document = MetadataSidecar.document(cloudIdentity: identity, creationDate: Date(timeIntervalSince1970: 1_600_000_000))
        XCTAssertTrue(String(decoding: document, as: UTF8.self).contains("xmp:CreateDate=\"2020-09-13T12:26:40Z\""))
        XCTAssertNil(MetadataSidecar.cloudIdentity(besides: photo), "no sidecar, no identity")
        try document.write(to: folder.appendingPathComponent("IMG_1.JPG.xmp"))
        XCTAssertEqual(MetadataSidecar.cloudIdentity(besides: photo), identity)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("IMG_1.JPG.xmp"), to: folder.appendingPathComponent("IMG_1.XMP"))
        XCTAssertEqual(MetadataSidecar.cloudIdentity(besides: photo), identity, "Lightroom's naming")
    }

    func testOtherSidecarsNameNoIdentity() throws {
        let photo = folder.appendingPathComponent("a.jpg"), sidecar = folder.appendingPathComponent("a.jpg.xmp")
        let cases = [
            // Not a UUID.
            String(decoding: MetadataSidecar.document(cloudIdentity: "../../etc/passwd", creationDate: nil), as: UTF8.self),
            // The property in another namespace.
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:Description xmlns:photos=\"http://example.com/other/\" photos:CloudIdentifier=\"\(UUID().uuidString)\"/></x:xmpmeta>",
            // Not XML at all.
            "\u{0}\u{1}binary",
        ]
        for text in cases {
            try Data(text.utf8).write(to: sidecar)
            XCTAssertNil(MetadataSidecar.cloudIdentity(besides: photo), text)
        }
        // Larger than a sidecar can be: not read, even with a good identity at the start.
        var big = MetadataSidecar.document(cloudIdentity: UUID().uuidString, creationDate: nil)
        big.append(Data(count: (1 << 20) + 1))
        try big.write(to: sidecar)
        XCTAssertNil(MetadataSidecar.cloudIdentity(besides: photo))
    }
}

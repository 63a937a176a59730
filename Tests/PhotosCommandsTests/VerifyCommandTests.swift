import Foundation
import Testing
import _TestSupport

/// `photos verify` through the real binary: exit 0 when clean, 1 naming the damaged file and its asset.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct VerifyCommandTests {
    @Test func cleanThenDamaged() throws {
        let dir = TemporaryDirectory()
        let library = dir.appending("Library")
        let lib = ["--library", library.path]
        #expect(try PhotosBinary.run(["init"] + lib).status == 0)
        let photo = try FixtureImages.writeJPEG(to: dir.appending("IMG_0001.jpg"), width: 64, height: 48)
        #expect(try PhotosBinary.run(["import", photo.path] + lib).status == 0)

        let clean = try PhotosBinary.run(["verify"] + lib)
        #expect(clean.status == 0, "\(clean.stdout) \(clean.stderr)")
        #expect(clean.stdout.contains("Checked 1 file") && clean.stdout.contains("consistent"), "\(clean.stdout)")

        let relative = try #require(TemporaryDirectory.files(under: library.appendingPathComponent("originals")).first)
        let stored = library.appendingPathComponent("originals").appendingPathComponent(relative)
        var bytes = try Data(contentsOf: stored)
        bytes[bytes.count - 10] ^= 0xFF
        try bytes.write(to: stored)
        let damaged = try PhotosBinary.run(["verify", "--json"] + lib)
        #expect(damaged.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(damaged.stdout.utf8)) as? [String: Any])
        #expect(json["clean"] as? Bool == false)
        let findings = json["findings"] as? [[String: Any]] ?? []
        #expect(findings.first?["kind"] as? String == "wrongContent", "\(findings)")
        #expect((findings.first?["assets"] as? [String])?.count == 1)
    }
}

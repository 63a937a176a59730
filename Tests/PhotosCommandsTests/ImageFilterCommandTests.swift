import Foundation
import Testing
import _TestSupport

/// `photos image filter` and `photos image filters`, run as the real binary on real files.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct ImageFilterCommandTests {
    @Test func chainWritesAJPEGWithTheRequestedProfile() throws {
        let dir = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: dir.appending("in.jpg"), width: 160, height: 120)
        let output = dir.appending("out.jpg")
        let result = try PhotosBinary.run(["image", "filter", input.path, output.path,
                                           "--filter", "CIExposureAdjust", "inputEV=0.5",
                                           "--filter", "CISepiaTone", "intensity=0.8",
                                           "--filter", "CIGaussianBlur", "inputRadius=2",
                                           "--color-space", "displayP3", "--quality", "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try PhotosBinary.run(["image", "info", output.path])
        #expect(info.stdout.contains("PixelWidth: 160") && info.stdout.contains("PixelHeight: 120"), "\(info.stdout)")
        #expect(info.stdout.contains("Display P3"))
    }

    @Test(arguments: ["png", "tiff", "heic"])
    func otherFormats(_ suffix: String) throws {
        let dir = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: dir.appending("in.jpg"), width: 64, height: 48)
        let output = dir.appending("out.\(suffix)")
        let result = try PhotosBinary.run(["image", "filter", input.path, output.path, "--filter", "CIPhotoEffectNoir"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try PhotosBinary.run(["image", "info", output.path])
        #expect(info.stdout.contains("PixelWidth: 64"), "\(info.stdout)")
    }

    @Test func badInputIsReportedClearly() throws {
        let dir = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: dir.appending("in.jpg"))
        let out = dir.appending("out.jpg").path
        let unknownFilter = try PhotosBinary.run(["image", "filter", input.path, out, "--filter", "CINoSuchFilter"])
        #expect(unknownFilter.status != 0 && unknownFilter.stderr.contains("unknown filter 'CINoSuchFilter'"))
        let unknownKey = try PhotosBinary.run(["image", "filter", input.path, out, "--filter", "CISepiaTone", "strength=1"])
        #expect(unknownKey.status != 0 && unknownKey.stderr.contains("has no input 'strength'"))
        let badValue = try PhotosBinary.run(["image", "filter", input.path, out, "--filter", "CISepiaTone", "intensity=lots"])
        #expect(badValue.status != 0 && badValue.stderr.contains("'lots' is not a number"))
        let missing = try PhotosBinary.run(["image", "filter", dir.appending("missing.jpg").path, out, "--filter", "CISepiaTone"])
        #expect(missing.status != 0 && missing.stderr.contains("cannot be read"))
        let format = try PhotosBinary.run(["image", "filter", input.path, dir.appending("out.xyz").path, "--filter", "CISepiaTone"])
        #expect(format.status != 0 && format.stderr.contains("cannot write"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func filtersListsAttributes() throws {
        let text = try PhotosBinary.run(["image", "filters", "--category", "Blur"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("CIGaussianBlur — Gaussian Blur"))
        #expect(!text.stdout.contains("CISepiaTone"))
        let json = try PhotosBinary.run(["image", "filters", "--json"])
        let filters = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let sepia = try #require(filters.first { $0["CIAttributeFilterName"] as? String == "CISepiaTone" })
        let intensity = try #require(sepia["inputIntensity"] as? [String: Any])
        #expect(intensity["CIAttributeDefault"] as? Double == 1)
        #expect(intensity["CIAttributeType"] as? String == "CIAttributeTypeScalar")
        let none = try PhotosBinary.run(["image", "filters", "--category", "NoSuchCategory"])
        #expect(none.status != 0)
    }
}

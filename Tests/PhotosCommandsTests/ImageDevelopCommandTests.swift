import Foundation
import Testing
import ImageIO
import _TestSupport

/// `photos image develop` through the real binary: a DNG of the corpus developed to JPEG and 16-bit PNG at the
/// requested scale, with its options checked, and files that are not RAW refused by name.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)),
       .enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct ImageDevelopCommandTests {
    @Test func aDNGDevelopsToJPEGAndSixteenBitPNG() throws {
        let dng = TestMedia.url("raw/synthetic_rggb_12bit.dng")!
        let directory = TemporaryDirectory()
        let jpeg = directory.appending("out.jpg"), png = directory.appending("out.png")
        let run = try PhotosBinary.run(["image", "develop", dng.path, jpeg.path, "--scale", "0.5", "--exposure", "0.3", "--temperature", "5200",
                                        "--color-noise-reduction", "0.5", "--noise-reduction", "0.5",
                                        "--contrast", "0.3", "--detail", "1.5"])
        #expect(run.status == 0, "\(run.stderr)")
        let header = try ImageFile(contentsOf: jpeg).header()
        #expect(header.format == .jpeg && header.width == 768 && header.height == 511, "\(header.width)×\(header.height)")
        let sixteen = try PhotosBinary.run(["image", "develop", dng.path, png.path, "--format", "png16", "--scale", "0.25", "--draft", "--boost", "0"])
        #expect(sixteen.status == 0, "\(sixteen.stderr)")
        let pngHeader = try ImageFile(contentsOf: png).header()
        #expect(pngHeader.format == .png && pngHeader.bitsPerComponent == 16 && pngHeader.width == 384)
    }

    @Test func filesThatAreNotRAWAndBadOptionsAreRefusedByName() throws {
        let directory = TemporaryDirectory()
        let jpeg = try FixtureImages.writeJPEG(to: directory.appending("photo.jpg"))
        let refused = try PhotosBinary.run(["image", "develop", jpeg.path, directory.appending("out.jpg").path])
        #expect(refused.status != 0 && refused.stderr.contains("photo.jpg: not a RAW or DNG file"), "\(refused.stderr)")
        let dng = TestMedia.url("raw/synthetic_rggb_12bit.dng")!
        let badScale = try PhotosBinary.run(["image", "develop", dng.path, directory.appending("out.jpg").path, "--scale", "2"])
        #expect(badScale.status != 0 && badScale.stderr.contains("--scale"))
        let badDetail = try PhotosBinary.run(["image", "develop", dng.path, directory.appending("out.jpg").path, "--detail", "4"])
        #expect(badDetail.status != 0 && badDetail.stderr.contains("--detail must be between 0 and 3"), "\(badDetail.stderr)")
        let badVersion = try PhotosBinary.run(["image", "develop", dng.path, directory.appending("out.jpg").path, "--decoder-version", "8"])
        #expect(badVersion.status != 0 && badVersion.stderr.contains("decoder version '8' is not available"), "\(badVersion.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appending("out.jpg").path))
    }
}

import Foundation
import Testing
import _TestSupport

/// `photos image info` and `photos image thumbnail`, run through the real `photos` binary.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct ImageCommandsTests {
    @Test func infoPrintsImageIOProperties() throws {
        let directory = TemporaryDirectory()
        let file = try FixtureImages.writeJPEG(to: directory.appending("photo.jpg"), width: 320, height: 200)
        let json = try #require(try PhotosBinary.json(["image", "info", file.path, "--json"]) as? [String: Any])
        #expect(json["type"] as? String == "public.jpeg" && json["count"] as? Int == 1 && json["complete"] as? Bool == true)
        let properties = try #require(json["properties"] as? [String: Any])
        #expect(properties["PixelWidth"] as? Int == 320 && properties["PixelHeight"] as? Int == 200)
        #expect(properties["ColorModel"] as? String == "RGB")
        let text = try PhotosBinary.run(["image", "info", file.path])
        #expect(text.status == 0 && text.stdout.contains("public.jpeg") && text.stdout.contains("PixelWidth: 320"))
    }

    @Test func infoOnCorpusFilesShowsEXIFAndGPS() throws {
        guard let url = TestMedia.url("images/exif_full_gps_north_east.jpg") else { return }
        let json = try #require(try PhotosBinary.json(["image", "info", url.path, "--json"]) as? [String: Any])
        let properties = try #require(json["properties"] as? [String: Any])
        #expect((properties["{TIFF}"] as? [String: Any])?["Model"] as? String == "Canon EOS 80D")
        #expect(((properties["{GPS}"] as? [String: Any])?["Latitude"] as? Double).map { abs($0 - 46.5197) < 1e-4 } == true)
    }

    @Test func infoNamesTheProblemForBadFiles() throws {
        let directory = TemporaryDirectory()
        let text = directory.appending("notes.jpg")
        try Data("just some text, not an image".utf8).write(to: text)
        let result = try PhotosBinary.run(["image", "info", text.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("notes.jpg") && result.stderr.contains("not an image format"))
        let missing = try PhotosBinary.run(["image", "info", directory.appending("missing.png").path])
        #expect(missing.status != 0 && missing.stderr.contains("cannot be read"))
        if let truncated = TestMedia.url("broken/huge_dimensions_100000x100000.png") {
            let huge = try PhotosBinary.run(["image", "info", truncated.path])
            #expect(huge.status != 0 && huge.stderr.contains("limit"))
        }
    }

    @Test func thumbnailFitsOrientsAndStrips() throws {
        let directory = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: directory.appending("wide.jpg"), width: 900, height: 300)
        for (name, uti) in [("thumb.jpg", "public.jpeg"), ("thumb.png", "public.png"), ("thumb.tif", "public.tiff")] {
            let output = directory.appending(name)
            let result = try PhotosBinary.run(["image", "thumbnail", input.path, output.path, "--size", "128", "--quality", "70"])
            #expect(result.status == 0, "\(result.stderr)")
            let info = try #require(try PhotosBinary.json(["image", "info", output.path, "--json"]) as? [String: Any])
            #expect(info["type"] as? String == uti)
            let properties = try #require(info["properties"] as? [String: Any])
            #expect(properties["PixelWidth"] as? Int == 128 && properties["PixelHeight"] as? Int == 43)
            #expect(properties["{Exif}"] == nil && properties["ProfileName"] == nil)
        }
        guard let portrait = TestMedia.url("images/orientation/orientation_6.jpg") else { return }
        let output = directory.appending("upright.jpg")
        #expect(try PhotosBinary.run(["image", "thumbnail", portrait.path, output.path, "--size", "300"]).status == 0)
        let properties = try #require((try PhotosBinary.json(["image", "info", output.path, "--json"]) as? [String: Any])?["properties"] as? [String: Any])
        #expect(properties["PixelWidth"] as? Int == 300 && properties["PixelHeight"] as? Int == 200)
        #expect(properties["Orientation"] == nil)
    }

    @Test func thumbnailRejectsBadArguments() throws {
        let directory = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: directory.appending("a.jpg"))
        #expect(try PhotosBinary.run(["image", "thumbnail", input.path, directory.appending("b.jpg").path, "--size", "0"]).status != 0)
        #expect(try PhotosBinary.run(["image", "thumbnail", input.path, directory.appending("b.jpg").path, "--size", "10", "--quality", "101"]).status != 0)
        let badSuffix = try PhotosBinary.run(["image", "thumbnail", input.path, directory.appending("b.bmp").path, "--size", "10"])
        #expect(badSuffix.status != 0 && badSuffix.stderr.contains(".bmp"))
        let notImage = directory.appending("c.jpg")
        try Data(repeating: 0, count: 100).write(to: notImage)
        let failed = try PhotosBinary.run(["image", "thumbnail", notImage.path, directory.appending("d.jpg").path, "--size", "10"])
        #expect(failed.status != 0 && failed.stderr.contains("c.jpg"))
    }
}

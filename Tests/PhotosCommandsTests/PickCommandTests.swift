import Foundation
import Testing
import _TestSupport

/// `photos pick` through the real binary: picking by identifier and by filter, the refusals, and `--export`
/// writing each result through its item provider (HEIC turned into JPEG with `--mode compatible`).
@Suite(.enabled(if: PhotosBinary.url != nil && TestMedia.folder != nil,
                Comment(rawValue: "\(PhotosBinary.missingMessage) / \(TestMedia.skipMessage)")), .serialized)
struct PickCommandTests {
    struct Setup {
        let dir: TemporaryDirectory
        let lib: [String]
        /// Identifiers by original file name.
        let ids: [String: String]
    }

    func setUp() throws -> Setup {
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("Library").path]
        let files = ["images/no_metadata.jpg", "images/screenshot_window_alpha.png", "heic/real_iphone8_gps.heic", "video/h264_aac.mp4"]
        let imported = try PhotosBinary.run(["import"] + files.map { TestMedia.url($0)!.path } + lib)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try PhotosBinary.run(["list", "--json"] + lib)
        let assets = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        var ids: [String: String] = [:]
        for asset in assets {
            if let id = asset["localIdentifier"] as? String, let name = asset["originalFilename"] as? String { ids[name] = id }
        }
        #expect(ids.count == 4, "\(listed.stdout)")
        return Setup(dir: dir, lib: lib, ids: ids)
    }

    @Test func picksByIdentifierAndExports() throws {
        let setup = try setUp()
        let heic = try #require(setup.ids["real_iphone8_gps.heic"]), jpeg = try #require(setup.ids["no_metadata.jpg"])
        let out = setup.dir.appending("out")
        let run = try PhotosBinary.run(["pick", "--identifier", heic, "--identifier", jpeg, "--limit", "2", "--mode", "compatible",
                                        "--export", out.path] + setup.lib)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(heic) public.jpeg real_iphone8_gps") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("\(jpeg) public.jpeg no_metadata") == true, "\(lines)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(written.count == 2, "\(written)")
        let converted = try #require(written.first { $0.hasPrefix("real_iphone8_gps") })
        #expect(converted.hasSuffix(".jpg") || converted.hasSuffix(".jpeg"))
        let bytes = try Data(contentsOf: out.appendingPathComponent(converted))
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let copied = try #require(written.first { $0.hasPrefix("no_metadata") })
        #expect(try Data(contentsOf: out.appendingPathComponent(copied)) == Data(contentsOf: try #require(TestMedia.url("images/no_metadata.jpg"))))
    }

    @Test func picksTheNewestMatchingTheFilter() throws {
        let setup = try setUp()
        let run = try PhotosBinary.run(["pick", "--filter", "videos", "--limit", "0", "--json"] + setup.lib)
        #expect(run.status == 0, "\(run.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(results.map { $0["assetIdentifier"] as? String } == [setup.ids["h264_aac.mp4"]])
        #expect(results.first?["registeredTypeIdentifiers"] as? [String] == ["public.mpeg-4"])

        let images = try PhotosBinary.run(["pick", "--filter", "all(images,not(screenshots))", "--limit", "0"] + setup.lib)
        #expect(images.status == 0, "\(images.stderr)")
        #expect(images.stdout.split(separator: "\n").count == 2, "\(images.stdout)")
        let any = try PhotosBinary.run(["pick", "--filter", "screenshots", "--filter", "videos", "--limit", "0"] + setup.lib)
        #expect(any.stdout.split(separator: "\n").count == 2, "\(any.stdout)")
    }

    @Test func refusesWhatThePickerDoesNotShow() throws {
        let setup = try setUp()
        let video = try #require(setup.ids["h264_aac.mp4"]), jpeg = try #require(setup.ids["no_metadata.jpg"])
        let excluded = try PhotosBinary.run(["pick", "--filter", "images", "--identifier", video] + setup.lib)
        #expect(excluded.status != 0)
        #expect(excluded.stderr.contains(video) && excluded.stderr.contains("filter"), "\(excluded.stderr)")
        let overLimit = try PhotosBinary.run(["pick", "--identifier", video, "--identifier", jpeg] + setup.lib)
        #expect(overLimit.status != 0)
        #expect(overLimit.stderr.contains("selection limit is 1"), "\(overLimit.stderr)")
        let badFilter = try PhotosBinary.run(["pick", "--filter", "selfies"] + setup.lib)
        #expect(badFilter.status != 0)
        #expect(badFilter.stderr.contains("unknown kind"), "\(badFilter.stderr)")
    }
}

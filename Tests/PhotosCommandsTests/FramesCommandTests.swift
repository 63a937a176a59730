import Foundation
import Testing
import ImageIO
import _TestSupport

/// `photos frames` through the real binary, on a movie made by ffmpeg: one second red, then one second blue.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct FramesCommandTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")

    /// The centre pixel's RGB of a JPEG file.
    static func centre(_ url: URL) throws -> [Int] {
        let pixels = try ImageFile(data: try Data(contentsOf: url)).decode(DecodeOptions(colorSpace: nil)).pixels
        return pixels.withUnsafeBytes { raw in
            let at = pixels.height / 2 * pixels.bytesPerRow + pixels.width / 2 * pixels.layout.componentCount
            return (0..<3).map { Int(raw[at + $0]) }
        }
    }

    @Test func framesEveryHalfSecondShowTheMoviesColoursInOrder() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.ffmpeg.path), "ffmpeg is missing: run scripts/setup.sh (Debian ffmpeg)")
        let dir = TemporaryDirectory()
        let movie = dir.appending("redblue.mp4")
        let made = try MeasuredProcess.run(Self.ffmpeg, ["-hide_banner", "-loglevel", "error", "-filter_complex",
            "color=c=red:s=64x48:d=1:r=10[a];color=c=blue:s=64x48:d=1:r=10[b];[a][b]concat=n=2:v=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", movie.path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let lib = ["--library", dir.appending("Library").path]
        #expect(try PhotosBinary.run(["init"] + lib).status == 0)
        #expect(try PhotosBinary.run(["import", movie.path] + lib).status == 0)
        let listed = try PhotosBinary.run(["list", "--json"] + lib)
        let assets = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let identifier = try #require(assets.first?["localIdentifier"] as? String)

        let out = dir.appending("frames")
        let run = try PhotosBinary.run(["frames", identifier, "--every", "0.5", "-o", out.path, "--json"] + lib)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(frames.count == 4, "\(frames)")
        let times = frames.compactMap { $0["time"] as? Double }
        #expect(zip(times, [0, 0.5, 1.0, 1.5]).allSatisfy { abs($0 - $1) < 0.11 }, "\(times)")
        let colours = try frames.map { try Self.centre(URL(fileURLWithPath: $0["path"] as! String)) }
        #expect(colours[0][0] > 180 && colours[0][2] < 80, "the first second is red: \(colours)")
        #expect(colours[3][2] > 180 && colours[3][0] < 80, "the last second is blue: \(colours)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".jpg") })

        // A photo has no movie: said plainly.
        _ = try FixtureImages.writeJPEG(to: dir.appending("IMG_0001.jpg"), width: 64, height: 48)
        #expect(try PhotosBinary.run(["import", dir.appending("IMG_0001.jpg").path] + lib).status == 0)
        let photo = try #require((try JSONSerialization.jsonObject(with: Data(try PhotosBinary.run(["list", "--json"] + lib).stdout.utf8)) as? [[String: Any]])?
            .first { ($0["mediaType"] as? String) == "image" }?["localIdentifier"] as? String)
        let refused = try PhotosBinary.run(["frames", photo, "-o", out.path] + lib)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has no movie"), "\(refused.stderr)")
    }
}

import Foundation
import Testing
import ImageIO
import _TestSupport

/// `photos video` and `photos export --preset` through the real binary, on a movie made by ffmpeg: one second
/// red, then one second blue.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct VideoCommandTests {
    @Test func aVideoEditRendersEveryFrameAndExportsWithAPreset() throws {
        try #require(FileManager.default.isExecutableFile(atPath: FramesCommandTests.ffmpeg.path), "ffmpeg is missing: run scripts/setup.sh (Debian ffmpeg)")
        let dir = TemporaryDirectory()
        let movie = dir.appending("redblue.mov")
        let made = try MeasuredProcess.run(FramesCommandTests.ffmpeg, ["-hide_banner", "-loglevel", "error", "-filter_complex",
            "color=c=red:s=64x48:d=1:r=10[a];color=c=blue:s=64x48:d=1:r=10[b];[a][b]concat=n=2:v=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", movie.path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let lib = ["--library", dir.appending("Library").path]
        #expect(try PhotosBinary.run(["import", movie.path] + lib).status == 0)
        let listed = try PhotosBinary.run(["list", "--json"] + lib)
        let identifier = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first?["localIdentifier"] as? String)

        func centres() throws -> [[Int]] {
            let out = dir.appending("frames-\(UUID().uuidString)")
            let run = try PhotosBinary.run(["frames", identifier, "--every", "1", "-o", out.path, "--json"] + lib)
            #expect(run.status == 0, "\(run.stderr)")
            let frames = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
            return try frames.map { try FramesCommandTests.centre(URL(fileURLWithPath: $0["path"] as! String)) }
        }

        let edit = try PhotosBinary.run(["video", identifier, "--filter", "CIColorInvert", "--json"] + lib)
        #expect(edit.status == 0, "\(edit.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(edit.stdout.utf8)) as? [String: Any])
        #expect(report["edit"] as? Int == 1 && report["pixelWidth"] as? Int == 64)
        let inverted = try centres()
        #expect(inverted.count == 2)
        #expect(inverted[0][0] < 80 && inverted[0][1] > 180 && inverted[0][2] > 180, "red became cyan: \(inverted)")
        #expect(inverted[1][0] > 180 && inverted[1][1] > 180 && inverted[1][2] < 80, "blue became yellow: \(inverted)")

        let out = dir.appending("exports")
        let exported = try PhotosBinary.run(["export", identifier, "--preset", "640x480", "-o", out.path, "--json"] + lib)
        #expect(exported.status == 0, "\(exported.stderr)")
        let path = try #require(((try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])?["exported"] as? [[String: Any]])?
            .first?["path"] as? String)
        let probe = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffprobe"), ["-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,64,48,20", "\(probe.stdout)")   // never enlarged

        let unknown = try PhotosBinary.run(["export", identifier, "--preset", "Tiny", "-o", out.path] + lib)
        #expect(unknown.status != 0 && unknown.stderr.contains("not an export preset"), "\(unknown.stderr)")

        #expect(try PhotosBinary.run(["revert", identifier] + lib).status == 0)
        let reverted = try centres()
        #expect(reverted[0][0] > 180 && reverted[0][2] < 80, "the original is red again: \(reverted)")
    }
}

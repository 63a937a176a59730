import Foundation
import Testing
import _TestSupport
@testable import Movies

/// 8-bit 4:2:0 frames are converted to RGBA by the reader's own converter (chroma interpolated bilinearly between
/// centred samples, the frame's matrix and range): it must agree with libswscale's accurate conversion (bicubic,
/// full chroma interpolation — what ffmpeg gives with those flags) everywhere but at sharp chroma edges, where the
/// two interpolations differ by a few levels, and exactly up to rounding on flat colour.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg"))
struct FrameConversionTests {
    /// A one-frame movie of `source`: lossless FFV1 for video range (the decoded YUV is exactly what was encoded),
    /// Motion JPEG for full range (FFV1 does not keep the range; both decoders read the same JPEG).
    static func movie(_ dir: TemporaryDirectory, source: String, fullRange: Bool) throws -> URL {
        let url = dir.appending(fullRange ? "frame.mov" : "frame.mkv")
        let codec = fullRange ? ["-c:v", "mjpeg", "-q:v", "2", "-pix_fmt", "yuvj420p"] : ["-c:v", "ffv1", "-pix_fmt", "yuv420p"]
        let run = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1"] + codec + [url.path])
        #expect(run.status == 0, "\(run.stderr)")
        return url
    }

    static func reference(_ url: URL, matrix: String, range: String) throws -> [UInt8] {
        let run = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), [
            "-v", "error", "-i", url.path, "-frames:v", "1",
            "-vf", "scale=in_color_matrix=\(matrix):in_range=\(range):flags=bicubic+accurate_rnd+full_chroma_int",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        return [UInt8](run.stdoutData)
    }

    /// Our first frame's RGB against the reference: (mean difference, share of values more than 3 apart, largest).
    static func compare(_ url: URL, matrix: String, range: String) throws -> (mean: Double, far: Double, largest: Int, width: Int, height: Int) {
        let reference = try reference(url, matrix: matrix, range: range)
        let reader = try MovieReader(url: url)
        try reader.startDecoding(try #require(reader.primaryVideoTrack))
        let frame = try #require(try reader.withNextFrame { frame -> (bytes: [UInt8], width: Int, height: Int, row: Int, alpha: Bool) in
            let bytes = [UInt8](frame.pixels)
            let alpha = stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 }
            return (bytes, frame.width, frame.height, frame.bytesPerRow, alpha)
        })
        #expect(frame.alpha, "alpha is opaque")
        #expect(reference.count == frame.width * frame.height * 3, "\(url.lastPathComponent): \(frame.width)×\(frame.height)")
        var total = 0, far = 0, largest = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                for c in 0..<3 {
                    let d = abs(Int(frame.bytes[y * frame.row + x * 4 + c]) - Int(reference[(y * frame.width + x) * 3 + c]))
                    total += d
                    if d > 3 { far += 1 }
                    largest = max(largest, d)
                }
            }
        }
        let count = Double(frame.width * frame.height * 3)
        return (Double(total) / count, Double(far) / count, largest, frame.width, frame.height)
    }

    @Test(arguments: [
        // (size, full range, the matrix the reader picks for untagged frames of that height)
        ("320x240", false, "bt601"), ("1280x720", false, "bt709"), ("320x240", true, "bt601"), ("250x142", false, "bt601"),
    ])
    func smoothColourAgreesWithAccurateLibswscale(size: String, fullRange: Bool, matrix: String) throws {
        let dir = TemporaryDirectory()
        let url = try Self.movie(dir, source: "gradients=size=\(size):rate=1", fullRange: fullRange)
        let result = try Self.compare(url, matrix: matrix, range: fullRange ? "pc" : "tv")
        #expect("\(result.width)x\(result.height)" == size)
        #expect(result.mean < 0.5, "\(size): mean difference \(result.mean)")
        #expect(result.far < 0.002, "\(size): \(result.far * 100) % of values differ by more than 3 (largest \(result.largest))")
    }

    /// ffmpeg's test pattern is all hard colour edges, where bilinear and bicubic chroma differ most.
    @Test func hardEdgesStayClose() throws {
        let dir = TemporaryDirectory()
        let url = try Self.movie(dir, source: "testsrc2=size=640x480:rate=1", fullRange: false)
        let result = try Self.compare(url, matrix: "bt601", range: "tv")
        #expect(result.mean < 1.0, "mean difference \(result.mean)")
        #expect(result.far < 0.08, "\(result.far * 100) % of values differ by more than 3 (largest \(result.largest))")
    }

    @Test(arguments: [false, true])
    func flatColourIsExact(fullRange: Bool) throws {
        let dir = TemporaryDirectory()
        let url = try Self.movie(dir, source: "color=c=0x3C8AD2:size=64x48:rate=1", fullRange: fullRange)
        let result = try Self.compare(url, matrix: "bt601", range: fullRange ? "pc" : "tv")
        #expect(result.largest <= 1, "full range \(fullRange): largest difference \(result.largest) on a flat colour")
    }
}

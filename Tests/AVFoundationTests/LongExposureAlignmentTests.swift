import Foundation
import Testing
import _TestSupport
@testable import Movies

/// The Long Exposure aligns frames before averaging: a movie made here of a still photo seen through a shaking
/// 480×360 window (each frame a crop at another whole-pixel offset, up to ±28 px) averages back to its first frame,
/// while the same frames averaged unaligned are a blur.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg"))
struct LongExposureAlignmentTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Demo/media/dragonfly.jpg").standardized

    /// Packed RGB frames of `movie` as ffmpeg decodes them (BT.601, as for an untagged SD stream).
    static func frames(_ movie: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let run = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-i", movie.path, "-vf", "scale=in_color_matrix=bt601:flags=accurate_rnd+full_chroma_int",
                                                   "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let size = width * height * 3
        return stride(from: 0, to: run.stdoutData.count - size + 1, by: size).map { [UInt8](run.stdoutData[$0..<($0 + size)]) }
    }

    /// The mean absolute difference of two packed RGB images over the central part (a 48-pixel border left out,
    /// where fewer frames reach).
    static func centralDifference(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
        var total = 0, count = 0
        for y in 48..<(height - 48) {
            for x in 48..<(width - 48) {
                for c in 0..<3 { total += abs(Int(a[(y * width + x) * 3 + c]) - Int(b[(y * width + x) * 3 + c])) }
                count += 3
            }
        }
        return Double(total) / Double(count)
    }

    @Test func shakenFramesAverageBackToTheFirstOne() throws {
        let dir = TemporaryDirectory()
        let movie = dir.appending("shaken.mov")
        let (width, height) = (480, 360)
        // The photo scaled to 640×480, seen through a window whose corner wanders ±28 px around (80, 60).
        let made = try MeasuredProcess.run(Self.ffmpeg, ["-v", "error", "-loop", "1", "-i", Self.photo.path, "-vf",
            "scale=640:480,crop=\(width):\(height):x='80+trunc(28*sin(n*1.7))':y='60+trunc(22*cos(n*1.1))',format=yuv420p",
            "-frames:v", "24", "-r", "24", "-c:v", "libx264", "-crf", "10", movie.path])
        #expect(made.status == 0, "\(made.stderr)")
        let decoded = try Self.frames(movie, width: width, height: height)
        #expect(decoded.count == 24)

        let (still, _) = try MovieEffects.longExposure(movie)
        #expect(still.width == width && still.height == height)
        var ours = [UInt8](repeating: 0, count: width * height * 3)
        still.pixels.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for i in 0..<(width * height) { for c in 0..<3 { ours[i * 3 + c] = bytes[(i / width) * still.bytesPerRow + (i % width) * 4 + c] } }
        }
        // Unaligned, the frames average to a blur.
        var plain = [Double](repeating: 0, count: width * height * 3)
        for frame in decoded { for i in 0..<plain.count { plain[i] += Double(frame[i]) } }
        let blurred = plain.map { UInt8(($0 / Double(decoded.count)).rounded()) }

        let aligned = Self.centralDifference(ours, decoded[0], width: width, height: height)
        let unaligned = Self.centralDifference(blurred, decoded[0], width: width, height: height)
        #expect(aligned < 4, "aligned average vs the first frame: \(aligned)")
        #expect(unaligned > aligned * 3, "unaligned \(unaligned), aligned \(aligned)")
    }

    /// The shaken movie of the first test, made again: `FrameAligner` finds every frame's offset exactly.
    @Test func everyShakeIsFoundToThePixel() throws {
        let dir = TemporaryDirectory()
        let movie = dir.appending("shaken.mov")
        let made = try MeasuredProcess.run(Self.ffmpeg, ["-v", "error", "-loop", "1", "-i", Self.photo.path, "-vf",
            "scale=640:480,crop=480:360:x='80+trunc(28*sin(n*1.7))':y='60+trunc(22*cos(n*1.1))',format=yuv420p",
            "-frames:v", "24", "-r", "24", "-c:v", "libx264", "-crf", "10", movie.path])
        #expect(made.status == 0, "\(made.stderr)")
        let reader = try MovieReader(url: movie)
        let track = try #require(reader.primaryVideoTrack)
        try reader.startDecoding(track)
        var reference: [FrameAligner.Plane]? = nil
        var n = 0
        while try reader.withNextFrame({ frame -> Void in
            let bytes = frame.pixels.bindMemory(to: UInt8.self)
            let pyramid = FrameAligner.pyramid(FrameAligner.Plane(rgba: UnsafeBufferPointer(start: bytes.baseAddress, count: bytes.count),
                                                                   width: frame.width, height: frame.height, bytesPerRow: frame.bytesPerRow))
            let found: (dx: Int, dy: Int) = reference.map { FrameAligner.offset(of: pyramid, against: $0) } ?? (0, 0)
            if reference == nil { reference = pyramid }
            // ffmpeg crops the photo's 4:2:0 pixels at even offsets.
            let x = (80 + Int(28 * sin(Double(n) * 1.7))) & ~1, y = (60 + Int(22 * cos(Double(n) * 1.1))) & ~1
            #expect(found.dx == 80 - x && found.dy == 82 - y, "frame \(n): found \(found), shifted by \((80 - x, 82 - y))")
            n += 1
        }) != nil {}
        #expect(n == 24)
    }

    /// Black and white frames in turn (nothing to align: no shift is better than none) average in linear light:
    /// half the light is sRGB 188, not the 128 of averaging the coded values.
    @Test func framesAverageInLinearLight() throws {
        let dir = TemporaryDirectory()
        let movie = dir.appending("flicker.mov")
        let made = try MeasuredProcess.run(Self.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "color=c=gray:s=64x48:r=10:d=2",
            "-vf", "format=yuv420p,geq=lum='if(mod(N,2),235,16)':cb=128:cr=128", "-c:v", "libx264", "-qp", "0", movie.path])
        #expect(made.status == 0, "\(made.stderr)")
        let (still, _) = try MovieEffects.longExposure(movie)
        let centre = still.pixels.withUnsafeBytes { raw in (0..<3).map { raw[24 * still.bytesPerRow + 32 * 4 + $0] } }
        for value in centre { #expect(abs(Int(value) - 188) <= 2, "\(centre)") }
    }

    @Test func aStillMovieIsItsOwnAverage() throws {
        let dir = TemporaryDirectory()
        let movie = dir.appending("still.mov")
        let made = try MeasuredProcess.run(Self.ffmpeg, ["-v", "error", "-loop", "1", "-i", Self.photo.path, "-vf", "scale=320:240,format=yuv420p",
                                                         "-frames:v", "12", "-r", "12", "-c:v", "libx264", "-crf", "10", movie.path])
        #expect(made.status == 0, "\(made.stderr)")
        let decoded = try Self.frames(movie, width: 320, height: 240)
        let (still, _) = try MovieEffects.longExposure(movie)
        var ours = [UInt8](repeating: 0, count: 320 * 240 * 3)
        still.pixels.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for y in 0..<240 { for x in 0..<320 { for c in 0..<3 { ours[(y * 320 + x) * 3 + c] = bytes[y * still.bytesPerRow + x * 4 + c] } } }
        }
        #expect(Self.centralDifference(ours, decoded[0], width: 320, height: 240) < 2.5, "nothing moved, nothing shifted")
    }
}

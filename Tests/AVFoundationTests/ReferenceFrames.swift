import Foundation
import CoreGraphics

/// Frames decoded by the ffmpeg command (independent of our reader): upright (ffmpeg applies the display matrix),
/// RGB 8-bit, converted with the given YUV matrix and libswscale's accurate rounding.
enum ReferenceFrames {
    static var ffmpegAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") }

    /// The frame showing at `seconds`, as packed RGB bytes, with its size.
    static func frame(_ url: URL, at seconds: Double, matrix: String) throws -> (rgb: [UInt8], width: Int, height: Int) {
        let probe = try run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height:stream_side_data=rotation",
                                                 "-of", "default=nw=1", url.path])
        let fields = Dictionary(String(decoding: probe, as: UTF8.self).split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }, uniquingKeysWith: { a, _ in a })
        var (width, height) = (fields["width"] ?? 0, fields["height"] ?? 0)
        if abs(fields["rotation"] ?? 0) % 180 == 90 { swap(&width, &height) }
        let rgb = try run("/usr/bin/ffmpeg", ["-v", "error", "-i", url.path, "-ss", String(format: "%.4f", (seconds * 10_000).rounded(.down) / 10_000), "-frames:v", "1",
                                              "-vf", "scale=in_color_matrix=\(matrix):flags=bicubic+accurate_rnd+full_chroma_int",
                                              "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        return ([UInt8](rgb), width, height)
    }

    /// The mean absolute difference per channel between an 8-bit RGBX image and packed RGB bytes of the same size.
    static func meanDifference(_ image: CGImage, _ rgb: [UInt8]) -> Double {
        let data = [UInt8](image.dataProvider!.data!)
        var total = 0, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = y * image.bytesPerRow + x * 4, q = (y * image.width + x) * 3
                guard q + 2 < rgb.count else { return .infinity }
                for c in 0..<3 { total += abs(Int(data[p + c]) - Int(rgb[q + c])) }
                count += 3
            }
        }
        return Double(total) / Double(max(1, count))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

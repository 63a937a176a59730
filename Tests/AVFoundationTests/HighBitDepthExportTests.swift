import Foundation
import Testing
import _TestSupport
import AVFoundation
import CoreImage

/// 10-bit and HDR video keeps its depth through HEVC exports, with or without a Core Image composition: frames of
/// more than 8 bits are decoded at 16, filtered at float precision, encoded at 10 bits (Main 10) and tagged as the
/// source was (BT.2020, HLG). H.264 presets write 8 bits, as Apple's do. Checked with ffmpeg and ffprobe.
@Suite struct HighBitDepthExportTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg"), ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// A 0.5 s 256×64 HEVC Main 10 HLG movie whose luma rises by one 10-bit step per column (values 400…655): a
    /// ramp that 8 bits can only hold as a staircase of four-column steps. Encoded losslessly.
    static func rampMovie(in folder: TemporaryDirectory) throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: ffmpeg.path), "ffmpeg is missing: run scripts/setup.sh (Debian ffmpeg)")
        let url = folder.appending("ramp.mov")
        let made = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "nullsrc=s=256x64:d=0.5:r=10",
            "-vf", "format=yuv420p10le,geq=lum='400+X':cb=512:cr=512", "-c:v", "libx265", "-x265-params", "lossless=1:log-level=none",
            "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
            "-tag:v", "hvc1", "-y", url.path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        return url
    }

    /// The luma of the middle row of the first frame, in 10-bit units.
    static func middleRow(_ movie: URL) throws -> [Int] {
        let run = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-i", movie.path, "-frames:v", "1", "-vf", "crop=256:2:0:32",
                                                   "-f", "rawvideo", "-pix_fmt", "gray10le", "-"])
        let bytes = [UInt8](run.stdoutData)
        return Array(stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }.prefix(256))
    }

    static func streamInfo(_ movie: URL) throws -> String {
        try MeasuredProcess.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                          "stream=codec_name,pix_fmt,color_primaries,color_transfer,color_space", "-of", "csv=p=0", movie.path]).stdout
    }

    func export(_ source: URL, preset: String, composition: Bool, to folder: TemporaryDirectory) async throws -> URL {
        let asset = AVURLAsset(url: source)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: preset))
        if composition {
            // A filter that changes nothing visible: the frames still go through Core Image.
            session.videoComposition = AVVideoComposition(asset: asset) { request in
                request.finish(with: request.sourceImage.applyingFilter("CIExposureAdjust", parameters: ["inputEV": 0]), context: nil)
            }
        }
        let output = folder.appending("\(UUID().uuidString).mov")
        session.outputURL = output
        session.outputFileType = .mov
        await session.export()
        #expect(session.status == .completed, "\(preset): \(String(describing: session.error))")
        return output
    }

    @Test func hevcExportsKeepTenBitsAndTheHDRTags() async throws {
        let folder = TemporaryDirectory(prefix: "ten-bit")
        let source = try Self.rampMovie(in: folder)
        let ramp = try Self.middleRow(source)
        #expect(Set(ramp).count > 250, "the source holds 256 levels")
        for composition in [true, false] {
            let output = try await export(source, preset: AVAssetExportPresetHEVCHighestQuality, composition: composition, to: folder)
            let info = try Self.streamInfo(output)
            #expect(info.contains("hevc,yuv420p10le,bt2020nc,arib-std-b67,bt2020"), "composition \(composition): \(info)")
            let row = try Self.middleRow(output)
            #expect(Set(row).count > 200, "composition \(composition): \(Set(row).count) levels survive (8 bits would leave about 64)")
            let error = zip(row, ramp).map { abs($0 - $1) }.reduce(0, +) / max(1, row.count)
            #expect(error <= 2, "composition \(composition): mean error \(error) 10-bit steps")
        }
    }

    @Test func h264PresetsWriteEightBits() async throws {
        let folder = TemporaryDirectory(prefix: "eight-bit")
        let source = try Self.rampMovie(in: folder)
        let output = try await export(source, preset: AVAssetExportPresetHighestQuality, composition: true, to: folder)
        #expect(try Self.streamInfo(output).hasPrefix("h264,yuv420p,"))
        #expect(Set(try Self.middleRow(output)).count < 100, "an 8-bit staircase")
    }
}

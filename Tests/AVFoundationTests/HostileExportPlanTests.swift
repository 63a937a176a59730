import CoreMedia
import Foundation
import Movies
import Testing
import _TestSupport

/// Export plans the `movie-export` fuzz target found stopping the process (`Fuzz/Regressions/movie-export`): a frame
/// size, decode size, quality or display matrix outside what the codecs take trapped converting to C's 32-bit fields, and a
/// still-image time past what the movie's timescale can express overflowed building its track. Each is an error
/// naming the problem now, and no file is left behind.
@Suite struct HostileExportPlanTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/MovieExportSources/source.mp4").standardized

    func export(_ plan: MovieExportPlan, renderer: ExportFrameRenderer? = nil) -> (MovieError?, leftovers: [String]) {
        let directory = TemporaryDirectory(prefix: "hostile-export")
        do {
            try MovieExport.export(from: Self.source, to: directory.appending("out.mov"), plan: plan, renderer: renderer)
            return (nil, TemporaryDirectory.files(under: directory.url))
        } catch {
            return (error, TemporaryDirectory.files(under: directory.url))
        }
    }

    /// FFmpeg's AAC encoder searched its quantisers for minutes (the fuzz target's three timeouts) on float samples
    /// a volume of about 1e9 had scaled far beyond full scale; scaled samples now saturate, as integer ones did.
    @Test(arguments: [8.4e9, 3e12, 1e300])
    func aHugeVolumeSaturatesInsteadOfStallingTheEncoder(_ volume: Double) throws {
        var plan = MovieExportPlan(video: .none, container: "mov")
        plan.audioVolume = volume
        plan.audioFormat = .aac
        let directory = TemporaryDirectory(prefix: "hostile-export")
        let output = directory.appending("out.mov")
        try MovieExport.export(from: Self.source, to: output, plan: plan, renderer: nil)
        let written = try MovieReader(url: output)
        #expect(written.tracks.map(\.codecName) == ["aac"])
    }

    /// A frame renderer's frame shorter or narrower than the track, or of another depth, reached libswscale, which
    /// read past it (the fuzz target's SEGV, `Fuzz/Unfixed` then): each is an error naming the sizes now.
    @Test(arguments: [(rows: 22, rowBytes: 32 * 4, bits: 8), (rows: 24, rowBytes: 31 * 4, bits: 8), (rows: 24, rowBytes: 32 * 4, bits: 16),
                      (rows: 24, rowBytes: 32 * 4, bits: 12), (rows: 24, rowBytes: 32 * 4, bits: Int.max)])
    func aRenderedFrameThatDoesNotHoldTheTrackIsRefused(_ frame: (rows: Int, rowBytes: Int, bits: Int)) {
        let renderer = ExportFrameRenderer(width: 32, height: 24) { _ in
            RenderedFrame(pixels: Data(count: frame.rowBytes * frame.rows), bytesPerRow: frame.rowBytes, bitsPerComponent: frame.bits)
        }
        let (error, leftovers) = export(MovieExportPlan(video: .encode(codec: .h264, longSide: nil, shortSide: nil, quality: nil), container: "mov"), renderer: renderer)
        #expect(error?.message.contains("cannot hold 32 × 24 pixels") == true || error?.message.contains("bits per component (8 or 16") == true,
                "\(String(describing: error))")
        #expect(leftovers.isEmpty)
    }

    @Test func aQualityOutsideTheEncodersRangeIsRefused() {
        let (error, leftovers) = export(MovieExportPlan(video: .encode(codec: .h264, longSide: nil, shortSide: nil, quality: 1_000_000_000_000), container: "mov"))
        #expect(error?.message.contains("the quality factor 1000000000000 is outside 0…51") == true, "\(String(describing: error))")
        #expect(leftovers.isEmpty)
    }

    @Test func aFrameSizeBeyondTheEncodersIsRefused() {
        let huge = 1 << 40
        let renderer = ExportFrameRenderer(width: huge, height: 24) { _ in RenderedFrame(pixels: Data(), bytesPerRow: 0, bitsPerComponent: 8) }
        let (error, leftovers) = export(MovieExportPlan(video: .encode(codec: .hevc, longSide: nil, shortSide: nil, quality: nil), container: "mov"), renderer: renderer)
        #expect(error?.code == .tooLarge && error?.message.contains("outside 1…16384 pixels a side") == true, "\(String(describing: error))")
        #expect(leftovers.isEmpty)
    }

    @Test func aDecodeSizeBeyondTheDecodersIsRefused() {
        let renderer = ExportFrameRenderer(width: 32, height: 24, decodeSize: (width: -3, height: 1 << 35)) { _ in
            RenderedFrame(pixels: Data(count: 32 * 24 * 4), bytesPerRow: 32 * 4, bitsPerComponent: 8)
        }
        let (error, leftovers) = export(MovieExportPlan(video: .encode(codec: .h264, longSide: nil, shortSide: nil, quality: nil), container: "mov"), renderer: renderer)
        #expect(error?.code == .tooLarge && error?.message.contains("cannot be decoded at -3 × 34359738368") == true, "\(String(describing: error))")
        #expect(leftovers.isEmpty)
    }

    @Test(arguments: [CMTime(value: Int64.max / 2, timescale: 1), CMTime(value: -5, timescale: 10), .invalid, .positiveInfinity])
    func aStillImageTimeOutsideTheMovieIsRefused(_ time: CMTime) {
        var plan = MovieExportPlan(video: .copy, container: "mov")
        plan.stillImageTime = time
        let (error, leftovers) = export(plan)
        #expect(error?.message.contains("still-image time") == true, "\(String(describing: error))")
        #expect(leftovers.isEmpty)
    }

    @Test func aStillImageTimeInsideTheMovieIsWritten() {
        var plan = MovieExportPlan(video: .copy, container: "mov")
        plan.stillImageTime = CMTime(value: 2, timescale: 10)
        let (error, leftovers) = export(plan)
        #expect(error == nil && leftovers == ["out.mov"], "\(String(describing: error))")
    }
}

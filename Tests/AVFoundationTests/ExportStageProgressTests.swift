import Foundation
import Movies
import Testing
import _TestSupport

/// An export's progress moves through every stage, not only while frames are encoded: re-encoding audio and
/// copying packets report as they go, and a cancel during them stops the export with nothing left behind.
@Suite struct ExportStageProgressTests {
    /// Runs `plan` on a 2 s movie, recording every progress value; `stopAt` cancels at the first value at or above it.
    static func export(_ plan: MovieExportPlan, stopAt: Double? = nil) throws -> (values: [Double], output: URL, error: MovieError?, folder: TemporaryDirectory) {
        let folder = TemporaryDirectory(prefix: "stage-progress")
        let source = try AudioMixExportTests.makeMovie(in: folder)
        let output = folder.appending(plan.container == "ipod" ? "out.m4a" : "out.\(plan.container)")
        var values: [Double] = []
        var failure: MovieError?
        do {
            try MovieExport.export(from: source, to: output, plan: plan) { value in
                values.append(value)
                return stopAt.map { value < $0 } ?? true
            }
        } catch {
            failure = error
        }
        return (values, output, failure, folder)
    }

    static func isRising(_ values: [Double]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 <= $1 } }

    @Test func anAudioOnlyReencodeMovesTheProgress() throws {
        var plan = MovieExportPlan(video: .none, container: "ipod")
        plan.audioVolume = 0.5   // re-encoded
        let run = try Self.export(plan)
        #expect(run.error == nil)
        let during = run.values.filter { $0 > 0 && $0 < 1 }
        #expect(during.count >= 20, "about one report per packet of 2 s of AAC: \(run.values.count) values")
        #expect(Self.isRising(run.values) && run.values.last == 1)
        #expect((during.max() ?? 0) > 0.9, "the audio stage goes all the way: \(during.max() ?? 0)")
    }

    @Test func aPassthroughCopyMovesTheProgressThroughBothTracks() throws {
        let run = try Self.export(MovieExportPlan(video: .copy, container: "mov"))
        #expect(run.error == nil)
        #expect(Self.isRising(run.values) && run.values.last == 1)
        let audioShare = 0.5   // two copies of equal weight: the audio's half, then the video's
        #expect(run.values.contains { $0 > 0.1 && $0 < audioShare }, "the audio copy reported")
        #expect(run.values.contains { $0 > audioShare + 0.1 && $0 < 1 }, "the video copy reported")
    }

    @Test func aCancelDuringTheAudioStageLeavesNothing() throws {
        var plan = MovieExportPlan(video: .encode(codec: .h264, longSide: nil, shortSide: nil, quality: nil), container: "mov")
        plan.audioVolume = 0.5   // the audio is re-encoded first, worth 0.15 of 1.15
        let run = try Self.export(plan, stopAt: 0.05)
        #expect(run.error?.code == .cancelled, "\(String(describing: run.error))")
        #expect((run.values.last ?? 1) < 0.15, "stopped within the audio stage: \(run.values.last ?? -1)")
        #expect(!FileManager.default.fileExists(atPath: run.output.path))
        #expect((try FileManager.default.contentsOfDirectory(atPath: run.folder.url.path)).filter { $0 != "source.mov" } == [], "no partial file")
    }
}

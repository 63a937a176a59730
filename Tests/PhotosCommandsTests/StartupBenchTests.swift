import Foundation
import Testing
import _TestSupport

/// `photos bench startup` through the real binary, with few runs: every command it times succeeds and each line
/// carries its figures (the figures themselves are the benchmark's business, not the test's).
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct StartupBenchTests {
    @Test func everyCommandRunsAndIsReported() throws {
        let bench = try MeasuredProcess.run(PhotosBinary.url!, ["bench", "startup", "--runs", "2"])
        #expect(bench.status == 0, "\(bench.stdout)\n\(bench.stderr)")
        for label in ["photos --version", "photos --help", "photos list (empty library)", "photos image thumbnail (1 MP JPEG)"] {
            let line = bench.stdout.split(separator: "\n").first { $0.contains(label) }
            #expect(line?.contains(" ms (") == true && line?.contains("MiB") == true && line?.contains("libraries") == true,
                    "\(label): \(bench.stdout)")
        }
        #expect(bench.stdout.contains("target ≤ 12 ms, ≤ 25 MiB"))
    }
}

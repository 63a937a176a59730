import Foundation
import PhotoLibrary
import Testing
import _TestSupport

/// `photos bench soak` through the real binary, briefly: mixed load with an observer, then a clean verification.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct SoakBenchTests {
    @Test func aShortSoakEndsVerifiedWithNothingLost() throws {
        let directory = TemporaryDirectory(prefix: "soak")
        let url = directory.appending("Library.photoslibrary")
        _ = try Library.open(at: url).fill(count: 2_000, seed: 3)
        let soak = try MeasuredProcess.run(PhotosBinary.url!, ["bench", "soak", "--minutes", "0.2", "--observers", "1", "--library", url.path])
        #expect(soak.status == 0, "\(soak.stdout)\n\(soak.stderr)")
        #expect(soak.stdout.contains("Unexpected failures: 0"), "\(soak.stdout)")
        #expect(soak.stdout.contains("— clean"), "\(soak.stdout)")
        #expect(soak.stdout.contains("imports"), "\(soak.stdout)")
    }
}

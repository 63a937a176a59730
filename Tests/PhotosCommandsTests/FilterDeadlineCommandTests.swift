import Foundation
import Testing
import _TestSupport

/// `photos image filter` used to run `CIGaussianBlur inputRadius=1000` on a 600×400 JPEG for over a minute
/// (1e308: over two, memory growing) with no way to stop it; now every render has a deadline (`--deadline`,
/// default 120 s) and non-finite parameters are refused by name before anything renders.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct FilterDeadlineCommandTests {
    @Test(arguments: ["1000", "1e308"])
    func aHugeBlurStopsAtTheDeadline(radius: String) throws {
        let dir = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: dir.appending("in.jpg"), width: 600, height: 400)
        let output = dir.appending("out.jpg")
        let run = try MeasuredProcess.run(PhotosBinary.url!, ["image", "filter", input.path, output.path,
                                                              "--filter", "CIGaussianBlur", "inputRadius=\(radius)", "--deadline", "2"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("did not finish within its time limit of 2 s"), "\(run.stderr)")
        #expect(!run.stderr.contains("Usage:"))
        #expect(run.seconds < 40, "stopped after \(run.seconds) s")   // loose: the suite shares two cores with movie encoders
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func nonFiniteParametersAreRefusedByName() throws {
        let dir = TemporaryDirectory()
        let input = try FixtureImages.writeJPEG(to: dir.appending("in.jpg"), width: 60, height: 40)
        for value in ["inf", "nan"] {
            let run = try PhotosBinary.run(["image", "filter", input.path, dir.appending("out.jpg").path,
                                            "--filter", "CIGaussianBlur", "inputRadius=\(value)"])
            #expect(run.status != 0 && run.stderr.contains("CIGaussianBlur.inputRadius: '\(value)' is not a finite number"), "\(run.stderr)")
        }
    }
}

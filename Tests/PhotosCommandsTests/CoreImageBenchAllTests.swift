import Foundation
import Testing
import _TestSupport
@testable import PhotosCommands

/// `photos bench coreimage --all`: its options parse, and a tiny run over two filters prints a row for each and the
/// summary. Only the output's shape is checked, never a time (the benchmark prints ratios, it asserts nothing).
struct CoreImageBenchAllTests {
    /// `--all --filter NAME --size WxH` parses; `--filter` without `--all`, an unknown filter and a bad size do not.
    @Test func optionsParse() throws {
        let command = try CoreImageBenchCommand.parse(["--all", "--filter", "CIColorInvert", "--size", "64x48"])
        #expect(command.all)
        #expect(command.filters == ["CIColorInvert"])
        let size = try command.dimensions()
        #expect(size.width == 64 && size.height == 48)
        let full = try CoreImageBenchCommand.parse(["--all"]).dimensions()
        #expect(full.width == 4000 && full.height == 3000)
        #expect(throws: (any Error).self) { try CoreImageBenchCommand.parse(["--filter", "CIColorInvert"]) }
        #expect(throws: (any Error).self) { try CoreImageBenchCommand.parse(["--all", "--filter", "CINoSuchFilter"]) }
        #expect(throws: (any Error).self) { try CoreImageBenchCommand.parse(["--all", "--size", "64"]) }
    }

    /// At 64×48 with one run, a filter without a peer and one with peers each print a row with the output size,
    /// and the summary counts both as rendered.
    @Test(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
    func aTinyRunPrintsARowPerFilter() throws {
        let run = try PhotosBinary.run(["bench", "coreimage", "--all", "--filter", "CIColorInvert", "--filter", "CIBoxBlur",
                                        "--size", "64x48", "--runs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for name in ["CIColorInvert", "CIBoxBlur"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") && $0.contains("64×48") }, "no row for \(name): \(run.stdout)")
        }
        #expect(lines.contains { $0.hasPrefix("Summary: 2 filters; 2 rendered; 0 nil at defaults; 0 failed or skipped") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("CIBoxBlur: radius 10") }, "the peer row's parameters are stated: \(run.stdout)")
    }
}

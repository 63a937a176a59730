import Foundation
import XCTest
@testable import MediaInspection

/// A movie whose sample tables declare impossible entry counts used to be rejected with FFmpeg's "Cannot
/// allocate memory" (or "Invalid data found when processing input"), which reads like a problem of the machine,
/// not of the file. It is now reported as a damaged movie.
final class DamagedMovieTests: XCTestCase {
    /// `h264_aac.mp4` with the entry count of one sample table (`stco`, `stts`, `stsc`) or the sample count of
    /// `stsz` set to 0x3FFFFFFF.
    private func damaged(_ table: String) throws -> Data {
        var bytes = try Data(contentsOf: TestMedia.require().appendingPathComponent("video/h264_aac.mp4"))
        let atom = try XCTUnwrap(bytes.range(of: Data(table.utf8)))
        let field = atom.lowerBound + (table == "stsz" ? 12 : 8)
        bytes.replaceSubrange(field..<(field + 4), with: [0x3F, 0xFF, 0xFF, 0xFF])
        return bytes
    }

    func testImpossibleSampleTablesAreReportedAsADamagedMovie() throws {
        for table in ["stco", "stts", "stsc", "stsz"] {
            do {
                _ = try MediaInspector.inspect(data: try damaged(table), filename: "clip-\(table).mp4")
                XCTFail("a movie with a damaged \(table) was accepted")
            } catch let error as MediaInspectionError {
                XCTAssertEqual(error.code, .corrupt, table)
                XCTAssertTrue(error.message.contains("the movie is damaged"), "\(table): \(error.message)")
                XCTAssertFalse(error.message.contains("allocate memory"), "\(table): \(error.message)")
            }
        }
    }
}

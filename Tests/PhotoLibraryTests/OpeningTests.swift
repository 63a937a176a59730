import XCTest
import GRDB
@testable import PhotoLibrary
import _TestSupport

/// Opening never turns a folder of other files into a library; only new or empty directories (or an explicit
/// `.inAnyDirectory`, as `photos init` asks) get one.
final class OpeningTests: XCTestCase {
    var directory: TemporaryDirectory!
    override func setUp() { directory = TemporaryDirectory(prefix: "photos-opening") }
    override func tearDown() { directory = nil }

    func testAFolderOfOtherFilesIsNotAPhotoLibrary() throws {
        let folder = directory.appending("Documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try Library.open(at: folder)) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .libraryUnavailable)
            XCTAssertTrue("\(error)".contains("is not a photo library"), "\(error)")
            XCTAssertTrue("\(error)".contains("notes.txt"), "the error says what is there: \(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["notes.txt"], "the folder is left as it was")
    }

    func testNewAndEmptyDirectoriesBecomeLibraries() throws {
        let empty = directory.appending("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for url in [directory.appending("New.photoslibrary"), empty] {
            _ = try Library.open(at: url)
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.appendingPathComponent("database/Photos.sqlite").path))
            _ = try Library.open(at: url)
        }
    }

    func testALibraryBeingCreatedByAnotherHandleOpens() throws {
        // What a second process sees while the first is creating the library: only the library's own entries.
        let url = directory.appending("Racing.photoslibrary")
        for entry in ["database", "originals", "tmp", "locks"] {
            try FileManager.default.createDirectory(at: url.appendingPathComponent(entry), withIntermediateDirectories: true)
        }
        XCTAssertNoThrow(try Library.open(at: url))
    }

    func testCreatingInAnyDirectoryIsExplicit() throws {
        let folder = directory.appending("Chosen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("README"))
        let library = try Library.open(at: folder, creation: .inAnyDirectory)
        try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg()))]))]))
        XCTAssertEqual(try Library.open(at: folder).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") }, 1, "once made, it opens as a library")
    }
}

import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// A photo library is never an import source: importing a library into itself (or a folder that contains it)
/// used to add its own thumbnails as new photos. Libraries inside source folders are skipped and listed, not
/// counted as rejected files (so such an import still exits 0).
struct LibrarySourceTests {
    func assetCount(_ library: Library) throws -> Int {
        try library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") ?? 0 }
    }

    /// A library in `dir` holding three imported photos and a thumbnail file, as `photos import` leaves it.
    func makeLibraryWithThumbnails(_ dir: TemporaryDirectory) throws -> Library {
        let camera = dir.appending("camera")
        try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
        for seed in 0..<3 { _ = try FixtureImages.writeJPEG(to: camera.appendingPathComponent("IMG_\(seed).JPG"), seed: seed) }
        let library = try Library.open(at: dir.appending("Photos.photoslibrary"))
        #expect(try Importer(library: library).importItems(at: [camera]).imported == 3)
        let thumbnails = library.url.appendingPathComponent("derivatives/v1/ab")
        try FileManager.default.createDirectory(at: thumbnails, withIntermediateDirectories: true)
        _ = try FixtureImages.writeJPEG(to: thumbnails.appendingPathComponent("ab12.thumbnail.jpg"), width: 32, height: 24, seed: 99)
        return library
    }

    @Test func aFolderContainingTheLibrarySkipsIt() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibraryWithThumbnails(dir)
        let summary = try Importer(library: library).importItems(at: [dir.url])
        #expect(summary.imported == 0, "nothing of the library's own is imported: \(summary.createdAssetIdentifiers)")
        #expect(summary.duplicatesSkipped == 3, "the camera folder's photos are already there")
        #expect(summary.skippedLibraries == [library.url.path])
        #expect(summary.rejected.isEmpty, "a skipped library is not a rejected file: \(summary.rejected)")
        #expect(try assetCount(library) == 3)
    }

    @Test func theLibraryOrAFolderInsideItIsRefused() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibraryWithThumbnails(dir)
        for source in [library.url, library.url.appendingPathComponent("originals"), library.url.appendingPathComponent("derivatives/v1/ab/ab12.thumbnail.jpg")] {
            #expect {
                try Importer(library: library).importItems(at: [source])
            } throws: { error in
                guard let error = error as? LibraryError else { return false }
                return error.code == .changeNotSupported && error.message.contains("photo library \(library.url.path)")
            }
        }
        #expect(try assetCount(library) == 3)
    }

    @Test func anotherLibraryInsideASourceFolderIsSkippedToo() throws {
        let dir = TemporaryDirectory()
        let other = try makeLibraryWithThumbnails(dir)
        let elsewhere = TemporaryDirectory()
        let target = try Library.open(at: elsewhere.appending("Target.photoslibrary"))
        let summary = try Importer(library: target).importItems(at: [dir.url])
        #expect(summary.imported == 3, "the camera folder is imported")
        #expect(summary.skippedLibraries == [other.url.path], "the other library is skipped whole")
    }
}

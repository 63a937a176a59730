import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Imports of the shared media corpus into real temporary libraries.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct ImporterTests {
    /// Files of `shared/media/broken` that no importer may accept.
    static let unimportable = ["truncated.jpg", "zero_bytes.jpg", "huge_dimensions_100000x100000.png",
                               "huge_dimensions_65500x65500.jpg", "truncated_no_moov.mov"]

    func makeLibrary(_ dir: TemporaryDirectory) throws -> Library {
        try Library.open(at: dir.appending("Test.photoslibrary"))
    }

    func assetCount(_ library: Library) throws -> Int {
        try library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") ?? 0 }
    }

    @Test func pairsLivePhotos() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibrary(dir)
        let summary = try Importer(library: library).importItems(at: [TestMedia.url("livephoto")!])
        #expect(summary.rejected.isEmpty, "\(summary.rejected)")
        #expect(summary.imported == 2)
        #expect(summary.livePhotoPairs == 2)
        for identifier in summary.createdAssetIdentifiers {
            let row = try #require(try library.assetRowIDs(identifiers: [identifier]).first)
            let asset = try #require(try library.assets(rowIDs: [row])[row])
            #expect(asset.mediaSubtypes.contains(.photoLive))
            #expect(asset.playbackStyle == .livePhoto)
            let resources = try library.resources(assetRowID: row)
            #expect(Set(resources.map(\.type)) == [.photo, .pairedVideo])
            let names = Set(resources.map { ($0.originalFilename as NSString).deletingPathExtension })
            #expect(names.count == 1, "a still and the movie with its base name: \(resources.map(\.originalFilename))")
        }
    }

    @Test func pairsRAWAndJPEG() throws {
        let dir = TemporaryDirectory()
        let source = dir.appending("card")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestMedia.url("images/no_metadata.jpg")!, to: source.appendingPathComponent("DSC_0042.JPG"))
        try FileManager.default.copyItem(at: TestMedia.url("raw/synthetic_rggb_12bit.dng")!, to: source.appendingPathComponent("DSC_0042.DNG"))
        let library = try makeLibrary(dir)
        let summary = try Importer(library: library).importItems(at: [source])
        #expect(summary.rejected.isEmpty, "\(summary.rejected)")
        #expect(summary.imported == 1)
        #expect(summary.rawJPEGPairs == 1)
        let row = try #require(try library.assetRowIDs(identifiers: summary.createdAssetIdentifiers).first)
        let asset = try #require(try library.assets(rowIDs: [row])[row])
        #expect(asset.isRAW)
        #expect(asset.uniformTypeIdentifier == "public.jpeg")
        let resources = try library.resources(assetRowID: row)
        #expect(resources.first { $0.type == .photo }?.originalFilename == "DSC_0042.JPG")
        #expect(resources.first { $0.type == .alternatePhoto }?.originalFilename == "DSC_0042.DNG")
    }

    @Test func skipsDuplicatesOnSecondImport() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibrary(dir)
        let folders = ["images", "livephoto", "video"].compactMap(TestMedia.url)
        let first = try Importer(library: library).importItems(at: folders)
        #expect(first.imported > 10)
        let countAfterFirst = try assetCount(library)
        let second = try Importer(library: library).importItems(at: folders)
        #expect(second.imported == 0)
        #expect(second.duplicatesSkipped == first.imported)
        #expect(second.rejected.count == first.rejected.count)
        #expect(try assetCount(library) == countAfterFirst)
    }

    @Test func duplicatesWithinOneImportAndTrashedOnesAreNot() throws {
        let dir = TemporaryDirectory()
        let source = dir.appending("twice")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let original = TestMedia.url("images/no_metadata.jpg")!
        try FileManager.default.copyItem(at: original, to: source.appendingPathComponent("a.jpg"))
        try FileManager.default.copyItem(at: original, to: source.appendingPathComponent("b.jpg"))
        let library = try makeLibrary(dir)
        let summary = try Importer(library: library).importItems(at: [source])
        #expect(summary.imported == 1)
        #expect(summary.duplicates == [source.appendingPathComponent("b.jpg").path])
        // Once the asset is in Recently Deleted, the same content imports again.
        try library.apply(ChangeBatch(operations: [.trashAssets(summary.createdAssetIdentifiers)]))
        #expect(try library.hasResource(sha256: Importer.sha256(ofFileAt: original)!) == false)
        let again = try Importer(library: library).importItems(at: [source.appendingPathComponent("a.jpg")])
        #expect(again.imported == 1)
    }

    @Test func rejectsBrokenFilesAndLeavesTheLibraryUnchanged() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibrary(dir)
        let files = Self.unimportable.map { TestMedia.url("broken/\($0)")! }
        let before = TemporaryDirectory.files(under: library.url.appendingPathComponent("originals"))
        let summary = try Importer(library: library, batchSize: 2).importItems(at: files)
        #expect(summary.imported == 0)
        #expect(summary.rejected.count == files.count)
        for rejection in summary.rejected {
            let name = (rejection.path as NSString).lastPathComponent
            #expect(Self.unimportable.contains(name))
            #expect(!rejection.reason.isEmpty)
            #expect(rejection.description.contains(name), "the message names the file: \(rejection)")
        }
        #expect(try assetCount(library) == 0)
        #expect(TemporaryDirectory.files(under: library.url.appendingPathComponent("originals")) == before)
        #expect(TemporaryDirectory.files(under: library.url.appendingPathComponent("tmp")).isEmpty)
        #expect(TemporaryDirectory.files(under: library.url.appendingPathComponent("journal")).isEmpty)
    }

    /// The corpus README allows three "broken" files to import when the content is usable: a PNG named .jpg
    /// (sniffing wins), a JPEG with garbage EXIF (pixels decode) and an audio-only .mov (classified as audio).
    @Test func brokenFolderEitherRejectsOrImportsAsWhatTheFileReallyIs() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibrary(dir)
        let summary = try Importer(library: library).importItems(at: [TestMedia.url("broken")!])
        let rejected = Set(summary.rejected.map { ($0.path as NSString).lastPathComponent })
        #expect(rejected.isSuperset(of: Self.unimportable))
        let assets = try library.assets(rowIDs: try library.assetRowIDs(AssetQuery(scope: .identifiers(summary.createdAssetIdentifiers)))).values
        for asset in assets {
            switch asset.originalFilename {
            case "png_disguised_as.jpg": #expect(asset.uniformTypeIdentifier == "public.png")
            case "garbage_exif.jpg": #expect(asset.mediaType == .image)
            case "no_video_track.mov": #expect(asset.mediaType == .audio)
            default: Issue.record("\(asset.originalFilename) should not have been imported")
            }
        }
        #expect(summary.imported + summary.rejected.count == summary.filesConsidered)
    }

    @Test func reportsProgressAndHonoursCancellation() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibrary(dir)
        let progress = Progress(totalUnitCount: 0)
        let summary = try Importer(library: library, batchSize: 3).importItems(at: [TestMedia.url("images")!], progress: progress)
        #expect(progress.totalUnitCount == Int64(summary.filesConsidered))
        #expect(progress.completedUnitCount == progress.totalUnitCount)
        #expect(!summary.wasCancelled)

        let other = try Library.open(at: dir.appending("Other.photoslibrary"))
        let cancelled = Progress(totalUnitCount: 0)
        cancelled.cancel()
        let none = try Importer(library: other).importItems(at: [TestMedia.url("images")!], progress: cancelled)
        #expect(none.wasCancelled)
        #expect(none.imported == 0)
        #expect(try assetCount(other) == 0)
    }

    @Test func missingPathsAreRejected() throws {
        let dir = TemporaryDirectory()
        let library = try makeLibrary(dir)
        let summary = try Importer(library: library).importItems(at: [dir.appending("nope.jpg")])
        #expect(summary.rejected.count == 1)
        #expect(summary.rejected.first?.description.contains("nope.jpg") == true)
    }
}

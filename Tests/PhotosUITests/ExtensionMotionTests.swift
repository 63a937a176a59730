import XCTest
import PhotosUI
import PhotoLibrary
import _TestSupport

/// Editing extensions that declare `Video` and `PHSupportsLivePhotos` edit videos and Live Photos in their sandbox:
/// the host lets them read the movie, takes back the rendered movie (and a Live Photo's still and movie) and
/// commits them like any edit.
final class ExtensionMotionTests: ExtensionTestCase {
    func importCorpus(_ paths: [String]) throws -> PHAsset {
        guard TestMedia.folder != nil else { throw XCTSkip(TestMedia.skipMessage) }
        let staging = directory.appending("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        for path in paths { try FileManager.default.copyItem(at: TestMedia.url(path)!, to: staging.appendingPathComponent((path as NSString).lastPathComponent)) }
        let summary = try Importer(library: core).importItems(at: [staging])
        return try XCTUnwrap(refetch(XCTUnwrap(summary.createdAssetIdentifiers.first)))
    }

    func resource(_ asset: PHAsset, _ type: ResourceType) throws -> URL? {
        let core = self.core
        return try core.resources(assetRowID: XCTUnwrap(refetch(asset.localIdentifier)).record.rowID).first { $0.type == type }.map(core.fileURL(for:))
    }

    /// The mean red of a movie's first frame, 0…255, and the mean red the same frame has once inverted as
    /// CIColorInvert does (in linear light: sRGB(1 − linear(r))).
    func firstFrameRed(_ movie: URL) async throws -> (red: Double, inverted: Double) {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: movie))
        generator.maximumSize = CGSize(width: 64, height: 64)
        let image = try await generator.image(at: .zero).image
        let bytes = [UInt8](image.dataProvider!.data!)
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        let reds = stride(from: 0, to: bytes.count, by: 4).map { Double(bytes[$0]) / 255 }
        return (reds.reduce(0, +) / Double(reds.count) * 255, reds.map { encoded(1 - linear($0)) }.reduce(0, +) / Double(reds.count) * 255)
    }

    func testAVideoIsEditedInTheSandbox() async throws {
        let video = try importCorpus(["video/slomo_120fps.mov"])
        let before = try await firstFrameRed(try XCTUnwrap(resource(video, .video)))
        try PHEditingExtensionHost(library: library).edit(video, with: misbehaving, parameters: ["behavior": "invert"])
        let edited = try XCTUnwrap(resource(video, .fullSizeVideo))
        let after = try await firstFrameRed(edited)
        XCTAssertEqual(after.red, before.inverted, accuracy: 6, "the committed movie is the inverted one (\(before) → \(after))")
        XCTAssertEqual(try currentAdjustment(video)?.formatIdentifier, "org.photokit-linux.tests.misbehaving")
    }

    func testALivePhotosStillAndMovieAreEditedTogether() async throws {
        let live = try importCorpus(["livephoto/IMG_0002.JPG", "livephoto/IMG_0002.MOV"])
        XCTAssertTrue(live.mediaSubtypes.contains(.photoLive))
        let before = try await firstFrameRed(try XCTUnwrap(resource(live, .pairedVideo)))
        try PHEditingExtensionHost(library: library).edit(live, with: misbehaving, parameters: ["behavior": "invert"])
        XCTAssertNotNil(try resource(live, .fullSizePhoto))
        let movie = try XCTUnwrap(resource(live, .fullSizePairedVideo), "the extension's movie was committed")
        let after = try await firstFrameRed(movie)
        XCTAssertEqual(after.red, before.inverted, accuracy: 6, "(\(before) → \(after))")
    }
}

import XCTest
@testable import Photos
import PhotoLibrary
import ImageManagement
import _TestSupport
import AVFoundation

/// Image requests against a served library: the same pictures, pixel for pixel, and the same bytes as against its
/// directory (the originals are downloaded once, verified, and kept in the local cache; pictures are made here), and
/// nothing for an asset the program may not see.
final class ServedImageTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var served: ServedTestLibrary!
    private var cache: URL!

    private var previousCache: String?

    override func setUpWithError() throws {
        directory = TemporaryDirectory(prefix: "served-images")
        cache = directory.appending("cache")
        previousCache = ProcessInfo.processInfo.environment["PHOTOKIT_SERVED_CACHE"]
        setenv("PHOTOKIT_SERVED_CACHE", cache.path, 1)
        setenv("PHOTOS_SERVED_DOWNLOAD_CHUNK", "4096", 1)   // every download here arrives in several ranges
        served = try ServedTestLibrary.orSkip { try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path) }
    }

    override func tearDown() {
        if let previousCache { setenv("PHOTOKIT_SERVED_CACHE", previousCache, 1) } else { unsetenv("PHOTOKIT_SERVED_CACHE") }
        unsetenv("PHOTOS_SERVED_DOWNLOAD_CHUNK")
        served?.stop()
        served = nil
        directory = nil
    }

    private func asset(in library: PHPhotoLibrary) throws -> PHAsset {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return try XCTUnwrap(PHAsset.fetchAssets(with: options).firstObject)
    }

    private func picture(_ asset: PHAsset, _ size: CGSize, _ mode: PHImageContentMode) throws -> (width: Int, height: Int, pixels: Data) {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.deliveryMode = .highQualityFormat
        options.resizeMode = .exact
        var delivered: UIImage?, error: Any?
        PHImageManager.default().requestImage(for: asset, targetSize: size, contentMode: mode, options: options) { image, info in
            delivered = image
            error = info?[PHImageErrorKey]
        }
        let image = try XCTUnwrap(delivered?.cgImage, "no image: \(String(describing: error))")
        return (image.width, image.height, try XCTUnwrap(image.dataProvider?.data))
    }

    private func bytes(_ asset: PHAsset) -> (Data?, String?) {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var result: (Data?, String?) = (nil, nil)
        PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) { data, type, _, _ in result = (data, type) }
        return result
    }

    /// A grid's thumbnail comes from the derivative the service keeps: copied once into the cache, the same pixels
    /// as from the directory, and the original is not downloaded for it. A larger picture then needs the original.
    func testThumbnailsComeFromTheServicesDerivativesWithoutTheOriginal() throws {
        let original = FixtureImages.jpeg(width: 1200, height: 900, seed: 8)
        _ = try served.core.apply(ChangeBatch(operations: [
            .createAsset(NewAsset(identifier: LocalIdentifier.make(.asset), resources: [NewResource(type: .photo, source: .data(original))])),
        ]))
        let local = try PHPhotoLibrary(url: served.core.url)
        let here = try asset(in: local)
        // The service keeps derivatives as the directory does (made here in advance, as `photos serve` makes them
        // in the background after a commit).
        XCTAssertEqual(try ImagingContext.context(for: served.core).generator.generate(assetRowID: here.record.rowID, in: served.core), [.thumbnail])
        let there = try asset(in: try PHPhotoLibrary(url: served.socketURL))
        let files = { try FileManager.default.subpathsOfDirectory(atPath: self.cache.path) }
        let expected = try picture(here, CGSize(width: 120, height: 120), .aspectFill)
        let got = try picture(there, CGSize(width: 120, height: 120), .aspectFill)
        XCTAssertTrue(got.width == expected.width && got.height == expected.height && got.pixels == expected.pixels, "the thumbnail's pixels")
        let kept = try files()
        XCTAssertFalse(kept.contains { $0.hasSuffix(ContentDigest.sha256Hex(original)) }, "the original was not downloaded: \(kept)")
        XCTAssertTrue(kept.contains { $0.hasSuffix(".thumbnail.jpg") }, "the service's thumbnail is kept in the cache: \(kept)")

        _ = try picture(there, PHImageManagerMaximumSize, .default)
        XCTAssertTrue(try files().contains { $0.hasSuffix(ContentDigest.sha256Hex(original)) }, "the full-size picture needs the original")
    }

    func testPicturesAndBytesMatchTheDirectorysAndStayInTheCache() throws {
        let original = FixtureImages.jpeg(seed: 5)
        _ = try served.core.apply(ChangeBatch(operations: [
            .createAsset(NewAsset(identifier: LocalIdentifier.make(.asset), resources: [NewResource(type: .photo, source: .data(original))])),
        ]))
        let local = try PHPhotoLibrary(url: served.core.url)
        let remote = try PHPhotoLibrary(url: served.socketURL)
        let here = try asset(in: local), there = try asset(in: remote)
        for (size, mode) in [(CGSize(width: 48, height: 48), PHImageContentMode.aspectFill), (CGSize(width: 100, height: 40), .aspectFit),
                             (PHImageManagerMaximumSize, .default)] {
            let expected = try picture(here, size, mode), got = try picture(there, size, mode)
            XCTAssertEqual(got.width, expected.width, "\(size)")
            XCTAssertEqual(got.height, expected.height, "\(size)")
            XCTAssertTrue(got.pixels == expected.pixels, "the same pixels for \(size) \(mode)")
        }
        let (data, type) = bytes(there)
        XCTAssertEqual(data, original)
        XCTAssertEqual(type, bytes(here).1)

        // The original was downloaded once and verified; it is kept by its SHA-256 under the cache.
        let kept = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(ContentDigest.sha256Hex(original)) }
        XCTAssertEqual(kept.count, 1, "\(kept)")
    }

    func testAnAssetOutsideAGrantHasNoPicture() throws {
        let identifiers = (0..<2).map { _ in LocalIdentifier.make(.asset) }
        _ = try served.core.apply(ChangeBatch(operations: identifiers.enumerated().map { index, identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 600, height: 400, seed: index)))]))
        }))
        let owner = try XCTUnwrap(served.core.account(named: "tests")).account
        let full = try PHPhotoLibrary(url: served.socketURL)
        let options = PHFetchOptions()
        options.photoLibrary = full
        options.predicate = NSPredicate(format: "localIdentifier == %@", identifiers[1])
        let hidden = try XCTUnwrap(PHAsset.fetchAssets(with: options).firstObject)

        let grant = try served.core.requestAppAccess(identifier: "org.example.viewer", name: "Viewer", executablePath: "", executableSHA256: "", level: .readWrite)
        try served.core.decideAppAccess(identifier: "org.example.viewer", status: .limited, selection: [identifiers[0]])
        setenv("PHOTOS_LIBRARY_TOKEN", try served.core.createCredential(.token, accountID: owner.rowID, name: "viewer", appGrantID: grant.rowID).secret, 1)
        let app = try PHPhotoLibrary(url: served.socketURL)
        // The full library's object, asked of the application's library: the service refuses its resources.
        let foreign = PHAsset(record: hidden.record, library: app)
        let request = PHImageRequestOptions()
        request.isSynchronous = true
        var image: UIImage?, error: Any?
        PHImageManager.default().requestImage(for: foreign, targetSize: CGSize(width: 32, height: 32), contentMode: .aspectFill, options: request) {
            image = $0
            error = $1?[PHImageErrorKey]
        }
        XCTAssertNil(image)
        XCTAssertNotNil(error, "an asset outside the selection has no picture")
        XCTAssertNil(bytes(foreign).0)
        // Nor are the derivatives the service keeps for it (asked for directly, by row and content key).
        let core = served.core
        _ = try ImagingContext.context(for: core).generator.generate(assetRowID: hidden.record.rowID, in: core)   // kept (if the service has not yet)
        let contentKey = try XCTUnwrap(core.resources(assetRowID: hidden.record.rowID).first).sha256
        XCTAssertNotNil(try full.backend.storedDerivative(assetRowID: hidden.record.rowID, contentKey: contentKey, kind: "thumbnail"), "the owner's is")
        XCTAssertNil(try app.backend.storedDerivative(assetRowID: hidden.record.rowID, contentKey: contentKey, kind: "thumbnail"))
        XCTAssertNoThrow(try picture(try asset(in: app), CGSize(width: 32, height: 32), .aspectFill), "its own selection has pictures")
    }

    func testVideoRequestsGetTheDownloadedMovie() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw XCTSkip("ffmpeg is not installed (scripts/setup.sh installs it)") }
        let movie = directory.appending("clip.mp4")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-pix_fmt", "yuv420p", movie.path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        let bytes = try Data(contentsOf: movie)
        _ = try served.core.apply(ChangeBatch(operations: [
            .createAsset(NewAsset(identifier: LocalIdentifier.make(.asset), resources: [NewResource(type: .video, source: .data(bytes))])),
        ]))
        let remote = try PHPhotoLibrary(url: served.socketURL)
        let video = try asset(in: remote)
        XCTAssertEqual(video.mediaType, .video)

        // Its picture: the poster the service keeps (made here in advance, as the service makes it for its grid),
        // with the movie not downloaded for it.
        let core = served.core
        let row = try XCTUnwrap(core.assetRowIDs(AssetQuery(scope: .all)).first)
        _ = try ImagingContext.context(for: core).representations(of: XCTUnwrap(core.assets(rowIDs: [row])[row]), version: .current,
                                                                  in: core, videoPosters: true)
        let still = try picture(video, CGSize(width: 32, height: 32), .aspectFill)
        XCTAssertEqual([still.width, still.height], [32, 32])
        let kept = try FileManager.default.subpathsOfDirectory(atPath: cache.path)
        XCTAssertFalse(kept.contains { $0.hasSuffix(ContentDigest.sha256Hex(bytes)) }, "the movie is not downloaded for its picture: \(kept)")
        XCTAssertTrue(kept.contains { $0.hasSuffix(".poster.jpg") }, "the service's poster is kept: \(kept)")

        let delivered = expectation(description: "the movie")
        let url = Locked<URL?>(nil)
        PHImageManager.default().requestAVAsset(forVideo: video, options: nil) { asset, _, info in
            url.mutate { $0 = (asset as? AVURLAsset)?.url }
            XCTAssertNil(info?[PHImageErrorKey])
            delivered.fulfill()
        }
        wait(for: [delivered], timeout: 30)
        let local = try XCTUnwrap(url.value)
        XCTAssertTrue(local.path.hasPrefix(cache.path), "the cached copy: \(local.path)")
        XCTAssertEqual(try Data(contentsOf: local), bytes)
    }

    /// The editing rule of WWDC 2014 over the service: the original first; after an edit, the original with the
    /// adjustment data when the editor understands it, else the rendered version; the commit carries the render.
    func testContentEditingOverTheService() throws {
        let original = FixtureImages.jpeg(seed: 7), rendered = FixtureImages.jpeg(seed: 8)
        _ = try served.core.apply(ChangeBatch(operations: [
            .createAsset(NewAsset(identifier: LocalIdentifier.make(.asset), resources: [NewResource(type: .photo, source: .data(original))])),
        ]))
        let remote = try PHPhotoLibrary(url: served.socketURL)
        func input(accepting: Bool) throws -> PHContentEditingInput {
            let options = PHContentEditingInputRequestOptions()
            options.canHandleAdjustmentData = { $0.formatIdentifier == "org.example.sepia" && accepting }
            return try asset(in: remote).makeContentEditingInput(options, makesDisplaySizeImage: false)
        }
        let first = try input(accepting: true)
        XCTAssertNil(first.adjustmentData)
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(first.fullSizeImageURL)), original)

        let output = PHContentEditingOutput(contentEditingInput: first)
        output.adjustmentData = PHAdjustmentData(formatIdentifier: "org.example.sepia", formatVersion: "1.0", data: Data("0.8".utf8))
        try rendered.write(to: output.renderedContentURL)
        let edited = try asset(in: remote)
        try remote.performChangesAndWait { PHAssetChangeRequest(for: edited).contentEditingOutput = output }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.renderedContentURL.path), "the render was sent, then removed here")
        let edit = try XCTUnwrap(try served.core.currentEdit(assetRowID: edited.record.rowID))
        XCTAssertEqual(edit.adjustment?.formatIdentifier, "org.example.sepia")
        XCTAssertEqual(try Data(contentsOf: served.core.fileURL(for: edit.rendered)), rendered)

        let again = try input(accepting: true)
        XCTAssertEqual(again.adjustmentData?.data, Data("0.8".utf8))
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(again.fullSizeImageURL)), original, "understood: the original and the data")
        let stacked = try input(accepting: false)
        XCTAssertNil(stacked.adjustmentData)
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(stacked.fullSizeImageURL)), rendered, "not understood: the rendered version")
    }
}

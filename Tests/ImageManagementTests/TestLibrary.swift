import Foundation
import Testing
import _TestSupport
import PhotoLibrary
import Photos

/// A temporary library filled with real files, for image-manager tests. With `PHOTOS_TEST_BACKEND=served` it is
/// served by a real `photos serve` and `photos` is PhotoKit on its socket (`library` is the directory opened
/// beside it, as the `photos` command would, for imports).
final class TestLibrary: @unchecked Sendable {
    let directory = TemporaryDirectory(prefix: "imagemanager-test")
    let library: Library
    let photos: PHPhotoLibrary
    private let served: ServedTestLibrary?

    init() throws {
        if ServedTestLibrary.isRequested {
            let served = try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path)
            self.served = served
            library = served.core
            photos = try served.withOwnerToken { try PHPhotoLibrary(url: served.socketURL) }
        } else {
            served = nil
            photos = try PHPhotoLibrary(url: directory.appending("Test.photoslibrary"))
            library = photos.library
        }
    }

    deinit { served?.stop() }

    /// Removes every file image requests could read: the library's originals and derivatives, and a served
    /// library's local cache (its downloads and the derivatives made or copied there).
    func removeEveryFile() throws {
        try FileManager.default.removeItem(at: library.url.appendingPathComponent("originals"))
        try? FileManager.default.removeItem(at: library.url.appendingPathComponent("derivatives"))
        if served != nil { try? FileManager.default.removeItem(at: photos.backend.imagingDirectory.deletingLastPathComponent()) }
    }

    /// Imports files (copied into a staging folder under the given names) and returns the created assets.
    @discardableResult
    func importFiles(_ files: [(name: String, data: Data)]) throws -> [PHAsset] {
        let staging = directory.appending("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        for file in files { try file.data.write(to: staging.appendingPathComponent(file.name)) }
        let summary = try Importer(library: library).importItems(at: [staging])
        #expect(summary.rejected.isEmpty, "\(summary.rejected)")
        let options = PHFetchOptions()
        options.photoLibrary = photos
        options.includeHiddenAssets = true
        let result = PHAsset.fetchAssets(withLocalIdentifiers: summary.createdAssetIdentifiers, options: options)
        return (0..<result.count).map { result.object(at: $0) }
    }

    /// Imports corpus files by manifest path (copied under their own names into one folder).
    func importCorpus(_ paths: [String]) throws -> [PHAsset] {
        try importFiles(paths.map { path in
            let url = TestMedia.url(path)!
            return (url.lastPathComponent, try Data(contentsOf: url))
        })
    }

    /// Imports one generated JPEG of the given size.
    func importJPEG(width: Int, height: Int, seed: Int = 0) throws -> PHAsset {
        try importFiles([("generated-\(seed)-\(width)x\(height).jpg", FixtureImages.jpeg(width: width, height: height, seed: seed))])[0]
    }
}

/// Polls `condition` on the main actor (letting the main queue run) until it holds or `seconds` pass.
@MainActor
func waitUntil(_ seconds: Double = 20, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}

/// Records calls made on any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []
    func append(_ value: Value) { lock.lock(); items.append(value); lock.unlock() }
    var values: [Value] { lock.lock(); defer { lock.unlock() }; return items }
    var count: Int { values.count }
}

/// True when running on the main dispatch queue (whatever thread services it: under Swift Testing on Linux the
/// main queue is drained by a pool thread after `dispatch_main`, so `Thread.isMainThread` is not the test).
func isOnMainQueue() -> Bool {
    MainQueueMarker.install()
    return DispatchQueue.getSpecific(key: MainQueueMarker.key) == true
}

private enum MainQueueMarker {
    static let key = DispatchSpecificKey<Bool>()
    static let installed: Void = { DispatchQueue.main.setSpecific(key: key, value: true) }()
    static func install() { _ = installed }
}

/// Reads 8-bit RGB(X/A) pixels of an image.
struct PixelReader {
    let image: CGImage
    init(_ image: CGImage) { self.image = image }

    /// The mean red, green and blue (0…255) over a rectangle of pixels.
    func mean(in rect: CGRect? = nil) -> (r: Double, g: Double, b: Double) {
        let area = (rect ?? CGRect(x: 0, y: 0, width: image.width, height: image.height)).integral
        let bytesPerPixel = image.bitsPerPixel / 8
        var sum = (0.0, 0.0, 0.0), n = 0.0
        image.dataProvider!.data!.withUnsafeBytes { raw in
            for y in Int(area.minY)..<Int(area.maxY) {
                for x in Int(area.minX)..<Int(area.maxX) {
                    let p = y * image.bytesPerRow + x * bytesPerPixel
                    sum.0 += Double(raw[p]); sum.1 += Double(raw[p + 1]); sum.2 += Double(raw[p + 2]); n += 1
                }
            }
        }
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }
}

/// One call of an image request's result handler, as recorded by a test.
struct Delivery: @unchecked Sendable {
    let image: UIImage?
    let info: [AnyHashable: Any]
    let onMainQueue: Bool
    var isDegraded: Bool { (info[PHImageResultIsDegradedKey] as? NSNumber)?.boolValue ?? false }
    var isCancelled: Bool { (info[PHImageCancelledKey] as? NSNumber)?.boolValue ?? false }
    var requestID: PHImageRequestID? { (info[PHImageResultRequestIDKey] as? NSNumber)?.int32Value }
    var error: NSError? { info[PHImageErrorKey] as? NSError }
    var size: CGSize? { image?.size }
}

import XCTest
import PhotosUI
import PhotoLibrary
import ExtensionSandbox
import _TestSupport

/// Base class: a fresh library (also `PHPhotoLibrary.shared()`), a private user extensions directory, and the
/// built `filtster` and misbehaving test extensions installed into the library.
///
/// With `PHOTOS_TEST_BACKEND=served` the library is served by a real `photos serve` and opened over its socket (the
/// extensions installed for the user then: a served library's own extensions are the service's).
class ExtensionTestCase: XCTestCase {
    var directory: TemporaryDirectory!
    var library: PHPhotoLibrary!
    /// The service, when served.
    var served: ServedTestLibrary?
    /// The library directory (opened beside the service when served).
    var core: Library { served?.core ?? library.library }
    /// Where renders and extension workspaces are staged.
    var staging: URL { library.renderedContentDirectory }
    var userExtensions: URL!
    var filtster: PHEditingExtension!
    var misbehaving: PHEditingExtension!

    override func setUpWithError() throws {
        guard let filtsterURL = BuiltExecutable.url(named: "filtster") else { throw XCTSkip(BuiltExecutable.missingMessage("filtster")) }
        guard let testURL = BuiltExecutable.url(named: "photos-test-extension") else {
            throw XCTSkip(BuiltExecutable.missingMessage("photos-test-extension"))
        }
        guard SandboxedProcess.capabilities.landlockABI > 0 else {
            throw XCTSkip("Landlock is not available on this kernel: editing extensions cannot be isolated, so they are not run")
        }
        directory = TemporaryDirectory(prefix: "photos-ui")
        if ServedTestLibrary.isRequested {
            do {
                served = try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path)
            } catch let unavailable as ServedTestLibrary.Unavailable {
                throw XCTSkip(unavailable.description)
            }
            library = try PHPhotoLibrary(url: served!.socketURL)
        } else {
            library = try PHPhotoLibrary(url: directory.appending("Test.photoslibrary"))
        }
        PHPhotoLibrary.setShared(library)
        userExtensions = directory.appending("user-extensions")
        let scope: PHEditingExtension.Scope = served == nil ? .library : .user
        filtster = try PHEditingExtension.install(executable: filtsterURL, scope: scope, library: library, userDirectory: userExtensions)
        misbehaving = try PHEditingExtension.install(executable: testURL, scope: scope, library: library, userDirectory: userExtensions)
    }

    override func tearDown() {
        PHPhotoLibrary.setShared(nil)
        library = nil
        served?.stop()
        served = nil
        directory = nil
    }

    /// A photo made from a generated JPEG.
    func makePhoto(width: Int = 96, height: Int = 64, seed: Int = 3) throws -> PHAsset {
        var identifier = ""
        try library.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, data: FixtureImages.jpeg(width: width, height: height, seed: seed), options: nil)
            identifier = request.placeholderForCreatedAsset!.localIdentifier
        }
        return try XCTUnwrap(refetch(identifier))
    }

    func refetch(_ identifier: String) -> PHAsset? {
        PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: nil).firstObject
    }

    /// The asset's current adjustment data, read through the library core.
    func currentAdjustment(_ asset: PHAsset) throws -> AdjustmentPayload? {
        try core.currentEdit(assetRowID: XCTUnwrap(refetch(asset.localIdentifier)).record.rowID)?.adjustment
    }

    /// The file the library serves as the asset's current full-size image.
    func currentFile(_ asset: PHAsset) throws -> URL {
        let core = self.core
        let fresh = try XCTUnwrap(refetch(asset.localIdentifier))
        if let edit = try core.currentEdit(assetRowID: fresh.record.rowID) { return core.fileURL(for: edit.rendered) }
        return try XCTUnwrap(core.resources(assetRowID: fresh.record.rowID).first.map(core.fileURL(for:)))
    }

    /// Everything the library holds on disk except the database's own files: paths and sizes.
    func librarySnapshot() throws -> [String: Int] {
        let root = core.url
        var files: [String: Int] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])!
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard values.isRegularFile == true else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix("database/") || relative.hasPrefix("extensions/") || relative.hasPrefix("derivatives/") { continue }
            files[relative] = values.fileSize ?? 0
        }
        return files
    }

    /// What is left in the library's editing staging area.
    func editingLeftovers() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []
    }

    /// Mean colour of a decoded image file, per channel (0…255).
    func meanColor(_ url: URL) throws -> (r: Double, g: Double, b: Double) {
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(url as CFURL, nil))
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let data = try XCTUnwrap(image.dataProvider?.data) as Data
        let channels = image.bitsPerPixel / 8
        var sums = [0.0, 0.0, 0.0]
        var count = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.bytesPerRow + x * channels
                for c in 0..<3 { sums[c] += Double(data[i + min(c, channels - 1)]) }
                count += 1
            }
        }
        return (sums[0] / count, sums[1] / count, sums[2] / count)
    }
}

import Foundation
import Testing
import PhotosUI
import PhotoLibrary
import _TestSupport

/// A real library for the picker tests, imported from the shared media corpus: plain JPEGs, a HEIC, a screenshot,
/// a panorama, a three-frame burst, a Live Photo, an H.264 and an HEVC movie and a slow-motion video; one JPEG is
/// then hidden and one moved to Recently Deleted. Made once per test process (nil without the corpus).
final class PickerFixture: @unchecked Sendable {
    let directory = TemporaryDirectory(prefix: "picker-test")
    let photos: PHPhotoLibrary
    /// Local identifiers by original file name.
    let ids: [String: String]
    var library: Library { photos.library }

    static let files = [
        "images/no_metadata.jpg", "images/screenshot_window_alpha.png", "images/panorama_4x1.jpg",
        "images/burst/burst_1.jpg", "images/burst/burst_2.jpg", "images/burst/burst_3.jpg",
        "heic/real_iphone8_gps.heic", "livephoto/IMG_0002.JPG", "livephoto/IMG_0002.MOV",
        "video/h264_aac.mp4", "video/hevc_portrait_rotated.mov", "video/slomo_120fps.mov",
        "images/exif_floating_time_no_gps.jpg", "images/display_p3.jpg",
    ]
    static let hiddenFile = "exif_floating_time_no_gps.jpg"
    static let trashedFile = "display_p3.jpg"

    /// The shared fixture, or nil (with `TestMedia.skipMessage`) when the corpus is absent.
    static let shared: PickerFixture? = {
        guard TestMedia.folder != nil else { return nil }
        do { return try PickerFixture() } catch {
            Issue.record("Cannot build the picker fixture: \(error)")
            return nil
        }
    }()

    private init() throws {
        photos = try PHPhotoLibrary(url: directory.appending("Picker.photoslibrary"))
        let staging = directory.appending("staging")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        for path in Self.files {
            let source = try #require(TestMedia.url(path))
            try FileManager.default.copyItem(at: source, to: staging.appendingPathComponent(source.lastPathComponent))
        }
        let summary = try Importer(library: photos.library).importItems(at: [staging])
        #expect(summary.rejected.isEmpty, "\(summary.rejected)")
        let rows = try photos.library.assetRowIDs(identifiers: summary.createdAssetIdentifiers)
        let records = try photos.library.assets(rowIDs: rows).values
        ids = Dictionary(records.map { ($0.originalFilename, $0.identifier) }, uniquingKeysWith: { a, _ in a })

        let options = PHFetchOptions()
        options.photoLibrary = photos
        let fetched = PHAsset.fetchAssets(withLocalIdentifiers: [ids[Self.hiddenFile]!, ids[Self.trashedFile]!], options: options)
        let assets = (0..<fetched.count).map { fetched.object(at: $0) }
        let hidden = try #require(assets.first { $0.localIdentifier == ids[Self.hiddenFile] })
        let trashed = try #require(assets.first { $0.localIdentifier == ids[Self.trashedFile] })
        try photos.performChangesAndWait {
            PHAssetChangeRequest(for: hidden).isHidden = true
            PHAssetChangeRequest.deleteAssets([trashed] as NSArray)
        }
    }

    /// The identifier of a file by original name (fails the test when missing).
    func id(_ name: String) throws -> String { try #require(ids[name], "\(name) was not imported") }

    /// The burst's frames: the one the library shows, and the others.
    func burst() throws -> (shown: String, others: [String]) {
        let frames = try ["burst_1.jpg", "burst_2.jpg", "burst_3.jpg"].map { try id($0) }
        let records = try library.assets(rowIDs: try library.assetRowIDs(identifiers: frames)).values
        let shown = try #require(records.first { $0.representsBurst }?.identifier, "no burst representative")
        return (shown, frames.filter { $0 != shown })
    }
}

import XCTest
import Photos
import PhotoLibrary
import _TestSupport

/// Imports every file of shared/media into a library and checks each resulting `PHAsset` against the
/// ground truth in manifest.json (measured there with exiftool, ffprobe and friends).
final class CorpusImportTests: PhotosTestCase {
    func testEveryCorpusFileImportsAsTheManifestSays() throws {
        guard let media = TestMedia.folder else { throw XCTSkip(TestMedia.skipMessage) }
        let summary = try Importer(library: core).importItems(at: [media])
        let broken = TestMedia.manifest.filter { ($0["path"] as? String)?.hasPrefix("broken/") == true }
        XCTAssertGreaterThan(summary.imported, 30)
        XCTAssertEqual(summary.livePhotoPairs, 2)

        let options = PHFetchOptions()
        options.includeHiddenAssets = true
        options.includeAllBurstAssets = true
        let all = PHAsset.fetchAssets(with: options)
        var byName: [String: [PHAsset]] = [:]
        all.enumerateObjects { asset, _, _ in byName[asset.record.originalFilename, default: []].append(asset) }
        let rawAlbum = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumRAW, options: nil).firstObject!
        let rawAssets = PHAsset.fetchAssets(in: rawAlbum, options: nil)

        var checked = 0
        for record in TestMedia.manifest {
            let path = record["path"] as! String
            if path.hasPrefix("broken/") { continue }
            let name = (path as NSString).lastPathComponent
            let subtypes = Set(record["subtypes"] as? [String] ?? [])
            // The movie half of a Live Photo is a resource of the still's asset, not an asset.
            if let pair = record["live_photo_pair"] as? String, record["media_type"] as? String == "video" {
                let still = byName[(pair as NSString).lastPathComponent]?.first
                XCTAssertEqual(still?.mediaSubtypes.contains(.photoLive), true, "\(path) is paired with \(pair)")
                XCTAssertNil(byName[name], "\(path) is not an asset of its own")
                continue
            }
            if summary.duplicates.contains(where: { $0.hasSuffix(path) }) { continue }
            guard let asset = byName[name]?.first else {
                if record["media_type"] as? String == "audio" { continue }
                XCTFail("\(path) was not imported: \(summary.rejected.filter { $0.path.hasSuffix(path) }.map(\.reason))")
                continue
            }
            checked += 1
            let type: PHAssetMediaType = ["image": .image, "video": .video, "audio": .audio][record["media_type"] as! String]!
            XCTAssertEqual(asset.mediaType, type, path)
            if let width = record["display_width"] as? Int, let height = record["display_height"] as? Int {
                XCTAssertEqual(asset.pixelWidth, width, "\(path) width after orientation")
                XCTAssertEqual(asset.pixelHeight, height, "\(path) height after orientation")
            }
            if let utc = record["creation_date_utc"] as? String, let expected = ISO8601DateFormatter().date(from: utc) {
                XCTAssertEqual(asset.creationDate?.timeIntervalSince1970 ?? 0, expected.timeIntervalSince1970, accuracy: 1, "\(path) creation date")
            }
            if let location = record["location"] as? [String: Any], let lat = location["latitude"] as? Double, let lon = location["longitude"] as? Double {
                XCTAssertEqual(asset.location?.coordinate.latitude ?? 0, lat, accuracy: 1e-4, "\(path) latitude")
                XCTAssertEqual(asset.location?.coordinate.longitude ?? 0, lon, accuracy: 1e-4, "\(path) longitude")
                if let altitude = location["altitude"] as? Double { XCTAssertEqual(asset.location?.altitude ?? 0, altitude, accuracy: 0.5, "\(path) altitude") }
            } else {
                XCTAssertNil(asset.location, "\(path) has no location")
            }
            if type == .video, let duration = record["duration_s"] as? Double {
                XCTAssertEqual(asset.duration, duration, accuracy: 0.05, "\(path) duration")
            }
            let expected: [(String, PHAssetMediaSubtype)] = [("panorama", .photoPanorama), ("hdr", .photoHDR), ("screenshot", .photoScreenshot),
                                                              ("depth", .photoDepthEffect), ("high_frame_rate", .videoHighFrameRate)]
            for (key, subtype) in expected {
                XCTAssertEqual(asset.mediaSubtypes.contains(subtype), subtypes.contains(key), "\(path) subtype \(key)")
            }
            XCTAssertEqual(asset.playbackStyle == .imageAnimated, subtypes.contains("animated"), "\(path) animated")
            XCTAssertEqual(asset.mediaSubtypes.contains(.photoLive), record["live_photo_pair"] != nil, "\(path) Live Photo")
            XCTAssertEqual(asset.burstIdentifier != nil, subtypes.contains("burst"), "\(path) burst")
            XCTAssertEqual(rawAssets.contains(asset), subtypes.contains("raw"), "\(path) RAW smart album")
        }
        XCTAssertGreaterThan(checked, 30, "most corpus files were checked")
        XCTAssertFalse(broken.isEmpty)
    }
}

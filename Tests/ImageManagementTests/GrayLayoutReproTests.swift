import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import PhotoLibrary
import ImageManagement

/// The mutated DNGs of `shared/repro` (one colour channel, tagged sRGB by the RAW decoder) used to stop the whole
/// `photos import` process while it made their thumbnails, and every later thumbnail or edit of them. Now they
/// import as photos or are rejected, the rest of their folder imports, and their thumbnails never crash.
@Suite(.enabled(if: TestRepro.folder != nil, Comment(rawValue: TestRepro.skipMessage)))
struct GrayLayoutReproTests {
    @Test func mutatedDNGsImportAndGiveThumbnailsWithoutCrashing() throws {
        let dngs = TestRepro.files(prefix: "mutated-dng-gray-layout")
        #expect(!dngs.isEmpty, "the reproducers are in shared/repro")
        var files = try dngs.map { ($0.lastPathComponent, try Data(contentsOf: $0)) }
        files.append(("IMG_0001.JPG", FixtureImages.jpeg(width: 640, height: 480, seed: 5)))
        let test = try TestLibrary()
        let staging = test.directory.appending("card")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: staging.appendingPathComponent(name)) }

        let summary = try Importer(library: test.library).importItems(at: [staging])
        #expect(summary.imported + summary.rejected.count == files.count, "every file is imported or rejected with a reason: \(summary.rejected)")
        #expect(!summary.rejected.contains { $0.path.hasSuffix("IMG_0001.JPG") }, "the rest of the folder imports")

        let rows = try test.library.assetRowIDs(identifiers: summary.createdAssetIdentifiers)
        let generator = ImagingContext.context(for: test.library).generator
        for row in rows { _ = try? generator.generate(assetRowID: row, in: test.library) }
        let options = PHFetchOptions()
        options.photoLibrary = test.photos
        let assets = PHAsset.fetchAssets(withLocalIdentifiers: summary.createdAssetIdentifiers, options: options)
        #expect(assets.count == summary.imported)
        for index in 0..<assets.count {
            let request = PHImageRequestOptions()
            request.isSynchronous = true
            var delivered: UIImage?
            PHImageManager.default().requestImage(for: assets.object(at: index), targetSize: CGSize(width: 256, height: 256),
                                                  contentMode: .aspectFit, options: request) { image, _ in delivered = image }
            if let image = delivered?.cgImage {
                #expect(image.width > 0 && image.height > 0)
            }
        }
    }
}

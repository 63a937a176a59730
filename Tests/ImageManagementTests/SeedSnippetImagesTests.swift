import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos

/// The "Images" block of ../shared/docs/seed-snippets.md, compiled as written (between the markers) and run.
@Suite @MainActor struct SeedSnippetImagesTests {
    @Test func imagesSnippet() async throws {
        let test = try TestLibrary()
        PHPhotoLibrary.setShared(test.photos)
        defer { PHPhotoLibrary.setShared(nil) }
        let jpeg = FixtureImages.jpeg(width: 1200, height: 900, seed: 21)
        var files = [("PAIR.JPG", jpeg)]
        if let raw = TestMedia.url("raw/synthetic_rggb_12bit.dng"), let rawData = try? Data(contentsOf: raw) { files.append(("PAIR.DNG", rawData)) }
        let asset = try #require(try test.importFiles(files).first)
        let grid = try (0..<4).map { try test.importJPEG(width: 640, height: 480, seed: 30 + $0) }
        let upcoming = Array(grid.prefix(3)), gone = [grid[3]]
        let data = jpeg
        let shown = Recorder<Box>()
        func display(_ value: Any?) { shown.append(Box(value)) }

        // ---- seed-snippets.md "Images", unchanged ----
        let opts = PHImageRequestOptions()
        opts.resizeMode = .exact
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 300, height: 300),
                                              contentMode: .aspectFit, options: opts) { im, info in
            // May run twice with .opportunistic: a degraded image first.
            if let im = im { display(im.size); display(info?[PHImageResultIsDegradedKey]) }
        }

        let advanced = PHImageRequestOptions()
        advanced.isNetworkAccessAllowed = true
        advanced.progressHandler = { progress, error, stop, info in display(progress) }
        advanced.deliveryMode = .highQualityFormat
        let id = PHImageManager.default().requestImage(for: asset, targetSize: PHImageManagerMaximumSize,
                                                       contentMode: .default, options: advanced) { _, _ in }
        PHImageManager.default().cancelImageRequest(id)

        // Caching ahead of a scrolling grid: same size, mode and options as the requests.
        let cache = PHCachingImageManager()
        cache.startCachingImages(for: upcoming, targetSize: CGSize(width: 160, height: 160), contentMode: .aspectFill, options: nil)
        cache.stopCachingImages(for: gone, targetSize: CGSize(width: 160, height: 160), contentMode: .aspectFill, options: nil)

        // Resources: RAW and JPEG data separately.
        for resource in PHAssetResource.assetResources(for: asset) {
            PHAssetResourceManager.default().requestData(for: resource, options: nil,
                dataReceivedHandler: { chunk in display(chunk.count) }, completionHandler: { error in })
        }

        // Metadata through ImageIO.
        let src = CGImageSourceCreateWithData(data as CFData, nil)!
        let props = CGImageSourceCopyPropertiesAtIndex(src, 0, nil) as! [AnyHashable: Any]
        // ---- end of snippet ----

        #expect(id != PHInvalidImageRequestID)
        #expect(props[kCGImagePropertyPixelWidth] as? Int == 1200)
        let resources = PHAssetResource.assetResources(for: asset)
        #expect(resources.count == files.count, "RAW and JPEG come back separately")
        let total = resources.reduce(0) { $0 + Int($1.byteCount) }
        try await waitUntil {
            shown.values.contains { $0.value as? CGSize == CGSize(width: 300, height: 225) }
                && shown.values.compactMap(\.chunk).reduce(0, +) == total
                && cache.pendingCachingCount == 0
        }
        #expect(shown.values.contains { $0.value as? CGSize == CGSize(width: 300, height: 225) })
        #expect(shown.values.contains { ($0.value as? NSNumber)?.boolValue == false }, "the final image is not degraded")
        #expect(shown.values.compactMap(\.chunk).reduce(0, +) == total, "every byte of every resource streamed")
        #expect(cache.cachedImageCount == upcoming.count)
    }

    /// Carries whatever `display(_:)` was given.
    struct Box: @unchecked Sendable {
        let value: Any?
        /// The chunk size, when the value was one (an `Int`, not a bridged `NSNumber`).
        let chunk: Int?
        init(_ value: Any?) {
            self.value = value
            chunk = value.flatMap { type(of: $0) == Int.self ? $0 as? Int : nil }
        }
    }
}

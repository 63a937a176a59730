import Foundation
import PhotoLibrary
import ImageManagement

/// An image manager that prepares images ahead of use (a scrolling grid's next rows) and keeps them in memory.
///
/// `startCachingImages` renders each asset's image for the given size, content mode and options in the background;
/// a later request with the **same** target size, content mode and image-determining options (version, resize
/// mode, crop) is served from memory with one, non-degraded delivery. Other requests behave as with
/// `PHImageManager`, and their final images are cached too. Memory is bounded: `cacheMemoryBudget` bytes of
/// bitmaps, least recently used out first. Use one caching manager per screen with its own needs, as Apple advises.
open class PHCachingImageManager: PHImageManager, @unchecked Sendable {
    /// The default memory budget: 128 MiB of bitmaps.
    public static let defaultCacheMemoryBudget = 128 << 20

    private let preheater: ImagePreheater

    /// A caching manager with the default memory budget.
    public convenience init() { self.init(cacheMemoryBudget: Self.defaultCacheMemoryBudget) }

    /// A caching manager holding at most `cacheMemoryBudget` bytes of images. Linux addition.
    public init(cacheMemoryBudget: Int) {
        let engine = ImageRequestEngine(cache: ImageCache(budget: cacheMemoryBudget))
        preheater = ImagePreheater(engine: engine)
        super.init(engine: engine)
    }

    /// The memory budget in bytes; lowering it evicts at once. Linux addition.
    public var cacheMemoryBudget: Int {
        get { engine.cache?.byteBudget ?? 0 }
        set { engine.cache?.byteBudget = newValue }
    }

    /// Bytes of images held now. Linux addition.
    public var cachedBytes: Int { engine.cache?.totalBytes ?? 0 }

    /// Images held now. Linux addition.
    public var cachedImageCount: Int { engine.cache?.count ?? 0 }

    /// Whether preparation may decode originals when no derivative covers the size (default true). When false,
    /// only what derivatives give is prepared, and requests get it as a degraded first delivery.
    open var allowsCachingHighQualityImages: Bool {
        get { preheater.cachesHighQualityImages }
        set { preheater.cachesHighQualityImages = newValue }
    }

    /// Starts preparing images of `assets` for the given size, content mode and options.
    open func startCachingImages(for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?) {
        let spec = PHImageRequestOptions.spec(targetSize: targetSize, contentMode: contentMode, options: options)
        for (library, group) in Self.byLibrary(assets) {
            preheater.start(group.map(\.record), spec: spec, in: library.backend)
        }
    }

    /// Stops preparing (and drops) images of `assets` for the given size, content mode and options, which must
    /// match a `startCachingImages` call.
    open func stopCachingImages(for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?) {
        let spec = PHImageRequestOptions.spec(targetSize: targetSize, contentMode: contentMode, options: options)
        preheater.stop(assets.map(\.record), spec: spec)
    }

    /// Stops all preparation and empties the cache.
    open func stopCachingImagesForAllAssets() {
        preheater.stopAll()
    }

    /// Preparations queued or running. Linux addition (tests and benchmarks wait on it).
    public var pendingCachingCount: Int { preheater.pendingCount }

    private static func byLibrary(_ assets: [PHAsset]) -> [(PHPhotoLibrary, [PHAsset])] {
        var groups: [ObjectIdentifier: (PHPhotoLibrary, [PHAsset])] = [:]
        for asset in assets {
            let library = asset.photoLibrary ?? .shared()
            groups[ObjectIdentifier(library), default: (library, [])].1.append(asset)
        }
        return Array(groups.values)
    }
}

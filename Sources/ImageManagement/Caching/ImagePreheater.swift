import Foundation
import PhotoLibrary

/// Prepares images ahead of requests (PHCachingImageManager's `startCachingImages`): each (asset, picture)
/// pair is rendered in the background into the engine's cache, where requests with the same picture find it.
///
/// With `cachesHighQualityImages` false, preheating stores only what derivatives give without decoding
/// originals, marked degraded (a later request then delivers it first and the final image after).
/// Stopping cancels pending work and drops the cached images. Threading: thread-safe.
public final class ImagePreheater: @unchecked Sendable {
    /// The engine whose cache is filled.
    public let engine: ImageRequestEngine
    private let lock = NSLock()
    private var pending: [ImageCacheKey: CancellationToken] = [:]

    /// Whether preheating decodes originals when no derivative covers the picture (default true).
    public var cachesHighQualityImages: Bool {
        get { lock.lock(); defer { lock.unlock() }; return highQuality }
        set { lock.lock(); highQuality = newValue; lock.unlock() }
    }
    private var highQuality = true

    /// A preheater filling `engine`'s cache (the engine must have one).
    public init(engine: ImageRequestEngine) {
        precondition(engine.cache != nil, "ImagePreheater needs an engine with a cache")
        self.engine = engine
    }

    /// Starts preparing `spec` for each asset (assets already cached or pending are skipped).
    public func start(_ assets: [AssetRecord], spec: ImageRequestSpec, in library: any LibraryBackend) {
        guard let cache = engine.cache else { return }
        let context = ImagingContext.context(for: library)
        let highQuality = cachesHighQualityImages
        for asset in assets {
            let key = ImageCacheKey(asset: asset, spec: spec)
            let token = CancellationToken()
            lock.lock()
            if pending[key] != nil || cache.contains(key) { lock.unlock(); continue }
            pending[key] = token
            lock.unlock()
            context.requestPool.submit(priority: -1) { [self] in
                defer { finish(key, token) }
                guard !token.isCancelled, let set = try? context.representations(of: asset, version: spec.version, in: library, videoPosters: true) else { return }
                let derivative = set.bestDerivative(for: spec)
                if derivative != nil || highQuality {
                    if let best = try? set.best(for: spec), let image = try? ImageRenderer.render(best, full: set.full, spec: spec),
                       !token.isCancelled {
                        cache.insert(.init(image: image, isDegraded: false), for: key)
                    }
                } else if let standIn = set.degradedCandidates(for: spec).first,
                          let image = try? ImageRenderer.renderDegraded(standIn, spec: spec), !token.isCancelled {
                    cache.insert(.init(image: image, isDegraded: true), for: key)
                }
                if !set.missingKinds.isEmpty && spec.version == .current { context.generator.enqueue([asset.rowID], in: library) }
            }
        }
    }

    /// Stops preparing `spec` for these assets and drops their cached images.
    public func stop(_ assets: [AssetRecord], spec: ImageRequestSpec) {
        for asset in assets {
            let key = ImageCacheKey(asset: asset, spec: spec)
            lock.lock()
            pending.removeValue(forKey: key)?.cancel()
            lock.unlock()
            engine.cache?.remove(key)
        }
    }

    /// Stops everything and empties the cache.
    public func stopAll() {
        lock.lock()
        let tokens = pending.values
        pending.removeAll()
        lock.unlock()
        tokens.forEach { $0.cancel() }
        engine.cache?.removeAll()
    }

    /// Preparations queued or running.
    public var pendingCount: Int { lock.lock(); defer { lock.unlock() }; return pending.count }

    private func finish(_ key: ImageCacheKey, _ token: CancellationToken) {
        lock.lock()
        if pending[key] === token { pending[key] = nil }
        let superseded = pending[key] != nil
        lock.unlock()
        // A stop that raced with the insertion: drop what was inserted (unless a new start wants it).
        if token.isCancelled && !superseded { engine.cache?.remove(key) }
    }
}

import Foundation
import CoreGraphics
import PhotoLibrary

/// Everything about a request besides the asset: the picture wanted and how to deliver it.
public struct ImageRequestOptions: Sendable {
    public var spec: ImageRequestSpec
    public var deliveryMode: DeliveryMode
    /// With `.opportunistic`, allow a second, better degraded image before the final one.
    public var allowSecondaryDegradedImage: Bool
    /// Run on the calling thread and deliver exactly once (`.opportunistic` then behaves as `.highQualityFormat`).
    public var isSynchronous: Bool
    /// Report loading of the full-size original through the progress callback (PhotoKit reports iCloud
    /// downloads; this library is local, so it reports 0 when it starts reading the original and 1 when done).
    public var reportsOriginalLoading: Bool

    public init(spec: ImageRequestSpec, deliveryMode: DeliveryMode = .opportunistic, allowSecondaryDegradedImage: Bool = false,
                isSynchronous: Bool = false, reportsOriginalLoading: Bool = false) {
        self.spec = spec
        self.deliveryMode = deliveryMode
        self.allowSecondaryDegradedImage = allowSecondaryDegradedImage
        self.isSynchronous = isSynchronous
        self.reportsOriginalLoading = reportsOriginalLoading
    }
}

/// What identifies a finished image in a cache: the asset (and its modification date, so an edited asset never
/// hits an old image) and the picture wanted.
public struct ImageCacheKey: Hashable, Sendable {
    public var assetIdentifier: String
    public var modification: Double?
    public var spec: ImageRequestSpec

    public init(asset: AssetRecord, spec: ImageRequestSpec) {
        assetIdentifier = asset.identifier
        modification = asset.modificationDate?.timeIntervalSince1970
        self.spec = spec
    }
}

/// Schedules image requests and runs PhotoKit's delivery rules.
///
/// - `.highQualityFormat`: one delivery, the final image from the best stored representation.
/// - `.fastFormat`: one delivery; when no derivative covers the request, the largest smaller derivative as it is
///   (degraded); with no derivative at all, the final image.
/// - `.opportunistic`: when a derivative covers the request (or the cache holds the image) one delivery; otherwise
///   first the largest smaller derivative (degraded; with `allowSecondaryDegradedImage` the smallest, then the
///   next), then the final image made from the original.
/// Requests that find derivatives missing queue their generation (urgently) in the background.
///
/// Threading: thread-safe. Asynchronous requests run on the library context's `requestPool`; synchronous ones on
/// the caller's thread. Deliveries follow `RequestState`'s rules.
public final class ImageRequestEngine: Sendable {
    /// Finished images kept between requests (PHCachingImageManager's cache), if any.
    public let cache: ImageCache<ImageCacheKey>?
    let live = RequestTable<RequestState>()

    public init(cache: ImageCache<ImageCacheKey>? = nil) { self.cache = cache }

    /// Starts a request and returns its number (never 0). `progress` returns true to stop the request.
    @discardableResult
    public func request(_ asset: AssetRecord, in library: any LibraryBackend, options: ImageRequestOptions, target: DeliveryTarget,
                        progress: (@Sendable (Double) -> Bool)? = nil,
                        handler: @escaping @Sendable (ImageDelivery) -> Void) -> Int32 {
        let number = RequestNumbers.next()
        let state = RequestState(number: number, target: options.isSynchronous ? .callerThread : target, onCancel: {
            var cancelled = ImageDelivery(image: nil, isCancelled: true, error: ImageManagementError(.cancelled, "The image request was cancelled"))
            cancelled.requestNumber = number
            handler(cancelled)
        }, onFinish: { [live] in live.remove($0) })
        live.insert(state, as: number)
        let deliver: @Sendable (ImageDelivery) -> Void = { delivery in
            var stamped = delivery
            stamped.requestNumber = number
            let ready = stamped
            state.send(isFinal: delivery.isFinal) { handler(ready) }
        }
        var degradedDelivered = false
        if let cache, let entry = cache.entry(for: ImageCacheKey(asset: asset, spec: options.spec)) {
            if !entry.isDegraded || options.deliveryMode == .fastFormat {
                deliver(ImageDelivery(image: entry.image, isDegraded: entry.isDegraded))
                return number
            }
            if options.deliveryMode == .opportunistic && !options.isSynchronous {
                deliver(ImageDelivery(image: entry.image, isDegraded: true, isFinal: false))
                degradedDelivered = true
            }
        }
        let delivered = degradedDelivered
        let job: @Sendable () -> Void = { [self] in
            run(state, deliver, asset: asset, library: library, options: options, degradedDelivered: delivered, progress: progress)
        }
        if options.isSynchronous { job() } else { ImagingContext.context(for: library).requestPool.submit(job) }
        return number
    }

    /// Cancels a live request: its handler is called once more, without an image, flagged cancelled.
    /// Unknown or finished requests are ignored.
    public func cancel(_ number: Int32) {
        live.entry(number)?.cancel()
    }

    /// Requests not yet finished.
    public var liveRequestCount: Int { live.count }

    private func run(_ state: RequestState, _ deliver: (ImageDelivery) -> Void, asset: AssetRecord, library: any LibraryBackend, options: ImageRequestOptions,
                     degradedDelivered: Bool, progress: (@Sendable (Double) -> Bool)?) {
        guard !state.isCancelled else { return }
        let context = ImagingContext.context(for: library)
        let spec = options.spec
        do {
            let set = try context.representations(of: asset, version: spec.version, in: library, videoPosters: true)
            if !set.missingKinds.isEmpty && spec.version == .current {
                context.generator.enqueue([asset.rowID], in: library, urgent: true)
            }
            let derivative = set.bestDerivative(for: spec)
            let mode = options.isSynchronous && options.deliveryMode == .opportunistic ? .highQualityFormat : options.deliveryMode
            let standIns = derivative != nil ? [] : set.degradedCandidates(for: spec)
            switch mode {
            case .fastFormat:
                if let degraded = standIns.first {
                    deliver(ImageDelivery(image: try ImageRenderer.renderDegraded(degraded, spec: spec), isDegraded: true))
                    return
                }
            case .opportunistic where !degradedDelivered:
                let chosen = options.allowSecondaryDegradedImage ? Array(standIns.prefix(2).reversed()) : Array(standIns.prefix(1))
                for representation in chosen {
                    guard !state.isCancelled else { return }
                    deliver(ImageDelivery(image: try ImageRenderer.renderDegraded(representation, spec: spec), isDegraded: true, isFinal: false))
                }
            default:
                break
            }
            guard !state.isCancelled else { return }
            let reports = options.reportsOriginalLoading && derivative == nil
            if reports, progress?(0) == true { state.cancel(); return }
            // The rendition's file only now (after any degraded delivery): a served original is downloaded here.
            let image = try ImageRenderer.render(try set.best(for: spec), full: set.full, spec: spec)
            if reports, progress?(1) == true { state.cancel(); return }
            cache?.insert(.init(image: image, isDegraded: false), for: ImageCacheKey(asset: asset, spec: spec))
            deliver(ImageDelivery(image: image))
        } catch {
            deliver(ImageDelivery(image: nil, error: error))
        }
    }
}

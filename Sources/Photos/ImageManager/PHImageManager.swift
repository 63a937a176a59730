import Foundation
import PhotoLibrary
import ImageManagement

/// Retrieves images of assets, sized for their use, from the best representation at hand: a cached image, a
/// stored derivative (~256 px thumbnails, ~1600 px screen images), or the original.
///
/// ## Where handlers run
/// Asynchronous requests (the default) call their handler on the **main queue**, as PhotoKit does. A command-line
/// program must therefore let the main queue run: end `main` with `dispatchMain()` (and `exit` from a handler), or
/// spin `RunLoop.main.run(until:)` while waiting. A main thread that blocks (a semaphore, `sleep`) never sees its
/// results. Synchronous requests (`isSynchronous`) call the handler exactly once on the calling thread before
/// returning, and need no run loop.
///
/// ## Deliveries
/// `.opportunistic` delivers once when a derivative (or cache) covers the request, otherwise a degraded image
/// first (the largest smaller derivative, not resized) and then the final image from the original;
/// `.highQualityFormat` delivers exactly once; `.fastFormat` delivers once, degraded when no derivative covers
/// the request. The info dictionary always has `PHImageResultRequestIDKey`, `PHImageResultIsDegradedKey` and
/// `PHImageResultIsInCloudKey` (false), plus `PHImageCancelledKey` or `PHImageErrorKey` when relevant.
/// Images are upright, sRGB, 8-bit, at scale 1 with orientation `.up`, and never larger than the original.
///
/// ## Served libraries
/// For an asset of a served library (`PHPhotoLibrary(url: unix:…)`), the original is downloaded once into the local
/// cache (verified against its SHA-256) and pictures are made here from it, as from a directory's file; the info
/// dictionary's `PHImageResultIsInCloudKey` stays false.
///
/// Differences from Apple: the default manager keeps no image cache (use `PHCachingImageManager`); videos have no
/// still image yet (their requests fail with `PHPhotosError.missingResource`).
open class PHImageManager: NSObject, @unchecked Sendable {
    private static let shared = PHImageManager()
    /// The core engine running this manager's requests.
    let engine: ImageRequestEngine

    /// The shared manager.
    open class func `default`() -> PHImageManager { shared }

    /// A manager without a cache.
    public override convenience init() { self.init(engine: ImageRequestEngine()) }

    init(engine: ImageRequestEngine) {
        self.engine = engine
        super.init()
    }

    /// Requests an image of `asset` for `targetSize` pixels (`PHImageManagerMaximumSize` for the largest).
    @discardableResult
    open func requestImage(for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?,
                           resultHandler: @escaping (UIImage?, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let core = PHImageRequestOptions.core(targetSize: targetSize, contentMode: contentMode, options: options)
        let handler = UncheckedBox(resultHandler)
        let progress = UncheckedBox(options?.progressHandler)
        let library = (asset.photoLibrary ?? .shared()).backend
        return engine.request(asset.record, in: library, options: core, target: .queue(.main), progress: { fraction in
            guard let report = progress.value else { return false }
            var stop: ObjCBool = false
            report(fraction, nil, &stop, nil)
            return stop.boolValue
        }) { delivery in
            handler.value(delivery.image.map { UIImage(cgImage: $0, scale: 1, orientation: .up) }, Self.info(for: delivery))
        }
    }

    /// Cancels a request: a live request's handler is called once more with no image and `PHImageCancelledKey`;
    /// finished or unknown requests are ignored.
    open func cancelImageRequest(_ requestID: PHImageRequestID) {
        engine.cancel(requestID)
    }

    /// Requests the bytes of the image as stored (the `version`'s resource, e.g. HEIC or the rendered edit), its
    /// type identifier and orientation; delivered once, on the main queue (on the caller's thread when
    /// `isSynchronous`). `deliveryMode`, `resizeMode` and `normalizedCropRect` do not apply.
    @discardableResult
    open func requestImageDataAndOrientation(for asset: PHAsset, options: PHImageRequestOptions?,
                                             resultHandler: @escaping (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let handler = UncheckedBox(resultHandler)
        let library = (asset.photoLibrary ?? .shared()).backend
        let version = ImageVersion(rawValue: (options?.version ?? .current).rawValue) ?? .current
        return engine.requestData(asset.record, version: version, in: library, synchronous: options?.isSynchronous ?? false,
                                  target: .queue(.main)) { result, number in
            switch result {
            case .success(let value):
                handler.value(value.data, value.uniformTypeIdentifier, value.orientation, Self.info(for: ImageDelivery(image: nil), number: number))
            case .failure(let error):
                var failed = ImageDelivery(image: nil, isCancelled: error.code == .cancelled, error: error)
                failed.requestNumber = number
                handler.value(nil, nil, .up, Self.info(for: failed))
            }
        }
    }

    /// Requests the bytes of the image as stored, its type identifier and its orientation as a UIKit orientation:
    /// PhotoKit's older form of `requestImageDataAndOrientation(for:options:resultHandler:)` (deprecated on iOS 13,
    /// still everywhere in real code), with the same data, type, info dictionary, queue and single delivery. The
    /// orientation is the stored file's (`UIImage.Orientation(_:)` of its EXIF orientation: EXIF 6 is `.right`);
    /// `.up` when the request fails.
    @available(iOS, introduced: 8, deprecated: 13, renamed: "requestImageDataAndOrientation(for:options:resultHandler:)")
    @discardableResult
    open func requestImageData(for asset: PHAsset, options: PHImageRequestOptions?,
                               resultHandler: @escaping (Data?, String?, UIImage.Orientation, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let handler = UncheckedBox(resultHandler)
        return requestImageDataAndOrientation(for: asset, options: options) { data, uniformTypeIdentifier, orientation, info in
            handler.value(data, uniformTypeIdentifier, UIImage.Orientation(orientation), info)
        }
    }

    /// The info dictionary of a delivery.
    static func info(for delivery: ImageDelivery, number: Int32? = nil) -> [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [
            PHImageResultRequestIDKey: NSNumber(value: number ?? delivery.requestNumber),
            PHImageResultIsDegradedKey: NSNumber(value: delivery.isDegraded),
            PHImageResultIsInCloudKey: NSNumber(value: false),
        ]
        if delivery.isCancelled { info[PHImageCancelledKey] = NSNumber(value: true) }
        if let error = delivery.error, !delivery.isCancelled { info[PHImageErrorKey] = PHPhotosError(imageManagementError: error) as NSError }
        return info
    }
}

extension PHPhotosError {
    /// What an operation that still needs a library directory fails with on a served library.
    package static func needsLibraryDirectory(_ library: PHPhotoLibrary, _ what: String) -> PHPhotosError {
        PHPhotosError(.changeNotSupported, userInfo: [NSLocalizedDescriptionKey:
            "\(what) need a library directory; \(library.url.absoluteString) is served by photos serve (not yet supported over the service)"])
    }
}

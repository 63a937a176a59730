import Foundation
import MediaInspection
import PhotoLibrary
import ImageManagement

/// Identifies a Live Photo request; 0 is never a valid request.
public typealias PHLivePhotoRequestID = Int32
/// The value no Live Photo request has.
public let PHLivePhotoRequestIDInvalid: PHLivePhotoRequestID = 0
/// Info key: the `NSError` that stopped a Live Photo request.
public let PHLivePhotoInfoErrorKey = "PHLivePhotoInfoErrorKey"
/// Info key: `Bool`, whether the Live Photo is a low-quality stand-in (always false here).
public let PHLivePhotoInfoIsDegradedKey = "PHLivePhotoInfoIsDegradedKey"
/// Info key: `Bool`, present (true) when the request was cancelled.
public let PHLivePhotoInfoCancelledKey = "PHLivePhotoInfoCancelledKey"

/// A Live Photo: a still and the movie around it, as PhotoKit's `PHLivePhoto`. Immutable.
///
/// On Linux nothing plays it; it names its two files, its still's size, and the asset it came from (for
/// `PHAssetResource.assetResources(for:)`). Made by `PHImageManager.requestLivePhoto`, by
/// `request(withResourceFileURLs:…)` from a pair of files, or by a Live Photo editing context's playback preview.
open class PHLivePhoto: NSObject, @unchecked Sendable {
    /// The still's size in pixels, upright.
    public let size: CGSize
    /// The still's file.
    public let photoURL: URL
    /// The movie's file.
    public let videoURL: URL
    /// The asset's resources, when the Live Photo came from the library.
    let resources: [PHAssetResource]

    init(photoURL: URL, videoURL: URL, size: CGSize, resources: [PHAssetResource] = []) {
        self.photoURL = photoURL
        self.videoURL = videoURL
        self.size = size
        self.resources = resources
        super.init()
    }

    /// Makes a Live Photo from a still and a movie file that belong together (both carry the same content
    /// identifier: the still's Apple MakerNote, the movie's `com.apple.quicktime.content.identifier`). The handler
    /// runs once on the main queue; a pair that does not match gets nil and `PHLivePhotoInfoErrorKey`.
    /// `placeholderImage`, `targetSize` and `contentMode` have no effect (nothing is displayed).
    @discardableResult
    open class func request(withResourceFileURLs fileURLs: [URL], placeholderImage image: UIImage?, targetSize: CGSize,
                            contentMode: PHImageContentMode, resultHandler: @escaping (PHLivePhoto?, [AnyHashable: Any]) -> Void) -> PHLivePhotoRequestID {
        let id = LivePhotoRequests.shared.begin()
        let handler = UncheckedBox(resultHandler)
        DispatchQueue.global().async {
            let result = Result { try pair(fileURLs) }
            DispatchQueue.main.async {
                guard LivePhotoRequests.shared.finish(id) else {
                    handler.value(nil, [PHLivePhotoInfoCancelledKey: NSNumber(value: true)])
                    return
                }
                switch result {
                case .success(let live): handler.value(live, [PHLivePhotoInfoIsDegradedKey: NSNumber(value: false)])
                case .failure(let error): handler.value(nil, [PHLivePhotoInfoErrorKey: error as NSError, PHLivePhotoInfoIsDegradedKey: NSNumber(value: false)])
                }
            }
        }
        return id
    }

    /// Cancels a pending `request(withResourceFileURLs:…)`: its handler gets nil and `PHLivePhotoInfoCancelledKey`.
    open class func cancelRequest(withRequestID requestID: PHLivePhotoRequestID) {
        LivePhotoRequests.shared.cancel(requestID)
    }

    /// The Live Photo of a matching still and movie, or the reason they are not one.
    static func pair(_ urls: [URL]) throws -> PHLivePhoto {
        func refuse(_ message: String) -> PHPhotosError { PHPhotosError(.invalidResource, userInfo: [NSLocalizedDescriptionKey: message]) }
        guard urls.count == 2 else { throw refuse("a Live Photo is a still and a movie: \(urls.count) files were given") }
        var still: (URL, MediaInfo)?, movie: (URL, MediaInfo)?
        for url in urls {
            let info: MediaInfo
            do { info = try MediaInspector.inspect(fileAt: url) } catch { throw refuse("\(url.lastPathComponent): \(error.message)") }
            if info.kind == .video { movie = (url, info) } else if info.kind == .image { still = (url, info) }
        }
        guard let still, let movie else { throw refuse("a Live Photo needs one still and one movie") }
        guard let identifier = still.1.contentIdentifier, identifier == movie.1.contentIdentifier else {
            throw refuse("\(still.0.lastPathComponent) and \(movie.0.lastPathComponent) do not carry the same content identifier")
        }
        return PHLivePhoto(photoURL: still.0, videoURL: movie.0, size: CGSize(width: still.1.pixelWidth, height: still.1.pixelHeight))
    }
}

extension PHAssetResource {
    /// The resources of a Live Photo that came from the library (still and paired movie, as its asset has them);
    /// empty for one made from files.
    public class func assetResources(for livePhoto: PHLivePhoto) -> [PHAssetResource] { livePhoto.resources }
}

/// Live pending Live Photo requests, so a cancelled one reports cancellation.
final class LivePhotoRequests: @unchecked Sendable {
    static let shared = LivePhotoRequests()
    private let lock = NSLock()
    private var live: Set<Int32> = []

    func begin() -> Int32 {
        let id = RequestNumbers.next()
        lock.withLock { _ = live.insert(id) }
        return id
    }
    func cancel(_ id: Int32) { lock.withLock { _ = live.remove(id) } }
    /// True when the request is still live (and ends it).
    func finish(_ id: Int32) -> Bool { lock.withLock { live.remove(id) != nil } }
}

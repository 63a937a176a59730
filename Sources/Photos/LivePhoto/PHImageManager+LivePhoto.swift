import Foundation
import ImageManagement
import PhotoLibrary

extension PHImageManager {
    /// Requests the Live Photo of a Live Photo asset: its still and paired movie in `options.version` (for
    /// `.current` the edited pair when the asset has a Live Photo edit). The handler runs once on the main queue
    /// with the info dictionary (`PHImageResultRequestIDKey`, `PHImageResultIsDegradedKey` false,
    /// `PHImageErrorKey` on failure). `targetSize` and `contentMode` have no effect: the pair is handed back as
    /// stored. An asset that is not a Live Photo, or whose current version is an edited still without a movie,
    /// gets nil and `PHPhotosError.invalidResource`.
    @discardableResult
    public func requestLivePhoto(for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode, options: PHLivePhotoRequestOptions?,
                                 resultHandler: @escaping (PHLivePhoto?, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let number = RequestNumbers.next()
        let library = asset.photoLibrary ?? .shared()
        let handler = UncheckedBox(resultHandler)
        let progress = UncheckedBox(options?.progressHandler)
        let original = options?.version == .original || options?.version == .unadjusted
        let assetBox = UncheckedBox(asset)
        DispatchQueue.global().async {
            var info: [AnyHashable: Any] = [PHImageResultRequestIDKey: NSNumber(value: number), PHImageResultIsDegradedKey: NSNumber(value: false),
                                            PHImageResultIsInCloudKey: NSNumber(value: false)]
            let result = Result { try Self.livePhoto(of: assetBox.value, original: original, in: library) }
            if case .success = result, let report = progress.value {
                var stop: ObjCBool = false
                report(1, nil, &stop, nil)
            }
            DispatchQueue.main.async {
                switch result {
                case .success(let live): handler.value(live, info)
                case .failure(let error):
                    info[PHImageErrorKey] = error as NSError
                    handler.value(nil, info)
                }
            }
        }
        return number
    }

    /// The Live Photo of `asset`: its still and movie resources of one version.
    package static func livePhoto(of asset: PHAsset, original: Bool, in library: PHPhotoLibrary) throws -> PHLivePhoto {
        func refuse(_ message: String) -> PHPhotosError { PHPhotosError(.invalidResource, userInfo: [NSLocalizedDescriptionKey: message]) }
        guard asset.mediaSubtypes.contains(.photoLive) else { throw refuse("\(asset.localIdentifier) is not a Live Photo") }
        let resources = PHAssetResource.assetResources(for: asset)
        let records = resources.map(\.record)
        guard let pair = LivePhotoResources.pair(records, original: original) else {
            throw refuse("\(asset.localIdentifier) has no Live Photo in this version: its edit made it a still photo")
        }
        let chosen = resources.filter { $0.record.rowID == pair.still.rowID || $0.record.rowID == pair.movie.rowID }
        let photoURL: URL, videoURL: URL
        do throws(LibraryError) {
            photoURL = try library.backend.resourceFile(pair.still)
            videoURL = try library.backend.resourceFile(pair.movie)
        } catch {
            throw PHPhotosError(libraryError: error)
        }
        return PHLivePhoto(photoURL: photoURL, videoURL: videoURL,
                           size: CGSize(width: pair.still.pixelWidth, height: pair.still.pixelHeight), resources: chosen)
    }
}

/// Which still and movie make a Live Photo asset's pair in a version: the original's (`photo` + `pairedVideo`), or
/// the current edit's (`fullSizePhoto` + `fullSizePairedVideo`). An edit that rendered only a still leaves the
/// current version without motion (nil), as Photos shows such an edit as a still.
enum LivePhotoResources {
    static func pair(_ resources: [ResourceRecord], original: Bool) -> (still: ResourceRecord, movie: ResourceRecord)? {
        let editedStill = resources.first { $0.type == .fullSizePhoto }
        let editedMovie = resources.first { $0.type == .fullSizePairedVideo }
        if !original, let editedStill {
            guard let editedMovie else { return nil }
            return (editedStill, editedMovie)
        }
        guard let still = resources.first(where: { $0.type == .photo }), let movie = resources.first(where: { $0.type == .pairedVideo }) else { return nil }
        return (still, movie)
    }
}

import Foundation
import AVFoundation
import ImageManagement

extension PHImageManager {
    /// Requests the movie of a video asset as an `AVAsset` (an `AVURLAsset` of the stored movie of `options.version`;
    /// for `.current` the edited movie when there is one; for a served library, its copy downloaded once into the
    /// local cache and verified). The handler runs once, on a background queue, as
    /// Apple's does: with the asset, no audio mix (nil; Apple's is non-nil only for slow-motion time ramps) and the
    /// info dictionary (`PHImageResultRequestIDKey`, `PHImageResultIsInCloudKey`, `PHImageErrorKey` on failure).
    ///
    /// Assets that are not videos get nil and `PHPhotosError.invalidResource` (a Live Photo's movie is a resource:
    /// `PHAssetResourceManager`, type `.pairedVideo`).
    @discardableResult
    public func requestAVAsset(forVideo asset: PHAsset, options: PHVideoRequestOptions?,
                             resultHandler: @escaping (AVAsset?, AVAudioMix?, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let handler = UncheckedBox(resultHandler)
        return requestMovie(of: asset, options: options) { result, info in
            handler.value(result.map { AVURLAsset(url: $0) }, nil, info)
        }
    }

    /// Requests a player item for a video asset's movie (see `requestAVAsset(forVideo:options:resultHandler:)`).
    @discardableResult
    public func requestPlayerItem(forVideo asset: PHAsset, options: PHVideoRequestOptions?,
                                resultHandler: @escaping (AVPlayerItem?, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let handler = UncheckedBox(resultHandler)
        return requestMovie(of: asset, options: options) { result, info in
            handler.value(result.map { AVPlayerItem(asset: AVURLAsset(url: $0)) }, info)
        }
    }

    /// Requests an export session for a video asset's movie with `exportPreset` (an `AVAssetExportPreset…` name);
    /// the handler runs once on a background queue with the session (set `outputURL` and `outputFileType`, then
    /// export) or nil and `PHImageErrorKey` (not a video, or an unknown preset).
    @discardableResult
    public func requestExportSession(forVideo asset: PHAsset, options: PHVideoRequestOptions?, exportPreset: String,
                                     resultHandler: @escaping (AVAssetExportSession?, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let handler = UncheckedBox(resultHandler)
        return requestMovie(of: asset, options: options) { url, info in
            guard let url else { return handler.value(nil, info) }
            guard let session = AVAssetExportSession(asset: AVURLAsset(url: url), presetName: exportPreset) else {
                var failed = info
                failed[PHImageErrorKey] = PHPhotosError(.requestNotSupportedForAsset, userInfo: [NSLocalizedDescriptionKey: "\(exportPreset) is not an export preset"]) as NSError
                return handler.value(nil, failed)
            }
            handler.value(session, info)
        }
    }

    /// Finds the movie file of `asset` on a background queue and delivers its URL (or nil) with the info dictionary.
    func requestMovie(of asset: PHAsset, options: PHVideoRequestOptions?,
                      deliver: @escaping @Sendable (URL?, [AnyHashable: Any]) -> Void) -> PHImageRequestID {
        let number = RequestNumbers.next()
        let photoLibrary = asset.photoLibrary ?? .shared()
        let library = photoLibrary.backend
        let record = asset.record
        let isVideo = asset.mediaType == .video
        let version = ImageVersion(rawValue: (options?.version ?? .current).rawValue) ?? .current
        let progress = UncheckedBox(options?.progressHandler)
        DispatchQueue.global().async {
            var info: [AnyHashable: Any] = [PHImageResultRequestIDKey: NSNumber(value: number), PHImageResultIsInCloudKey: NSNumber(value: false)]
            guard isVideo else {
                info[PHImageErrorKey] = PHPhotosError(.invalidResource, userInfo: [NSLocalizedDescriptionKey: "\(record.identifier) is not a video"]) as NSError
                deliver(nil, info)
                return
            }
            do throws(ImageManagementError) {
                let url = try MovieFrames.movieURL(of: record, in: library, version: version)
                if let report = progress.value {
                    var stop: ObjCBool = false
                    report(1, nil, &stop, nil)
                }
                deliver(url, info)
            } catch {
                info[PHImageErrorKey] = PHPhotosError(imageManagementError: error) as NSError
                deliver(nil, info)
            }
        }
        return number
    }
}

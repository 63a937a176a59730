import Foundation
import Photos
import PhotoLibrary
import ImageManagement

/// Builds the item provider of one picked asset: which representations it registers for a representation mode,
/// and the loaders that read, transcode or export them on demand.
///
/// Photos: `.automatic`/`.current` register the current version's file under its stored type; `.compatible`
/// registers `public.jpeg` for HEIC, HEIF, AVIF, WebP and RAW (encoded by `AssetExporter`, as `photos export
/// --format compatible`) and the stored file otherwise. Movies (videos): the current movie under its container's
/// type; `.compatible` re-encodes HEVC to H.264 (`AVAssetExportSession`, `AVAssetExportPresetHighestQuality`) in
/// the same container. Live Photos register their still (as photos do) and then a Live Photo bundle
/// (`com.apple.live-photo-bundle`: a folder holding the current still and movie as stored, in every mode), from
/// which `loadObject(ofClass: PHLivePhoto.self)` makes a `PHLivePhoto` naming the library's files.
enum PickerItemProvider {
    /// The provider for `asset`, or an error naming why its files cannot be found.
    static func make(for asset: AssetRecord, mode: PHPickerConfiguration.AssetRepresentationMode, in photos: PHPhotoLibrary) throws -> NSItemProvider {
        guard let library = photos.localLibrary else { throw PHPhotosError.needsLibraryDirectory(photos, "Picked items' files") }
        let provider = NSItemProvider()
        let name = (asset.originalFilename as NSString).deletingPathExtension
        provider.suggestedName = name.isEmpty ? nil : name
        switch asset.mediaType {
        case .video:
            try registerMovie(of: asset, mode: mode, in: library, on: provider)
        default:
            try registerStill(of: asset, mode: mode, in: library, on: provider)
            if asset.mediaSubtypes.contains(.photoLive) { registerLivePhoto(of: asset, in: photos, on: provider) }
        }
        return provider
    }

    /// Registers the Live Photo bundle and the `PHLivePhoto` object of the current version, when it has motion
    /// (an edit that rendered only a still leaves the current version a still photo: nothing is registered).
    private static func registerLivePhoto(of asset: AssetRecord, in photos: PHPhotoLibrary, on provider: NSItemProvider) {
        let options = PHFetchOptions()
        options.photoLibrary = photos
        options.includeHiddenAssets = true
        let fetched = PHAsset.fetchAssets(withLocalIdentifiers: [asset.identifier], options: options)
        guard fetched.count == 1, let live = try? PHImageManager.livePhoto(of: fetched.object(at: 0), original: false, in: photos) else { return }
        let type = PHLivePhoto.readableTypeIdentifiersForItemProvider[0]
        let name = provider.suggestedName ?? "LivePhoto"
        provider.registerFileRepresentation(forTypeIdentifier: type, visibility: .all) { completion in
            let folder = temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let bundle = folder.appendingPathComponent("\(name).pvt", isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                for file in [live.photoURL, live.videoURL] {
                    try FileManager.default.copyItem(at: file, to: bundle.appendingPathComponent("\(name).\(file.pathExtension)"))
                }
                completion(bundle, false, nil)
            } catch {
                completion(nil, false, error)
            }
            return nil
        }
        provider.registerObjectLoader(forTypeIdentifier: type) { completion in
            completion(live, nil)
            return nil
        }
    }

    private static func registerStill(of asset: AssetRecord, mode: PHPickerConfiguration.AssetRepresentationMode, in library: Library,
                                      on provider: NSItemProvider) throws {
        let resource = try ImagingContext.context(for: library).representations(of: asset, version: .current, in: library).rendition.resource
        let file = library.fileURL(for: resource)
        if mode == .compatible, let target = AssetExporter.targetFormat(forStored: resource.uniformTypeIdentifier, .compatible) {
            provider.registerFileRepresentation(forTypeIdentifier: target.uniformTypeIdentifier, visibility: .all) { completion in
                let folder = temporaryFolder()
                defer { try? FileManager.default.removeItem(at: folder) }
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let exported = try AssetExporter.export(asset, version: .current, format: .compatible, to: folder, in: library)
                    completion(exported.url, false, nil)
                } catch {
                    completion(nil, false, NSItemProvider.loadFailure("Cannot make a JPEG of \(asset.identifier): \((error as? ImageManagementError)?.message ?? "\(error)")"))
                }
                return nil
            }
            return
        }
        provider.registerFileRepresentation(forTypeIdentifier: resource.uniformTypeIdentifier, visibility: .all) { completion in
            completion(file, false, nil)
            return nil
        }
    }

    private static func registerMovie(of asset: AssetRecord, mode: PHPickerConfiguration.AssetRepresentationMode, in library: Library,
                                      on provider: NSItemProvider) throws {
        let movie = try MovieFrames.movieURL(of: asset, in: library, version: .current)
        let isMP4 = ["mp4", "m4v"].contains(movie.pathExtension.lowercased())
        let type = UTType(filenameExtension: movie.pathExtension, conformingTo: .movie) ?? .movie
        if mode == .compatible, isHEVC(movie) {
            let outputType: UTType = isMP4 ? .mpeg4Movie : .quickTimeMovie
            provider.registerFileRepresentation(forTypeIdentifier: outputType.identifier, visibility: .all) { completion in
                exportH264(movie, mp4: isMP4, name: movie.deletingPathExtension().lastPathComponent, completion)
            }
            return
        }
        provider.registerFileRepresentation(forTypeIdentifier: type.identifier, visibility: .all) { completion in
            completion(movie, false, nil)
            return nil
        }
    }

    /// True when the movie's first video track is HEVC.
    static func isHEVC(_ movie: URL) -> Bool {
        guard let track = AVURLAsset(url: movie).tracks(withMediaType: .video).first,
              let description = track.formatDescriptions.first as? CMFormatDescription else { return false }
        return CMFormatDescriptionGetMediaSubType(description) == kCMVideoCodecType_HEVC
    }

    /// Re-encodes `movie` to H.264 in a temporary folder, hands the file to `completion`, then removes it. The
    /// returned progress cancels the export.
    private static func exportH264(_ movie: URL, mp4: Bool, name: String,
                                   _ completion: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress? {
        guard let session = AVAssetExportSession(asset: AVURLAsset(url: movie), presetName: AVAssetExportPresetHighestQuality) else {
            completion(nil, false, NSItemProvider.loadFailure("Cannot export \(movie.lastPathComponent) to H.264"))
            return nil
        }
        let folder = temporaryFolder()
        let output = folder.appendingPathComponent("\(name.isEmpty ? "movie" : name).\(mp4 ? "mp4" : "mov")")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            completion(nil, false, error)
            return nil
        }
        session.outputURL = output
        session.outputFileType = mp4 ? .mp4 : .mov
        let progress = Progress.discreteProgress(totalUnitCount: 1)
        progress.cancellationHandler = { session.cancelExport() }
        session.exportAsynchronously {
            defer { try? FileManager.default.removeItem(at: folder) }
            if session.status == .completed {
                completion(output, false, nil)
            } else if session.status == .cancelled {
                completion(nil, false, CocoaError(.userCancelled))
            } else {
                let reason = session.error.map { ($0 as? AVError)?.message ?? "\($0)" } ?? "the export did not complete"
                completion(nil, false, NSItemProvider.loadFailure("Cannot export \(movie.lastPathComponent) to H.264: \(reason)"))
            }
            progress.completedUnitCount = 1
        }
        return progress
    }

    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("PHPicker-\(UUID().uuidString)", isDirectory: true)
    }
}

extension NSItemProvider {
    /// An `NSItemProviderErrorDomain` `.itemUnavailableError` with a message.
    static func loadFailure(_ message: String) -> NSError {
        NSError(domain: NSItemProviderErrorDomain, code: NSItemProvider.ErrorCode.itemUnavailableError.rawValue,
                userInfo: [NSLocalizedDescriptionKey: message])
    }
}

import Foundation
import ImageManagement
import PhotoLibrary

/// One representation of a picked asset, as the application receives it (an `NSItemProvider` registration of
/// `PHPickerResult.itemProvider`, over HTTP).
struct PickerItem: Sendable {
    /// Where the bytes come from.
    enum Source: Sendable {
        /// A stored file, served as is.
        case stored(ResourceRecord)
        /// The current still exported in `.compatible` form (`AssetExporter`), made when asked for.
        case compatibleStill
    }

    let typeIdentifier: String
    let suggestedName: String
    /// Known for stored files; an export's size is known only once made.
    let byteCount: Int64?
    let source: Source
}

/// Which items a picked asset hands over for a representation mode — the same choices `PhotosUI`'s picker item
/// provider makes, from the same `ImageManagement` code:
///
/// - photos: the current version's file (the edited render, else the original) under its stored type; in
///   `.compatible` mode a JPEG for HEIC, HEIF, AVIF, WebP and RAW (`AssetExporter.targetFormat`);
/// - Live Photos: the still as photos do, then the current movie as a second item (none when an edit rendered
///   only a still);
/// - videos: the current movie as stored, in every mode (the service does not transcode HEVC to H.264 for
///   `.compatible` yet, unlike the in-process picker).
enum PickerItems {
    static func items(of asset: AssetRecord, mode: PickerSession.Mode, in library: Library) throws -> [PickerItem] {
        let resources = try library.resources(assetRowID: asset.rowID)
        let name = (asset.originalFilename as NSString).deletingPathExtension
        let suggestedName = name.isEmpty ? "item" : name
        var items: [PickerItem] = []
        if asset.mediaType != .video {
            let still = try ImagingContext.context(for: library).representations(of: asset, version: .current, in: library).rendition.resource
            if mode == .compatible, let target = AssetExporter.targetFormat(forStored: still.uniformTypeIdentifier, .compatible) {
                items.append(PickerItem(typeIdentifier: target.uniformTypeIdentifier, suggestedName: suggestedName, byteCount: nil, source: .compatibleStill))
            } else {
                items.append(PickerItem(typeIdentifier: still.uniformTypeIdentifier, suggestedName: suggestedName, byteCount: still.byteCount, source: .stored(still)))
            }
            guard asset.mediaSubtypes.contains(.photoLive) else { return items }
            // An edit that rendered a still without its motion leaves the current version a still photo.
            if still.type == .fullSizePhoto, !resources.contains(where: { $0.type == .fullSizePairedVideo }) { return items }
        }
        guard let movieURL = try? MovieFrames.movieURL(of: asset, in: library, version: .current),
              let movie = resources.first(where: { library.fileURL(for: $0) == movieURL }) else {
            if asset.mediaType == .video { throw ImageManagementError(.missingResource, "\(asset.identifier) has no movie") }
            return items
        }
        items.append(PickerItem(typeIdentifier: movie.uniformTypeIdentifier, suggestedName: suggestedName, byteCount: movie.byteCount, source: .stored(movie)))
        return items
    }

    /// The still's bytes in `.compatible` form, exported into a temporary folder that is removed at once.
    static func compatibleStill(of asset: AssetRecord, in library: Library) throws -> (data: Data, etag: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = try AssetExporter.export(asset, version: .current, format: .compatible, to: folder, in: library)
        let data = try Data(contentsOf: exported.url)
        let source = try ImagingContext.context(for: library).representations(of: asset, version: .current, in: library).rendition.resource
        return (data, "\(source.sha256)-compatible")
    }
}

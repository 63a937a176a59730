import Foundation
import ImageIO
import PhotoLibrary

/// The format an asset's image is shared in.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// As stored, byte for byte (`imageExportPreset = .current` in PhotoKit's pickers).
    case original
    /// The most compatible form: HEIC, HEIF, AVIF, WebP and camera RAW become JPEG; JPEG, PNG, GIF and TIFF stay as
    /// stored (`imageExportPreset = .compatible`, WWDC 2017).
    case compatible
    /// JPEG, re-encoded unless the rendition already is one.
    case jpeg
    /// HEIC, re-encoded unless the rendition already is one.
    case heic
    /// PNG, re-encoded unless the rendition already is one.
    case png
}

/// A file an export wrote.
public struct ExportedFile: Sendable {
    public var url: URL
    public var uniformTypeIdentifier: String
    public var byteCount: Int64
    /// True when the bytes are the stored ones, not re-encoded.
    public var isCopy: Bool
}

/// Writes assets' images to files for sharing.
///
/// A re-encoded image has upright pixels in its own colour space (profile embedded) and keeps its metadata with
/// the orientation reset; a copy is the stored file itself. Files are written under a temporary name and renamed;
/// an existing file is never replaced: the name gets " (1)", " (2)", … Threading: stateless.
public enum AssetExporter {
    /// JPEG/HEIC quality of re-encoded exports.
    public static let quality = 0.9

    /// The format a rendition of type `uniformTypeIdentifier` is written in, or nil to copy the stored bytes.
    public static func targetFormat(forStored uniformTypeIdentifier: String, _ format: ExportFormat) -> ImageFormat? {
        let stored = ImageFormat(uniformTypeIdentifier: uniformTypeIdentifier)
        let wanted: ImageFormat?
        switch format {
        case .original: wanted = nil
        case .compatible:
            switch stored {
            case .heic, .heif, .avif, .webp, .dng, .cameraRAW: wanted = .jpeg
            default: wanted = nil
            }
        case .jpeg: wanted = .jpeg
        case .heic: wanted = .heic
        case .png: wanted = .png
        }
        return wanted == stored ? nil : wanted
    }

    /// Exports one asset's `version` in `format` into `directory`, named after its original file.
    public static func export(_ asset: AssetRecord, version: ImageVersion, format: ExportFormat, to directory: URL,
                              in library: Library) throws(ImageManagementError) -> ExportedFile {
        let set = try ImagingContext.context(for: library).representations(of: asset, version: version, in: library)
        let resource = set.rendition.resource
        let source = library.fileURL(for: resource)
        let base = (resource.originalFilename as NSString).deletingPathExtension
        if let target = targetFormat(forStored: resource.uniformTypeIdentifier, format) {
            let data = try PixelOps.transcode(source, to: target, quality: quality)
            let url = try writeNew(in: directory, base: base, extension: target.suffixes[0]) { (url) throws(ImageManagementError) in
                try AtomicFileWriter.write(data, to: url, overwrite: false)
            }
            return ExportedFile(url: url, uniformTypeIdentifier: target.uniformTypeIdentifier, byteCount: Int64(data.count), isCopy: false)
        }
        let ext = (resource.originalFilename as NSString).pathExtension
        let url = try writeNew(in: directory, base: base, extension: ext) { (url) throws(ImageManagementError) in
            try ResourceStreaming.write(resource, at: source, to: url)
        }
        return ExportedFile(url: url, uniformTypeIdentifier: resource.uniformTypeIdentifier, byteCount: resource.byteCount, isCopy: true)
    }

    /// Writes with `write` to the first free name `base.ext`, `base (1).ext`, …
    private static func writeNew(in directory: URL, base: String, extension ext: String,
                                 _ write: (URL) throws(ImageManagementError) -> Void) throws(ImageManagementError) -> URL {
        let name = base.isEmpty ? "image" : base
        for attempt in 0..<10_000 {
            let file = attempt == 0 ? name : "\(name) (\(attempt))"
            let url = directory.appendingPathComponent(ext.isEmpty ? file : "\(file).\(ext)")
            do {
                try write(url)
                return url
            } catch where error.code == .fileExists {
                continue
            }
        }
        throw ImageManagementError(.fileExists, "Cannot find a free file name for \(name) in \(directory.path)")
    }
}

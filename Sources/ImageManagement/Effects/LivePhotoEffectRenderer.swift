import Foundation
import CoreGraphics
import ImageIO
import Movies
import PhotoLibrary

/// Renders the Live Photo effects (Loop, Bounce, Long Exposure; see `MovieEffects`) of a Live Photo asset's
/// original pair into files ready to commit as an edit: the still (the original's bytes for Loop and Bounce, the
/// averaged frame as an upright JPEG for Long Exposure) and, for Loop and Bounce, the movie.
public enum LivePhotoEffectRenderer {
    /// An effect, named as on the command line.
    public enum Effect: String, CaseIterable, Sendable {
        case loop, bounce
        case longExposure = "long-exposure"

        /// How the asset presents itself while the effect is its current edit (Apple's playback style and variation).
        public var playback: (style: PlaybackStyle, variation: Int) {
            switch self {
            case .loop: (.videoLooping, 1)
            case .bounce: (.videoLooping, 2)
            case .longExposure: (.image, 3)
            }
        }
    }

    /// The adjustment data's format: its data is the effect's name (`loop`, `bounce`, `long-exposure`).
    public static let formatIdentifier = "org.photokit-linux.live-effect"
    public static let formatVersion = "1.0"

    /// The files of a rendered effect.
    public struct Rendered: Sendable {
        public let effect: Effect
        public let still: URL
        public let movie: URL?

        /// The content edit that commits these files as the effect of `identifier`: from the original, with the
        /// effect's playback style and variation. (The caller removes the files after the commit.)
        public func contentEdit(of identifier: String) -> ContentEdit {
            var edit = ContentEdit(identifier: identifier, rendered: .file(still),
                                   adjustment: AdjustmentPayload(formatIdentifier: LivePhotoEffectRenderer.formatIdentifier,
                                                                 formatVersion: LivePhotoEffectRenderer.formatVersion, data: Data(effect.rawValue.utf8)),
                                   basedOnOriginal: true, renderedPairedVideo: movie.map { .file($0) })
            edit.playback = effect.playback
            return edit
        }

        /// Removes the rendered files.
        public func remove() {
            try? FileManager.default.removeItem(at: still)
            if let movie { try? FileManager.default.removeItem(at: movie) }
        }
    }

    /// Renders `effect` of `asset` (a Live Photo) into the library's editing directory (files named with its
    /// working-file prefix, so recovery removes them if this process dies before the commit).
    public static func render(_ effect: Effect, of asset: AssetRecord, in library: Library,
                              progress: (Double) -> Bool = { _ in true }) throws(ImageManagementError) -> Rendered {
        let resources: [ResourceRecord]
        do { resources = try library.resources(assetRowID: asset.rowID) } catch { throw .library(error, "Cannot read the resources of \(asset.identifier)") }
        guard let photo = resources.first(where: { $0.type == .photo }), let paired = resources.first(where: { $0.type == .pairedVideo }) else {
            throw ImageManagementError(.unsupported, "\(asset.identifier) is not a Live Photo: effects need its still and its movie")
        }
        let movieURL = library.fileURL(for: paired)
        let stem = library.editingDirectory.appendingPathComponent("\(library.workingFilePrefix)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: library.editingDirectory, withIntermediateDirectories: true)
            switch effect {
            case .loop, .bounce:
                let movie = stem.appendingPathExtension("\(effect.rawValue).mov")
                if effect == .loop { try MovieEffects.loop(movieURL, to: movie, progress: progress) } else { try MovieEffects.bounce(movieURL, to: movie, progress: progress) }
                let still = stem.appendingPathExtension("still.\((photo.originalFilename as NSString).pathExtension.lowercased())")
                try ResourceStreaming.write(photo, at: library.fileURL(for: photo), to: still)
                return Rendered(effect: effect, still: still, movie: movie)
            case .longExposure:
                let (frame, track) = try MovieEffects.longExposure(movieURL, progress: progress)
                let buffer = PixelBuffer(width: frame.width, height: frame.height, layout: .rgbx, bitsPerComponent: 8, bytesPerRow: frame.bytesPerRow,
                                         data: frame.pixels)
                let upright = buffer.applying(CGImagePropertyOrientation(rawValue: UInt32(track.exifOrientation)) ?? .up)
                let image = upright.makeCGImage(colorSpace: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB())
                let still = stem.appendingPathExtension("long-exposure.jpg")
                try AtomicFileWriter.write(try PixelOps.encode(image, as: .jpeg, quality: 0.92), to: still, overwrite: false)
                return Rendered(effect: effect, still: still, movie: nil)
            }
        } catch let error as ImageManagementError {
            throw error
        } catch let error as MovieError {
            throw ImageManagementError(error.code == .cancelled ? .cancelled : .unreadable, "\(asset.identifier): \(error.message)")
        } catch {
            throw ImageManagementError(.io, "\(asset.identifier): \(error)")
        }
    }
}

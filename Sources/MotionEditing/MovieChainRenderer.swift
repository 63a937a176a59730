import AVFoundation
import CoreGraphics
import CoreImage
import FilterChains
import Foundation

/// A filter chain over every frame of a movie, rendered the way an iOS app renders a video edit:
/// `AVVideoComposition(asset:applyingCIFiltersWithHandler:)` running the chain on each upright frame, then
/// `AVAssetExportSession` at the highest-quality preset of the source's codec family (HEVC stays HEVC, everything
/// else becomes H.264) into a QuickTime movie with the same frame count and timing; audio is copied.
/// `photos video` and the service's editor both render video edits here.
public enum MovieChainRenderer {
    /// Why a render did not produce a movie (nothing is left at the destination).
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
        /// The render was stopped: by its time limit, or by the progress handler.
        public let cancelled: Bool
    }

    /// Renders `movie` through `chain` into `destination` (which must not exist). `progress` is called about ten
    /// times a second with the fraction done and stops the render by returning false; a render longer than
    /// `timeLimit` seconds is stopped too.
    public static func render(_ movie: AVAsset, through chain: FilterChain, to destination: URL, timeLimit: TimeInterval,
                              progress: (Double) -> Bool = { _ in true }) throws(Failure) {
        do { try chain.validate() } catch { throw Failure(description: "\(error)", cancelled: false) }
        let hevc = movie.tracks(withMediaType: .video).first.flatMap { $0.formatDescriptions.first }.map {
            CMFormatDescriptionGetMediaSubType($0 as! CMFormatDescription) == kCMVideoCodecType_HEVC
        } ?? false
        guard let export = AVAssetExportSession(asset: movie, presetName: hevc ? AVAssetExportPresetHEVCHighestQuality : AVAssetExportPresetHighestQuality) else {
            throw Failure(description: "the movie cannot be exported (no video track, or a format this build does not read)", cancelled: false)
        }
        export.videoComposition = AVVideoComposition(asset: movie) { request in
            do { request.finish(with: try chain.apply(to: request.sourceImage), context: nil) } catch { request.finish(with: error) }
        }
        export.outputURL = destination
        export.outputFileType = .mov
        let done = DispatchSemaphore(value: 0)
        let started = Date()
        var stoppedByTime = false
        export.exportAsynchronously { done.signal() }
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            let overTime = Date().timeIntervalSince(started) > timeLimit
            if overTime { stoppedByTime = true }
            if overTime || !progress(Double(export.progress)) { export.cancelExport() }
        }
        guard export.status == .completed else {
            try? FileManager.default.removeItem(at: destination)
            if export.status == .cancelled {
                throw Failure(description: stoppedByTime ? "the render took longer than \(Int(timeLimit)) s and was stopped" : "the render was cancelled",
                              cancelled: true)
            }
            throw Failure(description: export.error.map { ($0 as? AVError)?.message ?? "\($0)" } ?? "the render did not complete", cancelled: false)
        }
        _ = progress(1)
    }

    /// The movie's first frame, upright, fitted into `maximumSide` pixels, and its width over the full upright
    /// frame's width (what a chain previewed on it is scaled by).
    public static func previewFrame(of movie: AVAsset, maximumSide: Int) throws(Failure) -> (image: CGImage, scale: Double) {
        let generator = AVAssetImageGenerator(asset: movie)
        generator.appliesPreferredTrackTransform = true
        generator.maximumSize = CGSize(width: maximumSide, height: maximumSide)
        let image: CGImage
        do { image = try generator.copyCGImage(at: .zero, actualTime: nil) } catch {
            throw Failure(description: "the movie's first frame cannot be decoded: \((error as? AVError)?.message ?? "\(error)")", cancelled: false)
        }
        guard let track = movie.tracks(withMediaType: .video).first else { throw Failure(description: "the movie has no video track", cancelled: false) }
        let upright = track.naturalSize.applying(track.preferredTransform)
        let width = abs(Double(upright.width))
        return (image, width > 0 ? min(1, Double(image.width) / width) : 1)
    }
}

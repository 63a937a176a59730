import Foundation
import PhotoLibrary

/// Where an editor writes its result: render the full-size image to `renderedContentURL` (JPEG for photos, a
/// QuickTime movie for videos: e.g. an `AVAssetExportSession` with `outputFileType = .mov`),
/// set `adjustmentData`, then assign the output to `PHAssetChangeRequest.contentEditingOutput` in a change
/// block. The rendered file lives in the library's staging directory until the commit adopts it.
public final class PHContentEditingOutput: NSObject, @unchecked Sendable {
    /// The edit's adjustment data; committing fails without it.
    public var adjustmentData: PHAdjustmentData?
    /// Where to write the rendered full-size content (a JPEG file for photos, a .mov for videos).
    public let renderedContentURL: URL
    /// Where a Live Photo editing context writes the edited movie (beside `renderedContentURL`); committed as the
    /// asset's `fullSizePairedVideo` when the file exists.
    package let renderedPairedVideoURL: URL
    let assetIdentifier: String
    private let isVideo: Bool
    /// Whether the input was the original (else the current rendered version: the edit stacks on it).
    let baseIsOriginal: Bool

    /// An output for editing the input's asset.
    public init(contentEditingInput: PHContentEditingInput) {
        assetIdentifier = contentEditingInput.assetIdentifier
        baseIsOriginal = contentEditingInput.baseIsOriginal
        isVideo = contentEditingInput.mediaType == .video
        let folder = contentEditingInput.renderedContentDirectory
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Named after the library handle's owner lock, so recovery can tell an abandoned render from a live one.
        renderedContentURL = folder.appendingPathComponent("\(contentEditingInput.workingFilePrefix)-\(UUID().uuidString)-FullSizeRender.\(isVideo ? "mov" : "jpg")")
        renderedPairedVideoURL = renderedContentURL.deletingPathExtension().appendingPathExtension("pairedvideo.mov")
        super.init()
    }

    /// The type the rendered content must have (JPEG for photos, QuickTime movie for videos).
    public var defaultRenderedContentType: UTType? { isVideo ? .quickTimeMovie : .jpeg }
}

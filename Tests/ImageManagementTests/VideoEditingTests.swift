import Foundation
import Testing
import _Testing_CoreGraphics
import _TestSupport
import Photos
import CoreImage

/// Editing a video as an iOS app does: content editing input → `audiovisualAsset` → a Core Image video
/// composition exported into `renderedContentURL` → commit; then requests see the edit, and revert undoes it.
@Suite struct VideoEditingTests {
    func input(for asset: PHAsset) async throws -> PHContentEditingInput {
        let box = Recorder<InputBox>()
        asset.requestContentEditingInput(with: nil) { input, _ in box.append(InputBox(input: input)) }
        try await waitUntil { box.count > 0 }
        return try #require(box.values.first?.input)
    }

    func movie(of asset: PHAsset, _ version: PHVideoRequestOptionsVersion) async throws -> AVURLAsset {
        let options = PHVideoRequestOptions()
        options.version = version
        let box = Recorder<AssetBox>()
        PHImageManager.default().requestAVAsset(forVideo: asset, options: options) { avAsset, _, _ in box.append(AssetBox(asset: avAsset)) }
        try await waitUntil { box.count > 0 }
        return try #require(box.values.first?.asset as? AVURLAsset)
    }

    /// The mean saturation (max − min of R, G, B) of the frame at `seconds`, 0…255.
    func saturation(_ asset: AVAsset, at seconds: Double) async throws -> Double {
        let generator = AVAssetImageGenerator(asset: asset)
        generator.maximumSize = CGSize(width: 160, height: 160)
        let image = try await generator.image(at: CMTime(seconds: seconds, preferredTimescale: 600)).image
        let bytes = [UInt8](image.dataProvider!.data!)
        var total = 0
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let rgb = bytes[i..<i + 3]
            total += Int(rgb.max()!) - Int(rgb.min()!)
        }
        return Double(total) / Double(bytes.count / 4)
    }

    @Test func aVideoEditCommitsAMovieThatRequestsSeeAndRevertUndoes() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let video = try #require(try test.importCorpus(["video/slomo_120fps.mov"]).first)
        let input = try await input(for: video)
        #expect(input.mediaType == .video && input.fullSizeImageURL == nil)
        let source = try #require(input.audiovisualAsset)
        let output = PHContentEditingOutput(contentEditingInput: input)
        #expect(output.renderedContentURL.pathExtension == "mov" && output.defaultRenderedContentType == .quickTimeMovie)

        let export = try #require(AVAssetExportSession(asset: source, presetName: AVAssetExportPresetHighestQuality))
        export.videoComposition = AVVideoComposition(asset: source) { request in
            let grey = request.sourceImage.applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 0])
            request.finish(with: grey, context: nil)
        }
        export.outputURL = output.renderedContentURL
        export.outputFileType = .mov
        await export.export()
        #expect(export.status == .completed, "\(String(describing: export.error))")
        output.adjustmentData = PHAdjustmentData(formatIdentifier: "org.example.grey", formatVersion: "1", data: Data("grey".utf8))
        try test.photos.performChangesAndWait { PHAssetChangeRequest(for: video).contentEditingOutput = output }

        let edited = try await movie(of: video, .current)
        let original = try await movie(of: video, .original)
        #expect(edited.url != original.url)
        let before = try await saturation(original, at: 0.5), after = try await saturation(edited, at: 0.5)
        #expect(before > 10 && after < 2, "saturation \(before) → \(after)")
        // The edited movie keeps the frame count and timing.
        let frames = try #require(try await edited.loadTracks(withMediaType: .video).first)
        let duration = try await edited.load(.duration)
        #expect(frames.nominalFrameRate == 120 && abs(duration.seconds - 1.5) < 0.02)
        let resources = PHAssetResource.assetResources(for: video)
        #expect(resources.contains { $0.type == .fullSizeVideo } && resources.contains { $0.type == .adjustmentData })

        try test.photos.performChangesAndWait { PHAssetChangeRequest(for: video).revertAssetContentToOriginal() }
        let reverted = try await movie(of: video, .current)
        #expect(reverted.url == original.url)
    }

    struct InputBox: @unchecked Sendable { let input: PHContentEditingInput? }
    struct AssetBox: @unchecked Sendable { let asset: AVAsset? }
}

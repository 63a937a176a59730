import Foundation
import Testing
import _Testing_CoreGraphics
import _TestSupport
import Photos

@Suite struct VideoRequestTests {
    struct Delivery: @unchecked Sendable {
        let asset: AVAsset?
        let mix: AVAudioMix?
        let info: [AnyHashable: Any]?
        let onMain: Bool
    }

    func request(_ asset: PHAsset, _ options: PHVideoRequestOptions? = nil) async throws -> (Delivery, PHImageRequestID) {
        let box = Recorder<Delivery>()
        let id = PHImageManager.default().requestAVAsset(forVideo: asset, options: options) { avAsset, mix, info in
            box.append(Delivery(asset: avAsset, mix: mix, info: info, onMain: Thread.isMainThread))
        }
        try await waitUntil { box.count > 0 }
        #expect(box.count == 1)
        return (try #require(box.values.first), id)
    }

    @Test func videosComeAsURLAssetsOfTheStoredMovie() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let assets = try test.importCorpus(["video/hevc_portrait_rotated.mov", "images/orientation/orientation_6.jpg"])
        let video = try #require(assets.first { $0.mediaType == .video })
        let photo = try #require(assets.first { $0.mediaType == .image })

        let options = PHVideoRequestOptions()
        let progress = Recorder<Double>()
        options.progressHandler = { fraction, _, _, _ in progress.append(fraction) }
        let (delivery, id) = try await request(video, options)
        let urlAsset = try #require(delivery.asset as? AVURLAsset)
        let stored = try #require(test.library.resources(assetRowID: video.record.rowID).first { $0.type == .video })
        #expect(try Data(contentsOf: urlAsset.url) == Data(contentsOf: test.library.fileURL(for: stored)), "the stored movie (or its verified download)")
        #expect(abs(try await urlAsset.load(.duration).seconds - 3.0) < 0.05)
        let track = try #require(try await urlAsset.loadTracks(withMediaType: .video).first)
        #expect(track.naturalSize == CGSize(width: 1280, height: 720))
        #expect(delivery.mix == nil && !delivery.onMain)
        #expect((delivery.info?[PHImageResultRequestIDKey] as? NSNumber)?.int32Value == id && id != PHInvalidImageRequestID)
        #expect(delivery.info?[PHImageErrorKey] == nil)
        #expect(progress.values == [1])

        // A video's poster and the movie agree: the image manager's picture is the movie's first frame, upright.
        #expect(video.pixelWidth == 720 && video.pixelHeight == 1280)

        let (refused, _) = try await request(photo)
        #expect(refused.asset == nil)
        let error = try #require(refused.info?[PHImageErrorKey] as? NSError)
        #expect(error.domain == PHPhotosErrorDomain && error.localizedDescription.contains("not a video"))
    }

    @Test func playerItemsHoldTheMovie() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let video = try #require(try test.importCorpus(["video/slomo_120fps.mov"]).first)
        let box = Recorder<AVPlayerItemBox>()
        let options = PHVideoRequestOptions()
        options.version = .original
        PHImageManager.default().requestPlayerItem(forVideo: video, options: options) { item, _ in box.append(AVPlayerItemBox(item: item)) }
        try await waitUntil { box.count > 0 }
        let item = try #require(box.values.first?.item)
        #expect(item.status == .readyToPlay && item.error == nil)
        #expect(abs(item.duration.seconds - 1.5) < 0.02)
        #expect(try await item.asset.loadTracks(withMediaType: .video).first?.nominalFrameRate == 120)
    }

    struct AVPlayerItemBox: @unchecked Sendable { let item: AVPlayerItem? }
}

import Foundation
import Testing
import _Testing_CoreGraphics
import _TestSupport
import AVFoundation
import CoreImage

@Suite struct AVAssetExportSessionTests {
    func export(_ source: URL, preset: String, type: AVFileType = .mov, to folder: TemporaryDirectory,
                configure: (AVAssetExportSession) -> Void = { _ in }) async throws -> (AVAssetExportSession, URL) {
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: source), presetName: preset))
        let output = folder.appending("\(UUID().uuidString).\(type == .m4a ? "m4a" : type == .mp4 ? "mp4" : "mov")")
        session.outputURL = output
        session.outputFileType = type
        configure(session)
        await session.export()
        return (session, output)
    }

    @Test func presetsMakeTheDocumentedSizesAndCodecs() async throws {
        guard let landscape = TestMedia.url("video/h264_aac.mp4"), let portrait = TestMedia.url("video/hevc_portrait_rotated.mov") else {
            print(TestMedia.skipMessage); return
        }
        let folder = TemporaryDirectory(prefix: "export-presets")
        // (source, preset, coded size, codec, rotation kept)
        let cases: [(URL, String, (Int, Int), String, Int)] = [
            (landscape, AVAssetExportPreset640x480, (640, 360), "h264", 0),
            (landscape, AVAssetExportPreset1920x1080, (1280, 720), "h264", 0),           // never enlarged
            (landscape, AVAssetExportPresetMediumQuality, (568, 320), "h264", 0),
            (landscape, AVAssetExportPresetHEVC1920x1080, (1280, 720), "hevc", 0),
            (portrait, AVAssetExportPreset960x540, (960, 540), "h264", -90),              // portrait fits 540×960 upright
            (portrait, AVAssetExportPresetPassthrough, (1280, 720), "hevc", -90),
        ]
        for (source, preset, size, codec, rotation) in cases {
            let (session, output) = try await export(source, preset: preset, to: folder)
            #expect(session.status == .completed, "\(preset): \(String(describing: session.error))")
            #expect(session.progress == 1)
            let probe = try Probe(output)
            let sourceProbe = try Probe(source)
            #expect(probe.size == size, "\(preset): \(probe.size)")
            #expect(probe.video?["codec_name"] as? String == codec, "\(preset)")
            #expect(probe.rotation == rotation, "\(preset): rotation \(probe.rotation)")
            #expect(probe.videoFrames == sourceProbe.videoFrames, "\(preset): \(probe.videoFrames) frames")
            #expect(abs(probe.duration - sourceProbe.duration) < 0.05, "\(preset): \(probe.duration) s")
            #expect(probe.audio?["codec_name"] as? String == "aac", "\(preset): the audio was not kept")
            if codec == "hevc" { #expect(probe.video?["codec_tag_string"] as? String == "hvc1") }
        }
        // Audio alone.
        let (m4a, audioFile) = try await export(landscape, preset: AVAssetExportPresetAppleM4A, type: .m4a, to: folder)
        #expect(m4a.status == .completed, "\(String(describing: m4a.error))")
        let audioProbe = try Probe(audioFile)
        #expect(audioProbe.video == nil && audioProbe.audio?["codec_name"] as? String == "aac")
        #expect(AVAssetExportSession(asset: AVURLAsset(url: landscape), presetName: "NoSuchPreset") == nil)
        #expect(AVAssetExportSession.exportPresets(compatibleWith: AVURLAsset(url: landscape)).contains(AVAssetExportPresetHEVCHighestQuality))
    }

    @Test func timeRangesKeepFrameTimingAndMetadataIsWritten() async throws {
        guard let source = TestMedia.url("video/h264_aac.mp4") else { print(TestMedia.skipMessage); return }
        let folder = TemporaryDirectory(prefix: "export-range")
        let identifier = AVMutableMetadataItem()
        identifier.identifier = .quickTimeMetadataContentIdentifier
        identifier.value = "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0" as NSString
        let (session, output) = try await export(source, preset: AVAssetExportPreset640x480, to: folder) {
            $0.timeRange = CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 1, timescale: 1))
            $0.metadata = [identifier]
        }
        #expect(session.status == .completed, "\(String(describing: session.error))")
        let probe = try Probe(output)
        #expect(probe.videoFrames == 30, "\(probe.videoFrames) frames")
        #expect(abs(probe.duration - 1.0) < 0.05, "\(probe.duration)")
        #expect(probe.tags["com.apple.quicktime.content.identifier"] == "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", "\(probe.tags)")
        // Our own reader sees it as the same AVMetadataItem identifier.
        let items = try await AVURLAsset(url: output).load(.metadata)
        #expect(AVMetadataItem.metadataItems(from: items, filteredByIdentifier: .quickTimeMetadataContentIdentifier).first?.stringValue
                == "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")
    }

    @Test func failuresAndCancellationsLeaveNoFile() async throws {
        guard let source = TestMedia.url("video/h264_aac.mp4"), let audioOnly = TestMedia.url("broken/no_video_track.mov") else {
            print(TestMedia.skipMessage); return
        }
        let folder = TemporaryDirectory(prefix: "export-failures")
        // An existing output is refused and left alone.
        let taken = folder.appending("taken.mov")
        try Data("keep me".utf8).write(to: taken)
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: source), presetName: AVAssetExportPreset640x480))
        session.outputURL = taken
        session.outputFileType = .mov
        await session.export()
        #expect(session.status == .failed && (session.error as? AVError)?.code == .fileAlreadyExists)
        #expect(try Data(contentsOf: taken) == Data("keep me".utf8))
        // A file type the preset does not write.
        let (wrongType, _) = try await export(source, preset: AVAssetExportPreset640x480, type: .m4a, to: folder)
        #expect(wrongType.status == .failed)
        // A movie without video and a video preset.
        let (noVideo, _) = try await export(audioOnly, preset: AVAssetExportPreset640x480, to: folder)
        #expect(noVideo.status == .failed && (noVideo.error as? AVError)?.code == .noSourceTrack)
        // Cancelled mid-export (from the composition's handler, a third of a second in, so the moment is certain):
        // status cancelled, nothing left in the folder but the file we made.
        let asset = AVURLAsset(url: source)
        let cancelled = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality))
        let canceller = Locked<AVAssetExportSession?>(cancelled)
        cancelled.videoComposition = AVVideoComposition(asset: asset) { request in
            if request.compositionTime.seconds > 0.33 { canceller.value?.cancelExport() }
            request.finish(with: request.sourceImage, context: nil)
        }
        cancelled.outputURL = folder.appending("cancelled.mov")
        cancelled.outputFileType = .mov
        await cancelled.export()
        canceller.mutate { $0 = nil }
        #expect(cancelled.status == .cancelled, "\(cancelled.status)")
        #expect(TemporaryDirectory.files(under: folder.url) == ["taken.mov"], "\(TemporaryDirectory.files(under: folder.url))")
    }

    @Test func aVideoCompositionFiltersEveryFrameUpright() async throws {
        guard let source = TestMedia.url("video/hevc_portrait_rotated.mov") else { print(TestMedia.skipMessage); return }
        let folder = TemporaryDirectory(prefix: "export-composition")
        let asset = AVURLAsset(url: source)
        let times = Locked<[Double]>([])
        let composition = AVVideoComposition(asset: asset) { request in
            times.mutate { $0.append(request.compositionTime.seconds) }
            let inverted = request.sourceImage.applyingFilter("CIColorInvert", parameters: [:])
            request.finish(with: inverted, context: nil)
        }
        #expect(composition.renderSize == CGSize(width: 720, height: 1280))
        let (session, output) = try await export(source, preset: AVAssetExportPresetHighestQuality, to: folder) { $0.videoComposition = composition }
        #expect(session.status == .completed, "\(String(describing: session.error))")
        let probe = try Probe(output)
        #expect(probe.size == (720, 1280) && probe.rotation == 0 && probe.videoFrames == 90)
        #expect(times.value.count == 90 && times.value.first == 0 && times.value == times.value.sorted())
        // The exported frame at 1 s is the source frame at 1 s, upright, through the same filter rendered directly.
        let generator = AVAssetImageGenerator(asset: asset)
        generator.appliesPreferredTrackTransform = true
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let original = try await generator.image(at: CMTime(value: 1, timescale: 1)).image
        let exported = AVAssetImageGenerator(asset: AVURLAsset(url: output))
        exported.requestedTimeToleranceBefore = .zero
        exported.requestedTimeToleranceAfter = .zero
        let filtered = try await exported.image(at: CMTime(value: 1, timescale: 1)).image
        let frame = CIImage(cgImage: original)
        let expected = try #require(CIContext().createCGImage(frame.applyingFilter("CIColorInvert", parameters: [:]), from: frame.extent))
        let a = [UInt8](expected.dataProvider!.data!), b = [UInt8](filtered.dataProvider!.data!)
        #expect(expected.width == filtered.width && expected.height == filtered.height)
        var total = 0
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) { for c in 0..<3 { total += abs(Int(a[i + c]) - Int(b[i + c])) } }
        let mean = Double(total) / Double(a.count / 4 * 3)
        #expect(mean < 4, "mean difference from the filtered source frame: \(mean)")
    }
}

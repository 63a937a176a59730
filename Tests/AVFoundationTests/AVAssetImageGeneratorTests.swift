import Foundation
import Testing
import _Testing_CoreGraphics
import _TestSupport
import AVFoundation

@Suite struct AVAssetImageGeneratorTests {
    func exactGenerator(_ url: URL) -> AVAssetImageGenerator {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
        generator.appliesPreferredTrackTransform = true
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        return generator
    }

    @Test func exactFramesMatchFFmpegsFrames() async throws {
        guard TestMedia.folder != nil, ReferenceFrames.ffmpegAvailable else { print(TestMedia.skipMessage); return }
        // (file, time, YUV matrix of the stream: BT.709 for HD without a stated matrix, as both decoders are told)
        for (path, seconds, matrix) in [("video/h264_aac.mp4", 2.0, "bt709"), ("video/hevc_portrait_rotated.mov", 1.5, "bt709"),
                                        ("video/slomo_120fps.mov", 0.75, "bt601"), ("video/real_iphone6_with_gps.mov", 3.0, "bt709")] {
            let url = try #require(TestMedia.url(path))
            let (image, actual) = try await exactGenerator(url).image(at: CMTime(seconds: seconds, preferredTimescale: 600))
            // ffmpeg's -ss gives the first frame starting at or after a time; ours is the frame showing at the time:
            // compare with ffmpeg's frame at our frame's start.
            let reference = try ReferenceFrames.frame(url, at: actual.seconds, matrix: matrix)
            #expect(image.width == reference.width && image.height == reference.height, "\(path): \(image.width)x\(image.height)")
            let same = ReferenceFrames.meanDifference(image, reference.rgb)
            let first = ReferenceFrames.meanDifference(image, try ReferenceFrames.frame(url, at: 0, matrix: matrix).rgb)
            #expect(same < 2.5, "\(path): mean difference \(same) from ffmpeg's frame at \(seconds) s")
            #expect(first > same * 3, "\(path): the first frame differs by \(first), the frame at \(seconds) s by \(same)")
            #expect(actual <= CMTime(seconds: seconds, preferredTimescale: 600) && (CMTime(seconds: seconds, preferredTimescale: 600) - actual).seconds < 1.0 / 29)
        }
    }

    @Test func tolerancesSizesAndTheEnd() async throws {
        guard let url = TestMedia.url("video/hevc_portrait_rotated.mov") else { print(TestMedia.skipMessage); return }
        // Default (infinite) tolerances: the key frame at or before the time.
        let fast = AVAssetImageGenerator(asset: AVURLAsset(url: url))
        let (stored, keyTime) = try await fast.image(at: CMTime(seconds: 1.2, preferredTimescale: 600))
        #expect(stored.width == 1280 && stored.height == 720)                       // no transform asked for
        #expect(keyTime <= CMTime(seconds: 1.2, preferredTimescale: 600))
        // maximumSize bounds the upright image, keeping the aspect ratio.
        let small = exactGenerator(url)
        small.maximumSize = CGSize(width: 200, height: 200)
        let (thumb, _) = try await small.image(at: .zero)
        #expect(thumb.height == 200 && abs(thumb.width - 113) <= 1, "\(thumb.width)x\(thumb.height)")
        // Past the end: the last frame.
        var actual = CMTime.invalid
        _ = try exactGenerator(url).copyCGImage(at: CMTime(seconds: 100, preferredTimescale: 600), actualTime: &actual)
        #expect(abs(actual.seconds - (3.0 - 1.0 / 30)) < 0.002, "\(actual)")
    }

    @Test func asynchronousGenerationReportsEachTimeInOrder() async throws {
        guard let url = TestMedia.url("video/slomo_120fps.mov") else { print(TestMedia.skipMessage); return }
        let generator = exactGenerator(url)
        let times = [0.0, 0.5, 1.0].map { NSValue(time: CMTime(seconds: $0, preferredTimescale: 600)) }
        let results = Locked<[(CMTime, Bool, CMTime)]>([])
        generator.generateCGImagesAsynchronously(forTimes: times) { requested, image, actual, result, _ in
            results.mutate { $0.append((requested, image != nil && result == .succeeded, actual)) }
        }
        for _ in 0..<400 where results.value.count < 3 { try await Task.sleep(nanoseconds: 25_000_000) }
        let got = results.value
        #expect(got.count == 3)
        #expect(got.map(\.0) == times.map(\.timeValue) && got.allSatisfy(\.1))
        #expect(zip(got, times).allSatisfy { abs($0.2.seconds - $1.timeValue.seconds) < 1.0 / 119 })
    }
}

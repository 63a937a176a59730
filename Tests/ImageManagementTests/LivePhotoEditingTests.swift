import Foundation
import Testing
import PhotoLibrary
import _Testing_CoreGraphics
import _TestSupport
import Photos
import CoreImage
import MediaInspection

/// The WWDC 2016 Live Photo editing examples, on the corpus Live Photos: one frame processor over the still and
/// every movie frame, saved into a content-editing output and committed; then checked on the saved still and on
/// decoded frames of the saved movie.
@Suite(.serialized) struct LivePhotoEditingTests {
    struct Edit {
        let test: TestLibrary
        let asset: PHAsset
        let context: PHLivePhotoEditingContext
        let input: PHContentEditingInput
    }

    func edit(_ still: String, _ movie: String) async throws -> Edit {
        let test = try TestLibrary()
        let asset = try #require(try test.importCorpus([still, movie]).first)
        #expect(asset.mediaSubtypes.contains(.photoLive))
        let box = Recorder<InputBox>()
        asset.requestContentEditingInput(with: nil) { input, _ in box.append(InputBox(input: input)) }
        try await waitUntil { box.count > 0 }
        let input = try #require(box.values.first?.input)
        #expect(input.livePhoto != nil)
        let context = try #require(PHLivePhotoEditingContext(livePhotoEditingInput: input))
        return Edit(test: test, asset: asset, context: context, input: input)
    }

    /// Saves the context's render into an output and commits it; returns the committed still and movie.
    func save(_ edit: Edit) async throws -> (still: URL, movie: URL) {
        let output = PHContentEditingOutput(contentEditingInput: edit.input)
        try await edit.context.saveLivePhoto(to: output)
        output.adjustmentData = PHAdjustmentData(formatIdentifier: "org.example.live", formatVersion: "1", data: Data("edit".utf8))
        try edit.test.photos.performChangesAndWait { PHAssetChangeRequest(for: edit.asset).contentEditingOutput = output }
        let box = Recorder<LiveBox>()
        PHImageManager.default().requestLivePhoto(for: edit.asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: nil) { live, _ in
            box.append(LiveBox(live: live))
        }
        try await waitUntil { box.count > 0 }
        let live = try #require(box.values.first?.live)
        // The committed render: the asset's full-size photo and paired video (the library's files, or their
        // verified downloads from a served library).
        let resources = try edit.test.library.resources(assetRowID: edit.asset.record.rowID)
        let stored = try [ResourceType.fullSizePhoto, .fullSizePairedVideo].map { type in
            try Data(contentsOf: edit.test.library.fileURL(for: try #require(resources.first { $0.type == type })))
        }
        #expect(try [Data(contentsOf: live.photoURL), Data(contentsOf: live.videoURL)] == stored)
        return (live.photoURL, live.videoURL)
    }

    func frame(_ movie: URL, at seconds: Double) async throws -> CGImage {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: movie))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        return try await generator.image(at: CMTime(seconds: seconds, preferredTimescale: 600)).image
    }

    @Test func aSquareCropAppliesToTheStillAndEveryFrame() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let edit = try await edit("livephoto/IMG_0002.JPG", "livephoto/IMG_0002.MOV")
        let times = Locked<[(PHLivePhotoFrameType, Double, CGFloat)]>([])
        edit.context.frameProcessor = { frame, _ in
            times.mutate { $0.append((frame.type, frame.time.seconds, frame.renderScale)) }
            let extent = frame.image.extent
            let side = min(extent.width, extent.height)
            return frame.image.cropped(to: CGRect(x: extent.midX - side / 2, y: extent.midY - side / 2, width: side, height: side))
        }
        let (still, movie) = try await save(edit)
        let stillImage = try #require(CIImage(contentsOf: still))
        #expect(stillImage.extent.size == CGSize(width: 1512, height: 1512))
        let first = try await frame(movie, at: 0)
        #expect(first.width == 1080 && first.height == 1080)
        let calls = times.value
        #expect(calls.filter { $0.0 == .photo }.count == 1 && abs(calls.first { $0.0 == .photo }!.1 - 1.5) < 0.01)
        #expect(calls.filter { $0.0 == .video }.count >= 90)        // the first frame is processed twice (to size the movie)
        #expect(calls.first { $0.0 == .video }.map { abs($0.2 - 1440.0 / 2016) < 0.001 } == true)
    }

    /// The mean absolute difference per channel of two 8-bit RGBX images of the same size (infinity otherwise).
    static func difference(_ a: CGImage, _ b: CGImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        let x = [UInt8](a.dataProvider!.data!), y = [UInt8](b.dataProvider!.data!)
        var total = 0
        for row in 0..<a.height {
            for column in 0..<a.width {
                let p = row * a.bytesPerRow + column * 4, q = row * b.bytesPerRow + column * 4
                for c in 0..<3 { total += abs(Int(x[p + c]) - Int(y[q + c])) }
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// `image` rendered over `rect` as an 8-bit sRGB image.
    static func render(_ image: CIImage, _ rect: CGRect) throws -> CGImage {
        try #require(CIContext().createCGImage(image, from: rect, format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)))
    }

    /// The crop of the moving-crop example: a square of `side` (at render scale 1) sliding left to right over the
    /// Live Photo's duration.
    static func movingCrop(_ extent: CGRect, time: Double, duration: Double, scale: CGFloat) -> CGRect {
        let side = 2 * (450 * scale).rounded()        // even, as encoded frames are
        let x = (extent.width - side) * CGFloat(min(1, max(0, time / duration)))
        return CGRect(x: x.rounded(), y: (extent.midY - side / 2).rounded(), width: side.rounded(), height: side.rounded())
    }

    @Test func aCropThatMovesWithTimeAndALogoOnTheStillOnly() async throws {
        guard TestMedia.folder != nil, let sourceMovie = TestMedia.url("livephoto/IMG_0002.MOV") else { print(TestMedia.skipMessage); return }
        let edit = try await edit("livephoto/IMG_0002.JPG", "livephoto/IMG_0002.MOV")
        let duration = edit.context.duration.seconds
        let logo = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 120, height: 120))
        edit.context.frameProcessor = { frame, _ in
            let crop = Self.movingCrop(frame.image.extent, time: frame.time.seconds, duration: duration, scale: frame.renderScale)
            var image = frame.image.cropped(to: crop)
            if frame.type == .photo {    // the logo goes on the still only, in the crop's lower left corner
                image = logo.transformed(by: CGAffineTransform(translationX: crop.minX + 40, y: crop.minY + 40)).composited(over: image)
            }
            return image
        }
        let (still, movie) = try await save(edit)

        // The still: the crop at the still's time, with the logo.
        let stillImage = try #require(CIImage(contentsOf: still))
        #expect(stillImage.extent.size == CGSize(width: 900, height: 900))
        let stillPixels = try Self.render(stillImage, stillImage.extent)
        let bytes = [UInt8](stillPixels.dataProvider!.data!)
        let logoAt = (900 - 100) * stillPixels.bytesPerRow + 100 * 4      // 100 px in from the lower left corner
        #expect(bytes[logoAt] > 230 && bytes[logoAt + 1] < 30 && bytes[logoAt + 2] < 30, "the logo is on the still")

        // The frames: each is the source frame cropped where the crop was at that time; no logo.
        let scale = CGFloat(1440.0 / 2016)
        var differences: [(Double, Double)] = []
        for time in [0.5, 2.5] {
            let saved = try await frame(movie, at: time)
            let source = CIImage(cgImage: try await frame(sourceMovie, at: time))
            let right = Self.movingCrop(source.extent, time: time, duration: duration, scale: scale)
            let wrong = Self.movingCrop(source.extent, time: 3 - time, duration: duration, scale: scale)
            differences.append((Self.difference(saved, try Self.render(source, right)), Self.difference(saved, try Self.render(source, wrong))))
            #expect(saved.width == Int(right.width) && saved.height == Int(right.height))
        }
        for (right, wrong) in differences {
            #expect(right < 5 && wrong > right * 2, "difference from the crop at the frame's time \(right), at another time \(wrong)")
        }
        let framePixels = try await frame(movie, at: 1.5)
        let frameBytes = [UInt8](framePixels.dataProvider!.data!)
        let frameLogoAt = (framePixels.height - 100) * framePixels.bytesPerRow + 100 * 4
        #expect(!(frameBytes[frameLogoAt] > 230 && frameBytes[frameLogoAt + 1] < 30), "the logo is not on the frames")

        // The saved movie keeps the source's frame count and timing, and the pair stays a Live Photo.
        #expect(try Self.videoTimes(movie) == Self.videoTimes(sourceMovie))
        try checkPair(still: still, movie: movie, identifier: "C0FFEE00-1234-4ABC-8DEF-00112233AABB", stillTime: 1.5)
    }

    @Test func aResolutionDependentFilterLooksTheSameAtEveryRenderScale() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let edit = try await edit("livephoto/IMG_0002.JPG", "livephoto/IMG_0002.MOV")
        func blur(scaled: Bool, stillScale: CGFloat) -> PHLivePhotoFrameProcessingBlock {
            { frame, _ in
                let radius = 24 * (scaled ? frame.renderScale : stillScale)
                return frame.image.clampedToExtent().applyingGaussianBlur(sigma: Double(radius)).cropped(to: frame.image.extent)
            }
        }
        // A preview fitted into 480×360: the still is rendered at 480/2016 of full size, the frames at 480/2016 of theirs.
        let target = CGSize(width: 480, height: 360)
        let stillScale = CGFloat(480.0 / 2016)
        var results: [Double] = []
        for scaled in [true, false] {
            edit.context.frameProcessor = blur(scaled: scaled, stillScale: stillScale)
            let live = try await edit.context.livePhotoForPlayback(targetSize: target)
            #expect(live.size == CGSize(width: 480, height: 360))
            let frame = try await frame(live.videoURL, at: edit.context.photoTime.seconds)
            let still = try #require(CIImage(contentsOf: live.photoURL))
            // The still brought down to the frame's size.
            let factor = CGFloat(frame.width) / still.extent.width
            let small = try Self.render(still.transformed(by: CGAffineTransform(scaleX: factor, y: factor)),
                                        CGRect(x: 0, y: 0, width: frame.width, height: frame.height))
            results.append(Self.difference(frame, small))
        }
        #expect(results[0] < 4 && results[1] > results[0] * 1.3,
                "still vs frame at the still's time: \(results[0]) with the radius scaled by renderScale, \(results[1]) without")
    }

    @Test func theAudioVolumeAndHEVCMoviesAreKeptAndRevertRestoresThePair() async throws {
        guard TestMedia.folder != nil, let sourceMovie = TestMedia.url("livephoto/IMG_0001.MOV") else { print(TestMedia.skipMessage); return }
        let edit = try await edit("livephoto/IMG_0001.HEIC", "livephoto/IMG_0001.MOV")
        edit.context.audioVolume = 0.5
        edit.context.frameProcessor = nil      // frames unchanged: this test is about the HEVC path, the audio and the revert
        let (still, movie) = try await save(edit)
        let probe = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffprobe"), ["-v", "error", "-show_entries", "stream=codec_name,codec_tag_string",
                                                                                       "-of", "csv=p=0", movie.path])
        #expect(probe.stdout.contains("hevc,hvc1") && probe.stdout.contains("aac") && probe.stdout.contains("mebx"), "\(probe.stdout)")
        let louder = try Self.meanVolume(sourceMovie), quieter = try Self.meanVolume(movie)
        #expect(abs((louder - quieter) - 6.0) < 1.0, "the audio at half volume: \(louder) dB → \(quieter) dB")
        #expect(try Self.videoTimes(movie) == Self.videoTimes(sourceMovie))
        try checkPair(still: still, movie: movie, identifier: "5B1C8E3A-1F2D-4C5B-9A7E-2D3C4B5A6F70", stillTime: 1.4)

        try edit.test.photos.performChangesAndWait { PHAssetChangeRequest(for: edit.asset).revertAssetContentToOriginal() }
        let box = Recorder<LiveBox>()
        PHImageManager.default().requestLivePhoto(for: edit.asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: nil) { live, _ in
            box.append(LiveBox(live: live))
        }
        try await waitUntil { box.count > 0 }
        let original = try #require(box.values.first?.live)
        #expect(try Data(contentsOf: original.videoURL) == Data(contentsOf: sourceMovie))
        #expect(try !edit.test.library.resources(assetRowID: edit.asset.record.rowID).contains { $0.type == .fullSizePairedVideo },
                "the edited movie is gone after the revert")
        #expect(ServedTestLibrary.isRequested || !FileManager.default.fileExists(atPath: movie.path), "and its file")
    }

    /// The saved still and movie carry the same content identifier where exiftool and our importer look, the movie
    /// its still-image time; imported again they make one Live Photo.
    func checkPair(still: URL, movie: URL, identifier: String, stillTime: Double) throws {
        let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")
        if FileManager.default.isExecutableFile(atPath: exiftool.path) {
            let stillTag = try MeasuredProcess.run(exiftool, ["-s3", "-Apple:MediaGroupUUID", still.path])
            let movieTag = try MeasuredProcess.run(exiftool, ["-s3", "-Keys:ContentIdentifier", movie.path])
            #expect(stillTag.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == identifier, "\(stillTag.stdout)")
            #expect(movieTag.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == identifier, "\(movieTag.stdout)")
        }
        let inspected = try MediaInspector.inspect(fileAt: movie)
        #expect(abs((inspected.stillImageTime ?? -1) - stillTime) < 0.02, "\(String(describing: inspected.stillImageTime))")
        let again = try TestLibrary()
        let imported = try again.importFiles([("IMG_9000.\(still.pathExtension)", try Data(contentsOf: still)), ("IMG_9000.MOV", try Data(contentsOf: movie))])
        #expect(imported.count == 1 && imported[0].mediaSubtypes.contains(.photoLive))
    }

    /// The video packets' presentation times, sorted, as ffprobe reads them.
    static func videoTimes(_ movie: URL) throws -> [String] {
        let run = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                                     "packet=pts_time", "-of", "csv=p=0", movie.path])
        return run.stdout.split(separator: "\n").map(String.init).sorted { Double($0) ?? 0 < Double($1) ?? 0 }
    }

    /// The audio's mean volume in dB (ffmpeg's volumedetect).
    static func meanVolume(_ movie: URL) throws -> Double {
        let run = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-i", movie.path, "-map", "0:a", "-af", "volumedetect", "-f", "null", "-"])
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("mean_volume") })
        return try #require(Double(line.split(separator: " ").dropLast().last ?? ""))
    }

    struct InputBox: @unchecked Sendable { let input: PHContentEditingInput? }
    struct LiveBox: @unchecked Sendable { let live: PHLivePhoto? }
}

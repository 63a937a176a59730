import Foundation
import Testing
import ImageIO
import _TestSupport
import Photos
import PhotoLibrary

/// `photos live` through the real binary on the corpus Live Photo IMG_0002 (1440×1080 H.264, 90 frames at 30 fps):
/// the effects (Loop, Bounce, Long Exposure) and a filter edit with a square crop and no sound, checked with ffprobe
/// and ffmpeg (independent of our decoder) and through PhotoKit.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)), .serialized)
struct LiveCommandTests {
    let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe"), ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")

    struct Setup {
        let dir: TemporaryDirectory
        let lib: [String]
        let identifier: String
        var libraryURL: URL { dir.appending("Library") }
    }

    func setUp() throws -> Setup? {
        guard let still = TestMedia.url("livephoto/IMG_0002.JPG"), let movie = TestMedia.url("livephoto/IMG_0002.MOV") else { return nil }
        let dir = TemporaryDirectory()
        let lib = ["--library", dir.appending("Library").path]
        let imported = try PhotosBinary.run(["import", still.path, movie.path] + lib)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try PhotosBinary.run(["list", "--json"] + lib)
        let identifier = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first?["localIdentifier"] as? String)
        return Setup(dir: dir, lib: lib, identifier: identifier)
    }

    /// The asset's current resources of `type`, through the core.
    func resource(_ setup: Setup, _ type: ResourceType) throws -> URL? {
        let library = try Library.open(at: setup.libraryURL)
        let record = try asset(setup, in: library)
        return try library.resources(assetRowID: record.rowID).first { $0.type == type }.map { library.fileURL(for: $0) }
    }

    func asset(_ setup: Setup, in library: Library? = nil) throws -> AssetRecord {
        let library = try library ?? Library.open(at: setup.libraryURL)
        let row = try #require(try library.assetRowIDs(identifiers: [setup.identifier]).first)
        return try #require(try library.assets(rowIDs: [row])[row])
    }

    func frameCount(_ movie: URL) throws -> Int {
        let run = try MeasuredProcess.run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                                                    "-of", "csv=p=0", movie.path])
        return Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// One frame (by index) of a movie, decoded by ffmpeg at 96×72, as packed RGB.
    func frame(_ movie: URL, index: Int) throws -> [UInt8] {
        let run = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-i", movie.path, "-vf", "select=eq(n\\,\(index)),scale=96:72", "-frames:v", "1",
                                                   "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        return [UInt8](run.stdoutData)
    }

    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    @Test func loopAndBounceMakeTheDocumentedFramesAndPlaybackStyles() throws {
        guard let setup = try setUp(), let source = TestMedia.url("livephoto/IMG_0002.MOV") else { print(TestMedia.skipMessage); return }
        let loop = try PhotosBinary.run(["live", setup.identifier, "--effect", "loop", "--json"] + setup.lib)
        #expect(loop.status == 0, "\(loop.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(loop.stdout.utf8)) as? [String: Any])
        #expect(report["playbackStyle"] as? String == "videoLooping" && report["playbackVariation"] as? Int == 1)
        let looped = try #require(try resource(setup, .fullSizePairedVideo))
        #expect(try frameCount(looped) == 75)                   // 90 frames less the 15 crossfaded into the start
        // The loop's first frame is where its last frame continues: the source's frame 75 (crossfade weight 0).
        let seam = Self.difference(try frame(looped, index: 0), try frame(source, index: 75))
        let start = Self.difference(try frame(looped, index: 0), try frame(source, index: 0))
        #expect(seam < 3 && start > seam * 2, "loop start vs source frame 75: \(seam), vs frame 0: \(start)")
        #expect(Self.difference(try frame(looped, index: 74), try frame(source, index: 74)) < 3)

        let bounce = try PhotosBinary.run(["live", setup.identifier, "--effect", "bounce"] + setup.lib)
        #expect(bounce.status == 0, "\(bounce.stderr)")
        let bounced = try #require(try resource(setup, .fullSizePairedVideo))
        #expect(try frameCount(bounced) == 178)                 // 0 … 89, then 88 … 1
        #expect(Self.difference(try frame(bounced, index: 100), try frame(source, index: 78)) < 3)
        #expect(try asset(setup).playbackVariation == 2)
        #expect(!FileManager.default.fileExists(atPath: looped.path), "the Loop's movie went with its edit")

        let revert = try PhotosBinary.run(["revert", setup.identifier] + setup.lib)
        #expect(revert.status == 0, "\(revert.stderr)")
        let plain = try asset(setup)
        #expect(plain.playbackStyle == .livePhoto && plain.playbackVariation == 0)
    }

    /// Mean absolute horizontal + vertical difference of neighbouring pixels of packed RGB (detail: higher is sharper).
    static func sharpness(_ rgb: [UInt8], width: Int, height: Int) -> Double {
        var total = 0
        for y in 0..<(height - 1) {
            for x in 0..<(width - 1) {
                for c in 0..<3 {
                    let p = Int(rgb[(y * width + x) * 3 + c])
                    total += abs(p - Int(rgb[(y * width + x + 1) * 3 + c])) + abs(p - Int(rgb[((y + 1) * width + x) * 3 + c]))
                }
            }
        }
        return Double(total) / Double((width - 1) * (height - 1) * 3)
    }

    @Test func longExposureAveragesEveryFrameInLinearLight() throws {
        guard let setup = try setUp(), let source = TestMedia.url("livephoto/IMG_0002.MOV") else { print(TestMedia.skipMessage); return }
        let run = try PhotosBinary.run(["live", setup.identifier, "--effect", "long-exposure"] + setup.lib)
        #expect(run.status == 0, "\(run.stderr)")
        let record = try asset(setup)
        #expect(record.playbackStyle == .image && record.playbackVariation == 3)
        // In the Long Exposure smart album.
        let photos = try PHPhotoLibrary(url: setup.libraryURL)
        let options = PHFetchOptions()
        options.photoLibrary = photos
        let album = try #require(PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumLongExposures, options: options).firstObject)
        #expect(PHAsset.fetchAssets(in: album, options: options).count == 1)
        // This hand-held movie pans by about 140 px over its 90 frames: aligned first, the average keeps the rocks'
        // detail that the frames averaged as they are (ffmpeg's frames, in linear light, here) smear. Compared on the
        // central 480×360 of the first frame's framing (full resolution: a downscale would hide the difference).
        let still = try #require(try resource(setup, .fullSizePhoto))
        let all = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-i", source.path, "-vf", "crop=480:360:480:360,scale=in_color_matrix=bt709", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdoutData
        let frameSize = 480 * 360 * 3
        let frames = all.count / frameSize
        #expect(frames == 90)
        func linear(_ v: UInt8) -> Double { let c = Double(v) / 255; return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        var sums = [Double](repeating: 0, count: frameSize)
        for f in 0..<frames { for i in 0..<frameSize { sums[i] += linear(all[f * frameSize + i]) } }
        let reference = sums.map { s -> UInt8 in
            let l = s / Double(frames)
            let e = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (e * 255).rounded())))
        }
        let ours = [UInt8](try MeasuredProcess.run(ffmpeg, ["-v", "error", "-i", still.path, "-vf", "crop=480:360:480:360", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdoutData)
        #expect(ours.count == frameSize)
        let aligned = Self.sharpness(ours, width: 480, height: 360), smeared = Self.sharpness(reference, width: 480, height: 360)
        let single = Self.sharpness([UInt8](all[0..<frameSize]), width: 480, height: 360)
        #expect(aligned > smeared * 1.3, "aligned \(aligned), unaligned \(smeared), one frame \(single)")
        // Still an average: the moving water is smoother than in any one frame.
        #expect(aligned < single, "aligned \(aligned), one frame \(single)")
    }

    @Test func aFilterEditWithASquareCropAndNoSound() throws {
        guard let setup = try setUp() else { print(TestMedia.skipMessage); return }
        let run = try PhotosBinary.run(["live", setup.identifier, "--filter", "CIPhotoEffectNoir", "--crop", "square", "--mute", "--json"] + setup.lib)
        #expect(run.status == 0, "\(run.stderr)")
        let movie = try #require(try resource(setup, .fullSizePairedVideo))
        let probe = try MeasuredProcess.run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,codec_tag_string,width,height", "-of", "csv=p=0", movie.path])
        #expect(probe.stdout.contains("video,avc1,1080,1080") && !probe.stdout.contains("audio") && probe.stdout.contains("mebx"), "\(probe.stdout)")
        let still = try #require(try resource(setup, .fullSizePhoto))
        let source = try #require(CGImageSourceCreateWithURL(still as CFURL, nil))
        let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any])
        #expect(props[kCGImagePropertyPixelWidth] as? Int == 1512 && props[kCGImagePropertyPixelHeight] as? Int == 1512)
        let refused = try PhotosBinary.run(["live", setup.identifier, "--volume", "2"] + setup.lib)
        #expect(refused.status != 0)
    }
}

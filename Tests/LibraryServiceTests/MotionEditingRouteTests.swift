import Foundation
import ImageIO
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// The built-in editor on motion over HTTP: a video's chain previewed on its first frame and rendered on every
/// frame; a Live Photo's chain rendered on its still and every frame of its movie, so it stays a Live Photo; Live
/// Photo effects (Loop, Bounce, Long Exposure) and back to the plain Live Photo. Movies are checked with ffmpeg.
@Suite(.serialized) struct MotionEditingRouteTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg"), ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// A one-second 320×240 H.264 movie at 10 fps, red left and blue right, with a 440 Hz AAC sound; with a
    /// `contentIdentifier`, the QuickTime key that pairs it with a Live Photo's still.
    static func movie(in folder: URL, contentIdentifier: String? = nil) throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: ffmpeg.path), "ffmpeg is missing: run scripts/setup.sh (Debian ffmpeg)")
        let url = folder.appendingPathComponent(contentIdentifier == nil ? "clip.mov" : "live.mov")
        let pairing = contentIdentifier.map { ["-metadata", "com.apple.quicktime.content.identifier=\($0)", "-movflags", "use_metadata_tags"] } ?? []
        let made = try MeasuredProcess.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-filter_complex",
            "color=c=red:s=160x240:d=1:r=10[a];color=c=blue:s=160x240:d=1:r=10[b];[a][b]hstack[v];sine=f=440:d=1[s]",
            "-map", "[v]", "-map", "[s]", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"] + pairing + ["-y", url.path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        return url
    }

    /// A Live Photo made here: a 640×480 JPEG still whose Apple maker note names `identifier` (as iOS writes it) and
    /// the movie above carrying the same identifier.
    static func livePhoto(in folder: URL) throws -> [URL] {
        let identifier = UUID().uuidString
        let plain = folder.appendingPathComponent("plain.jpg")
        _ = try FixtureImages.writeJPEG(to: plain, width: 640, height: 480, seed: 7)
        let source = try #require(CGImageSourceCreateWithURL(plain as CFURL, nil))
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let still = folder.appendingPathComponent("live.jpg")
        let destination = try #require(CGImageDestinationCreateWithURL(still as CFURL, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, [kCGImagePropertyMakerAppleDictionary: ["17": identifier]] as CFDictionary)
        try #require(CGImageDestinationFinalize(destination))
        try FileManager.default.removeItem(at: plain)
        return [still, try movie(in: folder, contentIdentifier: identifier)]
    }

    /// The frames of a movie decoded by ffmpeg at 32×24, as packed RGB, one array per frame.
    static func frames(_ movie: URL) throws -> [[UInt8]] {
        let run = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-i", movie.path, "-vf", "scale=32:24", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let bytes = [UInt8](run.stdoutData), size = 32 * 24 * 3
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// The largest difference between a pixel's channels: 0 for grey.
    static func colourfulness(_ rgb: [UInt8]) -> Int {
        stride(from: 0, to: rgb.count - 2, by: 3).map { i in Int(max(rgb[i], rgb[i + 1], rgb[i + 2])) - Int(min(rgb[i], rgb[i + 1], rgb[i + 2])) }.max() ?? 0
    }

    /// The mean of the channels (0…255): a grey picture is not a black one.
    static func meanLevel(_ rgb: [UInt8]) -> Double { rgb.isEmpty ? 0 : Double(rgb.reduce(0) { $0 + Int($1) }) / Double(rgb.count) }

    /// The decoded RGB of an image file (the first three channels of every pixel).
    static func pixels(_ data: Data) throws -> [UInt8] {
        let decoded = try ImageFile(data: data).decode(DecodeOptions(colorSpace: nil)).pixels
        return decoded.withUnsafeBytes { raw in
            var rgb: [UInt8] = []
            for row in 0..<decoded.height {
                for x in 0..<decoded.width {
                    let at = row * decoded.bytesPerRow + x * decoded.layout.componentCount
                    rgb += [raw[at], raw[at + 1], raw[at + 2]]
                }
            }
            return rgb
        }
    }

    static func streams(_ movie: URL) throws -> String {
        try MeasuredProcess.run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,width,height", "-of", "csv=p=0", movie.path]).stdout
    }

    /// Imports files as one asset, uploaded by the member.
    static func importAsMember(_ files: [URL], harness: ServiceHarness) throws -> (identifier: String, id: String) {
        var importer = Importer(library: harness.library)
        let member = try #require(try harness.library.account(named: "member")?.account)
        importer.actingAccount = ActingAccount(accountID: member.rowID, username: member.username, changesAnything: false)
        let before = Set(try harness.assetIdentifiers())
        _ = try importer.importItems(at: files)
        let identifier = try #require(try harness.assetIdentifiers().first { !before.contains($0) })
        return (identifier, String(identifier.prefix(36)))
    }

    static func current(_ type: ResourceType, of identifier: String, in library: Library) throws -> URL {
        let row = try #require(try library.assetRowIDs(identifiers: [identifier]).first)
        let resource = try #require(try library.resources(assetRowID: row).first { $0.type == type }, "no \(type)")
        return library.fileURL(for: resource)
    }

    @Test func aVideoIsPreviewedOnItsFirstFrameAndEditedOnEveryFrame() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let source = try Self.movie(in: harness.directory.url)
        let video = try Self.importAsMember([source], harness: harness)
        let member = harness.client("member")
        let noir: [String: Any] = ["filters": [["name": "CIPhotoEffectNoir"]]]

        let preview = try await member.post("/api/assets/\(video.id)/preview", noir)
        #expect(preview.status == 200 && preview.header("content-type") == "image/jpeg", "\(preview.status) \(preview.text)")
        let previewPixels = try Self.pixels(preview.body)
        #expect(previewPixels.count == 320 * 240 * 3, "the preview is the first frame at its size")
        #expect(Self.colourfulness(previewPixels) < 12 && Self.meanLevel(previewPixels) > 15, "the preview runs the chain (grey, not black): \(Self.meanLevel(previewPixels))")

        #expect(try await harness.client("viewer").post("/api/assets/\(video.id)/edit/filters", noir).status == 403)
        #expect(try await member.post("/api/assets/\(video.id)/edit/filters", ["filters": [["name": "CIPhotoEffectNoir"]], "audioVolume": 0.5]).status == 400,
                "audioVolume is for Live Photos")
        let edited = try await member.post("/api/assets/\(video.id)/edit/filters", noir)
        #expect(edited.status == 200 && edited.json["renderedFrom"] as? String == "original", "\(edited.status) \(edited.text)")
        let rendered = try Self.current(.fullSizeVideo, of: video.identifier, in: harness.library)
        let frames = try Self.frames(rendered)
        #expect(frames.count == 10, "every frame, same count")
        #expect(frames.allSatisfy { Self.colourfulness($0) < 12 && Self.meanLevel($0) > 15 }, "every frame went through the chain (grey, not black)")
        #expect(try Self.streams(rendered).contains("audio"), "the sound is kept")
        #expect(try Self.frames(source).allSatisfy { Self.colourfulness($0) > 150 }, "the original is untouched")

        let resumed = try await member.post("/api/assets/\(video.id)/edit/filters", ["filters": [["name": "CIVignette", "parameters": ["inputIntensity": 1]]]])
        #expect(resumed.status == 200 && resumed.json["filters"] as? Int == 2, "the stored chain is resumed: \(resumed.text)")
        let state = try await member.get("/api/assets/\(video.id)/edit")
        let adjustment = try #require(state.json["adjustment"] as? [String: Any])
        #expect(adjustment["formatIdentifier"] as? String == "org.photokit-linux.filter-chain")
    }

    @Test func aLivePhotoIsEditedStillAndMovieAndTakesEffects() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let photo = String(try harness.assetIdentifiers()[0].prefix(36))
        let folder = harness.directory.url.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let live = try Self.importAsMember(try Self.livePhoto(in: folder), harness: harness)
        #expect(try await harness.client("member").get("/api/assets/\(live.id)").json["playbackStyle"] as? Int == 3, "imported as one Live Photo")
        let member = harness.client("member")

        let edited = try await member.post("/api/assets/\(live.id)/edit/filters", ["filters": [["name": "CIPhotoEffectNoir"]], "audioVolume": 0])
        #expect(edited.status == 200, "\(edited.status) \(edited.text)")
        let editedMovie = try Self.current(.fullSizePairedVideo, of: live.identifier, in: harness.library)
        let frames = try Self.frames(editedMovie)
        #expect(frames.count == 10 && frames.allSatisfy { Self.colourfulness($0) < 12 && Self.meanLevel($0) > 15 },
                "every frame of the movie went through the chain (grey, not black)")
        #expect(!(try Self.streams(editedMovie).contains("audio")), "muted")
        let editedStill = try Data(contentsOf: try Self.current(.fullSizePhoto, of: live.identifier, in: harness.library))
        let stillPixels = try Self.pixels(editedStill)
        #expect(Self.colourfulness(stillPixels) < 12 && Self.meanLevel(stillPixels) > 15, "and the still: \(Self.meanLevel(stillPixels))")
        var asset = try await member.get("/api/assets/\(live.id)")
        #expect(asset.json["playbackStyle"] as? Int == 3, "still a Live Photo")
        let state = try await member.get("/api/assets/\(live.id)/edit")
        let adjustment = try #require(state.json["adjustment"] as? [String: Any])
        #expect(adjustment["formatIdentifier"] as? String == "org.photokit-linux.live-photo-edit")

        let bounce = try await member.post("/api/assets/\(live.id)/edit/effect", ["effect": "bounce"])
        #expect(bounce.status == 200 && bounce.json["playbackStyle"] as? Int == 5, "\(bounce.status) \(bounce.text)")
        #expect(try Self.frames(try Self.current(.fullSizePairedVideo, of: live.identifier, in: harness.library)).count > 10, "forward then backward")
        let plain = try await member.post("/api/assets/\(live.id)/edit/effect", ["effect": "live"])
        #expect(plain.status == 200 && plain.json["playbackStyle"] as? Int == 3)
        asset = try await member.get("/api/assets/\(live.id)/edit")
        #expect(asset.json["hasAdjustments"] as? Bool == false, "back to the original pair")

        #expect(try await member.post("/api/assets/\(live.id)/edit/effect", ["effect": "spin"]).status == 400)
        #expect(try await harness.client("admin").post("/api/assets/\(photo)/edit/effect", ["effect": "loop"]).status == 409, "not a Live Photo")
        #expect(try await harness.client("viewer").post("/api/assets/\(live.id)/edit/effect", ["effect": "loop"]).status == 403)
    }
}

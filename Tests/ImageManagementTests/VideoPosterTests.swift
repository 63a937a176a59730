import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import PhotoLibrary
import ImageManagement
import ImageIO

/// Video assets' pictures are their first frame, upright: derivatives, PhotoKit image requests and sized pictures.
/// Test movies are made with Debian's ffmpeg (a red left half, a blue right half) and turned by exiftool.
@Suite struct VideoPosterTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    static let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")

    /// A one-second 640×480 H.264 movie, red left and blue right; `rotation` (clockwise degrees) set with exiftool.
    static func movie(in directory: TemporaryDirectory, name: String, rotation: Int = 0) throws -> Data {
        try #require(FileManager.default.isExecutableFile(atPath: ffmpeg.path), "ffmpeg is missing: run scripts/setup.sh (Debian ffmpeg)")
        let url = directory.appending(name)
        let made = try MeasuredProcess.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-filter_complex",
            "color=c=red:s=320x480:d=1:r=10[a];color=c=blue:s=320x480:d=1:r=10[b];[a][b]hstack", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", url.path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        if rotation != 0 {
            try #require(FileManager.default.isExecutableFile(atPath: exiftool.path), "exiftool is missing: run scripts/setup.sh")
            let turned = try MeasuredProcess.run(exiftool, ["-q", "-overwrite_original", "-Rotation=\(rotation)", url.path])
            try #require(turned.status == 0, "exiftool: \(turned.stderr)")
        }
        return try Data(contentsOf: url)
    }

    /// RGB of pixel (x, y) of an 8-bit RGB(X/A) image.
    static func rgb(_ image: CGImage, _ x: Int, _ y: Int) throws -> [Int] {
        let pixels = try PixelBuffer(cgImage: image)
        return pixels.withUnsafeBytes { raw in (0..<3).map { Int(raw[y * pixels.bytesPerRow + x * pixels.bytesPerPixel + $0]) } }
    }

    static func isRed(_ c: [Int]) -> Bool { c[0] > 180 && c[1] < 80 && c[2] < 80 }
    static func isBlue(_ c: [Int]) -> Bool { c[2] > 180 && c[0] < 80 && c[1] < 80 }

    @Test func aVideosThumbnailIsItsFirstFrame() throws {
        let test = try TestLibrary()
        let asset = try test.importFiles([("clip.mp4", try Self.movie(in: test.directory, name: "source.mp4"))])[0]
        #expect(asset.mediaType == .video)
        let kinds = try ImagingContext.context(for: test.library).generator.generate(assetRowID: asset.record.rowID, in: test.library)
        #expect(kinds == [.thumbnail], "a 640×480 picture has a 341×256 thumbnail; no screen image is larger than it")
        let served = try ImagingContext.context(for: test.library).servedDerivative(of: asset.record, kind: .thumbnail, in: test.library)
        let image = try PixelOps_decode(served.url)
        #expect(image.width == 341 && image.height == 256)
        let left = try Self.rgb(image, 40, 128), right = try Self.rgb(image, 300, 128)
        #expect(Self.isRed(left) && Self.isBlue(right), "\(left) \(right)")
        // PhotoKit's image request for a video answers its poster, as on iOS.
        let requested = try thumbnail(asset)
        #expect(requested.width == 64 && requested.height == 64)
    }

    @Test func aRotatedVideosPosterIsUpright() throws {
        let test = try TestLibrary()
        let asset = try test.importFiles([("turned.mov", try Self.movie(in: test.directory, name: "turned.mp4", rotation: 90))])[0]
        let served = try ImagingContext.context(for: test.library).servedDerivative(of: asset.record, kind: .screen, in: test.library)
        let image = try PixelOps_decode(served.url)
        #expect(image.width == 480 && image.height == 640, "turned a quarter clockwise: portrait")
        // The left (red) half is on top once turned clockwise.
        let top = try Self.rgb(image, 240, 80), bottom = try Self.rgb(image, 240, 560)
        #expect(Self.isRed(top), "\(top)")
        #expect(Self.isBlue(bottom), "\(bottom)")
        let sized = try ImagingContext.context(for: test.library).sizedPicture(of: asset.record, spec: ImageRequestSpec(targetSize: PixelSize(width: 24, height: 24),
                                                                                                                          resizeMode: .exact), encoding: .jpeg, in: test.library)
        #expect(sized.size == PixelSize(width: 18, height: 24))
    }

    @Test func aDamagedMovieIsAnErrorNotACrash() throws {
        let test = try TestLibrary()
        var data = try Self.movie(in: test.directory, name: "whole.mp4")
        let asset = try test.importFiles([("clip.mp4", data)])[0]
        // Damage the stored movie after import: the poster cannot be made, and the error says why.
        let resource = try #require(try test.library.resources(assetRowID: asset.record.rowID).first)
        data.replaceSubrange(data.count / 3..<data.count, with: Data(count: data.count - data.count / 3))
        try data.write(to: test.library.fileURL(for: resource))
        #expect {
            _ = try ImagingContext.context(for: test.library).servedDerivative(of: asset.record, kind: .thumbnail, in: test.library)
        } throws: { error in
            (error as? ImageManagementError).map { $0.message.contains("clip.mp4") || $0.message.contains(".mp4") || $0.message.contains("frame") } ?? false
        }
    }
}

/// Decodes an image file with ImageIO (the test target's own helper, not the module's internal one).
func PixelOps_decode(_ url: URL) throws -> CGImage {
    let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
    return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
}

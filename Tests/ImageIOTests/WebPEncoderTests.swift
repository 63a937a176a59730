import Foundation
@testable import ImageIO
import Testing
import _TestSupport
import _Testing_CoreGraphics

/// WebP writing, checked by our decoder and by independent readers: libwebp's `dwebp` (Debian `webp`) decodes
/// the file to PNG, and exiftool reads the metadata chunks.
@Suite struct WebPEncoderTests {
    static let dwebp = URL(fileURLWithPath: "/usr/bin/dwebp")
    static let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")

    /// A gradient with an alpha ramp, so alpha survives or visibly does not.
    static func rgba(width: Int, height: Int) -> PixelBuffer {
        var bytes = Data(count: width * height * 4)
        bytes.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 4
                    raw[at] = UInt8(x * 255 / (width - 1)); raw[at + 1] = UInt8(y * 255 / (height - 1))
                    raw[at + 2] = 90; raw[at + 3] = UInt8(255 - x * 200 / (width - 1))
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: .rgba, bitsPerComponent: 8, data: bytes)
    }

    @Test func losslessRoundTripIsExactAlphaIncluded() throws {
        let pixels = Self.rgba(width: 48, height: 32)
        let data = try ImageWriter.encode(pixels: pixels, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, as: .webp,
                                          options: EncodeOptions(embedColorProfile: false, lossless: true))
        #expect(String(decoding: data.prefix(4), as: UTF8.self) == "RIFF" && String(decoding: data[8..<12], as: UTF8.self) == "WEBP")
        let decoded = try ImageFile(data: data).decode(DecodeOptions(colorSpace: nil))
        #expect(decoded.pixels.width == 48 && decoded.pixels.height == 32 && decoded.pixels.layout == .rgba)
        for (x, y) in [(0, 0), (47, 0), (20, 17), (47, 31)] {
            for c in 0..<4 { #expect(TestImages.component(decoded.pixels, x, y, c) == TestImages.component(pixels, x, y, c), "(\(x), \(y)) component \(c)") }
        }
    }

    @Test func lossyIsCloseAndSmallerThanLossless() throws {
        let pixels = TestImages.gradient(width: 256, height: 192)
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let lossy = try ImageWriter.encode(pixels: pixels, colorSpace: srgb, as: .webp, options: EncodeOptions(quality: 0.8, embedColorProfile: false))
        // Photo-like detail (noise) is where lossy pays: a fraction of the lossless size.
        var noise = Data(count: 256 * 192 * 4), state: UInt32 = 12345
        for i in noise.indices { state = state &* 1_664_525 &+ 1_013_904_223; noise[i] = UInt8(truncatingIfNeeded: state >> 24) }
        let noisy = PixelBuffer(width: 256, height: 192, layout: .rgbx, bitsPerComponent: 8, data: noise)
        let noisyLossy = try ImageWriter.encode(pixels: noisy, colorSpace: srgb, as: .webp, options: EncodeOptions(quality: 0.8, embedColorProfile: false))
        let noisyLossless = try ImageWriter.encode(pixels: noisy, colorSpace: srgb, as: .webp, options: EncodeOptions(embedColorProfile: false, lossless: true))
        #expect(noisyLossy.count * 2 < noisyLossless.count, "\(noisyLossy.count) vs \(noisyLossless.count) bytes")
        let decoded = try ImageFile(data: lossy).decode(DecodeOptions(colorSpace: nil))
        #expect(decoded.pixels.layout == .rgbx)   // opaque input stays opaque
        let psnr = TestImages.psnr(decoded.pixels, pixels)
        #expect(psnr > 35, "PSNR \(psnr) dB")
    }

    @Test func grayAndSixteenBitAreWidenedAndRounded() throws {
        let lossless = EncodeOptions(embedColorProfile: false, lossless: true)
        let deep = TestImages.gradient(width: 32, height: 16, bits: 16)
        let fromDeep = try ImageFile(data: try ImageWriter.encode(pixels: deep, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, as: .webp,
                                                                  options: lossless)).decode(DecodeOptions(colorSpace: nil))
        #expect(fromDeep.pixels.bitsPerComponent == 8)
        #expect(TestImages.rgb(fromDeep.pixels, 31, 15) == [255, 255, 127])
        let gray = PixelBuffer(width: 8, height: 8, layout: .gray, bitsPerComponent: 8, data: Data((0..<64).map { UInt8($0 * 4) }))
        let fromGray = try ImageFile(data: try ImageWriter.encode(pixels: gray, colorSpace: CGColorSpaceCreateDeviceGray(), as: .webp,
                                                                  options: lossless)).decode(DecodeOptions(colorSpace: nil))
        #expect(TestImages.rgb(fromGray.pixels, 3, 2) == [76, 76, 76])
    }

    /// A `width × height` sRGB-or-other CGImage whose pixel (x, y) is (4x, 4y, 100).
    static func cgImage(width: Int, height: Int, space: CGColorSpace) throws -> CGImage {
        var bytes = Data(capacity: width * height * 4)
        for y in 0..<height {
            for x in 0..<width { bytes.append(contentsOf: [UInt8(x * 4), UInt8(y * 4), 100, 255]) }
        }
        return try #require(CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4, space: space,
                                    bitmapInfo: CGBitmapInfo(alphaInfo: .noneSkipLast), provider: CGDataProvider(data: bytes), decode: nil,
                                    shouldInterpolate: true, intent: .defaultIntent))
    }

    @Test func theDestinationFacadeWritesWebP() throws {
        #expect(CGImageDestinationCopyTypeIdentifiers().contains("org.webmproject.webp"))
        let image = try Self.cgImage(width: 64, height: 40, space: CGColorSpace(name: CGColorSpace.sRGB)!)
        let output = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(output as CFMutableData, "org.webmproject.webp" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithData(output as CFData, nil))
        #expect(CGImageSourceGetType(source) as String? == "org.webmproject.webp")
        let read = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(read.width == 64 && read.height == 40)
    }

    @Test func independentReadersAgree() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.dwebp.path), "dwebp is missing: run scripts/setup.sh (Debian webp)")
        try #require(FileManager.default.isExecutableFile(atPath: Self.exiftool.path), "exiftool is missing: run scripts/setup.sh (Debian libimage-exiftool-perl)")
        let directory = TemporaryDirectory()
        // Through the façade, as an app would: orientation 6 and a camera model in the properties, a Display P3 image.
        let output = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(output as CFMutableData, "org.webmproject.webp" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, try Self.cgImage(width: 60, height: 40, space: CGColorSpace(name: CGColorSpace.displayP3)!), [
            kCGImagePropertyOrientation: 6, kCGImagePropertyTIFFDictionary: [kCGImagePropertyTIFFModel: "Test Camera"],
        ] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        let webpURL = directory.appending("out.webp")
        try (output as Data).write(to: webpURL)

        let png = directory.appending("out.png")
        let decoded = try MeasuredProcess.run(Self.dwebp, [webpURL.path, "-o", png.path])
        #expect(decoded.status == 0, "dwebp: \(decoded.stderr)")
        let upright = try ImageFile(data: try Data(contentsOf: png)).decode(DecodeOptions(colorSpace: nil))
        #expect(upright.pixels.width == 40 && upright.pixels.height == 60, "orientation 6 is applied to the pixels")
        // Orientation 6 turns the picture clockwise: its top-left pixel is the source's bottom-left, (0, 39·4, 100).
        #expect(zip(TestImages.rgb(upright.pixels, 0, 0), [0, 156, 100]).allSatisfy { abs($0 - $1) <= 12 },
                "\(TestImages.rgb(upright.pixels, 0, 0)) \(TestImages.rgb(upright.pixels, 39, 0)) \(TestImages.rgb(upright.pixels, 0, 59)) \(TestImages.rgb(upright.pixels, 39, 59))")

        let tags = try MeasuredProcess.run(Self.exiftool, ["-s", "-Orientation#", "-Model", "-ProfileDescription", "-ImageWidth", "-ImageHeight", webpURL.path])
        #expect(tags.status == 0, "exiftool: \(tags.stderr)")
        #expect(tags.stdout.contains("Model") && tags.stdout.contains("Test Camera"), "\(tags.stdout)")
        #expect(tags.stdout.range(of: #"Orientation\s+: 1"#, options: .regularExpression) != nil, "EXIF orientation reset to 1: \(tags.stdout)")
        #expect(tags.stdout.contains("Display P3"), "the ICC profile is embedded: \(tags.stdout)")
        #expect(tags.stdout.range(of: #"ImageWidth\s+: 40"#, options: .regularExpression) != nil, "\(tags.stdout)")
    }

    @Test func oversizedPicturesAreRefusedWithTheLimit() throws {
        let wide = PixelBuffer(width: 16_384, height: 1, layout: .rgbx, bitsPerComponent: 8, data: Data(count: 16_384 * 4))
        #expect {
            _ = try ImageWriter.encode(pixels: wide, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, as: .webp)
        } throws: { error in
            "\(error)".contains("16383")
        }
    }
}

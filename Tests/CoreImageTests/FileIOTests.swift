import Foundation
import _Testing_CoreImage
import _TestSupport
@testable import CoreImage

/// Files in and out through ImageIO: lazy decoding, orientation, properties, the representations.
@Suite struct FileIOTests {
    @Test func imageFromAJPEGFileDecodesLazilyWithItsProperties() throws {
        let directory = TemporaryDirectory()
        let url = try FixtureImages.writeJPEG(to: directory.appending("in.jpg"), width: 64, height: 48)
        let image = try #require(CIImage(contentsOf: url))
        #expect(image.extent == CGRect(x: 0, y: 0, width: 64, height: 48))
        #expect(image.url == url)
        #expect(image.properties[kCGImagePropertyPixelWidth as String] as? Int == 64)
        #expect(image.colorSpace != nil)
        let cg = try #require(CIContext().createCGImage(image, from: image.extent))
        // Compare with ImageIO's own decode.
        let imageSource = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let reference = try #require(CGImageSourceCreateImageAtIndex(imageSource, 0, nil))
        let ours = TestImages.bytes(cg), theirs = TestImages.bytes(reference)
        var worst = 0
        for i in stride(from: 0, to: ours.count, by: 4) { for c in 0..<3 { worst = max(worst, abs(Int(ours[i + c]) - Int(theirs[i + c]))) } }
        #expect(worst <= 1, "decoded pixels differ by \(worst) code values")
    }

    @Test func oneShotExportsRenderOverTheDecodedFileWithIdenticalResults() throws {
        let directory = TemporaryDirectory()
        let url = try FixtureImages.writeJPEG(to: directory.appending("in.jpg"), width: 96, height: 64)
        let image = try #require(CIImage(contentsOf: url))
        let recipe = image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5]).applyingFilter("CISepiaTone")
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.8])
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let oneShot = CIContext(options: [.cacheIntermediates: false])
        let first = try #require(oneShot.jpegRepresentation(of: recipe, colorSpace: srgb))
        #expect(oneShot.lastRenderStatistics.renderedInPlace)
        let again = try #require(oneShot.jpegRepresentation(of: recipe, colorSpace: srgb))
        let caching = CIContext()
        let reference = try #require(caching.jpegRepresentation(of: recipe, colorSpace: srgb))
        #expect(!caching.lastRenderStatistics.renderedInPlace)
        #expect(first == reference && again == reference, "rendering in place must not change a single byte")
        // The source image is still usable afterwards (it decodes again).
        #expect(Render.bytes(image, image.extent) == Render.bytes(image, image.extent, context: caching))
    }

    @Test func oneShotBlurExportsStreamBackOverTheDecodedFile() throws {
        let directory = TemporaryDirectory()
        let url = try FixtureImages.writeJPEG(to: directory.appending("in.jpg"), width: 90, height: 70)
        let image = try #require(CIImage(contentsOf: url))
        let recipe = image.clampedToExtent().applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 3.0])
            .cropped(to: image.extent).applyingFilter("CISepiaTone")
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let oneShot = CIContext(options: [.cacheIntermediates: false])
        oneShot.renderOverrides = RenderOverrides(tileWidth: 32, tileHeight: 8)  // many strips, blur reach 9 rows
        let streamed = try #require(oneShot.jpegRepresentation(of: recipe, colorSpace: srgb))
        #expect(oneShot.lastRenderStatistics.renderedInPlace)
        let reference = try #require(CIContext().jpegRepresentation(of: recipe, colorSpace: srgb))
        #expect(streamed == reference, "streaming over the source must not change a single byte")
    }

    @Test func unreadableInputGivesNil() {
        #expect(CIImage(data: Data("not an image".utf8)) == nil)
        #expect(CIImage(contentsOf: URL(fileURLWithPath: "/nonexistent/file.jpg")) == nil)
    }

    @Test func applyOrientationPropertyTurnsTheImageUpright() throws {
        let directory = TemporaryDirectory()
        let plain = FixtureImages.jpeg(width: 40, height: 20)
        // Write a copy whose EXIF says "rotate 90° clockwise to display" (orientation 6).
        let source = try #require(CGImageSourceCreateWithData(plain as CFData, nil))
        let url = directory.appending("rotated.jpg")
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImageFromSource(destination, source, 0, [kCGImagePropertyOrientation: 6] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        let stored = try #require(CIImage(contentsOf: url))
        let upright = try #require(CIImage(contentsOf: url, options: [.applyOrientationProperty: true]))
        #expect(stored.extent.size == CGSize(width: 40, height: 20))
        #expect(upright.extent.size == CGSize(width: 20, height: 40))
    }

    @Test(arguments: ["public.png", "public.tiff", "public.heic", "public.jpeg"])
    func representationsRoundTrip(_ type: String) throws {
        // A smooth image (lossy codecs are judged on photographic-like content, not on noise).
        let image = CIFilter(name: "CILinearGradient", parameters: ["inputPoint0": CIVector(x: 0, y: 0), "inputPoint1": CIVector(x: 48, y: 32),
            "inputColor0": CIColor(red: 0.9, green: 0.2, blue: 0.1), "inputColor1": CIColor(red: 0.1, green: 0.5, blue: 0.9)])!
            .outputImage!.cropped(to: CGRect(x: 0, y: 0, width: 48, height: 32))
        let context = CIContext()
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let data: Data?
        switch type {
        case "public.png": data = context.pngRepresentation(of: image, format: .RGBA8, colorSpace: srgb)
        case "public.tiff": data = context.tiffRepresentation(of: image, format: .RGBA8, colorSpace: srgb)
        case "public.heic": data = context.heifRepresentation(of: image, format: .RGBA8, colorSpace: srgb)
        default: data = context.jpegRepresentation(of: image, colorSpace: srgb, options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.95])
        }
        let encoded = try #require(data, "no \(type) data")
        let decoded = try #require(CIImage(data: encoded))
        #expect(decoded.extent == image.extent)
        let a = Render.bytes(image, image.extent), b = Render.bytes(decoded, image.extent)
        let lossless = type == "public.png" || type == "public.tiff"
        var worst = 0, total = 0
        for i in 0..<a.count { let d = abs(Int(a[i]) - Int(b[i])); worst = max(worst, d); total += d }
        let mean = Double(total) / Double(a.count)
        #expect(lossless ? worst == 0 : mean < 3, "\(type): max difference \(worst), mean \(mean)")
    }

    @Test func jpegQualityOptionChangesTheSize() throws {
        let image = TestImages.patternImage(width: 200, height: 150)
        let context = CIContext()
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let low = try #require(context.jpegRepresentation(of: image, colorSpace: srgb, options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.3]))
        let high = try #require(context.jpegRepresentation(of: image, colorSpace: srgb, options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.95]))
        #expect(low.count < high.count)
    }

    @Test func writingAnInfiniteImageThrowsAClearError() {
        let url = TemporaryDirectory().appending("never.jpg")
        #expect(throws: CIContextRepresentationError.self) {
            try CIContext().writeJPEGRepresentation(of: CIImage(color: .red), to: url, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        }
    }
}

import Foundation
import _Testing_CoreImage
import _TestSupport

/// The "Core Image" snippets of shared/docs/seed-snippets.md, copied unchanged into `snippet(image:url:)`,
/// with assertions around them.
@Suite struct SeedSnippetTests {
    struct Results {
        var sepia: CIImage
        var blurred: CIImage
        var half: CGImage?
        var mask: CIImage
    }

    func snippet(image: CIImage, url: URL) throws -> Results {
        let sepia = image.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 0.8])
        let f = CIFilter(name: "CIGaussianBlur")!
        f.setValue(image, forKey: kCIInputImageKey)
        f.setValue(10.0, forKey: kCIInputRadiusKey)
        let blurred = f.outputImage!.cropped(to: image.extent)

        // Background export context: cache compiled work, not intermediates; low priority.
        let context = CIContext(options: [.cacheIntermediates: false, .priorityRequestLow: true])
        let p3 = CGColorSpace(name: CGColorSpace.displayP3)!
        try context.writeJPEGRepresentation(of: blurred, to: url, colorSpace: p3,
            options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.9])
        let half = context.createCGImage(blurred, from: blurred.extent, format: .RGBAh,
            colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!, deferred: false)

        // A mask from a radial gradient (WWDC 2016).
        let mask = CIFilter(name: "CIRadialGradient", parameters: [
            "inputCenter": CIVector(x: 500, y: 400), "inputRadius0": 100, "inputRadius1": 300,
            "inputColor0": CIColor(red: 1, green: 1, blue: 1), "inputColor1": CIColor(red: 0, green: 0, blue: 0)])!.outputImage!
        return Results(sepia: sepia, blurred: blurred, half: half, mask: mask)
    }

    @Test func coreImageSnippetsRunAsTheCommentsSay() throws {
        let directory = TemporaryDirectory()
        let url = directory.appending("export.jpg")
        let image = TestImages.patternImage(width: 120, height: 80)
        let results = try snippet(image: image, url: url)

        // Sepia keeps the extent and changes the colours.
        #expect(results.sepia.extent == image.extent)
        #expect(Render.linearFloats(results.sepia, image.extent) != Render.linearFloats(image, image.extent))
        // The blur grows the extent; the crop brings it back.
        #expect(results.blurred.extent == image.extent)

        // The JPEG exists, decodes to the same size and carries a Display P3 profile.
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 120)
        #expect(properties[kCGImagePropertyPixelHeight as String] as? Int == 80)
        let decoded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let profile = try #require(decoded.colorSpace?.copyICCData())
        #expect(profile == CGColorSpace(name: CGColorSpace.displayP3)!.copyICCData(), "the written JPEG should embed the P3 profile")

        // The half-float CGImage is RGBAh in extended linear sRGB.
        let half = try #require(results.half)
        #expect(half.bitsPerComponent == 16 && half.bitsPerPixel == 64 && half.bitmapInfo.contains(.floatComponents))
        #expect(half.colorSpace?.name == CGColorSpace.extendedLinearSRGB)
        #expect(half.width == 120 && half.height == 80)

        // The mask: white inside radius 100 of (500, 400), black beyond 300, infinite extent.
        #expect(results.mask.extent.isInfinite)
        let probe = Render.linearFloats(results.mask, CGRect(x: 500, y: 400, width: 1, height: 1))
        #expect(probe[0] == 1 && probe[3] == 1)
        let outside = Render.linearFloats(results.mask, CGRect(x: 900, y: 400, width: 1, height: 1))
        #expect(outside[0] == 0)
        let middle = Render.linearFloats(results.mask, CGRect(x: 699, y: 400, width: 1, height: 1))  // d = 199.5: t ≈ 0.5
        #expect(abs(middle[0] - 0.5025) < 0.01)
    }
}

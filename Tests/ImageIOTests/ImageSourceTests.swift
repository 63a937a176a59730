import Foundation
import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct ImageSourceTests {
    /// The ImageIO metadata snippet of shared/docs/seed-snippets.md, verbatim, with assertions around it.
    @Test func seedSnippetCompilesAndReadsMetadata() throws {
        let data = try TestMedia.url("images/exif_full_gps_north_east.jpg").map { try Data(contentsOf: $0) }
            ?? FixtureImages.jpeg(width: 64, height: 48)
        // --- seed snippet ---
        let src = CGImageSourceCreateWithData(data as CFData, nil)!
        let props = CGImageSourceCopyPropertiesAtIndex(src, 0, nil) as! [AnyHashable: Any]
        // --- end ---
        #expect(props[kCGImagePropertyPixelWidth] as? Int != nil)
        #expect(props[kCGImagePropertyColorModel] as? String == kCGImagePropertyColorModelRGB)
        guard TestMedia.folder != nil else { return }
        #expect(props[kCGImagePropertyPixelWidth] as? Int == 2048)
        let exif = try #require(props[kCGImagePropertyExifDictionary] as? [AnyHashable: Any])
        #expect(exif[kCGImagePropertyExifLensModel] as? String == "EF-S18-135mm f/3.5-5.6 IS USM")
        #expect(exif[kCGImagePropertyExifExposureTime] as? Double == 0.004)
        #expect(exif[kCGImagePropertyExifISOSpeedRatings] as? Int == 200 || (exif[kCGImagePropertyExifISOSpeedRatings] as? [Int]) == [200])
        #expect(exif[kCGImagePropertyExifVersion] as? [Int] == [2, 3, 2])
        #expect(exif[kCGImagePropertyExifSubsecTimeOriginal] as? String == "250")
        let gps = try #require(props[kCGImagePropertyGPSDictionary as String] as? [String: Any])
        #expect(gps[kCGImagePropertyGPSLatitudeRef as String] as? String == "N")
        // NSNumber bridging works like on Apple platforms.
        #expect((props[kCGImagePropertyDPIWidth] as? NSNumber)?.doubleValue == 72)
    }

    @Test func cfTypealiasesAcceptAppleIdioms() throws {
        let jpeg = FixtureImages.jpeg(width: 80, height: 60)
        let directory = TemporaryDirectory()
        let url = directory.appending("a.jpg")
        try jpeg.write(to: url)
        let fromURL = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let options = [kCGImageSourceShouldCache: kCFBooleanTrue!, kCGImageSourceTypeIdentifierHint: "public.jpeg"] as CFDictionary
        let image = try #require(CGImageSourceCreateImageAtIndex(fromURL, 0, options))
        let again = try #require(CGImageSourceCreateImageAtIndex(fromURL, 0, options))
        #expect(image === again)
        CGImageSourceRemoveCacheAtIndex(fromURL, 0)
        let fresh = try #require(CGImageSourceCreateImageAtIndex(fromURL, 0, options))
        #expect(fresh !== image)
        #expect(CGImageSourceGetType(fromURL) == "public.jpeg" as CFString)
        let types = CGImageSourceCopyTypeIdentifiers() as! [String]
        #expect(types.contains("public.heic") && types.contains("public.png") && types.contains("com.adobe.raw-image"))
        #expect(CGImageSourceGetTypeID() != CGImageDestinationGetTypeID())
        #expect(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent/x.jpg") as CFURL, nil) == nil)
    }

    @Test func statusAndIncrementalLoading() throws {
        let jpeg = FixtureImages.jpeg(width: 200, height: 150)
        let source = CGImageSourceCreateIncremental(nil)
        #expect(CGImageSourceGetStatus(source) == .statusReadingHeader)
        CGImageSourceUpdateData(source, jpeg.prefix(10), false)
        #expect(CGImageSourceGetStatus(source) == .statusReadingHeader)
        CGImageSourceUpdateData(source, jpeg.prefix(jpeg.count / 2), false)
        #expect(CGImageSourceGetStatus(source) == .statusIncomplete)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 200)
        CGImageSourceUpdateData(source, jpeg, true)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        #expect(CGImageSourceGetStatusAtIndex(source, 0) == .statusComplete)
        #expect(CGImageSourceGetStatusAtIndex(source, 1) == .statusInvalidData)
        let garbage = try #require(CGImageSourceCreateWithData(Data(repeating: 7, count: 100) as CFData, nil))
        #expect(CGImageSourceGetStatus(garbage) == .statusUnknownType)
        #expect(CGImageSourceGetType(garbage) == nil && CGImageSourceGetCount(garbage) == 0)
        #expect(CGImageSourceCopyPropertiesAtIndex(garbage, 0, nil) == nil)
    }

    @Test func thumbnailOptionsFollowApple() throws {
        let big = FixtureImages.jpeg(width: 1000, height: 600)
        let source = try #require(CGImageSourceCreateWithData(big as CFData, nil))
        // No embedded thumbnail and neither "create" flag: no thumbnail.
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, nil) == nil)
        let ifAbsent = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageIfAbsent: true, kCGImageSourceThumbnailMaxPixelSize: 160] as CFDictionary))
        #expect(ifAbsent.width == 160 && ifAbsent.height == 96)
        let full = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true] as CFDictionary))
        #expect(full.width == 1000)
        let subsampled = try #require(CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceSubsampleFactor: 4] as CFDictionary))
        #expect(subsampled.width == 250 && subsampled.height == 150)
    }

    @Test func embeddedEXIFThumbnailIsUsedUnlessAlways() throws {
        // A JPEG whose EXIF IFD1 carries a 40×30 JPEG thumbnail.
        let thumbnail = FixtureImages.jpeg(width: 40, height: 30, seed: 3)
        let main = FixtureImages.jpeg(width: 400, height: 300, seed: 4)
        let exif = EXIFThumbnailFixture.block(thumbnail: thumbnail)
        let file = try #require(EXIFThumbnailFixture.jpeg(main, exif: exif))
        let source = try #require(CGImageSourceCreateWithData(file as CFData, nil))
        let embedded = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, nil))
        #expect(embedded.width == 40 && embedded.height == 30)
        let ifAbsent = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageIfAbsent: true,
                                                                                   kCGImageSourceThumbnailMaxPixelSize: 200] as CFDictionary))
        #expect(ifAbsent.width == 40, "IfAbsent never upscales the embedded thumbnail")
        let always = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true,
                                                                                 kCGImageSourceThumbnailMaxPixelSize: 200] as CFDictionary))
        #expect(always.width == 200 && always.height == 150)
    }

    @Test func heicOrientationComesFromIrot() throws {
        guard let url = TestMedia.url("heic/real_iphone13promax_hdr_gainmap.heic") else { return }
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any])
        #expect(props[kCGImagePropertyOrientation] as? Int == 6)
        #expect(props[kCGImagePropertyPixelWidth] as? Int == 4032 && props[kCGImagePropertyPixelHeight] as? Int == 3024)
        #expect(props[kCGImagePropertyProfileName] as? String == "Display P3")
        let apple = try #require(props[kCGImagePropertyMakerAppleDictionary] as? [AnyHashable: Any])
        #expect(!apple.isEmpty)
        let thumb = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageIfAbsent: true,
            kCGImageSourceCreateThumbnailWithTransform: true, kCGImageSourceThumbnailMaxPixelSize: 256] as CFDictionary))
        #expect(thumb.width < thumb.height, "upright portrait thumbnail")
    }
}

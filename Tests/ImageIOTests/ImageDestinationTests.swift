import Foundation
import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct ImageDestinationTests {
    static func image(width: Int = 90, height: Int = 60) throws -> CGImage {
        let source = try #require(CGImageSourceCreateWithData(FixtureImages.jpeg(width: width, height: height) as CFData, nil))
        return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    @Test func addImageWritesPixelsAsGivenAndTheOrientationProperty() throws {
        for type in ["public.jpeg", "public.png", "public.tiff", "public.heic"] {
            let data = NSMutableData()
            let destination = try #require(CGImageDestinationCreateWithData(data, type as CFString, 1, nil))
            CGImageDestinationSetProperties(destination, [kCGImageDestinationLossyCompressionQuality: 0.8] as CFDictionary)
            CGImageDestinationAddImage(destination, try Self.image(), [
                kCGImagePropertyOrientation: 8,
                kCGImagePropertyTIFFDictionary: [kCGImagePropertyTIFFMake: "Written", kCGImagePropertyTIFFModel: "By Test"],
                kCGImagePropertyExifDictionary: [kCGImagePropertyExifLensModel: "Test lens", kCGImagePropertyExifExposureTime: 0.004],
                kCGImagePropertyGPSDictionary: [kCGImagePropertyGPSLatitude: 46.5, kCGImagePropertyGPSLatitudeRef: "N"],
            ] as CFDictionary)
            #expect(CGImageDestinationFinalize(destination), "\(type)")
            #expect(!CGImageDestinationFinalize(destination), "a destination finalizes once")
            let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
            #expect(CGImageSourceGetType(source) == type as CFString)
            let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any])
            #expect(props[kCGImagePropertyPixelWidth] as? Int == 90, "\(type): pixels not rotated")
            #expect(props[kCGImagePropertyOrientation] as? Int == 8, "\(type): orientation written")
            let tiff = props[kCGImagePropertyTIFFDictionary] as? [AnyHashable: Any]
            #expect(tiff?[kCGImagePropertyTIFFMake] as? String == "Written", "\(type)")
            if type != "public.tiff" {
                let exif = props[kCGImagePropertyExifDictionary] as? [AnyHashable: Any]
                #expect(exif?[kCGImagePropertyExifLensModel] as? String == "Test lens", "\(type)")
                #expect(exif?[kCGImagePropertyExifExposureTime] as? Double == 0.004, "\(type)")
                let gps = props[kCGImagePropertyGPSDictionary] as? [AnyHashable: Any]
                #expect(gps?[kCGImagePropertyGPSLatitude] as? Double == 46.5, "\(type)")
            }
        }
    }

    @Test func addImageFromSourceKeepsMetadataAndMergesProperties() throws {
        guard let url = TestMedia.url("images/exif_full_gps_north_east.jpg") else { return }
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let directory = TemporaryDirectory()
        let output = directory.appending("copy.jpg")
        let destination = try #require(CGImageDestinationCreateWithURL(output as CFURL, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImageFromSource(destination, source, 0, [kCGImageMetadataShouldExcludeGPS: true,
                                                                      kCGImageDestinationImageMaxPixelSize: 512] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        let copy = try #require(CGImageSourceCreateWithURL(output as CFURL, nil))
        let props = try #require(CGImageSourceCopyPropertiesAtIndex(copy, 0, nil) as? [AnyHashable: Any])
        #expect(props[kCGImagePropertyPixelWidth] as? Int == 512 && props[kCGImagePropertyPixelHeight] as? Int == 384)
        #expect((props[kCGImagePropertyTIFFDictionary] as? [AnyHashable: Any])?[kCGImagePropertyTIFFModel] as? String == "Canon EOS 80D")
        #expect(props[kCGImagePropertyGPSDictionary] == nil)
        let exif = props[kCGImagePropertyExifDictionary] as? [AnyHashable: Any]
        #expect(exif?[kCGImagePropertyExifDateTimeOriginal] as? String == "2019:08:14 19:42:07")
    }

    @Test func qualityTypesAndMisuse() throws {
        let image = try Self.image(width: 300, height: 200)
        func size(_ quality: Double) throws -> Int {
            let data = NSMutableData()
            let destination = try #require(CGImageDestinationCreateWithData(data, "public.jpeg" as CFString, 1, nil))
            CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
            #expect(CGImageDestinationFinalize(destination))
            return data.length
        }
        #expect(try size(0.2) < size(0.95))
        let types = CGImageDestinationCopyTypeIdentifiers() as! [String]
        #expect(Set(types) == ["public.jpeg", "public.png", "public.heic", "public.tiff", "org.webmproject.webp"])
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "com.example.nope" as CFString, 1, nil) == nil)
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "public.png" as CFString, 0, nil) == nil)
        let empty = try #require(CGImageDestinationCreateWithData(NSMutableData(), "public.png" as CFString, 1, nil))
        #expect(!CGImageDestinationFinalize(empty), "no image added")
    }

    @Test func premultipliedAndBGRAImagesEncode() throws {
        // Core Image's usual outputs: premultiplied RGBA and little-endian BGRA.
        let rgba = Data([255, 0, 0, 255, 0, 64, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255])
        let layouts: [(CGBitmapInfo, Data)] = [
            (CGBitmapInfo(alphaInfo: .premultipliedLast), rgba),
            (CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
             Data([0, 0, 255, 255, 0, 64, 0, 128, 0, 0, 0, 0, 30, 20, 10, 255])),
        ]
        for (info, bytes) in layouts {
            let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: info, provider: CGDataProvider(data: bytes), decode: nil, shouldInterpolate: false, intent: .defaultIntent))
            let data = NSMutableData()
            let destination = try #require(CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil))
            CGImageDestinationAddImage(destination, image, nil)
            #expect(CGImageDestinationFinalize(destination))
            let written = try #require(CGImageSourceCreateWithData(data as Data, nil))
            let back = try #require(CGImageSourceCreateImageAtIndex(written, 0, nil))
            let pixels = try #require(back.dataProvider?.data)
            // Un-premultiplied: (0, 64, 0) at alpha 128 is (0, 128, 0).
            #expect(Array(pixels) == [255, 0, 0, 255, 0, 128, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255])
        }
    }
}

import Foundation
import ImageIO
import _Testing_CoreGraphics
import _TestSupport

/// Every image of the shared corpus, checked against manifest.json through the Apple-shaped API and the core.
@Suite(.enabled(if: TestMedia.folder != nil, "\(TestMedia.skipMessage)"))
struct CorpusTests {
    static var images: [[String: Any]] {
        TestMedia.manifest.filter { $0["media_type"] as? String == "image" && $0["expected_error"] is NSNull || ($0["media_type"] as? String == "image" && $0["expected_error"] == nil) }
    }

    @Test func everyImageMatchesTheManifest() throws {
        let records = Self.images
        #expect(records.count >= 30)
        for record in records {
            let path = try #require(record["path"] as? String)
            let url = try #require(TestMedia.url(path))
            let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil), "\(path)")
            #expect(CGImageSourceGetStatus(source) == .statusComplete, "\(path)")
            #expect(CGImageSourceGetType(source) == record["uti"] as? String, "\(path): type")
            let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any], "\(path)")
            #expect(props[kCGImagePropertyPixelWidth] as? Int == record["pixel_width"] as? Int, "\(path): width")
            #expect(props[kCGImagePropertyPixelHeight] as? Int == record["pixel_height"] as? Int, "\(path): height")
            let orientation = props[kCGImagePropertyOrientation] as? Int ?? 1
            #expect(orientation == (record["orientation"] as? Int ?? 1), "\(path): orientation")
            let swap = orientation >= 5
            let displayWidth = swap ? props[kCGImagePropertyPixelHeight] as? Int : props[kCGImagePropertyPixelWidth] as? Int
            #expect(displayWidth == record["display_width"] as? Int, "\(path): display width")
            #expect(props[kCGImagePropertyDepth] as? Int == record["bit_depth"] as? Int, "\(path): depth")
            if let alpha = record["has_alpha"] as? Bool, props[kCGImagePropertyHasAlpha] != nil {
                #expect(props[kCGImagePropertyHasAlpha] as? Bool == alpha, "\(path): alpha")
            }
            if record["color_profile_source"] as? String == "embedded ICC" {
                #expect(props[kCGImagePropertyProfileName] as? String == record["color_profile"] as? String, "\(path): profile")
            }
            if let camera = record["camera"] as? [String: Any] {
                let tiff = props[kCGImagePropertyTIFFDictionary] as? [AnyHashable: Any]
                #expect(tiff?[kCGImagePropertyTIFFMake] as? String == camera["make"] as? String, "\(path): make")
                #expect(tiff?[kCGImagePropertyTIFFModel] as? String == camera["model"] as? String, "\(path): model")
            }
            if let location = record["location"] as? [String: Any] {
                let gps = try #require(props[kCGImagePropertyGPSDictionary] as? [AnyHashable: Any], "\(path): GPS")
                let latitude = (gps[kCGImagePropertyGPSLatitude] as? Double ?? .nan) * (gps[kCGImagePropertyGPSLatitudeRef] as? String == "S" ? -1 : 1)
                let longitude = (gps[kCGImagePropertyGPSLongitude] as? Double ?? .nan) * (gps[kCGImagePropertyGPSLongitudeRef] as? String == "W" ? -1 : 1)
                #expect(abs(latitude - (location["latitude"] as? Double ?? 0)) < 1e-4, "\(path): latitude \(latitude)")
                #expect(abs(longitude - (location["longitude"] as? Double ?? 0)) < 1e-4, "\(path): longitude \(longitude)")
                if let altitude = location["altitude"] as? Double {
                    let sign = (gps[kCGImagePropertyGPSAltitudeRef] as? Int) == 1 ? -1.0 : 1.0
                    #expect(abs((gps[kCGImagePropertyGPSAltitude] as? Double ?? .nan) * sign - altitude) < 0.01, "\(path): altitude")
                }
            }
        }
    }

    @Test func everyImageDecodesUprightToTheManifestSize() throws {
        for record in Self.images {
            let path = try #require(record["path"] as? String)
            let file = try ImageFile(contentsOf: try #require(TestMedia.url(path)))
            let displayWidth = try #require(record["display_width"] as? Int), displayHeight = try #require(record["display_height"] as? Int)
            // A 512-pixel rendition exercises every codec and its shrink-on-load; the aspect ratio must survive.
            let image = try file.decode(DecodeOptions(size: .maxPixelSize(512)))
            let scale = min(1, 512 / Double(max(displayWidth, displayHeight)))
            #expect(abs(image.pixels.width - Int((Double(displayWidth) * scale).rounded())) <= 1, "\(path): width \(image.pixels.width)")
            #expect(abs(image.pixels.height - Int((Double(displayHeight) * scale).rounded())) <= 1, "\(path): height \(image.pixels.height)")
            #expect(image.orientation == .up)
            #expect(image.colorSpace.model == (image.pixels.layout.isColor ? .rgb : .monochrome))
            #expect(!image.isPartial)
        }
    }

    @Test func fullSizeImagesInStoredOrientation() throws {
        for record in Self.images where (record["pixel_width"] as? Int ?? 0) * (record["pixel_height"] as? Int ?? 0) <= 4_000_000 {
            let path = try #require(record["path"] as? String)
            let url = try #require(TestMedia.url(path))
            let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
            let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil), "\(path)")
            #expect(image.width == record["pixel_width"] as? Int && image.height == record["pixel_height"] as? Int, "\(path)")
            #expect(image.utType == record["uti"] as? String)
        }
    }

    @Test func animatedGIFFrames() throws {
        guard let url = TestMedia.url("images/animated.gif") else { return }
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let count = CGImageSourceGetCount(source)
        #expect(count > 1)
        let container = try #require(CGImageSourceCopyProperties(source, nil) as? [AnyHashable: Any])
        #expect(container[kCGImagePropertyFileSize] as? Int == (try Data(contentsOf: url)).count)
        var previous: Data?
        for index in 0..<count {
            let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [AnyHashable: Any])
            let gif = try #require(props[kCGImagePropertyGIFDictionary] as? [AnyHashable: Any])
            #expect((gif[kCGImagePropertyGIFDelayTime] as? Double ?? 0) > 0)
            let frame = try #require(CGImageSourceCreateImageAtIndex(source, index, nil))
            #expect(frame.width == 300 && frame.height == 200)
            #expect(frame.dataProvider?.data != previous, "frame \(index) repeats the previous one")
            previous = frame.dataProvider?.data
        }
        #expect(CGImageSourceCreateImageAtIndex(source, count, nil) == nil)
    }
}

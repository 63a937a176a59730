import Foundation
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct RoundTripTests {
    static let formats: [(ImageFormat, Double)] = [(.jpeg, 38), (.png, .infinity), (.tiff, .infinity), (.heic, 30)]

    @Test(arguments: RoundTripTests.formats) func encodeThenDecode(format: ImageFormat, minimumPSNR: Double) throws {
        let pixels = TestImages.gradient(width: 96, height: 64)
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let exif = try #require(EXIFWriter.build(tiff: ["Make": .string("Test Maker"), "Model": .string("Round Trip"), "Orientation": .int(6)],
                                                 exif: ["DateTimeOriginal": .string("2024:02:29 12:00:00"), "PixelXDimension": .int(1)],
                                                 gps: ["Latitude": .double(12.5), "LatitudeRef": .string("S")]))
        var metadata = ImageMetadata(exif: exif)
        metadata.adoptEXIFOrientation()
        // The pixels still need orientation 6: the encoder must rotate them and write orientation 1.
        let data = try ImageWriter.encode(pixels: pixels, colorSpace: p3, orientation: .right, metadata: metadata, as: format,
                                          options: EncodeOptions(quality: 0.95))
        let file = try ImageFile(data: data)
        #expect(file.format == format)
        let header = try file.header()
        #expect(header.width == 64 && header.height == 96, "\(format): rotated upright")
        #expect(header.metadata.orientation == .up)
        #expect(ImagePropertiesBuilder.profileName(header) == "Display P3", "\(format): ICC embedded")
        let decoded = try file.decode(DecodeOptions(colorSpace: nil))
        let expected = pixels.applying(.right)
        #expect(TestImages.psnr(decoded.pixels, expected) >= minimumPSNR, "\(format): PSNR \(TestImages.psnr(decoded.pixels, expected))")
        let props = EXIFProperties.read(try #require(header.metadata.exif, "\(format): EXIF kept"))
        #expect(props.tiff["Make"]?.stringValue == "Test Maker")
        if format != .tiff {
            #expect(props.exif["PixelXDimension"]?.intValue == 64)
            #expect(props.gps["Latitude"]?.doubleValue == 12.5)
        }
        // Stripped: no metadata, no profile.
        let bare = try ImageWriter.encode(pixels: pixels, colorSpace: p3, metadata: metadata, as: format,
                                          options: EncodeOptions(embedColorProfile: false, metadata: .strip))
        let bareHeader = try ImageFile(data: bare).header()
        #expect(bareHeader.metadata.exif == nil || EXIFProperties.read(bareHeader.metadata.exif!).tiff["Make"] == nil)
        #expect(bareHeader.colorSource == .unspecified || format == .heic)
    }

    @Test func sixteenBitAndAlphaSurviveLosslessFormats() throws {
        for format in [ImageFormat.png, .tiff] {
            let deep = TestImages.gradient(width: 33, height: 17, bits: 16)
            let back = try ImageFile(data: try ImageWriter.encode(pixels: deep, colorSpace: CGColorSpaceCreateDeviceRGB(), as: format))
                .decode(DecodeOptions(colorSpace: nil, bitDepth: .source)).pixels
            #expect(back.bitsPerComponent == 16)
            #expect(TestImages.rgb(back, 32, 16) == TestImages.rgb(deep, 32, 16) && TestImages.rgb(back, 5, 9) == TestImages.rgb(deep, 5, 9))
            var rgba = Data()
            for i in 0..<(20 * 10) { rgba.append(contentsOf: [UInt8(i % 256), 50, 100, UInt8((i * 7) % 256)]) }
            let alpha = PixelBuffer(width: 20, height: 10, layout: .rgba, bitsPerComponent: 8, data: rgba)
            let decoded = try ImageFile(data: try ImageWriter.encode(pixels: alpha, colorSpace: CGColorSpaceCreateDeviceRGB(), as: format)).decode(DecodeOptions(colorSpace: nil))
            #expect(decoded.pixels.layout == .rgba && decoded.pixels.data == rgba, "\(format): RGBA exact")
        }
    }

    @Test func keptEXIFIsPatchedNotRewritten() throws {
        guard let url = TestMedia.url("livephoto/IMG_0002.JPG") else { return }
        let file = try ImageFile(contentsOf: url)
        let image = try file.decode(DecodeOptions(size: .maxPixelSize(300), colorSpace: nil))
        let data = try ImageWriter.encode(image, as: .jpeg)
        let original = try #require(file.header().metadata.exif)
        let kept = try #require(try ImageFile(data: data).header().metadata.exif)
        // Same length and same maker note bytes: only Orientation and PixelX/YDimension values changed in place.
        #expect(kept.count == original.count)
        let makerNote = EXIFProperties.read(original).makerApple
        #expect(!makerNote.isEmpty && EXIFProperties.read(kept).makerApple == makerNote)
        if EXIFProperties.read(original).exif["PixelXDimension"] != nil {
            #expect(EXIFProperties.read(kept).exif["PixelXDimension"]?.intValue == 300)
        }
        let noLocation = try ImageWriter.encode(image, as: .jpeg, options: EncodeOptions(metadata: .stripLocation))
        let stripped = EXIFProperties.read(try #require(try ImageFile(data: noLocation).header().metadata.exif))
        #expect(stripped.gps.isEmpty && stripped.tiff["Make"]?.stringValue == "Apple")
    }
}

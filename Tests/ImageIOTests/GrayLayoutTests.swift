import Foundation
import Testing
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

/// Gray pixels are never paired with an RGB colour space (LibRaw's one-colour output of a damaged DNG was tagged
/// sRGB, and `makeCGImage` trapped on it: a crash on file bytes).
@Suite struct GrayLayoutTests {
    @Test func grayPixelsTaggedWithAnRGBSpaceMakeAGrayImage() throws {
        let gray = PixelBuffer(width: 8, height: 8, layout: .gray, bitsPerComponent: 8, data: Data((0..<64).map { UInt8($0 * 4) }))
        let image = gray.makeCGImage(colorSpace: try #require(CGColorSpace(name: CGColorSpace.sRGB)))
        #expect(image.colorSpace?.model == .monochrome)
        #expect(image.width == 8 && image.bitsPerPixel == 8)
        let rgb = PixelBuffer(width: 2, height: 2, layout: .rgbx, bitsPerComponent: 8, data: Data(repeating: 0x80, count: 16))
        #expect(rgb.makeCGImage(colorSpace: CGColorSpaceCreateDeviceGray()).colorSpace?.model == .rgb)
    }

    @Test func aNamedRGBSpaceIsNotGivenToGrayPixels() {
        #expect(ColorConversion.space(for: .named(CGColorSpace.sRGB), gray: true).model == .monochrome)
        #expect(ColorConversion.space(for: .named(CGColorSpace.sRGB), gray: false).model == .rgb)
    }

    @Test(.enabled(if: TestRepro.folder != nil, Comment(rawValue: TestRepro.skipMessage)))
    func mutatedGrayLayoutDNGsDecodeOrFailWithoutCrashing() throws {
        let files = TestRepro.files(prefix: "mutated-dng-gray-layout")
        #expect(!files.isEmpty, "the reproducers are in shared/repro")
        for url in files {
            for options in [DecodeOptions(), DecodeOptions(size: .maxPixelSize(256))] {
                let result: Result<CGImage, any Error> = Result { try ImageFile(contentsOf: url).decode(options).makeCGImage() }
                switch result {
                case .success(let image):
                    let components = image.colorSpace?.numberOfComponents ?? 0
                    #expect(image.bitsPerPixel / image.bitsPerComponent - (image.alphaInfo == .none ? 0 : 1) == components,
                            "\(url.lastPathComponent): the colour space fits the pixels")
                case .failure(let error):
                    #expect(error is ImageIOError, "\(url.lastPathComponent): \(error)")
                }
            }
            let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
            _ = CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true,
                                                               kCGImageSourceThumbnailMaxPixelSize: 256] as CFDictionary)
        }
    }
}

import Foundation
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct ColorTests {
    /// Pillow 9.4's ImageCms (Little CMS 2.14), relative colorimetric, embedded profile → sRGB, at (x, y):
    /// (pixel as stored, pixel in sRGB). Tolerance ±3 (our matrix path uses 16384-entry tables; lcms an 8-bit CLUT).
    static let displayP3: [(Int, Int, [Int], [Int])] = [
        (100, 100, [44, 90, 178], [22, 91, 184]), (682, 537, [233, 81, 156], [253, 64, 158]),
        (1000, 900, [253, 254, 249], [253, 254, 249]), (1300, 50, [80, 63, 53], [83, 62, 51]),
        (20, 1000, [27, 30, 61], [26, 30, 63]), (700, 200, [218, 204, 116], [221, 203, 101]),
    ]
    static let adobeRGB: [(Int, Int, [Int], [Int])] = [
        (100, 100, [168, 182, 146], [164, 183, 146]), (800, 600, [177, 171, 171], [181, 173, 173]),
        (1500, 1100, [90, 110, 121], [79, 110, 122]), (50, 1150, [64, 87, 58], [48, 86, 53]),
    ]

    @Test(arguments: [("images/display_p3.jpg", ColorTests.displayP3), ("images/adobe_rgb.jpg", ColorTests.adobeRGB)])
    func embeddedProfilesConvertToSRGBLikeLittleCMS(path: String, reference: [(Int, Int, [Int], [Int])]) throws {
        guard let url = TestMedia.url(path) else { return }
        let file = try ImageFile(contentsOf: url)
        let stored = try file.decode(DecodeOptions(colorSpace: nil))
        let srgb = try file.decode(DecodeOptions())
        #expect(srgb.colorSpace.name == CGColorSpace.sRGB)
        #expect(stored.colorSpace.name == nil && stored.colorSpace.model == .rgb)
        for (x, y, original, converted) in reference {
            #expect(zip(TestImages.rgb(stored.pixels, x, y), original).allSatisfy { abs($0 - $1) <= 1 }, "\(path) stored at (\(x), \(y))")
            let ours = TestImages.rgb(srgb.pixels, x, y)
            #expect(zip(ours, converted).allSatisfy { abs($0 - $1) <= 3 }, "\(path) at (\(x), \(y)): \(ours) vs lcms \(converted)")
        }
    }

    @Test func matrixPathAgreesWithLittleCMSOnEveryCode() throws {
        // All 16.7 M colours would be slow; a 64³ lattice covers the cube, compared against an lcms 8-bit transform.
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3)), srgb = CGColorSpaceCreateDeviceRGB()
        var bytes = Data()
        for r in stride(from: 0, to: 256, by: 4) { for g in stride(from: 0, to: 256, by: 4) { for b in stride(from: 0, to: 256, by: 4) {
            bytes.append(contentsOf: [UInt8(r), UInt8(g), UInt8(b), 255])
        } } }
        let pixels = PixelBuffer(width: bytes.count / 4, height: 1, layout: .rgbx, bitsPerComponent: 8, data: bytes)
        let fast = try #require(MatrixConversion(from: p3, to: srgb)?.apply(pixels))
        let transform = try #require(ColorTransformCache.shared.transform(from: p3.iccData, to: srgb.iccData, input: LCMSFormat.rgba8,
                                                                           output: LCMSFormat.rgba8, copyAlpha: true))
        var reference = Data(count: bytes.count)
        reference.withUnsafeMutableBytes { out in bytes.withUnsafeBytes { transform.apply($0.baseAddress!, out.baseAddress!, count: bytes.count / 4) } }
        var worst = 0
        for i in 0..<bytes.count where i % 4 != 3 { worst = max(worst, abs(Int(fast.data[i]) - Int(reference[i]))) }
        #expect(worst <= 2, "largest difference from Little CMS: \(worst) code values")
    }

    @Test func sixteenBitPNGIsExact() throws {
        guard let url = TestMedia.url("images/rgb16.png") else { return }
        let image = try ImageFile(contentsOf: url).decode(DecodeOptions(colorSpace: nil, bitDepth: .source))
        #expect(image.pixels.bitsPerComponent == 16 && image.pixels.width == 1032 && image.pixels.height == 544)
        // Reference: the file's samples decoded by a from-scratch Python PNG reader (zlib + unfiltering, numpy sum).
        #expect(TestImages.rgb(image.pixels, 0, 0) == [52454, 62452, 63970])
        #expect(TestImages.rgb(image.pixels, 500, 300) == [28193, 32955, 33821])
        #expect(TestImages.rgb(image.pixels, 1031, 543) == [0, 0, 0])
        #expect(TestImages.rgb(image.pixels, 17, 400) == [10575, 13145, 9635])
        var sum = 0
        for y in 0..<544 { for x in 0..<1032 { sum += TestImages.rgb(image.pixels, x, y).reduce(0, +) } }
        #expect(sum == 47_636_588_523)
    }

    @Test func grayStaysGray() throws {
        let gray = PixelBuffer(width: 8, height: 8, layout: .gray, bitsPerComponent: 8, data: Data((0..<64).map { UInt8($0 * 4) }))
        let jpeg = try ImageWriter.encode(pixels: gray, colorSpace: CGColorSpaceCreateDeviceGray(), as: .jpeg)
        let decoded = try ImageFile(data: jpeg).decode()
        #expect(decoded.pixels.layout == .gray && decoded.colorSpace.model == .monochrome)
        #expect(try ImageFile(data: jpeg).header().colorModel == .gray)
    }
}

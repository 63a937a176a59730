import Foundation
import Testing
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

/// The memory budget (`ImageLimits.maxDecodeBytes`) is checked from the header against what the decode will
/// allocate, and PNG and GIF thumbnails decode reduced (PNG in box-averaged strips, GIF on a sampled canvas), so
/// a huge image under the pixel limit can be thumbnailed with little memory and a full decode over budget is
/// refused before anything is allocated.
@Suite struct DecodeBudgetTests {
    static func png(_ pixels: PixelBuffer) throws -> Data {
        try ImageWriter.encode(pixels: pixels, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, as: .png)
    }

    @Test func fullDecodeOverBudgetIsRefusedFromTheHeader() throws {
        let file = try ImageFile(data: try Self.png(TestImages.gradient(width: 1200, height: 900)))
        let limits = ImageLimits(maxDecodeBytes: 4_000_000)
        let error = try #require(throws: ImageIOError.self) { try file.decode(DecodeOptions(limits: limits)) }
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("memory budget of 4 MB") && error.message.contains("1200×900"), "\(error.message)")
        // A thumbnail needs only a strip and the reduced image: within the same budget.
        let thumbnail = try file.decode(DecodeOptions(size: .maxPixelSize(100), limits: limits))
        #expect(thumbnail.pixels.width == 100 && thumbnail.pixels.height == 75)
    }

    @Test(arguments: [8, 16])
    func stripDecodeMatchesAFullDecodeResized(bits: Int) throws {
        let file = try ImageFile(data: try Self.png(TestImages.gradient(width: 1001, height: 777, bits: bits)))
        let request = DecodeRequest(minimumWidth: 120, minimumHeight: 93)
        let header = try file.header()
        let reduced = try file.codec.decode(file.data, index: 0, header: header, request: request).pixels
        // Factor min(1001/120, 777/93) / 2 = 4: ceil(1001/4) × ceil(777/4), still at least twice the request.
        #expect(reduced.width == 251 && reduced.height == 195 && reduced.bitsPerComponent == 8)
        let strips = try file.decode(DecodeOptions(size: .fit(width: 120, height: 93)))
        let full = try file.decode(DecodeOptions()).pixels.resized(width: strips.pixels.width, height: strips.pixels.height)
        #expect(TestImages.psnr(strips.pixels, full) > 40)
    }

    @Test func stripDecodeAveragesColourByAlpha() throws {
        // Opaque red columns beside fully transparent green ones: the reduced image must stay red, not olive.
        var bytes = Data(count: 400 * 400 * 4)
        for y in 0..<400 {
            for x in 0..<400 {
                let at = (y * 400 + x) * 4
                if x % 2 == 0 { bytes[at] = 255; bytes[at + 3] = 255 } else { bytes[at + 1] = 255 }
            }
        }
        let file = try ImageFile(data: try Self.png(PixelBuffer(width: 400, height: 400, layout: .rgba, bitsPerComponent: 8, data: bytes)))
        let reduced = try file.codec.decode(file.data, index: 0, header: try file.header(), request: DecodeRequest(minimumWidth: 50, minimumHeight: 50)).pixels
        #expect(reduced.width == 100)
        #expect(TestImages.rgb(reduced, 10, 10) == [255, 0, 0] && TestImages.component(reduced, 10, 10, 3) == 128)
    }

    @Test(.enabled(if: TestRepro.folder != nil, Comment(rawValue: TestRepro.skipMessage)))
    func gifWithAHugeScreenThumbnailsOnASampledCanvas() throws {
        let url = try #require(TestRepro.files(prefix: "bomb_gif").first)
        let file = try ImageFile(contentsOf: url)
        let limits = ImageLimits(maxDecodeBytes: 64_000_000)
        let thumbnail = try file.decode(DecodeOptions(size: .maxPixelSize(256), limits: limits))
        #expect(thumbnail.pixels.width == 256 && thumbnail.pixels.height == 256)
        let error = try #require(throws: ImageIOError.self) { try file.decode(DecodeOptions(limits: limits)) }
        #expect(error.code == .tooLarge && error.message.contains("memory budget"))
    }
}

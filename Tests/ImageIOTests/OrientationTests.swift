import Foundation
import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct OrientationTests {
    /// Stored 3×2 image with pixel values 1…6 (row-major) and, for each EXIF orientation, the displayed image,
    /// worked out by hand from the EXIF definitions (row 0 / column 0 placement), independent of the code.
    static let stored: [UInt8] = [1, 2, 3, 4, 5, 6]
    static let displayed: [UInt32: (width: Int, values: [UInt8])] = [
        1: (3, [1, 2, 3, 4, 5, 6]),
        2: (3, [3, 2, 1, 6, 5, 4]),
        3: (3, [6, 5, 4, 3, 2, 1]),
        4: (3, [4, 5, 6, 1, 2, 3]),
        5: (2, [1, 4, 2, 5, 3, 6]),
        6: (2, [4, 1, 5, 2, 6, 3]),
        7: (2, [6, 3, 5, 2, 4, 1]),
        8: (2, [3, 6, 2, 5, 1, 4]),
    ]

    @Test(arguments: 1...8) func allEightOrientationsExactly(raw: Int) throws {
        let orientation = try #require(CGImagePropertyOrientation(rawValue: UInt32(raw)))
        let gray = PixelBuffer(width: 3, height: 2, layout: .gray, bitsPerComponent: 8, data: Data(Self.stored))
        let expected = try #require(Self.displayed[UInt32(raw)])
        let result = gray.applying(orientation)
        #expect(result.width == expected.width && result.height == 6 / expected.width)
        #expect(Array(result.data) == expected.values)
        // 4-byte and 16-bit pixels follow the same mapping.
        let wide = PixelBuffer(width: 3, height: 2, layout: .rgbx, bitsPerComponent: 16,
                               data: Data(Self.stored.flatMap { v in [UInt8](repeating: 0, count: 7) + [v] }))
        let wideResult = wide.applying(orientation)
        #expect((0..<6).map { wideResult.data[$0 * 8 + 7] } == expected.values)
    }

    /// Values from Pillow 9.4 (`ImageOps.exif_transpose(Image.open(f)).convert("RGB")`) at (x, y) on the upright
    /// 600×400 picture, for the corpus files orientation_1…8.jpg. Tolerance ±3 per component (the same picture
    /// was re-encoded per orientation, so files differ by JPEG noise; Pillow and TurboJPEG share libjpeg-turbo's IDCT).
    static let points = [(10, 10), (150, 100), (300, 200), (450, 300), (590, 390), (599, 0), (0, 399), (123, 321)]
    static let pillow: [Int: [[Int]]] = [
        1: [[100, 129, 187], [106, 149, 200], [130, 183, 225], [222, 230, 241], [182, 166, 153], [104, 141, 196], [203, 187, 153], [220, 221, 223]],
        2: [[100, 129, 187], [107, 148, 200], [130, 183, 223], [222, 230, 241], [183, 165, 153], [104, 141, 196], [203, 187, 153], [220, 221, 223]],
        3: [[100, 129, 187], [107, 148, 200], [130, 183, 223], [222, 230, 241], [183, 165, 153], [104, 141, 196], [203, 187, 153], [220, 221, 223]],
        4: [[100, 129, 187], [106, 149, 200], [130, 183, 225], [222, 230, 241], [182, 166, 153], [104, 141, 196], [203, 187, 153], [220, 221, 223]],
        5: [[100, 129, 187], [106, 149, 200], [131, 184, 226], [222, 230, 241], [181, 164, 154], [103, 140, 195], [202, 186, 150], [220, 221, 225]],
        6: [[100, 129, 187], [107, 148, 200], [131, 184, 226], [222, 230, 241], [182, 164, 154], [101, 140, 195], [202, 186, 152], [220, 221, 225]],
        7: [[100, 129, 187], [106, 147, 199], [131, 184, 224], [222, 230, 241], [181, 165, 152], [103, 140, 193], [202, 186, 152], [220, 221, 223]],
        8: [[100, 129, 187], [105, 148, 199], [131, 184, 226], [222, 230, 241], [181, 165, 152], [101, 140, 195], [202, 186, 152], [220, 221, 223]],
    ]

    @Test(arguments: 1...8) func corpusOrientationMatchesPillow(n: Int) throws {
        guard let url = TestMedia.url("images/orientation/orientation_\(n).jpg") else { return }
        let file = try ImageFile(contentsOf: url)
        let header = try file.header()
        #expect(header.metadata.orientation.rawValue == UInt32(n))
        let image = try file.decode(DecodeOptions(colorSpace: nil))
        #expect(image.pixels.width == 600 && image.pixels.height == 400)
        #expect(image.orientation == .up)
        for (index, point) in Self.points.enumerated() {
            let ours = TestImages.rgb(image.pixels, point.0, point.1)
            let reference = try #require(Self.pillow[n])[index]
            #expect(zip(ours, reference).allSatisfy { abs($0 - $1) <= 3 }, "orientation \(n) at \(point): \(ours) vs Pillow \(reference)")
        }
    }

    @Test func appleSemanticsKeepStoredOrientation() throws {
        guard let url = TestMedia.url("images/orientation/orientation_6.jpg") else { return }
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 400 && image.height == 600)
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any])
        #expect(properties[kCGImagePropertyOrientation] as? Int == 6)
        let upright = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true,
        ] as CFDictionary))
        #expect(upright.width == 600 && upright.height == 400)
    }
}

import CoreGraphics
import Foundation
import ImageIO
import Testing
import UIKit
import _TestSupport

/// Item 5 of issue 16: bitmap contexts as iOS app code draws with them — a watermark over a photo and a contact
/// sheet of thumbnails — written as such apps write it, then checked pixel by pixel.
struct CGContextClientTests {
    /// A photo with a translucent white label in its bottom-right corner (as apps stamp photos before sharing).
    static func watermarked(_ image: UIImage) -> UIImage? {
        guard let cgImage = image.cgImage else { return nil }
        let width = cgImage.width, height = cgImage.height
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        context.draw(cgImage, in: CGRect(x: 0, y: 0, width: width, height: height))
        context.setFillColor(UIColor.white.cgColor)
        context.setAlpha(0.5)
        context.fill(CGRect(x: width - 20, y: 4, width: 16, height: 8))
        guard let output = context.makeImage() else { return nil }
        return UIImage(cgImage: output)
    }

    /// Thumbnails in a grid with a border round each (as apps lay out a contact sheet).
    static func contactSheet(_ images: [CGImage], columns: Int, cell: Int) -> CGImage? {
        let rows = (images.count + columns - 1) / columns
        guard let context = CGContext(data: nil, width: columns * cell, height: rows * cell, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
        context.setFillColor(gray: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: columns * cell, height: rows * cell))
        context.interpolationQuality = .high
        for (index, image) in images.enumerated() {
            // The first thumbnail at the top left: y counts up from the bottom.
            let frame = CGRect(x: (index % columns) * cell, y: (rows - 1 - index / columns) * cell, width: cell, height: cell).insetBy(dx: 2, dy: 2)
            context.draw(image, in: frame)
            context.setStrokeColor(red: 1, green: 1, blue: 1, alpha: 1)
            context.stroke(frame, width: 1)
        }
        return context.makeImage()
    }

    static func solid(_ rgb: [UInt8], width: Int = 32, height: Int = 24) -> CGImage {
        let bytes: [UInt8] = (0..<(width * height)).flatMap { _ in rgb + [255] }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                       provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    static func pixel(_ image: CGImage, _ x: Int, _ row: Int) -> [UInt8] {
        let data = image.dataProvider!.data!, at = row * image.bytesPerRow + x * 4
        return Array(data[at..<(at + 4)])
    }

    @Test func aWatermarkIsStampedOverThePhoto() throws {
        let photo = UIImage(cgImage: Self.solid([0, 0, 200], width: 64, height: 48))
        let stamped = try #require(Self.watermarked(photo)?.cgImage)
        #expect(stamped.width == 64 && stamped.height == 48)
        #expect(Self.pixel(stamped, 10, 10) == [0, 0, 200, 255], "the photo itself is unchanged")
        // The label spans x 44…60, y 4…12 from the bottom: memory rows 36…44.
        let label = Self.pixel(stamped, 50, 40)
        #expect(abs(Int(label[0]) - 128) <= 1 && abs(Int(label[2]) - 228) <= 1 && label[3] == 255, "half white over the blue: \(label)")
    }

    @Test func aContactSheetPlacesThumbnailsInReadingOrder() throws {
        let images = [Self.solid([255, 0, 0]), Self.solid([0, 255, 0]), Self.solid([0, 0, 255])]
        let sheet = try #require(Self.contactSheet(images, columns: 2, cell: 40))
        #expect(sheet.width == 80 && sheet.height == 80)
        // BGRA in memory (premultipliedFirst, 32-bit little-endian).
        #expect(Self.pixel(sheet, 20, 20) == [0, 0, 255, 255], "red at the top left")
        #expect(Self.pixel(sheet, 60, 20) == [0, 255, 0, 255], "green at the top right")
        #expect(Self.pixel(sheet, 20, 60) == [255, 0, 0, 255], "blue below, at the left")
        #expect(Self.pixel(sheet, 60, 60) == [0, 0, 0, 255], "the empty cell is the background")
        // The 1-px white stroke on the frame's top edge (y = 78) covers half of rows 1 and 2, over red: anti-aliased.
        let border = Self.pixel(sheet, 20, 2)
        #expect(border[0] > 100 && border[1] > 100 && border[2] == 255, "a white border round each: \(border)")
    }
}

import CoreGraphics
import Foundation
import Testing

/// `CGContext` bitmap contexts drawn by cairo: Core Graphics' coordinates (y up, the first row of memory at the
/// top), the layouts apps use, images drawn upright, paths, transforms, clipping, alpha and `makeImage()`.
struct CGContextTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
    static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue

    /// The RGBA of pixel (x, row) where `row` counts memory rows from the top.
    static func pixel(_ image: CGImage, _ x: Int, _ row: Int) -> [UInt8] {
        let data = image.dataProvider!.data!
        let at = row * image.bytesPerRow + x * 4
        return Array(data[at..<(at + 4)])
    }

    @Test func fillsLandInCoreGraphicsCoordinates() throws {
        let context = try #require(CGContext(data: nil, width: 8, height: 6, bitsPerComponent: 8, bytesPerRow: 0, space: Self.sRGB, bitmapInfo: Self.rgba))
        #expect(context.bytesPerRow == 32 && context.bitsPerPixel == 32)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))   // the bottom-left quarter
        let image = try #require(context.makeImage())
        #expect(image.width == 8 && image.height == 6)
        #expect(Self.pixel(image, 0, 5) == [255, 0, 0, 255], "the origin is the bottom left")
        #expect(Self.pixel(image, 3, 3) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 0, 2) == [0, 0, 0, 0], "above the rectangle: untouched (a new context is clear)")
        #expect(Self.pixel(image, 4, 5) == [0, 0, 0, 0])
        // makeImage is a copy.
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 6))
        #expect(Self.pixel(image, 7, 0) == [0, 0, 0, 0])
        #expect(Self.pixel(try #require(context.makeImage()), 7, 0) == [255, 0, 0, 255])
    }

    @Test func transformsStateAndClipping() throws {
        let context = try #require(CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0, space: Self.sRGB, bitmapInfo: Self.rgba))
        context.saveGState()
        context.translateBy(x: 10, y: 10)
        #expect(context.ctm.tx == 10 && context.ctm.ty == 10 && context.ctm.a == 1 && context.ctm.d == 1)
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))             // x 10…15, y 10…15 (rows 5…9)
        context.rotate(by: .pi / 2)
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 2))             // turned counterclockwise: x 8…10, y 10…15
        context.restoreGState()
        #expect(context.ctm == .identity)
        context.clip(to: CGRect(x: 0, y: 0, width: 3, height: 20))
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 1))            // black (restored colour), clipped to x < 3
        let image = try #require(context.makeImage())
        #expect(Self.pixel(image, 12, 7) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 9, 7) == [0, 255, 0, 255], "rotated a quarter counterclockwise around (10, 10)")
        #expect(Self.pixel(image, 12, 12) == [0, 0, 0, 0])
        #expect(Self.pixel(image, 1, 19) == [0, 0, 0, 255] && Self.pixel(image, 5, 19) == [0, 0, 0, 0], "the clip holds")
    }

    @Test func imagesAreDrawnUprightAndScaled() throws {
        // A 2×2 image: red, green on its first (top) row; blue, white below.
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let picture = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: Self.sRGB,
                                           bitmapInfo: CGBitmapInfo(rawValue: Self.rgba), provider: CGDataProvider(data: Data(bytes)),
                                           decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let context = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: Self.sRGB, bitmapInfo: Self.rgba))
        context.interpolationQuality = .none
        context.draw(picture, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try #require(context.makeImage())
        #expect(Self.pixel(image, 0, 0) == [255, 0, 0, 255] && Self.pixel(image, 3, 0) == [0, 255, 0, 255], "the image's top row on top")
        #expect(Self.pixel(image, 0, 3) == [0, 0, 255, 255] && Self.pixel(image, 3, 3) == [255, 255, 255, 255])
        // Half transparent, over white: a watermark.
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.setAlpha(0.5)
        context.draw(picture, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        let blended = Self.pixel(try #require(context.makeImage()), 0, 2)
        #expect(blended[0] == 255 && abs(Int(blended[1]) - 128) <= 1 && blended[3] == 255, "\(blended)")
    }

    @Test func pathsStrokesAndFillRules() throws {
        let context = try #require(CGContext(data: nil, width: 30, height: 30, bitsPerComponent: 8, bytesPerRow: 0, space: Self.sRGB, bitmapInfo: Self.rgba))
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        context.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(!context.isPathEmpty && context.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 30, height: 30))
        context.fillPath(using: .evenOdd)
        #expect(context.isPathEmpty)
        var image = try #require(context.makeImage())
        #expect(Self.pixel(image, 2, 2) == [255, 255, 255, 255] && Self.pixel(image, 15, 15) == [0, 0, 0, 0], "even-odd leaves a hole")
        context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(2)
        context.move(to: CGPoint(x: 0, y: 15))
        context.addLine(to: CGPoint(x: 30, y: 15))
        context.strokePath()
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fillEllipse(in: CGRect(x: 12, y: 20, width: 6, height: 6))
        image = try #require(context.makeImage())
        #expect(Self.pixel(image, 5, 14) == [255, 0, 0, 255] && Self.pixel(image, 5, 15) == [255, 0, 0, 255], "a 2-px line on y = 15")
        #expect(Self.pixel(image, 15, 6) == [0, 0, 255, 255], "the ellipse's centre (15, 23)")
        #expect(Self.pixel(image, 12, 4)[0] > 200, "its bounding box's corner is mostly outside it (anti-aliased): \(Self.pixel(image, 12, 4))")
    }

    @Test func theCallersBufferIsDrawnIntoInEveryLayout() throws {
        let layouts: [(UInt32, [UInt8])] = [
            (CGImageAlphaInfo.premultipliedLast.rawValue, [0, 0, 255, 255]),
            (CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [255, 0, 0, 255]),   // BGRA: cairo's own
            (CGImageAlphaInfo.noneSkipLast.rawValue, [0, 0, 255, 255]),
            (CGImageAlphaInfo.premultipliedFirst.rawValue, [255, 0, 0, 255]),
        ]
        for (info, blue) in layouts {
            var buffer = [UInt8](repeating: 7, count: 4 * 4 * 4)
            buffer.withUnsafeMutableBytes { raw in
                let context = CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16, space: Self.sRGB, bitmapInfo: info)!
                context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
                context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            }
            #expect(Array(buffer[48..<52]) == blue, "layout \(info): the bottom row in the caller's buffer \(Array(buffer[48..<52]))")
        }
        // Grey: one byte a pixel.
        var grey = [UInt8](repeating: 0, count: 16)
        grey.withUnsafeMutableBytes { raw in
            let context = CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 4,
                                    space: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!,
                                    bitmapInfo: CGImageAlphaInfo.none.rawValue)!
            context.setFillColor(gray: 0.5, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(abs(Int(grey[0]) - 128) <= 1)
        // Layouts a bitmap context does not take.
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: Self.sRGB, bitmapInfo: Self.rgba) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: Self.sRGB, bitmapInfo: Self.rgba) == nil)
    }
}

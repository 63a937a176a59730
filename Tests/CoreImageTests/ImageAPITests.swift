import Foundation
import _Testing_CoreImage

/// CIImage's recipe API and CIContext's outputs in every format.
@Suite struct ImageAPITests {
    @Test func solidColorsAreInfiniteAndCropToFinite() {
        let red = CIImage(color: .red)
        #expect(red.extent.isInfinite)
        let tile = red.cropped(to: CGRect(x: 3, y: 4, width: 2, height: 2))
        #expect(tile.extent == CGRect(x: 3, y: 4, width: 2, height: 2))
        #expect(Render.bytes(tile, tile.extent) == [255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255])
        #expect(CIImage.empty().extent.isEmpty)
    }

    @Test func orientationsMatchExifSemantics() {
        // A 3×2 image: the top-left pixel (row 0, column 0 of the CGImage) must land where EXIF says.
        let image = TestImages.patternImage(width: 3, height: 2)
        let bytes = TestImages.patternPixels(width: 3, height: 2)
        let topLeft = Array(bytes[0..<3])
        // Orientation 6 (.right): rotate 90° clockwise, so the top-left ends top-right.
        let right = image.oriented(.right)
        #expect(right.extent == CGRect(x: 0, y: 0, width: 2, height: 3))
        let r = Render.bytes(right, right.extent)
        #expect(Array(r[(1 * 4)..<(1 * 4 + 3)]) == topLeft)
        // Orientation 8 (.left): the top-left ends bottom-left.
        let left = image.oriented(.left)
        let l = Render.bytes(left, left.extent)
        #expect(Array(l[(2 * 2 * 4)..<(2 * 2 * 4 + 3)]) == topLeft)
        // Orientation 3 (.down): bottom-right.
        let down = Render.bytes(image.oriented(.down), image.extent)
        #expect(Array(down[(5 * 4)..<(5 * 4 + 3)]) == topLeft)
        // Mirrored (2): top-right.
        let mirrored = Render.bytes(image.oriented(.upMirrored), image.extent)
        #expect(Array(mirrored[(2 * 4)..<(2 * 4 + 3)]) == topLeft)
        #expect(image.oriented(forExifOrientation: 6).extent == right.extent)
    }

    @Test func wholePixelTranslationsMoveWithoutResampling() {
        let image = TestImages.patternImage(width: 8, height: 6)
        let moved = image.transformed(by: CGAffineTransform(translationX: 5, y: -3))
        #expect(moved.extent == CGRect(x: 5, y: -3, width: 8, height: 6))
        #expect(Render.bytes(moved, moved.extent) == Render.bytes(image, image.extent))
    }

    @Test func compositingClampingAndAlphaHelpers() {
        let square = CIImage(color: CIColor(red: 0, green: 0, blue: 1, alpha: 0.5)).cropped(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        let over = square.composited(over: CIImage(color: .white).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(over.extent == CGRect(x: 0, y: 0, width: 4, height: 4))
        let linear = Render.linearFloats(over, CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(abs(linear[0] - 0.5) < 1e-6 && abs(linear[2] - 1) < 1e-6 && linear[3] == 1)
        let opaque = square.settingAlphaOne(in: square.extent)
        #expect(Render.linearFloats(opaque, CGRect(x: 0, y: 0, width: 1, height: 1))[3] == 1)
        let clamped = TestImages.patternImage(width: 4, height: 3).clampedToExtent()
        #expect(clamped.extent.isInfinite)
        let far = Render.bytes(clamped, CGRect(x: 100, y: 100, width: 1, height: 1))
        let corner = Render.bytes(TestImages.patternImage(width: 4, height: 3), CGRect(x: 3, y: 2, width: 1, height: 1))
        #expect(far == corner)
        let round = TestImages.patternImage().unpremultiplyingAlpha().premultiplyingAlpha()
        #expect(Render.bytes(round, round.extent) == Render.bytes(TestImages.patternImage(), round.extent))
    }

    @Test func nearestSamplingKeepsPixelsCrisp() {
        let image = TestImages.patternImage(width: 4, height: 4)
        let doubled = image.samplingNearest().transformed(by: CGAffineTransform(scaleX: 2, y: 2))
        let out = Render.bytes(doubled, doubled.extent)
        let source = Render.bytes(image, image.extent)
        #expect(Array(out[0..<4]) == Array(source[0..<4]) && Array(out[4..<8]) == Array(source[0..<4]))
    }

    @Test(arguments: [CIFormat.RGBA8, .BGRA8, .ARGB8, .RGBA16, .RGBAh, .RGBAf, .L8, .Lf, .R8, .Rh, .RG8, .A8])
    func renderToBitmapInEveryFormat(_ format: CIFormat) throws {
        let image = TestImages.patternImage(width: 5, height: 3)
        let layout = try #require(format.pixelFormat)
        let rowBytes = 5 * layout.bytesPerPixel + 8
        var bytes = [UInt8](repeating: 0xAB, count: rowBytes * 3)
        let space = layout.isGray ? CGColorSpace(name: CGColorSpace.linearGray)! : CGColorSpace(name: CGColorSpace.linearSRGB)!
        bytes.withUnsafeMutableBytes {
            CIContext().render(image, toBitmap: $0.baseAddress!, rowBytes: rowBytes, bounds: image.extent, format: format, colorSpace: space)
        }
        let linear = Render.linearFloats(image, image.extent)
        // Read back pixel (x = 2, top row) and compare each stored channel with the float render.
        let offset = 2 * layout.bytesPerPixel
        func component(_ index: Int) -> Float {
            let at = offset + index * layout.component.byteCount
            switch layout.component {
            case .uint8: return Float(bytes[at]) / 255
            case .uint16: return Float(UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8) / 65535
            case .float16: return Float(Float16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8))
            case .float32: return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: Float.self) }
            }
        }
        let pixel = Array(linear[(2 * 4)..<(2 * 4 + 4)])
        let luminance = 0.2126 * pixel[0] + 0.7152 * pixel[1] + 0.0722 * pixel[2]
        let tolerance: Float = layout.component == .uint8 ? 0.5 / 255 + 1e-4 : 2e-3
        for (index, channel) in layout.channels.enumerated() {
            let expected: Float
            switch channel {
            case .red: expected = pixel[0]
            case .green: expected = pixel[1]
            case .blue: expected = pixel[2]
            case .alpha: expected = pixel[3]
            case .luminance: expected = luminance
            case .padding: continue
            }
            #expect(abs(component(index) - expected) <= tolerance, "\(layout.name) channel \(channel): \(component(index)) vs \(expected)")
        }
        // Bytes past each row's pixels are untouched.
        #expect(bytes[5 * layout.bytesPerPixel] == 0xAB)
    }

    @Test func bitmapDataInitializerReadsRowsTopDown() {
        var pixels = [UInt8](repeating: 0, count: 2 * 2 * 4)
        pixels[0..<4] = [255, 0, 0, 255]      // top-left red
        pixels[12..<16] = [0, 0, 255, 255]    // bottom-right blue
        let image = CIImage(bitmapData: Data(pixels), bytesPerRow: 8, size: CGSize(width: 2, height: 2), format: .RGBA8,
                            colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        #expect(Render.bytes(image, image.extent) == pixels)
    }

    @Test func absurdRequestsAreRefusedNotAttempted() {
        let red = CIImage(color: .red)
        #expect(CIContext().createCGImage(red, from: CGRect(x: 0, y: 0, width: 40000, height: 10)) == nil)
        let wide = red.cropped(to: CGRect(x: 0, y: 0, width: 40000, height: 10))
        #expect(CIContext().jpegRepresentation(of: wide, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!) == nil)
        #expect(throws: CIContextRepresentationError.self) {
            try CIContext().writeJPEGRepresentation(of: wide, to: URL(fileURLWithPath: "/tmp/never-written.jpg"), colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        }
        // A gigantic blur radius is capped (σ ≤ 1000: the extent grows by at most 3000 pixels).
        let blurred = TestImages.patternImage().applyingGaussianBlur(sigma: 1e9)
        #expect(blurred.extent.width <= 16 + 6000)
    }

    @Test func createCGImageLayouts() throws {
        let image = TestImages.patternImage(width: 6, height: 4)
        let context = CIContext()
        let rgba = try #require(context.createCGImage(image, from: image.extent))
        #expect(rgba.bitsPerComponent == 8 && rgba.bitsPerPixel == 32 && rgba.alphaInfo == .premultipliedLast)
        #expect(rgba.colorSpace?.name == CGColorSpace.sRGB)
        let bgra = try #require(context.createCGImage(image, from: image.extent, format: .BGRA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!))
        #expect(bgra.byteOrderInfo == .order32Little && bgra.alphaInfo == .premultipliedFirst)
        #expect(TestImages.bytes(bgra)[0..<3] == [TestImages.bytes(rgba)[2], TestImages.bytes(rgba)[1], TestImages.bytes(rgba)[0]])
        let gray = try #require(context.createCGImage(image, from: image.extent, format: .L8, colorSpace: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!))
        #expect(gray.bitsPerPixel == 8 && gray.colorSpace?.numberOfComponents == 1)
        // A partial rectangle and an empty one.
        #expect(context.createCGImage(image, from: CGRect(x: 1, y: 1, width: 2, height: 2))?.width == 2)
        #expect(context.createCGImage(image, from: .zero) == nil)
        #expect(context.createCGImage(CIImage(color: .red), from: .infinite) == nil)
    }
}

import Foundation
import CoreGraphics

extension PixelBuffer {
    /// The pixels of a `CGImage` in this module's layout: any 8/16-bit integer or 16/32-bit float RGB or gray
    /// bitmap (alpha first or last, premultiplied or not, either byte order) becomes un-premultiplied RGBA/RGBX or
    /// gray (+ alpha); float and 16-bit images become 16-bit (values outside 0…1 are clipped).
    /// Throws `.unsupported` for CMYK, Lab and alpha-only images.
    public init(cgImage image: CGImage) throws(ImageIOError) {
        guard let space = image.colorSpace, space.model == .rgb || space.model == .monochrome,
              let bytes = image.dataProvider?.data else {
            throw ImageIOError(.unsupported, "only RGB and gray images can be encoded (this one is \(image.colorSpace?.model ?? .unknown))")
        }
        if let fast = Self.fastLayout(image) { self = fast; return }
        if let common = Self.premultiplied8(image) { self = common; return }
        let colorCount = space.model == .rgb ? 3 : 1
        let bpc = image.bitsPerComponent
        let components = image.bitsPerPixel / bpc
        let info = image.bitmapInfo
        let alpha = info.alphaInfo
        let isFloat = info.contains(.floatComponents)
        let alphaFirst = alpha == .first || alpha == .premultipliedFirst || alpha == .noneSkipFirst
        let realAlpha = alpha.hasAlpha && alpha != .alphaOnly
        let order = info.byteOrderInfo
        let littleEndian = order == .order16Little || order == .order32Little
        // A 32-bit little-endian word reverses the 4 components of an 8-bit pixel (BGRA for premultipliedFirst).
        let reversed = bpc == 8 && order == .order32Little
        let outBits = bpc == 8 && !isFloat ? 8 : 16
        let layout: PixelBuffer.Layout = colorCount == 3 ? (realAlpha ? .rgba : .rgbx) : (realAlpha ? .grayAlpha : .gray)
        let width = image.width, height = image.height, rowBytes = image.bytesPerRow
        let outComponents = layout.componentCount
        let result = try PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: outBits) { (output) throws(ImageIOError) in
            bytes.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
                for y in 0..<height {
                    let row = input.baseAddress! + y * rowBytes
                    for x in 0..<width {
                        var values = SIMD4<Double>(1, 1, 1, 1)   // up to 3 colour + alpha, in 0…1
                        for c in 0..<components {
                            let index = reversed ? components - 1 - c : c
                            let v = Self.component(row, x * components + index, bpc: bpc, float: isFloat, little: littleEndian)
                            let colorIndex = alphaFirst ? c - 1 : c
                            if alphaFirst && c == 0 { values[3] = v } else if colorIndex < colorCount { values[colorIndex] = v } else { values[3] = v }
                        }
                        if !realAlpha { values[3] = 1 }
                        if alpha.isPremultiplied, values[3] > 0 { for c in 0..<colorCount { values[c] = min(values[c] / values[3], 1) } }
                        let outBase = (y * width + x) * outComponents
                        let picks = colorCount == 3 ? [0, 1, 2, 3] : [0, 3]
                        for (o, source) in picks.prefix(outComponents).enumerated() {
                            let v = min(max(values[source], 0), 1)
                            if outBits == 8 { output[outBase + o] = UInt8((v * 255).rounded()) }
                            else { output.storeBytes(of: UInt16((v * 65535).rounded()), toByteOffset: (outBase + o) * 2, as: UInt16.self) }
                        }
                    }
                }
            }
        }
        self = result
    }

    private static func component(_ row: UnsafeRawPointer, _ index: Int, bpc: Int, float: Bool, little: Bool) -> Double {
        switch (bpc, float) {
        case (8, _): return Double(row.load(fromByteOffset: index, as: UInt8.self)) / 255
        case (16, false):
            let raw = row.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
            return Double(little ? UInt16(littleEndian: raw) : UInt16(bigEndian: raw)) / 65535
        case (16, true):
            let raw = row.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
            return Double(Float16(bitPattern: little ? UInt16(littleEndian: raw) : UInt16(bigEndian: raw)))
        default:
            let raw = row.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
            return Double(Float(bitPattern: little ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)))
        }
    }

    /// 8-bit RGBA premultiplied-last, or BGRA premultiplied-first little-endian (Core Image's usual outputs):
    /// reordered if needed and un-premultiplied in C.
    static func premultiplied8(_ image: CGImage) -> PixelBuffer? {
        guard let bytes = image.dataProvider?.data, image.colorSpace?.model == .rgb, image.bitsPerComponent == 8,
              image.bitsPerPixel == 32, !image.bitmapInfo.contains(.floatComponents) else { return nil }
        let alpha = image.bitmapInfo.alphaInfo, order = image.bitmapInfo.byteOrderInfo
        let rgbaOrder = alpha == .premultipliedLast && (order == .orderDefault || order == .order32Big)
        let bgraOrder = (alpha == .premultipliedFirst || alpha == .noneSkipFirst) && order == .order32Little
        guard rgbaOrder || bgraOrder else { return nil }
        let width = image.width, height = image.height
        var output = Data(count: width * height * 4)
        output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
            bytes.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
                for y in 0..<height {
                    let from = input.baseAddress! + y * image.bytesPerRow, to = out.baseAddress! + y * width * 4
                    if rgbaOrder { to.copyMemory(from: from, byteCount: width * 4); continue }
                    let source = from.assumingMemoryBound(to: UInt8.self), target = to.assumingMemoryBound(to: UInt8.self)
                    for x in 0..<width {
                        target[4 * x] = source[4 * x + 2]; target[4 * x + 1] = source[4 * x + 1]
                        target[4 * x + 2] = source[4 * x]; target[4 * x + 3] = alpha == .noneSkipFirst ? 255 : source[4 * x + 3]
                    }
                }
            }
        }
        let buffer = PixelBuffer(width: width, height: height, layout: .rgba, bitsPerComponent: 8, data: output)
        let straight = buffer.premultiplied(inverse: true)
        return straight.alphaIsOpaque ? straight.declaringOpaque() : straight
    }

    /// Whether `image` already has exactly this module's layout (no conversion needed).
    static func fastLayout(_ image: CGImage) -> PixelBuffer? {
        guard let bytes = image.dataProvider?.data, let (layout, bits) = directLayout(image) else { return nil }
        return PixelBuffer(width: image.width, height: image.height, layout: layout, bitsPerComponent: bits, bytesPerRow: image.bytesPerRow, data: bytes)
    }

    /// The layout and depth in which this module takes `image`'s bytes as they are (8-bit RGBX/RGBA big-endian,
    /// 16-bit little-endian, gray), or `nil` when they must be converted.
    static func directLayout(_ image: CGImage) -> (layout: Layout, bitsPerComponent: Int)? {
        guard let space = image.colorSpace, !image.bitmapInfo.contains(.floatComponents) else { return nil }
        let alpha = image.bitmapInfo.alphaInfo
        let order = image.bitmapInfo.byteOrderInfo
        switch (space.model, image.bitsPerComponent, image.bitsPerPixel, alpha) {
        case (.rgb, 8, 32, .noneSkipLast) where order == .orderDefault || order == .order32Big: return (.rgbx, 8)
        case (.rgb, 8, 32, .last) where order == .orderDefault || order == .order32Big: return (.rgba, 8)
        case (.monochrome, 8, 8, .none): return (.gray, 8)
        case (.rgb, 16, 64, .noneSkipLast) where order == .order16Little: return (.rgbx, 16)
        case (.rgb, 16, 64, .last) where order == .order16Little: return (.rgba, 16)
        case (.monochrome, 16, 16, .none) where order == .order16Little: return (.gray, 16)
        default: return nil
        }
    }
}

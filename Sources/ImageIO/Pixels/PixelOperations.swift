import Foundation
import CoreGraphics
internal import CPixelKernels

/// Geometry on pixel buffers: orientation, resizing, alpha handling and depth changes (kernels in C).
extension PixelBuffer {
    /// The pixels as they look once `orientation` is applied (`self` for `.up`).
    public func applying(_ orientation: CGImagePropertyOrientation) -> PixelBuffer {
        guard orientation != .up else { return self }
        let (w, h) = orientation.swapsDimensions ? (height, width) : (width, height)
        let rowBytes = w * bytesPerPixel
        var output = Data(count: rowBytes * h)
        output.withUnsafeMutableBytes { destination in
            data.withUnsafeBytes { source in
                pk_img_orient(source.bindMemory(to: UInt8.self).baseAddress, bytesPerRow, Int32(width), Int32(height),
                              Int32(bytesPerPixel), Int32(orientation.rawValue),
                              destination.bindMemory(to: UInt8.self).baseAddress, rowBytes)
            }
        }
        return PixelBuffer(width: w, height: h, layout: layout, bitsPerComponent: bitsPerComponent, bytesPerRow: rowBytes, data: output)
    }

    /// The pixels resampled to exactly `newWidth × newHeight`: box-averaged by whole factors down to at most
    /// twice the target, then Lanczos-3 (alpha-weighted when there is a real alpha channel).
    public func resized(width newWidth: Int, height newHeight: Int) throws(ImageIOError) -> PixelBuffer {
        precondition(newWidth > 0 && newHeight > 0, "resized(width:height:) needs a positive size")
        guard newWidth != width || newHeight != height else { return self }
        var source = self
        if layout.hasAlpha { source = source.premultiplied(inverse: false) }
        let factorX = max(1, width / newWidth / 2), factorY = max(1, height / newHeight / 2)
        if factorX > 1 || factorY > 1 { source = source.boxShrunk(factorX: factorX, factorY: factorY) }
        let rowBytes = newWidth * bytesPerPixel
        var output = Data(count: rowBytes * newHeight)
        let status = output.withUnsafeMutableBytes { destination in
            source.data.withUnsafeBytes { input in
                pk_img_resize(input.bindMemory(to: UInt8.self).baseAddress, source.bytesPerRow, Int32(source.width),
                              Int32(source.height), Int32(layout.componentCount), Int32(bitsPerComponent),
                              destination.bindMemory(to: UInt8.self).baseAddress, rowBytes, Int32(newWidth), Int32(newHeight))
            }
        }
        guard status == 0 else { throw ImageIOError(.io, "out of memory while resizing to \(newWidth)×\(newHeight)") }
        var result = PixelBuffer(width: newWidth, height: newHeight, layout: layout, bitsPerComponent: bitsPerComponent,
                                 bytesPerRow: rowBytes, data: output)
        if layout.hasAlpha { result = result.premultiplied(inverse: true) }
        return result
    }

    /// Averages `factorX × factorY` blocks.
    func boxShrunk(factorX: Int, factorY: Int) -> PixelBuffer {
        let w = (width + factorX - 1) / factorX, h = (height + factorY - 1) / factorY
        let rowBytes = w * bytesPerPixel
        var output = Data(count: rowBytes * h)
        output.withUnsafeMutableBytes { destination in
            data.withUnsafeBytes { source in
                pk_img_box_shrink(source.bindMemory(to: UInt8.self).baseAddress, bytesPerRow, Int32(width), Int32(height),
                                  Int32(layout.componentCount), Int32(bitsPerComponent), Int32(factorX), Int32(factorY),
                                  destination.bindMemory(to: UInt8.self).baseAddress, rowBytes)
            }
        }
        return PixelBuffer(width: w, height: h, layout: layout, bitsPerComponent: bitsPerComponent, bytesPerRow: rowBytes, data: output)
    }

    /// Colour multiplied by alpha (or divided back, with `inverse`).
    func premultiplied(inverse: Bool) -> PixelBuffer {
        var copy = data
        copy.withUnsafeMutableBytes { raw in
            pk_img_premultiply(raw.bindMemory(to: UInt8.self).baseAddress, bytesPerRow, Int32(width), Int32(height),
                               Int32(layout.componentCount), Int32(bitsPerComponent), inverse ? 1 : 0)
        }
        return PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow, data: copy)
    }

    /// Whether a real alpha channel is fully opaque everywhere.
    var alphaIsOpaque: Bool {
        guard layout.hasAlpha else { return true }
        return data.withUnsafeBytes { raw in
            pk_img_alpha_is_opaque(raw.bindMemory(to: UInt8.self).baseAddress, bytesPerRow, Int32(width), Int32(height),
                                   Int32(layout.componentCount), Int32(bitsPerComponent)) != 0
        }
    }

    /// The same pixels at 8 bits per component (16-bit values rounded).
    public func converted(toBitsPerComponent bits: Int) -> PixelBuffer {
        guard bits != bitsPerComponent else { return self }
        let components = width * layout.componentCount
        let rowBytes = components * bits / 8
        var output = Data(count: rowBytes * height)
        output.withUnsafeMutableBytes { destination in
            data.withUnsafeBytes { source in
                for row in 0..<height {
                    let input = source.baseAddress! + row * bytesPerRow
                    let out = destination.baseAddress! + row * rowBytes
                    if bits == 8 {
                        let from = input.assumingMemoryBound(to: UInt16.self), to = out.assumingMemoryBound(to: UInt8.self)
                        for i in 0..<components { to[i] = UInt8((UInt32(from[i]) * 255 + 32767) / 65535) }
                    } else {
                        let from = input.assumingMemoryBound(to: UInt8.self), to = out.assumingMemoryBound(to: UInt16.self)
                        for i in 0..<components { to[i] = UInt16(from[i]) * 257 }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: bits, bytesPerRow: rowBytes, data: output)
    }
}

import Foundation

/// An 8-bit-per-component bitmap layout a `CGContext` draws into, and the conversion of its pixels to and from
/// cairo's native ARGB32 (premultiplied, one native-endian 32-bit word per pixel: A, R, G, B from the high byte).
struct BitmapLayout: Equatable {
    enum Channel { case red, green, blue, alpha, padding, gray }
    /// The channel of each byte of a pixel, in memory order.
    let bytes: [Channel]
    /// Whether colour is stored multiplied by alpha.
    let premultiplied: Bool

    var bytesPerPixel: Int { bytes.count }

    /// The layout of `bitmapInfo` over `space` at 8 bits per component, or nil for one this context cannot draw
    /// into (other depths, float components, alpha-only, more than three colour components).
    init?(bitsPerComponent: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents) else { return nil }
        let alpha = bitmapInfo.alphaInfo
        switch space.numberOfComponents {
        case 1:
            switch alpha {
            case .none: (bytes, premultiplied) = ([.gray], false)
            case .premultipliedLast, .last: (bytes, premultiplied) = ([.gray, .alpha], alpha == .premultipliedLast)
            case .premultipliedFirst, .first: (bytes, premultiplied) = ([.alpha, .gray], alpha == .premultipliedFirst)
            case .noneSkipLast: (bytes, premultiplied) = ([.gray, .padding], false)
            case .noneSkipFirst: (bytes, premultiplied) = ([.padding, .gray], false)
            default: return nil
            }
        case 3:
            var order: [Channel]
            switch alpha {
            case .none: order = [.red, .green, .blue]
            case .premultipliedLast, .last: order = [.red, .green, .blue, .alpha]
            case .premultipliedFirst, .first: order = [.alpha, .red, .green, .blue]
            case .noneSkipLast: order = [.red, .green, .blue, .padding]
            case .noneSkipFirst: order = [.padding, .red, .green, .blue]
            default: return nil
            }
            switch bitmapInfo.byteOrderInfo {
            case .order32Little: order.reverse()
            case .orderDefault, .order32Big: break
            default: return nil
            }
            (bytes, premultiplied) = (order, alpha == .premultipliedLast || alpha == .premultipliedFirst)
        default:
            return nil
        }
    }

    /// Whether the layout is cairo's ARGB32 on this machine (cairo can draw into such a buffer directly).
    var isNativeARGB32: Bool {
        premultiplied && bytes == (Int(bitPattern: 1).littleEndian == 1 ? [.blue, .green, .red, .alpha] : [.alpha, .red, .green, .blue])
    }

    /// Converts `height` rows of `width` pixels from this layout (`source`, `sourceStride` bytes per row) into
    /// ARGB32 words (`destination`, `destinationStride` bytes per row).
    func importRows(_ source: UnsafeRawPointer, sourceStride: Int, into destination: UnsafeMutableRawPointer, destinationStride: Int,
                    width: Int, height: Int) {
        for row in 0..<height {
            let input = source + row * sourceStride
            let output = (destination + row * destinationStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 255
                for (index, channel) in bytes.enumerated() {
                    let value = UInt32(input.load(fromByteOffset: x * bytes.count + index, as: UInt8.self))
                    switch channel {
                    case .red: r = value
                    case .green: g = value
                    case .blue: b = value
                    case .alpha: a = value
                    case .gray: (r, g, b) = (value, value, value)
                    case .padding: break
                    }
                }
                if !premultiplied && a < 255 { (r, g, b) = ((r * a + 127) / 255, (g * a + 127) / 255, (b * a + 127) / 255) }
                output[x] = a << 24 | min(r, a) << 16 | min(g, a) << 8 | min(b, a)
            }
        }
    }

    /// Converts ARGB32 words back into this layout (the inverse of `importRows`).
    func exportRows(_ source: UnsafeRawPointer, sourceStride: Int, into destination: UnsafeMutableRawPointer, destinationStride: Int,
                    width: Int, height: Int) {
        for row in 0..<height {
            let input = (source + row * sourceStride).assumingMemoryBound(to: UInt32.self)
            let output = destination + row * destinationStride
            for x in 0..<width {
                let word = input[x]
                let a = word >> 24
                var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                if !premultiplied && a > 0 && a < 255 { (r, g, b) = ((r * 255 + a / 2) / a, (g * 255 + a / 2) / a, (b * 255 + a / 2) / a) }
                for (index, channel) in bytes.enumerated() {
                    let value: UInt32
                    switch channel {
                    case .red: value = r
                    case .green: value = g
                    case .blue: value = b
                    case .alpha: value = a
                    case .padding: value = 255
                    case .gray: value = (r * 299 + g * 587 + b * 114 + 500) / 1000
                    }
                    output.storeBytes(of: UInt8(min(value, 255)), toByteOffset: x * bytes.count + index, as: UInt8.self)
                }
            }
        }
    }
}

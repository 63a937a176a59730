/// How pixels are laid out in memory: a component type and the channels in storage order.
///
/// The engine computes on working pixels (RGBA float32); a `PixelFormat` describes sources, intermediates and
/// destinations. Gray (luminance) formats load as R = G = B; red-only and red-green formats load missing colour
/// channels as 0; missing alpha loads as 1. Value type, `Sendable`.
package struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
    /// The storage type of one component.
    package enum Component: Int, Hashable, Sendable {
        case uint8 = 1, uint16 = 2, float16 = 3, float32 = 4
        package var byteCount: Int { self == .uint8 ? 1 : (self == .float32 ? 4 : 2) }
    }

    /// What one stored component holds.
    package enum Channel: Int8, Hashable, Sendable {
        case red = 0, green = 1, blue = 2, alpha = 3, padding = -1, luminance = -2
    }

    package var component: Component
    package var channels: [Channel]
    /// 16-bit components stored big-endian (PNG/TIFF style).
    package var bigEndian: Bool = false
    /// Short name used in logs and tree printing ("RGBA8", "RGBAh"…).
    package var name: String

    package init(_ name: String, _ component: Component, _ channels: [Channel], bigEndian: Bool = false) {
        (self.name, self.component, self.channels, self.bigEndian) = (name, component, channels, bigEndian)
    }

    package var componentCount: Int { channels.count }
    package var bytesPerPixel: Int { channels.count * component.byteCount }
    package var hasAlpha: Bool { channels.contains(.alpha) }
    package var isGray: Bool { channels.contains(.luminance) }
    /// Whether the format keeps only alpha.
    package var isAlphaOnly: Bool { channels == [.alpha] }
    package var isFloat: Bool { component == .float16 || component == .float32 }
    package var colorChannelCount: Int { channels.filter { $0 != .alpha && $0 != .padding }.count }

    /// For each working channel (R, G, B, A), the stored component that feeds it, or -1.
    package var loadMap: (Int8, Int8, Int8, Int8) {
        func index(_ wanted: Channel...) -> Int8 {
            for (i, channel) in channels.enumerated() where wanted.contains(channel) { return Int8(i) }
            return -1
        }
        return (index(.red, .luminance), index(.green, .luminance), index(.blue, .luminance), index(.alpha))
    }

    /// For each stored component, the working channel it takes (-1 padding, -2 luminance).
    package var storeMap: (Int8, Int8, Int8, Int8) {
        var map: [Int8] = channels.map(\.rawValue)
        while map.count < 4 { map.append(-1) }
        return (map[0], map[1], map[2], map[3])
    }

    package var description: String { name }

    package static let rgba8 = PixelFormat("RGBA8", .uint8, [.red, .green, .blue, .alpha])
    package static let bgra8 = PixelFormat("BGRA8", .uint8, [.blue, .green, .red, .alpha])
    package static let argb8 = PixelFormat("ARGB8", .uint8, [.alpha, .red, .green, .blue])
    package static let abgr8 = PixelFormat("ABGR8", .uint8, [.alpha, .blue, .green, .red])
    package static let rgbx8 = PixelFormat("RGBX8", .uint8, [.red, .green, .blue, .padding])
    package static let xrgb8 = PixelFormat("XRGB8", .uint8, [.padding, .red, .green, .blue])
    package static let rgb8 = PixelFormat("RGB8", .uint8, [.red, .green, .blue])
    package static let rgba16 = PixelFormat("RGBA16", .uint16, [.red, .green, .blue, .alpha])
    package static let rgbx16 = PixelFormat("RGBX16", .uint16, [.red, .green, .blue, .padding])
    package static let rgb16 = PixelFormat("RGB16", .uint16, [.red, .green, .blue])
    package static let rgbah = PixelFormat("RGBAh", .float16, [.red, .green, .blue, .alpha])
    package static let rgbxh = PixelFormat("RGBXh", .float16, [.red, .green, .blue, .padding])
    package static let rgbaf = PixelFormat("RGBAf", .float32, [.red, .green, .blue, .alpha])
    package static let rgbxf = PixelFormat("RGBXf", .float32, [.red, .green, .blue, .padding])
    package static let rgbf = PixelFormat("RGBf", .float32, [.red, .green, .blue])
    package static let a8 = PixelFormat("A8", .uint8, [.alpha])
    package static let a16 = PixelFormat("A16", .uint16, [.alpha])
    package static let ah = PixelFormat("Ah", .float16, [.alpha])
    package static let af = PixelFormat("Af", .float32, [.alpha])
    package static let r8 = PixelFormat("R8", .uint8, [.red])
    package static let r16 = PixelFormat("R16", .uint16, [.red])
    package static let rh = PixelFormat("Rh", .float16, [.red])
    package static let rf = PixelFormat("Rf", .float32, [.red])
    package static let rg8 = PixelFormat("RG8", .uint8, [.red, .green])
    package static let rg16 = PixelFormat("RG16", .uint16, [.red, .green])
    package static let rgh = PixelFormat("RGh", .float16, [.red, .green])
    package static let rgf = PixelFormat("RGf", .float32, [.red, .green])
    package static let l8 = PixelFormat("L8", .uint8, [.luminance])
    package static let l16 = PixelFormat("L16", .uint16, [.luminance])
    package static let lh = PixelFormat("Lh", .float16, [.luminance])
    package static let lf = PixelFormat("Lf", .float32, [.luminance])
    package static let la8 = PixelFormat("LA8", .uint8, [.luminance, .alpha])
    package static let la16 = PixelFormat("LA16", .uint16, [.luminance, .alpha])
    package static let lah = PixelFormat("LAh", .float16, [.luminance, .alpha])
    package static let laf = PixelFormat("LAf", .float32, [.luminance, .alpha])
}

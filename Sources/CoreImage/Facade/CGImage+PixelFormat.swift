import Foundation

extension PixelFormat {
    /// The engine format of a `CGImage`'s pixels, or `nil` for layouts Core Image cannot read.
    package init?(cgImage image: CGImage) {
        let bpc = image.bitsPerComponent
        guard bpc > 0, image.bitsPerPixel % bpc == 0 else { return nil }
        let count = image.bitsPerPixel / bpc
        let info = image.bitmapInfo
        let isFloat = info.contains(.floatComponents)
        let component: Component
        switch (bpc, isFloat) {
        case (8, false): component = .uint8
        case (16, false): component = .uint16
        case (16, true): component = .float16
        case (32, true): component = .float32
        default: return nil
        }
        let gray = (image.colorSpace?.numberOfComponents ?? 0) == 1
        var channels: [Channel]
        let alpha = image.alphaInfo
        switch (alpha, gray, count) {
        case (.alphaOnly, _, 1): channels = [.alpha]
        case (.none, true, 1): channels = [.luminance]
        case (.none, false, 3): channels = [.red, .green, .blue]
        case (.last, true, 2), (.premultipliedLast, true, 2): channels = [.luminance, .alpha]
        case (.first, true, 2), (.premultipliedFirst, true, 2): channels = [.alpha, .luminance]
        case (.noneSkipLast, true, 2): channels = [.luminance, .padding]
        case (.noneSkipFirst, true, 2): channels = [.padding, .luminance]
        case (.last, false, 4), (.premultipliedLast, false, 4): channels = [.red, .green, .blue, .alpha]
        case (.first, false, 4), (.premultipliedFirst, false, 4): channels = [.alpha, .red, .green, .blue]
        case (.noneSkipLast, false, 4): channels = [.red, .green, .blue, .padding]
        case (.noneSkipFirst, false, 4): channels = [.padding, .red, .green, .blue]
        default: return nil
        }
        let order = image.byteOrderInfo
        var bigEndian = false
        if component == .uint8, order == .order32Little, channels.count == 4 { channels.reverse() }
        if component == .uint8, order == .order16Little, channels.count == 2 { channels.reverse() }
        if component == .uint16 { bigEndian = order != .order16Little }
        self.init("CGImage", component, channels, bigEndian: bigEndian)
    }

    /// The `CGImage` layout (bits per component, bits per pixel, bitmap info) that stores this format, premultiplied.
    package var cgLayout: (bitsPerComponent: Int, bitsPerPixel: Int, bitmapInfo: CGBitmapInfo)? {
        let bpc = component.byteCount * 8
        let bpp = bpc * componentCount
        var info: CGBitmapInfo
        switch channels {
        case [.red, .green, .blue, .alpha], [.luminance, .alpha]: info = CGBitmapInfo(alphaInfo: .premultipliedLast)
        case [.alpha, .red, .green, .blue], [.alpha, .luminance]: info = CGBitmapInfo(alphaInfo: .premultipliedFirst)
        case [.blue, .green, .red, .alpha]: info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        case [.alpha, .blue, .green, .red]: info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        case [.red, .green, .blue, .padding]: info = CGBitmapInfo(alphaInfo: .noneSkipLast)
        case [.padding, .red, .green, .blue]: info = CGBitmapInfo(alphaInfo: .noneSkipFirst)
        case [.red, .green, .blue], [.luminance]: info = CGBitmapInfo(alphaInfo: .none)
        case [.alpha]: info = CGBitmapInfo(alphaInfo: .alphaOnly)
        default: return nil
        }
        switch component {
        case .uint8: break
        case .uint16: info.insert(.byteOrder16Little)
        case .float16: info.formUnion([.floatComponents, .byteOrder16Little])
        case .float32: info.formUnion([.floatComponents, .byteOrder32Little])
        }
        return (bpc, bpp, info)
    }
}

extension Bitmap {
    /// The pixels of a `CGImage` (shared, not copied), or `nil` for layouts Core Image cannot read.
    package convenience init?(cgImage image: CGImage) {
        guard let format = PixelFormat(cgImage: image), let data = image.dataProvider?.data else { return nil }
        self.init(storage: .data(data), width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
                  format: format, premultiplied: image.alphaInfo.isPremultiplied)
        guard isLayoutValid else { return nil }
    }
}

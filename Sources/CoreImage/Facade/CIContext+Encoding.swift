import Foundation
import ImageIO

extension CIContext {
    /// Renders `image` over its extent into a `CGImage` of `format` (straight alpha, a layout ImageIO takes
    /// without copying) in `colorSpace`, then encodes it as `type` with ImageIO, embedding the profile. Every option
    /// becomes an ImageIO destination property; an auxiliary-image option throws (it cannot be written).
    @discardableResult
    func encode(_ image: CIImage, type: String, format: PixelFormat, colorSpace: CGColorSpace,
                options: [CIImageRepresentationOption: Any], to url: URL? = nil) throws -> Data {
        if let auxiliary = options.keys.first(where: CIImageRepresentationOption.auxiliaryImageKeys.contains) {
            throw CIContextRepresentationError(description: "\(auxiliary.rawValue): auxiliary images (depth, mattes, HDR gain maps) cannot be written on Linux")
        }
        let rect = PixelRect(covering: image.extent)
        guard !rect.isEmpty, !rect.isInfinite else {
            throw CIContextRepresentationError(description: "the image's extent \(image.extent) is empty or infinite; crop it first")
        }
        guard rect.width <= CIContext.maximumSide, rect.height <= CIContext.maximumSide else {
            throw CIContextRepresentationError(description: "the image is \(rect.width)×\(rect.height); outputs are limited to \(CIContext.maximumSide) pixels a side")
        }
        var space = colorSpace
        if format.isGray && space.model != .monochrome { space = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }
        if !format.isGray && space.model != .rgb {
            throw CIContextRepresentationError(description: "the colour space \(colorSpace) is not an RGB space")
        }
        let rowBytes = rect.width * format.bytesPerPixel
        let straight = format.hasAlpha
        let configure: (inout RenderSettings) -> Void = { settings in if straight { settings.outputPremultiplied = false } }
        let pixels: Data
        if let consumed = renderInPlace(image.image, bounds: rect, format: format, outputSpace: space, configure: configure),
           case .data(let data) = consumed.storage {
            pixels = data
        } else {
            let buffer = PixelBuffer(byteCount: rowBytes * rect.height)
            let destination = Destination(base: buffer.pointer, bytesPerRow: rowBytes, format: format, bounds: rect, bottomUp: false)
            guard render(image.image, bounds: rect, destination: destination, outputSpace: space, configure: configure) else {
                throw CIContextRepresentationError(description: "rendering failed: \(lastRenderError.map { "\($0)" } ?? "unknown error")")
            }
            pixels = buffer.data
        }
        let alpha: CGImageAlphaInfo = format.hasAlpha ? .last : (format.componentCount == 4 ? .noneSkipLast : .none)
        var info = CGBitmapInfo(alphaInfo: alpha)
        if format.component == .uint16 { info.insert(.byteOrder16Little) }
        guard let cgImage = CGImage(width: rect.width, height: rect.height, bitsPerComponent: format.component.byteCount * 8,
                                    bitsPerPixel: format.bytesPerPixel * 8, bytesPerRow: rowBytes, space: space, bitmapInfo: info,
                                    data: pixels, utType: nil) else {
            throw CIContextRepresentationError(description: "could not wrap the rendered pixels as a CGImage")
        }
        let output = NSMutableData()
        let destination = url.map { CGImageDestinationCreateWithURL($0, type, 1, nil) } ?? CGImageDestinationCreateWithData(output, type, 1, nil)
        guard let writer = destination else {
            throw CIContextRepresentationError(description: "ImageIO cannot write \(type)" + (url.map { " to \($0.path)" } ?? ""))
        }
        var properties: [String: Any] = [:]
        for (key, value) in options { properties[key.rawValue] = value }
        CGImageDestinationAddImage(writer, cgImage, properties as NSDictionary)
        guard CGImageDestinationFinalize(writer) else {
            throw CIContextRepresentationError(description: "ImageIO could not encode the image as \(type)" + (url.map { " or write \($0.path)" } ?? ""))
        }
        // A byte copy: bridging `output as Data` would walk the bytes one by one on Linux.
        return url == nil ? Data(bytes: output.bytes, count: output.length) : Data()
    }
}

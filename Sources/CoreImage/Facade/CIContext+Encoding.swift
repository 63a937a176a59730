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
        // JPEG from a file readable in bands: rendered strip by strip as the encoder takes them, neither the decoded
        // file nor the output whole in memory. Should that fail, the whole render below reports why.
        if type == "public.jpeg" {
            let settings = renderSettings(outputSpace: space, configure: configure)
            if let first = try? StripRender(image.image, rect: rect, format: format, settings: settings) {
                let rows = RenderedRows(context: self, image: image.image, rect: rect, format: format, settings: settings, first: first)
                if let written = try? write(CGDataProvider(rows: rows), rect: rect, format: format, space: space, type: type,
                                            options: options, to: url) {
                    return written
                }
                // A cancelled or timed-out render stops here rather than starting again whole.
                if let stopped = rows.failure as? RenderStopped {
                    recordRenderFailure(stopped)
                    throw CIContextRepresentationError(description: "rendering failed: \(stopped)")
                }
            }
        }
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
        return try write(CGDataProvider(data: pixels), rect: rect, format: format, space: space, type: type, options: options, to: url)
    }

    /// Encodes the rendered pixels `provider` gives (`rect`'s size, rows of `format`) as `type` with ImageIO.
    private func write(_ provider: CGDataProvider, rect: PixelRect, format: PixelFormat, space: CGColorSpace, type: String,
                       options: [CIImageRepresentationOption: Any], to url: URL?) throws -> Data {
        let rowBytes = rect.width * format.bytesPerPixel
        let alpha: CGImageAlphaInfo = format.hasAlpha ? .last : (format.componentCount == 4 ? .noneSkipLast : .none)
        var info = CGBitmapInfo(alphaInfo: alpha)
        if format.component == .uint16 { info.insert(.byteOrder16Little) }
        guard let cgImage = CGImage(width: rect.width, height: rect.height, bitsPerComponent: format.component.byteCount * 8,
                                    bitsPerPixel: format.bytesPerPixel * 8, bytesPerRow: rowBytes, space: space, bitmapInfo: info,
                                    provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) else {
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

/// A render's rows for a sequential `CGDataProvider`: each pass is a `StripRender` (the first one already made,
/// to know the render qualifies), and a finished pass leaves its statistics as the context's last render's.
private final class RenderedRows: CGDataProviderRowSource, @unchecked Sendable {
    let rowCount: Int
    let bytesPerRow: Int
    private let context: CIContext
    private let image: Image
    private let rect: PixelRect
    private let format: PixelFormat
    private let settings: RenderSettings
    private let lock = NSLock()
    private var first: StripRender?
    private var lastFailure: (any Error)?

    /// Why the last pass stopped, if it failed.
    var failure: (any Error)? { lock.withLock { lastFailure } }

    init(context: CIContext, image: Image, rect: PixelRect, format: PixelFormat, settings: RenderSettings, first: StripRender) {
        (self.context, self.image, self.rect, self.format, self.settings, self.first) = (context, image, rect, format, settings, first)
        (rowCount, bytesPerRow) = (rect.height, rect.width * format.bytesPerPixel)
    }

    func makeReader() throws -> any CGDataProviderRowReader {
        lock.lock()
        let taken = first
        first = nil
        lock.unlock()
        guard let render = try taken ?? StripRender(image, rect: rect, format: format, settings: settings) else {
            throw StripRenderError(description: "the image can no longer be rendered in strips")
        }
        return Reader(render: render, rows: self)
    }

    private final class Reader: CGDataProviderRowReader {
        let render: StripRender
        let rows: RenderedRows
        init(render: StripRender, rows: RenderedRows) { (self.render, self.rows) = (render, rows) }

        func read(_ count: Int, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) throws {
            do {
                try render.render(rows: count, into: destination, bytesPerRow: bytesPerRow)
            } catch {
                rows.lock.withLock { rows.lastFailure = error }
                throw error
            }
            if render.isFinished { rows.context.recordStripRender(render) }
        }
    }
}

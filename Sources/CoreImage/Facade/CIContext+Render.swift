import Foundation

extension CIContext {
    /// Renders the part of `image` inside `bounds` into memory at `data`: rows top-down, `rowBytes` apart, in
    /// `format`, colour-matched to `colorSpace` (`nil`: working-space values, unconverted). Pixels outside the
    /// image's extent are clear. Alpha formats are premultiplied unless the context says otherwise.
    public func render(_ image: CIImage, toBitmap data: UnsafeMutableRawPointer, rowBytes: Int, bounds: CGRect,
                       format: CIFormat, colorSpace: CGColorSpace?) {
        guard let pixelFormat = format.pixelFormat else { return }
        let rect = PixelRect(covering: bounds)
        guard !rect.isEmpty, !rect.isInfinite, rect.width <= CIContext.maximumSide, rect.height <= CIContext.maximumSide,
              rowBytes >= rect.width * pixelFormat.bytesPerPixel else { return }
        let destination = Destination(base: data, bytesPerRow: rowBytes, format: pixelFormat, bounds: rect, bottomUp: false)
        render(image.image, bounds: rect, destination: destination, outputSpace: colorSpace)
    }

    /// A `CGImage` of the part of `image` inside `fromRect`, 8-bit RGBA premultiplied in the context's output
    /// colour space (sRGB by default); `nil` for an empty or infinite rectangle or a failed render.
    public func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
        createCGImage(image, from: fromRect, format: .RGBA8, colorSpace: settings.outputSpace ?? ColorSpaces.sRGB, deferred: false)
    }

    /// A `CGImage` in the given format and colour space (e.g. `.RGBAh` with extended linear sRGB keeps values
    /// outside 0…1). Luminance formats need a gray colour space (a gray space is chosen when `colorSpace` is RGB).
    public func createCGImage(_ image: CIImage, from fromRect: CGRect, format: CIFormat, colorSpace: CGColorSpace?) -> CGImage? {
        createCGImage(image, from: fromRect, format: format, colorSpace: colorSpace, deferred: false)
    }

    /// Like `createCGImage(_:from:format:colorSpace:)`. Difference from Apple: `deferred: true` also renders
    /// immediately (`CGImage`s hold their pixels in memory in this port).
    public func createCGImage(_ image: CIImage, from fromRect: CGRect, format: CIFormat, colorSpace: CGColorSpace?, deferred: Bool) -> CGImage? {
        guard let pixelFormat = format.pixelFormat, let layout = pixelFormat.cgLayout else { return nil }
        let rect = PixelRect(covering: fromRect)
        guard !rect.isEmpty, !rect.isInfinite, rect.width <= CIContext.maximumSide, rect.height <= CIContext.maximumSide else { return nil }
        var space = colorSpace ?? ColorSpaces.sRGB
        if pixelFormat.isGray && space.numberOfComponents != 1 { space = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }
        if !pixelFormat.isGray && pixelFormat.colorChannelCount == 3 && space.numberOfComponents != 3 { return nil }
        if pixelFormat.colorChannelCount != 3 && !pixelFormat.isGray && !pixelFormat.isAlphaOnly { return nil }
        let rowBytes = rect.width * pixelFormat.bytesPerPixel
        let buffer = PixelBuffer(byteCount: rowBytes * rect.height)
        let destination = Destination(base: buffer.pointer, bytesPerRow: rowBytes, format: pixelFormat, bounds: rect, bottomUp: false)
        guard render(image.image, bounds: rect, destination: destination, outputSpace: colorSpace == nil ? nil : space) else { return nil }
        return CGImage(width: rect.width, height: rect.height, bitsPerComponent: layout.bitsPerComponent,
                       bitsPerPixel: layout.bitsPerPixel, bytesPerRow: rowBytes, space: pixelFormat.isAlphaOnly ? nil : space,
                       bitmapInfo: layout.bitmapInfo, data: buffer.data, utType: nil)
    }
}

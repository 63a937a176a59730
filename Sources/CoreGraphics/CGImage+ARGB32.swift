@_implementationOnly import CCairoDrawing
import Foundation

extension CGImage {
    /// The image as a cairo ARGB32 surface (premultiplied 8-bit), or nil for a layout it cannot read (float
    /// components, alpha-only masks, more than three colour components). 16-bit components keep their high byte.
    /// Colour values are taken as they are: no conversion between the image's colour space and a context's.
    func argb32Surface() -> OpaquePointer? {
        guard let data = dataProvider?.data, let space = colorSpace else { return nil }
        var source = data, stride = bytesPerRow, info = bitmapInfo
        if bitsPerComponent == 16 {
            // One byte per component: the high byte of each (little-endian words when the image says so).
            let components = bitsPerPixel / 16, little = bitmapInfo.byteOrderInfo == .order16Little
            var narrowed = Data(count: width * components * height)
            narrowed.withUnsafeMutableBytes { (output: UnsafeMutableRawBufferPointer) in
                data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
                    for row in 0..<height {
                        for i in 0..<(width * components) { output[row * width * components + i] = input[row * bytesPerRow + i * 2 + (little ? 1 : 0)] }
                    }
                }
            }
            (source, stride) = (narrowed, width * components)
            info = CGBitmapInfo(rawValue: bitmapInfo.rawValue & ~CGBitmapInfo.byteOrderMask.rawValue)
        }
        guard let layout = BitmapLayout(bitsPerComponent: 8, space: space, bitmapInfo: info) else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let pixels = cairo_image_surface_get_data(surface)!, surfaceStride = Int(cairo_image_surface_get_stride(surface))
        source.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            layout.importRows(input.baseAddress!, sourceStride: stride, into: pixels, destinationStride: surfaceStride, width: width, height: height)
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

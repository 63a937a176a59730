import Foundation

/// The memory side of `ImageLimits`: what a decode will allocate, estimated from the header before anything is
/// allocated, and the check against the budget.
extension ImageLimits {
    /// Bytes of a buffer of `width × height` pixels with `components` components of `bytesPerComponent` bytes,
    /// saturating instead of overflowing.
    public static func bufferBytes(width: Int, height: Int, components: Int, bytesPerComponent: Int) -> Int {
        let factors = [max(width, 0), max(height, 0), components, bytesPerComponent]
        return factors.reduce(1) { product, factor in
            let (value, overflow) = product.multipliedReportingOverflow(by: factor)
            return overflow ? Int.max : value
        }
    }

    /// Throws `.tooLarge` when decoding image `header` would allocate `bytes`, more than `maxDecodeBytes`.
    public func checkBudget(_ bytes: Int, for header: ImageHeader) throws(ImageIOError) {
        guard bytes > maxDecodeBytes else { return }
        throw ImageIOError(.tooLarge, "decoding this \(header.width)×\(header.height) \(header.bitsPerComponent)-bit image needs about "
                           + "\(Self.describe(bytes)) of memory, more than the decode memory budget of \(Self.describe(maxDecodeBytes)); "
                           + "nothing was decoded", format: header.format)
    }

    /// "1.6 GB", "512 MB".
    static func describe(_ bytes: Int) -> String {
        let megabytes = Double(bytes) / 1_000_000
        if megabytes >= 1000 { return String(format: "%.1f GB", megabytes / 1000) }
        return "\(Int(megabytes.rounded())) MB"
    }
}

extension ImageCodec {
    /// The default estimate: one buffer of the whole image, four components per pixel at the decoded depth
    /// (16-bit files and 16-bit requests take two bytes per component).
    public func decodeCost(header: ImageHeader, request: DecodeRequest) -> Int {
        ImageLimits.bufferBytes(width: header.width, height: header.height, components: 4,
                                bytesPerComponent: request.bitsPerComponent > 8 || header.bitsPerComponent == 16 ? 2 : 1)
    }
}

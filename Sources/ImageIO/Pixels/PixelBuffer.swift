import Foundation

/// Decoded pixels in memory: interleaved 8- or 16-bit unsigned components, never premultiplied.
///
/// Colour images are always 4 bytes (or 4 words) per pixel — RGBA, or RGBX when opaque — so kernels can move
/// whole pixels; gray images are 1 (gray) or 2 (gray + alpha) components. 16-bit components are host-endian
/// (little-endian on Linux). Immutable once built, so it is `Sendable` and cheap to share (`Data` is copy-on-write).
public struct PixelBuffer: Sendable {
    /// Which components each pixel holds.
    public enum Layout: Sendable, Hashable {
        /// One gray component.
        case gray
        /// Gray then alpha.
        case grayAlpha
        /// Red, green, blue and a padding component (opaque; the 4th component is ignored).
        case rgbx
        /// Red, green, blue, alpha (not premultiplied).
        case rgba

        /// Components stored per pixel.
        public var componentCount: Int {
            switch self {
            case .gray: 1
            case .grayAlpha: 2
            case .rgbx, .rgba: 4
            }
        }
        /// Whether the image is colour (RGB) rather than gray.
        public var isColor: Bool { self == .rgbx || self == .rgba }
        /// Whether one component is a real alpha channel.
        public var hasAlpha: Bool { self == .rgba || self == .grayAlpha }
        /// The same colour model with or without alpha.
        public func withAlpha(_ alpha: Bool) -> Layout {
            isColor ? (alpha ? .rgba : .rgbx) : (alpha ? .grayAlpha : .gray)
        }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Component layout.
    public let layout: Layout
    /// 8 or 16.
    public let bitsPerComponent: Int
    /// Bytes from one row to the next (at least `width * bytesPerPixel`).
    public let bytesPerRow: Int
    /// The pixel bytes, `bytesPerRow * height` of them.
    public let data: Data

    /// Bytes per pixel.
    public var bytesPerPixel: Int { layout.componentCount * bitsPerComponent / 8 }

    /// Wraps existing bytes; traps when the data is shorter than the layout needs (a programming error).
    public init(width: Int, height: Int, layout: Layout, bitsPerComponent: Int, bytesPerRow: Int? = nil, data: Data) {
        precondition(width > 0 && height > 0 && (bitsPerComponent == 8 || bitsPerComponent == 16),
                     "PixelBuffer: invalid geometry \(width)×\(height) at \(bitsPerComponent) bits")
        let rowBytes = bytesPerRow ?? width * layout.componentCount * bitsPerComponent / 8
        precondition(rowBytes >= width * layout.componentCount * bitsPerComponent / 8 && data.count >= rowBytes * height,
                     "PixelBuffer: \(data.count) bytes are too few for \(width)×\(height) with \(rowBytes) bytes per row")
        self.width = width
        self.height = height
        self.layout = layout
        self.bitsPerComponent = bitsPerComponent
        self.bytesPerRow = rowBytes
        self.data = data
    }

    /// Allocates a zeroed buffer and lets `fill` write its bytes (row stride `width * bytesPerPixel`). Large
    /// buffers are mapped with huge pages (``HugePageMemory``).
    public init(width: Int, height: Int, layout: Layout, bitsPerComponent: Int,
                fill: (UnsafeMutableRawBufferPointer) throws(ImageIOError) -> Void) throws(ImageIOError) {
        let rowBytes = width * layout.componentCount * bitsPerComponent / 8
        var bytes = HugePageMemory.zeroedData(count: rowBytes * height)
        let result: Result<Void, ImageIOError> = bytes.withUnsafeMutableBytes { raw in
            Result { () throws(ImageIOError) in try fill(raw) }
        }
        try result.get()
        self.init(width: width, height: height, layout: layout, bitsPerComponent: bitsPerComponent, bytesPerRow: rowBytes, data: bytes)
    }

    /// Reads the bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try data.withUnsafeBytes(body)
    }

    /// The same buffer, declared opaque (RGBA → RGBX, gray+alpha stays as is): used when an alpha channel is all opaque.
    func declaringOpaque() -> PixelBuffer {
        guard layout == .rgba else { return self }
        return PixelBuffer(width: width, height: height, layout: .rgbx, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow, data: data)
    }
}

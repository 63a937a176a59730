import Foundation

/// A bitmap image: pixels in memory with their layout and colour space. Immutable and thread-safe.
///
/// Pixels are always held in memory (a `CGDataProvider` over `Data`). Supported layouts are the ones
/// Core Graphics accepts for bitmap contexts: 8 or 16 bits per integer component, 16 or 32 bits per
/// float component, one (gray) or three (RGB) colour components with an optional alpha or padding
/// component. Other modules (ImageIO, CoreImage) create `CGImage`s through `init?(width:height:...)`.
public final class CGImage: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per component (8, 16 or 32).
    public let bitsPerComponent: Int
    /// Bits per pixel, all components included.
    public let bitsPerPixel: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
    /// The colour space of the colour components (`nil` only for alpha-only images).
    public let colorSpace: CGColorSpace?
    /// The pixel layout.
    public let bitmapInfo: CGBitmapInfo
    /// The pixel bytes.
    public let dataProvider: CGDataProvider?
    /// The decode array (always `nil` in this port: components are never remapped).
    public let decode: UnsafePointer<CGFloat>? = nil
    /// Whether drawing should interpolate.
    public let shouldInterpolate: Bool
    /// The rendering intent for colour matching.
    public let renderingIntent: CGColorRenderingIntent
    /// The image's type identifier when it came from a file (e.g. "public.jpeg"), as `CGImageGetUTType`.
    public let utType: String?

    /// Creates a bitmap image, or `nil` when the layout is inconsistent or the data too short.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        self.init(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                  space: space, bitmapInfo: bitmapInfo, provider: provider, shouldInterpolate: shouldInterpolate, intent: intent, utType: nil)
    }

    /// Package-internal initializer that also records the source type.
    package convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                              space: CGColorSpace?, bitmapInfo: CGBitmapInfo, data: Data, utType: String?) {
        self.init(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                  space: space, bitmapInfo: bitmapInfo, provider: CGDataProvider(data: data), shouldInterpolate: true,
                  intent: .defaultIntent, utType: utType)
    }

    private init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace?,
                  bitmapInfo: CGBitmapInfo, provider: CGDataProvider, shouldInterpolate: Bool, intent: CGColorRenderingIntent,
                  utType: String?) {
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        self.colorSpace = space
        self.bitmapInfo = bitmapInfo
        self.dataProvider = provider
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = intent
        self.utType = utType
        guard isLayoutValid else { return nil }
    }

    private var isLayoutValid: Bool {
        guard width > 0, height > 0, [8, 16, 32].contains(bitsPerComponent),
              bitsPerPixel % bitsPerComponent == 0 else { return false }
        let components = bitsPerPixel / bitsPerComponent
        let colorComponents = colorSpace?.numberOfComponents ?? 0
        let extra = components - colorComponents
        guard extra == 0 || extra == 1 else { return false }
        guard (extra == 1) == (alphaInfo != .none), bitsPerComponent != 32 || bitmapInfo.contains(.floatComponents) else { return false }
        guard bytesPerRow >= (width * bitsPerPixel + 7) / 8 else { return false }
        // A sequential provider is checked by its shape, without making its rows.
        if let rows = dataProvider?.rows { return rows.rowCount == height && rows.bytesPerRow == bytesPerRow }
        return (dataProvider?.data?.count ?? 0) >= bytesPerRow * (height - 1) + (width * bitsPerPixel + 7) / 8
    }

    /// Where alpha sits and whether it is premultiplied.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo }
    /// The byte order of components.
    public var byteOrderInfo: CGImageByteOrderInfo { bitmapInfo.byteOrderInfo }
    /// Whether this is an image mask (never, in this port).
    public var isMask: Bool { false }

    /// A new image holding the pixels inside `rect` (intersected with the image bounds), or `nil` when empty.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height).intersection(rect.integral)
        guard !bounds.isNull, bounds.width > 0, bounds.height > 0, let data = dataProvider?.data else { return nil }
        let x = Int(bounds.minX), y = Int(bounds.minY), w = Int(bounds.width), h = Int(bounds.height)
        let bytesPerPixel = bitsPerPixel / 8
        let rowLength = w * bytesPerPixel
        var cropped = Data(count: rowLength * h)
        cropped.withUnsafeMutableBytes { destination in
            data.withUnsafeBytes { source in
                for row in 0..<h {
                    let from = (y + row) * bytesPerRow + x * bytesPerPixel
                    (destination.baseAddress! + row * rowLength).copyMemory(from: source.baseAddress! + from, byteCount: rowLength)
                }
            }
        }
        return CGImage(width: w, height: h, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bytesPerRow: rowLength,
                       space: colorSpace, bitmapInfo: bitmapInfo, data: cropped, utType: utType)
    }

    /// The same pixels tagged with another colour space of the same number of components (no conversion), or `nil`.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard space.numberOfComponents == colorSpace?.numberOfComponents, let data = dataProvider?.data else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo, data: data, utType: utType)
    }
}

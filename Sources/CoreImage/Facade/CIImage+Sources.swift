import Foundation

extension CIImage {
    /// An image over a `CGImage`'s pixels (not copied). The colour space is the `CGImage`'s unless the
    /// `.colorSpace` option gives another (or `NSNull()` for non-colour data). Unreadable layouts give an empty image.
    public convenience init(cgImage: CGImage, options: [CIImageOption: Any]? = nil) {
        let space = CIImage.colorSpace(options, default: cgImage.colorSpace)
        guard let bitmap = Bitmap(cgImage: cgImage) else {
            self.init(image: .empty, cgImage: cgImage)
            return
        }
        var image = Image.bitmap(bitmap, colorSpace: space)
        if (options?[.nearestSampling] as? Bool) == true { image = image.sampling(.nearest) }
        self.init(image: image, properties: CIImage.properties(options), colorSpace: space, cgImage: cgImage)
    }

    /// An image over raw pixels in memory (copied by reference: `data` is kept, not duplicated). Row 0 of the
    /// data is the top of the image. Layouts too small for `size` give an empty image.
    public convenience init(bitmapData data: Data, bytesPerRow: Int, size: CGSize, format: CIFormat, colorSpace: CGColorSpace?) {
        guard let pixelFormat = format.pixelFormat else { self.init(image: .empty); return }
        let bitmap = Bitmap(storage: .data(data), width: Int(size.width), height: Int(size.height), bytesPerRow: bytesPerRow,
                            format: pixelFormat, premultiplied: pixelFormat.hasAlpha)
        guard bitmap.isLayoutValid else { self.init(image: .empty); return }
        self.init(image: .bitmap(bitmap, colorSpace: colorSpace), colorSpace: colorSpace)
    }

    static func colorSpace(_ options: [CIImageOption: Any]?, default space: CGColorSpace?) -> CGColorSpace? {
        guard let value = options?[.colorSpace] else { return space }
        if value is NSNull { return nil }
        return (value as? CGColorSpace) ?? space
    }

    static func properties(_ options: [CIImageOption: Any]?, default properties: [String: Any] = [:]) -> [String: Any] {
        guard let value = options?[.properties] else { return properties }
        if value is NSNull { return [:] }
        if let dictionary = value as? [String: Any] { return dictionary }
        if let dictionary = value as? [AnyHashable: Any] {
            return Dictionary(uniqueKeysWithValues: dictionary.compactMap { key, v in (key as? String).map { ($0, v) } })
        }
        return properties
    }
}

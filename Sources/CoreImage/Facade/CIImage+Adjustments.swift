import Foundation

extension CIImage {
    /// The image with alpha set to 1 inside `extent` and clear outside it (colour components unchanged).
    public func settingAlphaOne(in extent: CGRect) -> CIImage {
        let opaque = OperationsKernel(name: "settingAlphaOne", operations: [.matrix(ColorMatrix(
            rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]], bias: [0, 0, 0, 1]))], unpremultiplied: false)
        return deriving(image.applying(opaque).cropped(to: extent))
    }

    /// The colour components multiplied by alpha (for images whose pixels are unpremultiplied).
    public func premultiplyingAlpha() -> CIImage {
        deriving(image.applying(OperationsKernel(name: "premultiply", operations: [.premultiply], unpremultiplied: false)))
    }

    /// The colour components divided by alpha (to hand unpremultiplied values to later kernels).
    public func unpremultiplyingAlpha() -> CIImage {
        deriving(image.applying(OperationsKernel(name: "unpremultiply", operations: [.unpremultiply], unpremultiplied: false)))
    }

    /// The image's values, read as colours in `colorSpace`, converted into the context's working space.
    /// `nil` when the space is not RGB or gray.
    public func matchedToWorkingSpace(from colorSpace: CGColorSpace) -> CIImage? {
        guard colorSpace.model == .rgb || colorSpace.model == .monochrome else { return nil }
        return deriving(Image(.colorMatch(.toWorking(colorSpace), image), extent: extent, isOpaque: isOpaque))
    }

    /// The image's working-space values converted to `colorSpace` (later stages see values in that space).
    /// `nil` when the space is not RGB or gray.
    public func matchedFromWorkingSpace(to colorSpace: CGColorSpace) -> CIImage? {
        guard colorSpace.model == .rgb || colorSpace.model == .monochrome else { return nil }
        return deriving(Image(.colorMatch(.fromWorking(colorSpace), image), extent: extent, isOpaque: isOpaque))
    }

    /// The same pixels with other metadata.
    public func settingProperties(_ properties: [AnyHashable: Any]) -> CIImage {
        let dictionary = Dictionary(properties.compactMap { key, value in (key as? String).map { ($0, value) } }, uniquingKeysWith: { a, _ in a })
        return CIImage(image: image, properties: dictionary, url: url, colorSpace: colorSpace, cgImage: cgImage)
    }

    /// A point in the recipe where the image is rendered into a buffer and cached (by digest) for later renders.
    public func insertingIntermediate() -> CIImage { insertingIntermediate(cache: true) }

    /// A point in the recipe where the image is rendered into a buffer, cached when `cache` (and the context allows).
    public func insertingIntermediate(cache: Bool) -> CIImage {
        deriving(Image(.intermediate(image, cache: cache), extent: extent, isOpaque: isOpaque))
    }

    /// Same as `insertingIntermediate()` (tiles are this renderer's only mode).
    public func insertingTiledIntermediate() -> CIImage { insertingIntermediate() }

    /// `CIGaussianBlur` with the given standard deviation.
    public func applyingGaussianBlur(sigma: Double) -> CIImage {
        applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
    }

    /// The named filter with this image as `inputImage` and the given parameters (`empty()` when the filter is
    /// unknown or produces nothing), exactly as creating the filter, setting the values and reading `outputImage`.
    public func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
        guard let filter = CIFilter(name: filterName) else { return .empty() }
        filter.setValue(self, forKey: kCIInputImageKey)
        for (key, value) in params { filter.setValue(value, forKey: key) }
        return filter.outputImage ?? .empty()
    }

    /// The named filter with default parameters.
    public func applyingFilter(_ filterName: String) -> CIImage { applyingFilter(filterName, parameters: [:]) }
}

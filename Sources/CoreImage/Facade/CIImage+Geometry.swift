import Foundation

extension CIImage {
    /// The image clear outside `rect` (its extent becomes the intersection).
    public func cropped(to rect: CGRect) -> CIImage { deriving(image.cropped(to: rect)) }

    /// The image moved by an affine transform, sampled bilinearly (nearest after `samplingNearest()`).
    /// Whole-pixel translations move pixels without resampling.
    public func transformed(by matrix: CGAffineTransform) -> CIImage { deriving(image.transformed(by: matrix)) }

    /// Like `transformed(by:)`; with `highQualityDownsample` a reduction in size is resampled with a Lanczos
    /// filter (as `CILanczosScaleTransform`) instead of bilinear sampling.
    public func transformed(by matrix: CGAffineTransform, highQualityDownsample: Bool) -> CIImage {
        let scaleX = (matrix.a * matrix.a + matrix.b * matrix.b).squareRoot()
        let scaleY = (matrix.c * matrix.c + matrix.d * matrix.d).squareRoot()
        guard highQualityDownsample, matrix.b == 0, matrix.c == 0, matrix.a > 0, matrix.d > 0, scaleX < 1 || scaleY < 1 else {
            return transformed(by: matrix)
        }
        let scaled = image.applying(area: LanczosScale(scaleX: Double(scaleX), scaleY: Double(scaleY)))
        let e = scaled.extent
        let offset = CGAffineTransform(translationX: matrix.tx + image.extent.minX * matrix.a - e.minX,
                                       y: matrix.ty + image.extent.minY * matrix.d - e.minY)
        return deriving(scaled.transformed(by: offset))
    }

    /// The transform that displays an image stored with `orientation` upright, keeping the extent's origin.
    public func orientationTransform(for orientation: CGImagePropertyOrientation) -> CGAffineTransform {
        let e = extent
        guard !e.isEffectivelyInfinite, !e.isNull else { return .identity }
        let w = e.width, h = e.height
        let t: CGAffineTransform
        switch orientation {
        case .up: t = .identity
        case .upMirrored: t = CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case .down: t = CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case .downMirrored: t = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case .leftMirrored: t = CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
        case .right: t = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        case .rightMirrored: t = CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .left: t = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        }
        return CGAffineTransform(translationX: -e.minX, y: -e.minY).concatenating(t).concatenating(CGAffineTransform(translationX: e.minX, y: e.minY))
    }

    /// `orientationTransform(for:)` for an EXIF orientation value 1…8 (others: identity).
    public func orientationTransform(forExifOrientation orientation: Int32) -> CGAffineTransform {
        CGImagePropertyOrientation(rawValue: UInt32(max(0, orientation))).map { orientationTransform(for: $0) } ?? .identity
    }

    /// The image displayed upright given how it is stored.
    public func oriented(_ orientation: CGImagePropertyOrientation) -> CIImage {
        orientation == .up ? self : transformed(by: orientationTransform(for: orientation))
    }

    /// `oriented(_:)` for an EXIF orientation value 1…8.
    public func oriented(forExifOrientation orientation: Int32) -> CIImage {
        transformed(by: orientationTransform(forExifOrientation: orientation))
    }

    /// The image over `dest` (Porter-Duff source over).
    public func composited(over dest: CIImage) -> CIImage { deriving(image.composited(over: dest.image)) }

    /// The edge pixels repeated outward to infinity (use before blurs to avoid dark edges).
    public func clampedToExtent() -> CIImage { deriving(image.clamped(to: extent)) }

    /// The edge pixels of `rect` repeated outward to infinity.
    public func clamped(to rect: CGRect) -> CIImage { deriving(image.clamped(to: rect)) }

    /// The image sampled bilinearly by later warps (the default).
    public func samplingLinear() -> CIImage { deriving(image.sampling(.linear)) }

    /// The image sampled at the nearest pixel by later warps.
    public func samplingNearest() -> CIImage { deriving(image.sampling(.nearest)) }

    /// The region of `image` this image needs to compute `rect` (the rectangle itself when `image` is not an
    /// input of this recipe or is read per pixel).
    public func regionOfInterest(for image: CIImage, in rect: CGRect) -> CGRect {
        RegionOfInterestQuery.region(of: image.image, in: self.image, for: PixelRect(covering: rect))?.cgRect ?? rect
    }
}

import Foundation

/// The arithmetic of fitting pictures into target sizes. Pure functions, no pixels.
///
/// A request's *needed size* is what the picture (or its cropped region) becomes once scaled for the target:
/// fit scales by `min(tw/w, th/h)`, fill by `max(tw/w, th/h)`, neither ever above 1. Sides are rounded to the
/// nearest pixel and are at least 1.
public enum ImageGeometry {
    /// The region of a picture of `size` that a normalized crop (origin top left) selects, in whole pixels.
    public static func cropRegion(of size: PixelSize, normalized crop: CGRect?) -> CGRect {
        let full = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        guard let crop else { return full }
        let x0 = (crop.minX * CGFloat(size.width)).rounded(.down), y0 = (crop.minY * CGFloat(size.height)).rounded(.down)
        let x1 = (crop.maxX * CGFloat(size.width)).rounded(.up), y1 = (crop.maxY * CGFloat(size.height)).rounded(.up)
        let region = CGRect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0)).intersection(full)
        return region.isNull || region.isEmpty ? full : region
    }

    /// The scale factor applied to a region of `size` for a target (1 for no target).
    public static func scale(for size: CGSize, target: PixelSize?, mode: ContentMode) -> CGFloat {
        guard let target, size.width > 0, size.height > 0 else { return 1 }
        let sx = CGFloat(target.width) / size.width, sy = CGFloat(target.height) / size.height
        return min(1, mode == .aspectFit ? min(sx, sy) : max(sx, sy))
    }

    /// The needed size: a region scaled for the target, before any fill crop.
    public static func scaledSize(of size: CGSize, target: PixelSize?, mode: ContentMode) -> PixelSize {
        let s = scale(for: size, target: target, mode: mode)
        return PixelSize(width: max(1, Int((size.width * s).rounded())), height: max(1, Int((size.height * s).rounded())))
    }

    /// The final size of an `.exact` request: the scaled size, cropped to the target for fill.
    public static func exactSize(of size: CGSize, target: PixelSize?, mode: ContentMode) -> PixelSize {
        let scaled = scaledSize(of: size, target: target, mode: mode)
        guard let target, mode == .aspectFill else { return scaled }
        return PixelSize(width: min(target.width, scaled.width), height: min(target.height, scaled.height))
    }

    /// How to make a request's image from a representation (`representation` pixels) of a picture whose full
    /// size is `full`: the source rectangle to take, in the representation's pixels, and the output size.
    ///
    /// The output size does not depend on the representation (it is measured against the full picture), except
    /// that a representation is never scaled up: when it is too small the output shrinks, keeping its shape.
    /// `.exact` with `aspectFill` takes the centred part of the region whose shape is the output's.
    public static func plan(full: PixelSize, representation: PixelSize, spec: ImageRequestSpec) -> (source: CGRect, output: PixelSize) {
        let region = cropRegion(of: representation, normalized: spec.effectiveCrop)
        guard spec.targetSize != nil else {
            return (region, PixelSize(width: Int(region.width), height: Int(region.height)))
        }
        let ratio = full.isEmpty || representation.isEmpty ? 1 : CGFloat(full.width) / CGFloat(representation.width)
        let fullRegion = CGSize(width: region.width * ratio, height: region.height * ratio)
        let s = scale(for: fullRegion, target: spec.targetSize, mode: spec.contentMode)
        var output = spec.resizeMode == .exact
            ? exactSize(of: fullRegion, target: spec.targetSize, mode: spec.contentMode)
            : scaledSize(of: fullRegion, target: spec.targetSize, mode: spec.contentMode)
        var source = region
        if spec.resizeMode == .exact, spec.contentMode == .aspectFill {
            // The part of the region that, scaled by s, is the output.
            let w = min(region.width, CGFloat(output.width) / (s * ratio)), h = min(region.height, CGFloat(output.height) / (s * ratio))
            source = CGRect(x: region.minX + (region.width - w) / 2, y: region.minY + (region.height - h) / 2, width: w, height: h)
        }
        let shrink = min(1, source.width / CGFloat(output.width), source.height / CGFloat(output.height))
        if shrink < 1 {
            output = PixelSize(width: max(1, Int((CGFloat(output.width) * shrink).rounded())),
                               height: max(1, Int((CGFloat(output.height) * shrink).rounded())))
        }
        return (source, output)
    }

    /// The size a request needs from a representation of the full picture (for choosing among representations).
    public static func neededFullFrameSize(full: PixelSize, spec: ImageRequestSpec) -> PixelSize {
        guard spec.targetSize != nil else { return full }
        let region = cropRegion(of: full, normalized: spec.effectiveCrop)
        let scaled = scaledSize(of: region.size, target: spec.targetSize, mode: spec.contentMode)
        // The same scale applied to the whole picture.
        let s = region.width > 0 ? CGFloat(scaled.width) / region.width : 1
        return PixelSize(width: max(1, Int((CGFloat(full.width) * s).rounded())),
                         height: max(1, Int((CGFloat(full.height) * s).rounded())))
    }
}

import Foundation
import CoreGraphics

/// Makes request images from representations: read the header, plan, decode straight to the output size (ImageIO
/// shrinks on load, then resamples exactly), crop when the plan says so.
///
/// Threading: stateless; runs on the calling thread. Every image is upright, 8-bit, in sRGB.
public enum ImageRenderer {
    /// The image `spec` asks for, made from `representation` of a picture whose full size is `full` (0×0 when
    /// unknown: the representation's own size is used).
    public static func render(_ representation: Representation, full: PixelSize, spec: ImageRequestSpec) throws(ImageManagementError) -> CGImage {
        let actual = try PixelOps.orientedSize(of: representation.url)
        let fullSize = full.isEmpty || representation.source == .rendition ? actual : full
        let (source, output) = ImageGeometry.plan(full: fullSize, representation: actual, spec: spec)
        let whole = CGRect(x: 0, y: 0, width: actual.width, height: actual.height)
        guard spec.targetSize != nil else { return try PixelOps.decode(representation.url, atLeast: nil) }
        switch spec.resizeMode {
        case .none:
            // The representation as it is (it covers the request), cropped to the region asked for.
            let image = try PixelOps.decode(representation.url, atLeast: nil)
            return source == whole ? image : try PixelOps.crop(image, to: source.integral)
        case .fast where source == whole && CGFloat(actual.width) <= CGFloat(output.width) * 1.5
                                         && CGFloat(actual.height) <= CGFloat(output.height) * 1.5:
            return try PixelOps.decode(representation.url, atLeast: nil)
        default:
            if source == whole { return try PixelOps.decode(representation.url, atLeast: output) }
            // Decode at the scale that makes the source region the output's size, then crop (and fix rounding).
            let factor = min(1, max(CGFloat(output.width) / source.width, CGFloat(output.height) / source.height))
            let scaled = try PixelOps.decode(representation.url, size: .scale(Double(factor)))
            let sx = CGFloat(scaled.width) / CGFloat(actual.width), sy = CGFloat(scaled.height) / CGFloat(actual.height)
            let region = CGRect(x: source.minX * sx, y: source.minY * sy, width: source.width * sx, height: source.height * sy)
            // Usually the scaled region is the output's size give or take rounding: crop it, no second resampling.
            if abs(region.width - CGFloat(output.width)) < 1.5, abs(region.height - CGFloat(output.height)) < 1.5 {
                let x = min(max(0, (region.midX - CGFloat(output.width) / 2).rounded()), CGFloat(scaled.width - output.width))
                let y = min(max(0, (region.midY - CGFloat(output.height) / 2).rounded()), CGFloat(scaled.height - output.height))
                if x >= 0, y >= 0 { return try PixelOps.crop(scaled, to: CGRect(x: x, y: y, width: CGFloat(output.width), height: CGFloat(output.height))) }
            }
            return try PixelOps.resample(scaled, from: region, to: output)
        }
    }

    /// A degraded stand-in: the representation decoded as it is (not resized, as PhotoKit does with degraded
    /// images), with the request's crop applied.
    public static func renderDegraded(_ representation: Representation, spec: ImageRequestSpec) throws(ImageManagementError) -> CGImage {
        let image = try PixelOps.decode(representation.url, atLeast: nil)
        guard let crop = spec.effectiveCrop else { return image }
        let region = ImageGeometry.cropRegion(of: PixelSize(width: image.width, height: image.height), normalized: crop)
        return try PixelOps.crop(image, to: region)
    }
}

extension ImageRenderer {
    /// The image `spec` asks for, made from an image file outside any library (same rules as for assets).
    public static func render(fileAt url: URL, spec: ImageRequestSpec) throws(ImageManagementError) -> CGImage {
        let size = try PixelOps.orientedSize(of: url)
        return try render(Representation(source: .rendition, url: url, size: size), full: size, spec: spec)
    }
}

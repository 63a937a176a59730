import Foundation

/// An image rendered to 8-bit grey (Rec. 709 luma of its sRGB values) for the detectors, rows top-down, with the
/// map from its pixels back to the coordinates of the image the caller passed.
package struct GreyImage {
    let pixels: [UInt8]
    let width: Int
    let height: Int
    /// Pixel position (x right, y down, in pixels of this image) → the caller's image coordinates (y up).
    let toImage: CGAffineTransform
    /// The length in the caller's image of one pixel here (≥ 1: images are only scaled down).
    let pixelSize: Double

    /// Pixels as they are (rows top-down), their coordinates the image's (y flipped): for tests and fuzzing.
    /// `nil` unless there are width × height pixels.
    package init?(pixels: [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        (self.pixels, self.width, self.height, pixelSize) = (pixels, width, height, 1)
        toImage = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// `image` shown with `orientation` (so features upright in that display are upright here), scaled down so
    /// its longer side is at most `maximumSide`. `nil` for an empty or infinite image.
    init?(_ image: CIImage, orientation: CGImagePropertyOrientation, maximumSide: Int, context: CIContext) {
        let extent = image.extent
        guard !extent.isNull, !extent.isEmpty, !extent.isEffectivelyInfinite else { return nil }
        let orient = image.orientationTransform(for: orientation)
        let upright = image.transformed(by: orient)
        let e = upright.extent
        let scale = min(1, CGFloat(maximumSide) / max(e.width, e.height))
        let shown = upright.transformed(by: CGAffineTransform(scaleX: scale, y: scale))
        let s = shown.extent.integral
        let width = Int(s.width), height = Int(s.height)
        guard width > 0, height > 0 else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { raw in
            context.render(shown, toBitmap: raw.baseAddress!, rowBytes: width * 4, bounds: s, format: .RGBA8,
                           colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        }
        var grey = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let y = 0.2126 * Float(rgba[i * 4]) + 0.7152 * Float(rgba[i * 4 + 1]) + 0.0722 * Float(rgba[i * 4 + 2])
            grey[i] = UInt8(min(255, max(0, y.rounded())))
        }
        (pixels, self.width, self.height, pixelSize) = (grey, width, height, Double(1 / scale))
        // Bitmap (x, y down) → shown (y up) → upright (÷ scale) → the caller's image (inverse orientation).
        let flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: s.minX, ty: s.maxY)
        toImage = flip.concatenating(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale)).concatenating(orient.inverted())
    }
}

/// The corners of a quadrilateral as the upright display names them (pixels, y down): top-left has the smallest
/// x + y, bottom-right the largest, top-right the largest x − y, bottom-left the smallest.
func uprightCorners(_ points: [CGPoint]) -> (topLeft: CGPoint, topRight: CGPoint, bottomLeft: CGPoint, bottomRight: CGPoint) {
    (points.min { $0.x + $0.y < $1.x + $1.y }!, points.max { $0.x - $0.y < $1.x - $1.y }!,
     points.min { $0.x - $0.y < $1.x - $1.y }!, points.max { $0.x + $0.y < $1.x + $1.y }!)
}

/// Otsu's threshold for the detectors, from a 256-bin histogram through the engine's own
/// (`OtsuThresholdKernel.threshold`, CIColorThresholdOtsu's): the last bin of the dark class, so values above it
/// are light.
enum GreyHistogram {
    static func otsu(_ histogram: [Double]) -> UInt8 {
        let edge = histogram.withUnsafeBufferPointer { OtsuThresholdKernel.threshold($0) }  // the best bin's upper edge, 0…1
        return UInt8(max(0, min(255, Int((edge * Double(histogram.count)).rounded()) - 1)))
    }
}

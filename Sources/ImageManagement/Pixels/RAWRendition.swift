import Foundation
import CoreGraphics
import CoreImage
import ImageIO

/// Pictures of RAW files from a real development: `CIRAWFilter`'s default (as-shot white balance, the file's
/// orientation, the default tone curve), developed at the smallest scale that still covers the requested size
/// (half-size development below ½), then resampled to exactly the size ImageIO's rule gives, in sRGB, 8-bit.
enum RAWRendition {
    /// The development, or `nil` when the pipeline cannot develop this file (the caller falls back to ImageIO).
    static func develop(_ file: ImageFile, size: DecodeOptions.SizeRequest) -> CGImage? {
        guard let filter = CIRAWFilter(imageData: file.data, identifierHint: nil) else { return nil }
        var width = Double(filter.nativeSize.width), height = Double(filter.nativeSize.height)
        if [.left, .right, .leftMirrored, .rightMirrored].contains(filter.orientation) { swap(&width, &height) }
        let target = DecodeOptions(size: size).targetSize(width: Int(width), height: Int(height))
        let factor = min(1, max(Double(target.width) / width, Double(target.height) / height) * 1.001)
        filter.scaleFactor = Float(factor)
        guard let image = filter.outputImage else { return nil }
        let context = CIContext(options: [.cacheIntermediates: false, .name: "RAW rendition"])
        guard let developed = context.createCGImage(image, from: image.extent, format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        else { return nil }
        if developed.width == target.width && developed.height == target.height { return developed }
        let whole = CGRect(x: 0, y: 0, width: developed.width, height: developed.height)
        return try? PixelOps.resample(developed, from: whole, to: PixelSize(width: target.width, height: target.height))
    }
}

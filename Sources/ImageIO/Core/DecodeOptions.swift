import Foundation
import CoreGraphics

/// What a decode should produce.
public struct DecodeOptions: Sendable {
    /// Which image of the file (animation frame, HEIF top-level image, TIFF page).
    public var index: Int
    /// The output size.
    public var size: SizeRequest
    /// Whether to rotate/mirror the pixels upright (default true). When false, the result keeps the stored
    /// orientation and reports the orientation still to apply (what Apple's `CGImageSourceCreateImageAtIndex` does).
    public var applyOrientation: Bool
    /// The colour space to convert to; `nil` keeps the file's own space. Default sRGB. Gray images stay gray.
    public var colorSpace: CGColorSpace?
    /// Output component depth.
    public var bitDepth: BitDepth
    /// Pixel limit checked from the header before anything is allocated.
    public var limits: ImageLimits
    /// Whether a truncated file may yield a partial image (flagged) instead of an error. Default false.
    public var allowPartial: Bool
    /// Whether an embedded thumbnail or preview may be used when it is at least as large as the requested size.
    public var allowEmbeddedThumbnail: Bool

    /// Requested output size, always meant after orientation (when it is applied).
    public enum SizeRequest: Sendable, Hashable {
        /// Full stored size.
        case original
        /// The longest side at most this many pixels (never enlarged).
        case maxPixelSize(Int)
        /// Fit inside width × height, keeping the aspect ratio (never enlarged).
        case fit(width: Int, height: Int)
        /// Scaled by this factor (≤ 1 shrinks; above 1 is treated as 1).
        case scale(Double)
    }

    /// Output component depth.
    public enum BitDepth: Sendable, Hashable {
        /// 8 bits per component.
        case eight
        /// 16 bits per component (8-bit sources are widened).
        case sixteen
        /// 16 bits when the file stores more than 8, else 8.
        case source
    }

    /// Creates options.
    public init(index: Int = 0, size: SizeRequest = .original, applyOrientation: Bool = true,
                colorSpace: CGColorSpace? = CGColorSpaceCreateDeviceRGB(), bitDepth: BitDepth = .eight,
                limits: ImageLimits = ImageLimits(), allowPartial: Bool = false, allowEmbeddedThumbnail: Bool = false) {
        self.index = index
        self.size = size
        self.applyOrientation = applyOrientation
        self.colorSpace = colorSpace
        self.bitDepth = bitDepth
        self.limits = limits
        self.allowPartial = allowPartial
        self.allowEmbeddedThumbnail = allowEmbeddedThumbnail
    }

    /// The output size for an image whose (oriented) size is `width × height` (each side rounded, at least 1,
    /// never enlarged).
    public func targetSize(width: Int, height: Int) -> (width: Int, height: Int) {
        func scaled(_ factor: Double) -> (Int, Int) {
            guard factor < 1 else { return (width, height) }
            return (max(1, Int((Double(width) * factor).rounded())), max(1, Int((Double(height) * factor).rounded())))
        }
        switch size {
        case .original: return (width, height)
        case .maxPixelSize(let side): return scaled(Double(max(side, 1)) / Double(max(width, height)))
        case .fit(let w, let h): return scaled(min(Double(max(w, 1)) / Double(width), Double(max(h, 1)) / Double(height)))
        case .scale(let factor): return scaled(factor)
        }
    }
}

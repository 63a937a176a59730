import Foundation

/// How an image is fitted into a target size. Raw values match PhotoKit's `PHImageContentMode`.
public enum ContentMode: Int, Sendable, Hashable {
    /// The whole image inside the target size.
    case aspectFit = 0
    /// The target size entirely covered.
    case aspectFill = 1
}

/// How closely the result matches the target size. Raw values match `PHImageRequestOptionsResizeMode`.
public enum ResizeMode: Int, Sendable, Hashable {
    /// The chosen stored representation as it is (at least the needed size).
    case none = 0
    /// Close to the needed size, cheaply: a stored representation up to 1.5× the needed size is delivered as it
    /// is, anything larger is scaled to the needed size; `aspectFill` results are not cropped.
    case fast = 1
    /// Exactly: `aspectFit` scales so the image fits the target (one side equal to it); `aspectFill` scales so it
    /// covers the target and crops the centre to exactly the target size; a crop rectangle applies only here.
    case exact = 2
}

/// When and how often a request delivers. Raw values match `PHImageRequestOptionsDeliveryMode`.
public enum DeliveryMode: Int, Sendable, Hashable {
    /// A degraded image first when the best representation is not at hand, then the final one.
    case opportunistic = 0
    /// Exactly one delivery, at full quality.
    case highQualityFormat = 1
    /// Exactly one delivery, as fast as possible (possibly degraded).
    case fastFormat = 2
}

/// What picture a request wants: everything that determines the final image (and so keys caches).
///
/// All sizes are in pixels of the oriented (upright) picture. Images are never scaled up beyond the
/// rendition's full size: a target larger than the picture gives the picture at full size.
public struct ImageRequestSpec: Sendable, Hashable {
    /// The target size, or nil for the largest available image (PhotoKit's `PHImageManagerMaximumSize`, which
    /// ignores the content and resize modes).
    public var targetSize: PixelSize?
    public var contentMode: ContentMode
    public var resizeMode: ResizeMode
    /// A crop in unit coordinates of the oriented picture, origin at the top left; nil for none. Used only with
    /// `.exact` (PhotoKit requires it there); other resize modes ignore it.
    public var normalizedCropRect: CGRect?
    public var version: ImageVersion

    public init(targetSize: PixelSize?, contentMode: ContentMode = .aspectFit, resizeMode: ResizeMode = .fast,
                normalizedCropRect: CGRect? = nil, version: ImageVersion = .current) {
        self.targetSize = targetSize.flatMap { $0.isEmpty ? nil : $0 }
        self.contentMode = contentMode
        self.resizeMode = resizeMode
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        if let rect = normalizedCropRect?.standardized, !rect.isEmpty, rect != unit {
            self.normalizedCropRect = rect.intersection(unit).isNull ? nil : rect.intersection(unit)
        } else {
            self.normalizedCropRect = nil
        }
        self.version = version
    }

    /// The crop that applies (only with `.exact` and a real target size).
    public var effectiveCrop: CGRect? { resizeMode == .exact && targetSize != nil ? normalizedCropRect : nil }

    public static func == (a: Self, b: Self) -> Bool {
        a.targetSize == b.targetSize && a.contentMode == b.contentMode && a.resizeMode == b.resizeMode
            && a.version == b.version && a.normalizedCropRect.map(RectKey.init) == b.normalizedCropRect.map(RectKey.init)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(targetSize)
        hasher.combine(contentMode)
        hasher.combine(resizeMode)
        hasher.combine(version)
        hasher.combine(normalizedCropRect.map(RectKey.init))
    }

    /// A hashable stand-in for a `CGRect` (which is not `Hashable` on every platform).
    private struct RectKey: Hashable {
        let x, y, w, h: Double
        init(_ r: CGRect) { x = Double(r.minX); y = Double(r.minY); w = Double(r.width); h = Double(r.height) }
    }
}

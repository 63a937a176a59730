import Foundation

/// The reduced copies kept for every still image, like Photos' cached representations.
///
/// - `thumbnail`: shorter side 256 px (longer side at most 1024), for grids of any cell shape.
/// - `screen`: longer side 1600 px, for full-screen viewing.
///
/// A kind is made only when it is smaller than the picture itself; otherwise requests use the picture.
public enum DerivativeKind: String, Sendable, CaseIterable, Comparable {
    case thumbnail
    case screen

    /// JPEG quality (0…1) derivatives are written with.
    public static let quality = 0.88

    /// The derivative's size for a picture of `full` pixels (oriented), or nil when the picture is not larger.
    public func size(for full: PixelSize) -> PixelSize? {
        guard !full.isEmpty else { return nil }
        let scale: Double
        switch self {
        case .thumbnail: scale = min(256 / Double(full.shortSide), 1024 / Double(full.longSide))
        case .screen: scale = 1600 / Double(full.longSide)
        }
        guard scale < 1 else { return nil }
        return PixelSize(width: max(1, Int((Double(full.width) * scale).rounded())),
                         height: max(1, Int((Double(full.height) * scale).rounded())))
    }

    /// Smaller kinds first.
    public static func < (a: Self, b: Self) -> Bool { a.order < b.order }
    private var order: Int { self == .thumbnail ? 0 : 1 }
}

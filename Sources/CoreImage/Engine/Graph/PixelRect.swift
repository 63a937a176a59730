import Foundation

/// An integer rectangle of pixels in Core Image's y-up space: pixel (x, y) covers [x, x+1) × [y, y+1).
///
/// Extents of infinite images map to ``infinite``, a rectangle far larger than any image (±2⁴⁰) so that sums
/// never overflow. Value type, `Sendable`.
package struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, max(0, width), max(0, height))
    }

    /// The stand-in for an infinite extent.
    package static let infinite = PixelRect(x: -(1 << 40), y: -(1 << 40), width: 1 << 41, height: 1 << 41)
    /// The empty rectangle.
    package static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest pixel rectangle covering `rect` (null → empty, infinite → ``infinite``).
    package init(covering rect: CGRect) {
        if rect.isNull || rect.isEmpty { self = .empty; return }
        if rect.isInfinite || rect.width > 1e12 || rect.height > 1e12 { self = .infinite; return }
        let minX = max(Double(rect.minX), -1e12), minY = max(Double(rect.minY), -1e12)
        let x0 = Int(floor(minX + 1e-9)), y0 = Int(floor(minY + 1e-9))
        let x1 = Int(ceil(Double(rect.maxX) - 1e-9)), y1 = Int(ceil(Double(rect.maxY) - 1e-9))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var isEmpty: Bool { width <= 0 || height <= 0 }
    package var isInfinite: Bool { width >= 1 << 40 || height >= 1 << 40 }
    package var area: Int { width * height }

    package var cgRect: CGRect {
        if isInfinite { return .infinite }
        if isEmpty { return .null }
        return CGRect(x: x, y: y, width: width, height: height)
    }

    package func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Grows the rectangle by `dx` columns and `dy` rows on each side (infinite stays infinite).
    package func outset(_ dx: Int, _ dy: Int) -> PixelRect {
        if isInfinite || isEmpty { return self }
        return PixelRect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }

    package func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect {
        isInfinite ? self : PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    package func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    package var description: String {
        isInfinite ? "[infinite]" : "[\(x) \(y) \(width) \(height)]"
    }
}

extension CGRect {
    /// Whether the rectangle is infinite or so large it stands for "everywhere".
    package var isEffectivelyInfinite: Bool { isInfinite || width > 1e12 || height > 1e12 }
}

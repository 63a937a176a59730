import Foundation

/// The crop auto-adjustment proposes around faces.
enum FaceFraming {
    /// The margin added on every side of the faces' union, as a fraction of the largest face's side.
    static let margin = 0.6

    /// A rectangle inside `extent` with `extent`'s aspect ratio containing `faces` (their union widened by the
    /// margin, then grown to the aspect ratio and shifted inside the extent), or `nil` when there are no faces or the
    /// rectangle would be (nearly: ≥ 95 % of the area) the whole extent.
    static func crop(around faces: [CGRect], in extent: CGRect) -> CGRect? {
        guard let first = faces.first, !extent.isNull, !extent.isEmpty, !extent.isEffectivelyInfinite else { return nil }
        let union = faces.dropFirst().reduce(first) { $0.union($1) }
        let side = faces.map { max($0.width, $0.height) }.max() ?? 0
        var r = union.insetBy(dx: -margin * side, dy: -margin * side)
        let aspect = extent.width / extent.height
        if r.width / r.height < aspect {
            r = r.insetBy(dx: -(r.height * aspect - r.width) / 2, dy: 0)
        } else {
            r = r.insetBy(dx: 0, dy: -(r.width / aspect - r.height) / 2)
        }
        if r.width > extent.width || r.height > extent.height { return nil }
        r.origin.x = min(max(r.minX, extent.minX), extent.maxX - r.width)
        r.origin.y = min(max(r.minY, extent.minY), extent.maxY - r.height)
        r = r.integral.intersection(extent)
        return r.width * r.height >= 0.95 * extent.width * extent.height ? nil : r
    }
}

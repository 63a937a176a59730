import Foundation

/// A quadrilateral found in an image: corners in the caller's image coordinates (upright display's top-left,
/// top-right, bottom-left, bottom-right) and how well the image's edges trace it (0…1).
struct FoundQuadrilateral {
    var topLeft, topRight, bottomLeft, bottomRight: CGPoint
    var area: Double
    var aspectRatio: Double
    var support: Double

    /// Whether every corner is within `tolerance` of the other's.
    func isClose(to other: FoundQuadrilateral, within tolerance: Double) -> Bool {
        zip([topLeft, topRight, bottomLeft, bottomRight], [other.topLeft, other.topRight, other.bottomLeft, other.bottomRight])
            .allSatisfy { hypot($0.x - $1.x, $0.y - $1.y) <= tolerance }
    }
}

/// Rectangles (in perspective: convex quadrilaterals) by a classical method, since Core Image's own is not
/// published: Sobel gradient magnitude, thresholds at Otsu's over the magnitudes and at its half and quarter (the
/// same quadrilateral found at several keeps its best score), 8-connected edge
/// components, each component's convex hull reduced to the quadrilateral of largest area (the farthest pair of
/// hull points as one diagonal, the farthest point on each side of it as the other two corners), kept when at
/// least 85% of the quadrilateral's outline has an edge pixel within 2% of its diagonal and at least 70% of the
/// component lies along the outline (a shape's outline, not texture), every angle is between 30° and 150°, and
/// both sides are at least `minimumSize` (a fraction of the image's shorter side).
enum RectangleFinder {
    static func find(_ grey: GreyImage, minimumSize: Double, aspectRatio: Double?, limit: Int) -> [FoundQuadrilateral] {
        let w = grey.width, h = grey.height
        guard w >= 8, h >= 8 else { return [] }
        let magnitude = sobel(grey.pixels, w, h)
        let minimumSide = max(8, minimumSize * Double(min(w, h)))
        var found: [(FoundQuadrilateral, Double)] = []
        // Strong edges first, then weaker ones: a page on a busy photo has a faint border in places.
        let strong = otsu(magnitude)
        for threshold in [strong, strong / 2, strong / 4] {
            for candidate in quadrilaterals(magnitude, w, h, threshold: threshold, minimumSide: minimumSide) {
                var score = candidate.area * candidate.support
                if let aspectRatio, aspectRatio > 0 { score *= exp(-abs(log(candidate.aspectRatio / aspectRatio))) }
                let tolerance = 0.02 * Double(max(w, h))
                if let same = found.firstIndex(where: { $0.0.isClose(to: candidate, within: tolerance) }) {
                    if score > found[same].1 { found[same] = (candidate, score) }
                } else {
                    found.append((candidate, score))
                }
            }
        }
        return found.sorted { $0.1 > $1.1 }.prefix(max(limit, 0)).map { entry in
            var q = entry.0
            q.topLeft = q.topLeft.applying(grey.toImage)
            q.topRight = q.topRight.applying(grey.toImage)
            q.bottomLeft = q.bottomLeft.applying(grey.toImage)
            q.bottomRight = q.bottomRight.applying(grey.toImage)
            return q
        }
    }

    /// The quadrilaterals traced by the edge components at one threshold.
    private static func quadrilaterals(_ magnitude: [Float], _ w: Int, _ h: Int, threshold: Float, minimumSide: Double) -> [FoundQuadrilateral] {
        var found: [FoundQuadrilateral] = []
        ConnectedComponents.forEach(magnitude.map { $0 > threshold }, width: w, height: h) { pixels in
            guard pixels.count >= Int(4 * minimumSide) else { return }
            let points = pixels.map { ($0 % w, $0 / w) }
            if let quad = quadrilateral(points, magnitude: magnitude, threshold: threshold, w: w, h: h, minimumSide: minimumSide) {
                found.append(quad)
            }
        }
        return found
    }

    /// Sobel gradient magnitude (0 on the border).
    static func sobel(_ p: [UInt8], _ w: Int, _ h: Int) -> [Float] {
        var out = [Float](repeating: 0, count: w * h)
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                func v(_ dx: Int, _ dy: Int) -> Float { Float(p[(y + dy) * w + x + dx]) }
                let gx = v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)
                let gy = v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)
                out[y * w + x] = (gx * gx + gy * gy).squareRoot()
            }
        }
        return out
    }

    /// Otsu's threshold over the magnitudes (256 bins up to the largest).
    static func otsu(_ values: [Float]) -> Float {
        let top = values.max() ?? 0
        guard top > 0 else { return .infinity }
        var histogram = [Double](repeating: 0, count: 256)
        for v in values { histogram[min(255, Int(v / top * 255))] += 1 }
        return Float(Int(GreyHistogram.otsu(histogram)) + 1) / 255 * top
    }

    private static func quadrilateral(_ points: [(Int, Int)], magnitude: [Float], threshold: Float, w: Int, h: Int,
                                      minimumSide: Double) -> FoundQuadrilateral? {
        // Row extremes are enough for the hull.
        var extremes: [Int: (Int, Int)] = [:]
        for (x, y) in points { let e = extremes[y] ?? (x, x); extremes[y] = (min(e.0, x), max(e.1, x)) }
        var candidates: [SIMD2<Double>] = []
        for (y, e) in extremes { candidates.append(SIMD2(Double(e.0) + 0.5, Double(y) + 0.5)); candidates.append(SIMD2(Double(e.1) + 0.5, Double(y) + 0.5)) }
        let hull = convexHull(candidates)
        guard hull.count >= 4 else { return nil }
        var (a, b, best) = (0, 0, 0.0)
        for i in 0..<hull.count { for j in (i + 1)..<hull.count { let d = distanceSquared(hull[i], hull[j]); if d > best { (a, b, best) = (i, j, d) } } }
        let pa = hull[a], pb = hull[b]
        func side(_ p: SIMD2<Double>) -> Double { (pb.x - pa.x) * (p.y - pa.y) - (pb.y - pa.y) * (p.x - pa.x) }
        guard let left = hull.max(by: { side($0) < side($1) }), let right = hull.min(by: { side($0) < side($1) }),
              side(left) > 0, side(right) < 0 else { return nil }
        // Order around the quadrilateral: a, left, b, right.
        let corners = [pa, left, pb, right]
        let diagonal = best.squareRoot()
        let tolerance = max(2.0, 0.02 * diagonal)
        for i in 0..<4 {
            let p = corners[(i + 3) % 4], q = corners[i], r = corners[(i + 1) % 4]
            let u = p - q, v = r - q
            let angle = acos(max(-1, min(1, (u.x * v.x + u.y * v.y) / ((u.x * u.x + u.y * u.y).squareRoot() * (v.x * v.x + v.y * v.y).squareRoot())))) * 180 / .pi
            guard angle > 30, angle < 150 else { return nil }
            guard distanceSquared(q, r).squareRoot() >= minimumSide else { return nil }
        }
        // The outline must be traced by edges…
        var traced = 0, samples = 0
        for i in 0..<4 {
            let p = corners[i], q = corners[(i + 1) % 4]
            for k in 0..<50 {
                let t = (Double(k) + 0.5) / 50
                let s = p + (q - p) * t
                samples += 1
                if hasEdge(near: s, within: tolerance, magnitude, threshold, w, h) { traced += 1 }
            }
        }
        let support = Double(traced) / Double(samples)
        guard support >= 0.85 else { return nil }
        // …and the component must be (mostly) that outline.
        var onOutline = 0
        for (x, y) in points {
            let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
            if (0..<4).contains(where: { distanceToSegment(p, corners[$0], corners[($0 + 1) % 4]) <= tolerance }) { onOutline += 1 }
        }
        guard Double(onOutline) / Double(points.count) >= 0.7 else { return nil }
        let c = uprightCorners(corners.map { CGPoint(x: $0.x, y: $0.y) })
        var area = 0.0
        for i in 0..<4 { let p = corners[i], q = corners[(i + 1) % 4]; area += p.x * q.y - q.x * p.y }
        let widthEstimate = (hypot(c.topLeft.x - c.topRight.x, c.topLeft.y - c.topRight.y) + hypot(c.bottomLeft.x - c.bottomRight.x, c.bottomLeft.y - c.bottomRight.y)) / 2
        let heightEstimate = (hypot(c.topLeft.x - c.bottomLeft.x, c.topLeft.y - c.bottomLeft.y) + hypot(c.topRight.x - c.bottomRight.x, c.topRight.y - c.bottomRight.y)) / 2
        return FoundQuadrilateral(topLeft: c.topLeft, topRight: c.topRight, bottomLeft: c.bottomLeft, bottomRight: c.bottomRight,
                                  area: abs(area) / 2, aspectRatio: Double(widthEstimate / max(heightEstimate, 1)), support: support)
    }

    private static func hasEdge(near p: SIMD2<Double>, within r: Double, _ m: [Float], _ threshold: Float, _ w: Int, _ h: Int) -> Bool {
        let radius = Int(r.rounded(.up))
        let cx = Int(p.x), cy = Int(p.y)
        for y in max(0, cy - radius)...min(h - 1, cy + radius) {
            for x in max(0, cx - radius)...min(w - 1, cx + radius) where m[y * w + x] > threshold { return true }
        }
        return false
    }

    static func convexHull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [SIMD2<Double>] = [], upper: [SIMD2<Double>] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    private static func distanceSquared(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { let d = a - b; return d.x * d.x + d.y * d.y }

    private static func distanceToSegment(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let t = max(0, min(1, (ap.x * ab.x + ap.y * ab.y) / max(ab.x * ab.x + ab.y * ab.y, 1e-9)))
        return distanceSquared(p, a + ab * t).squareRoot()
    }
}

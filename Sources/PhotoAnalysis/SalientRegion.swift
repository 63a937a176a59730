import Foundation
import ImageManagement
import PhotoLibrary

/// Where the eye goes in a picture without faces: a saliency map made at 64 pixels across from how much each
/// place differs in colour from the picture as a whole and how much detail it has, weighted towards the centre
/// (photographers frame their subject there), smoothed, and cut at its mean plus one standard deviation; the
/// region is the bounding box of the connected part holding the strongest point.
enum SalientRegion {
    static let side = 64

    static func find(_ picture: AnalysisPicture) -> NormalizedRect? {
        let scale = Double(side) / Double(max(picture.width, picture.height))
        let w = max(4, Int((Double(picture.width) * scale).rounded())), h = max(4, Int((Double(picture.height) * scale).rounded()))
        guard picture.width >= w, picture.height >= h else { return nil }
        // Average colour per cell (a rough opponent space: luma, red-green, yellow-blue).
        var cells = [SIMD3<Float>](repeating: .zero, count: w * h)
        for cy in 0..<h {
            let y0 = cy * picture.height / h, y1 = max(y0 + 1, (cy + 1) * picture.height / h)
            for cx in 0..<w {
                let x0 = cx * picture.width / w, x1 = max(x0 + 1, (cx + 1) * picture.width / w)
                var sum = SIMD3<Float>.zero
                for y in y0..<y1 { for x in x0..<x1 {
                    let i = 3 * (y * picture.width + x)
                    let r = Float(picture.rgb[i]), g = Float(picture.rgb[i + 1]), b = Float(picture.rgb[i + 2])
                    sum += SIMD3(0.2126 * r + 0.7152 * g + 0.0722 * b, r - g, (r + g) / 2 - b)
                } }
                cells[cy * w + cx] = sum / Float((y1 - y0) * (x1 - x0))
            }
        }
        let mean = cells.reduce(SIMD3<Float>.zero, +) / Float(cells.count)
        var map = [Float](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w {
            let c = cells[y * w + x]
            let d = c - mean
            let distinct = (d * d).sum().squareRoot()
            let right = cells[y * w + min(w - 1, x + 1)], below = cells[min(h - 1, y + 1) * w + x]
            let detail = abs(right.x - c.x) + abs(below.x - c.x)
            let dx = (Float(x) + 0.5) / Float(w) - 0.5, dy = (Float(y) + 0.5) / Float(h) - 0.5
            let centre = exp(-(dx * dx + dy * dy) / (2 * 0.3 * 0.3))
            map[y * w + x] = (distinct + 2 * detail) * (0.4 + 0.6 * centre)
        } }
        map = boxBlur(map, w, h, radius: 2)
        let average = map.reduce(0, +) / Float(map.count)
        let deviation = (map.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Float(map.count)).squareRoot()
        guard deviation > 1e-3, let peak = map.indices.max(by: { map[$0] < map[$1] }) else { return nil }
        let cut = average + deviation
        // Flood fill from the peak over cells above the cut.
        var inside = [Bool](repeating: false, count: w * h)
        var stack = [peak]
        inside[peak] = true
        var (minX, minY, maxX, maxY) = (w, h, 0, 0)
        while let i = stack.popLast() {
            let x = i % w, y = i / w
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                let j = ny * w + nx
                if !inside[j], map[j] >= cut { inside[j] = true; stack.append(j) }
            }
        }
        return NormalizedRect(x: Double(minX) / Double(w), y: Double(minY) / Double(h),
                              width: Double(maxX - minX + 1) / Double(w), height: Double(maxY - minY + 1) / Double(h))
    }

    private static func boxBlur(_ values: [Float], _ w: Int, _ h: Int, radius r: Int) -> [Float] {
        var out = values
        for y in 0..<h { for x in 0..<w {
            var sum: Float = 0, n: Float = 0
            for yy in max(0, y - r)...min(h - 1, y + r) { for xx in max(0, x - r)...min(w - 1, x + r) { sum += values[yy * w + xx]; n += 1 } }
            out[y * w + x] = sum / n
        } }
        return out
    }
}

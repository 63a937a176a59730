import Foundation

/// Per-component minimum and maximum (and the red sum) of the premultiplied pixels of `area`, written out in one
/// of the shapes Core Image's extrema reductions publish. Minima and maxima are exact (floats compared as they
/// are), so they do not depend on tiling or thread count; the red sum adds each float into a double, so its
/// order can change only the last bits of the double, which the float result hides for ordinary images.
package struct ComponentExtremaKernel: ReductionKernel {
    /// What the output pixels hold.
    package enum Output: String, Sendable {
        /// One pixel: the per-component minimum (`CIAreaMinimum`).
        case minimum
        /// One pixel: the per-component maximum (`CIAreaMaximum`).
        case maximum
        /// Two pixels: the minimum on the left, the maximum on the right (`CIAreaMinMax`).
        case minimumAndMaximum
        /// One opaque pixel: red = the minimum red, green = the maximum red, blue 0 (`CIAreaMinMaxRed`).
        case redMinimumAndMaximum
        /// One opaque pixel: red = the mean red, green = the maximum red, blue 0 (`CIAreaAverageMaximumRed`).
        case redAverageAndMaximum
    }

    package let area: PixelRect
    package let output: Output
    package var name: String { "areaExtrema" }
    package var signature: String { "\(area) \(output.rawValue)" }
    package var outputExtent: PixelRect {
        PixelRect(x: area.x, y: area.y, width: output == .minimumAndMaximum ? 2 : 1, height: 1)
    }
    /// Minima (4), maxima (4), the red sum.
    package let partialCount = 9

    package init(area: PixelRect, output: Output) { (self.area, self.output) = (area, output) }

    package func initialize(_ partial: UnsafeMutablePointer<Double>) {
        for c in 0..<4 { partial[c] = .infinity; partial[4 + c] = -.infinity }
        partial[8] = 0
    }

    package func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        var low = SIMD4<Float>(repeating: .infinity), high = SIMD4<Float>(repeating: -.infinity)
        var red = 0.0
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for _ in 0..<tile.rect.width {
                let v = SIMD4(p[0], p[1], p[2], p[3])
                low = pointwiseMin(low, v); high = pointwiseMax(high, v)
                red += Double(p[0])
                p += 4
            }
        }
        for c in 0..<4 {
            partial[c] = Swift.min(partial[c], Double(low[c]))
            partial[4 + c] = Swift.max(partial[4 + c], Double(high[c]))
        }
        partial[8] += red
    }

    package func combine(_ other: UnsafePointer<Double>, into partial: UnsafeMutablePointer<Double>) {
        for c in 0..<4 {
            partial[c] = Swift.min(partial[c], other[c])
            partial[4 + c] = Swift.max(partial[4 + c], other[4 + c])
        }
        partial[8] += other[8]
    }

    package func finish(_ partial: UnsafePointer<Double>, into out: UnsafeMutablePointer<Float>) {
        switch output {
        case .minimum:
            for c in 0..<4 { out[c] = Float(partial[c]) }
        case .maximum:
            for c in 0..<4 { out[c] = Float(partial[4 + c]) }
        case .minimumAndMaximum:
            for c in 0..<4 { out[c] = Float(partial[c]); out[4 + c] = Float(partial[4 + c]) }
        case .redMinimumAndMaximum:
            (out[0], out[1], out[2], out[3]) = (Float(partial[0]), Float(partial[4]), 0, 1)
        case .redAverageAndMaximum:
            (out[0], out[1], out[2], out[3]) = (Float(partial[8] / Double(area.area)), Float(partial[4]), 0, 1)
        }
    }
}

/// The pixel of `area` with the greatest (`largest`) or smallest alpha; among equal alphas the lowest row, then
/// the leftmost pixel (Core Image's y-up order), so the choice does not depend on tiling or thread count.
package struct AlphaExtremumKernel: ReductionKernel {
    package let area: PixelRect
    package let largest: Bool
    package var name: String { largest ? "areaMaximumAlpha" : "areaMinimumAlpha" }
    package var signature: String { "\(area)" }
    package var outputExtent: PixelRect { PixelRect(x: area.x, y: area.y, width: 1, height: 1) }
    /// Alpha key, y, x, then the pixel's four components.
    package let partialCount = 7

    package init(area: PixelRect, largest: Bool) { (self.area, self.largest) = (area, largest) }

    package func initialize(_ partial: UnsafeMutablePointer<Double>) {
        partial.update(repeating: 0, count: partialCount)
        partial[0] = .infinity      // the key is ±alpha, smaller is better
        partial[1] = .infinity
        partial[2] = .infinity
    }

    /// Whether a candidate (key, y, x) beats the partial's pixel.
    @inline(__always)
    private func beats(_ key: Double, _ y: Double, _ x: Double, _ partial: UnsafePointer<Double>) -> Bool {
        key < partial[0] || (key == partial[0] && (y < partial[1] || (y == partial[1] && x < partial[2])))
    }

    package func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        let sign: Float = largest ? -1 : 1
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for x in tile.rect.x..<tile.rect.maxX {
                let key = Double(sign * p[3])
                if beats(key, Double(y), Double(x), partial) {
                    (partial[0], partial[1], partial[2]) = (key, Double(y), Double(x))
                    for c in 0..<4 { partial[3 + c] = Double(p[c]) }
                }
                p += 4
            }
        }
    }

    package func combine(_ other: UnsafePointer<Double>, into partial: UnsafeMutablePointer<Double>) {
        if beats(other[0], other[1], other[2], partial) { partial.update(from: other, count: partialCount) }
    }

    package func finish(_ partial: UnsafePointer<Double>, into out: UnsafeMutablePointer<Float>) {
        for c in 0..<4 { out[c] = Float(partial[3 + c]) }
    }
}

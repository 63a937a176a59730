import Foundation

/// Finds how far a video frame is shifted against a reference frame (the shake of a hand-held camera), so a Long
/// Exposure can average the frames where they agree.
///
/// Translation only, in whole pixels, coarse to fine: both frames' luma is halved into a pyramid; the coarsest
/// level (at most 96 px wide) is searched exhaustively within ±`searchFraction` of its size, each finer level
/// refines the doubled offset by ±2, and the full-resolution luma (every second row and column) by ±1. A candidate's
/// cost is the mean absolute luma difference over the area both frames cover, inside the central 80 %; a
/// candidate that leaves less than a third of the frame in common is not considered.
struct FrameAligner {
    /// One frame's luma at one scale, row-major, 8 bits.
    struct Plane {
        let width: Int, height: Int
        let pixels: [UInt8]

        /// Rec. 709 luma of RGBA8 pixels (integer weights summing to 256).
        init(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
            self.width = width; self.height = height
            var luma = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let row = y * bytesPerRow, out = y * width
                for x in 0..<width {
                    let p = row + x * 4
                    let r: Int = 54 * Int(rgba[p]), g: Int = 183 * Int(rgba[p + 1]), b: Int = 19 * Int(rgba[p + 2])
                    luma[out + x] = UInt8((r + g + b) >> 8)
                }
            }
            pixels = luma
        }

        init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

        /// Half the size, each pixel the mean of a 2×2 block.
        func halved() -> Plane {
            let w = width / 2, h = height / 2
            var out = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                let a = 2 * y * width, b = a + width
                for x in 0..<w {
                    let top: Int = Int(pixels[a + 2 * x]) + Int(pixels[a + 2 * x + 1])
                    let bottom: Int = Int(pixels[b + 2 * x]) + Int(pixels[b + 2 * x + 1])
                    out[y * w + x] = UInt8((top + bottom + 2) >> 2)
                }
            }
            return Plane(width: w, height: h, pixels: out)
        }
    }

    /// The largest shift looked for, as a fraction of the frame's size (a hand's shake, not a pan).
    static let searchFraction = 0.15

    /// A frame's luma at every scale, full resolution first.
    static func pyramid(_ full: Plane) -> [Plane] {
        var levels = [full]
        while let last = levels.last, last.width > 96, last.height > 16 { levels.append(last.halved()) }
        return levels
    }

    /// How far `frame`'s content sits from `reference`'s: the `(dx, dy)` for which `frame[y + dy][x + dx]` shows
    /// what `reference[y][x]` shows. Both pyramids come from frames of one size.
    static func offset(of frame: [Plane], against reference: [Plane]) -> (dx: Int, dy: Int) {
        let coarsest = reference.count - 1
        let top = reference[coarsest]
        let rangeX = max(1, Int(Double(top.width) * searchFraction)), rangeY = max(1, Int(Double(top.height) * searchFraction))
        var best = search(frame[coarsest], reference[coarsest], around: (0, 0), rangeX: rangeX, rangeY: rangeY, step: 1)
        for level in stride(from: coarsest - 1, through: 1, by: -1) {
            best = search(frame[level], reference[level], around: (best.dx * 2, best.dy * 2), rangeX: 2, rangeY: 2, step: 1)
        }
        if coarsest > 0 {
            best = search(frame[0], reference[0], around: (best.dx * 2, best.dy * 2), rangeX: 1, rangeY: 1, step: 2)
        }
        return best
    }

    /// The candidate around `centre` with the lowest cost; `step` samples every step-th row and column.
    private static func search(_ frame: Plane, _ reference: Plane, around centre: (dx: Int, dy: Int), rangeX: Int, rangeY: Int,
                               step: Int) -> (dx: Int, dy: Int) {
        var best = centre, bestCost = Double.infinity
        let marginX = reference.width / 10, marginY = reference.height / 10
        for dy in (centre.dy - rangeY)...(centre.dy + rangeY) {
            for dx in (centre.dx - rangeX)...(centre.dx + rangeX) {
                // Reference pixels inside the central 80 % whose shifted position is inside the frame.
                let x0 = max(marginX, -dx), x1 = min(reference.width - marginX, frame.width - dx)
                let y0 = max(marginY, -dy), y1 = min(reference.height - marginY, frame.height - dy)
                guard x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) * 3 >= reference.width * reference.height else { continue }
                let cost = reference.pixels.withUnsafeBufferPointer { r in
                    frame.pixels.withUnsafeBufferPointer { f in
                        var total = 0, count = 0
                        var y = y0
                        while y < y1 {
                            let rr = y * reference.width, fr = (y + dy) * frame.width + dx
                            var x = x0
                            while x < x1 { total += abs(Int(r[rr + x]) - Int(f[fr + x])); x += step }
                            count += (x1 - x0 + step - 1) / step
                            y += step
                        }
                        return Double(total) / Double(max(1, count))
                    }
                }
                // Ties go to the smaller shift, so a featureless frame stays where it is.
                if cost < bestCost - 1e-9 || (abs(cost - bestCost) <= 1e-9 && abs(dx) + abs(dy) < abs(best.dx) + abs(best.dy)) {
                    bestCost = cost; best = (dx, dy)
                }
            }
        }
        return best
    }
}

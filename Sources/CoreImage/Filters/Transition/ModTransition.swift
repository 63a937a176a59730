import Foundation

extension FilterCatalog {
    /// CIModTransition: the target shows through holes that open in a lattice around `inputCenter`. A point p is
    /// taken to q = R(−angle)·(p − centre), then compressed to q' = q·C/(C + |q|) (C = `inputCompression`), so
    /// holes near the centre keep their size and those far out are stretched. q' lies in a square cell of side
    /// 2·`inputRadius` (one cell's corner on the centre); the cell's hole is a disc about the cell's middle of
    /// radius √2·radius·min(1, time·(1 + h)), h ∈ [0, 1) a fixed integer hash of the cell (so holes open at
    /// different speeds, and every cell is open by time 1). Inside a hole the target shows, elsewhere the image.
    /// The hash: n = (i·374761393 + j·668265263) mod 2³², n = ((n ⊕ (n >> 13))·1274126177) mod 2³², h = (n >> 8)/2²⁴.
    /// Apple describes the look, not the formula; this is the one chosen here. Time 0 returns the image and
    /// time 1 the target, unchanged; in between the extent is the union of the two images' extents.
    static let modTransition = FilterDefinition(
        name: "CIModTransition", display: "Mod", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by revealing the target image through irregularly shaped holes.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            RadialDistortion.centre(),
            Transition.time(),
            .angle(kCIInputAngleKey, 2, sliderMin: -2 * Double.pi, sliderMax: 2 * Double.pi, identity: 0, summary: "The angle of the mod hole pattern."),
            .distance(kCIInputRadiusKey, 150, min: 1, sliderMin: 1, sliderMax: 200, summary: "The radius of the undistorted holes in the pattern."),
            .distance("inputCompression", 300, min: 1, sliderMin: 100, sliderMax: 800,
                      summary: "The amount of stretching applied to the mod hole pattern. Holes in the center are not distorted as much as those at the edge of the image."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let c = args.point(kCIInputCenterKey), centre = SIMD2(Double(c.x), Double(c.y))
        let angle = args.number(kCIInputAngleKey)
        let radius = max(args.number(kCIInputRadiusKey), 1), compression = max(args.number("inputCompression"), 1)
        let kernel = ClosureKernel(name: "mod", signature: "\(centre) \(angle) \(radius) \(compression) \(time)", arity: 2,
                                   extent: { $0[0].extent.union($0[1].extent) }) { inputs, p in
            let q = RadialDistortion.rotated(SIMD2(Double(p.x), Double(p.y)) - centre, -angle)
            let length = (q * q).sum().squareRoot()
            let squeezed = q * (compression / (compression + length))
            let cell = (squeezed / (2 * radius)).rounded(.down)
            let middle = (cell + 0.5) * (2 * radius)
            let grow = min(1, time * (1 + Transition.cellHash(Int(cell.x), Int(cell.y))))
            let d = squeezed - middle
            return (d * d).sum() < 2 * radius * radius * grow * grow ? inputs[1] : inputs[0]
        }
        return image.applying(kernel, [target])
    }
}

extension Transition {
    /// A fixed hash of an integer cell to [0, 1) (see `CIModTransition`).
    static func cellHash(_ i: Int, _ j: Int) -> Double {
        var n = UInt32(truncatingIfNeeded: i) &* 374_761_393 &+ UInt32(truncatingIfNeeded: j) &* 668_265_263
        n = (n ^ (n >> 13)) &* 1_274_126_177
        return Double(n >> 8) / 16_777_216
    }
}

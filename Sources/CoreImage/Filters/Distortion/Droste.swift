import Foundation

extension FilterCatalog {
    /// CIDroste: the Droste effect as M. C. Escher's *Print Gallery* spiral, in the log-polar formulation of
    /// B. de Smit and H. W. Lenstra ("The mathematical structure of Escher's Print Gallery", Notices AMS 50(4),
    /// 2003). The picture frame is the input's extent (outer rectangle) and the rectangle with corners
    /// `inputInsetPoint0` and `inputInsetPoint1` (inner); their scale ratio s = √(outer area / inner area) and the
    /// fixed point z* = (s·c_inner − c_outer)/(s − 1) of the similarity taking the outer frame onto the inner one
    /// define the self-similar "infinite Droste" picture, periodic in w = log(z − z*) with periods L = ln s and 2πi.
    /// An output point z maps to v = e^{−i·rotation}(z − z*)/zoom, w = log v, w′ = w·(p − i·q·L/2π) with
    /// p = `inputPeriodicity`, q = `inputStrands` (so one turn about z* moves q scale levels and p turns), then
    /// e^{w′} is scaled by the power of s that puts it inside the outer frame but outside the frame shrunk by s
    /// about z* (the gauge of the outer rectangle about z* lies in [1/s, 1)); the input is sampled there
    /// (bilinear). Integer periodicity and strands give a seamless spiral; others leave a seam along the ray from
    /// z* where arg v = ±π. The output's extent is infinite (crop it, as Apple's example does). An
    /// infinite input, an empty inner rectangle, an inner rectangle not smaller than the outer one, or a fixed
    /// point outside the outer frame returns the input unchanged. Apple names the parameters but not its maths;
    /// this formulation is the published one chosen here.
    static let droste = FilterDefinition(
        name: "CIDroste", display: "Droste", categories: RadialDistortion.categories,
        summary: "Performs M.C. Escher Droste style deformation.",
        parameters: [
            .image(),
            .position("inputInsetPoint0", 200, 200, summary: "The x and y position that defines the first inset point."),
            .position("inputInsetPoint1", 400, 400, summary: "The x and y position that defines the second inset point."),
            .scalar("inputStrands", 1, min: -10, max: 10, sliderMin: -2, sliderMax: 2, summary: "The number of strands."),
            .scalar("inputPeriodicity", 1, min: 1, sliderMin: 1, sliderMax: 5, summary: "The number of repetitions of the image in each strand."),
            .angle("inputRotation", 0, sliderMin: 0, sliderMax: 2 * Double.pi, identity: nil, summary: "The rotation of the effect."),
            .scalar("inputZoom", 1, min: 0.01, sliderMin: 0.01, sliderMax: 5, summary: "The zoom of the effect."),
        ], mac: "10.15", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        guard let map = DrosteMap(image.extent, args.point("inputInsetPoint0"), args.point("inputInsetPoint1"),
                                  strands: args.number("inputStrands"), periodicity: args.number("inputPeriodicity"),
                                  rotation: args.number("inputRotation"), zoom: args.number("inputZoom")) else { return image }
        let kernel = TileWarp(name: "droste", signature: map.signature, sampling: image.samplingMode,
                              source: PixelRect(covering: image.extent).outset(2, 2)) { p in (map.source(of: p), 1) }
        return image.applying(area: kernel)
    }
}

/// The Droste spiral's output-to-input map (see `CIDroste`).
struct DrosteMap: Sendable {
    let outer: CGRect
    /// The similarity's fixed point, the spiral's centre.
    let centre: SIMD2<Double>
    /// ln s, the log-radial period.
    let period: Double
    /// The complex factor p − i·q·L/2π applied to log(v).
    let factor: SIMD2<Double>
    let turn: SIMD2<Double>
    let zoom: Double

    init?(_ extent: CGRect, _ inset0: CGPoint, _ inset1: CGPoint, strands: Double, periodicity: Double, rotation: Double, zoom: Double) {
        guard !extent.isEffectivelyInfinite, !extent.isNull, extent.width > 0, extent.height > 0 else { return nil }
        let inner = CGRect(x: min(inset0.x, inset1.x), y: min(inset0.y, inset1.y), width: abs(inset1.x - inset0.x), height: abs(inset1.y - inset0.y))
        guard inner.width > 0, inner.height > 0 else { return nil }
        let s = (Double(extent.width * extent.height) / Double(inner.width * inner.height)).squareRoot()
        guard s > 1 + 1e-9, s.isFinite else { return nil }
        let c = (s * SIMD2(Double(inner.midX), Double(inner.midY)) - SIMD2(Double(extent.midX), Double(extent.midY))) / (s - 1)
        guard c.x > Double(extent.minX), c.x < Double(extent.maxX), c.y > Double(extent.minY), c.y < Double(extent.maxY) else { return nil }
        outer = extent
        centre = c
        period = log(s)
        factor = SIMD2(periodicity, -strands * period / (2 * Double.pi))
        turn = SIMD2(cos(rotation), sin(rotation))
        self.zoom = zoom > 0 ? zoom : 1
    }

    var signature: String { "\(outer) \(centre) \(period) \(factor) \(turn) \(zoom)" }

    /// The input position an output pixel centre shows.
    func source(of p: SIMD2<Double>) -> SIMD2<Double> {
        let d = p - centre
        // e^{−i·rotation}·d / zoom
        let v = SIMD2(turn.x * d.x + turn.y * d.y, turn.x * d.y - turn.y * d.x) / zoom
        let r = (v * v).sum().squareRoot()
        guard r > 0 else { return centre }
        let w = SIMD2(log(r), atan2(v.y, v.x))
        let lnRadius = factor.x * w.x - factor.y * w.y
        let angle = factor.x * w.y + factor.y * w.x
        let direction = SIMD2(cos(angle), sin(angle))
        // The outer rectangle's gauge about the centre, for the unit direction.
        let gx = direction.x > 0 ? direction.x / (Double(outer.maxX) - centre.x) : direction.x / (Double(outer.minX) - centre.x)
        let gy = direction.y > 0 ? direction.y / (Double(outer.maxY) - centre.y) : direction.y / (Double(outer.minY) - centre.y)
        let gauge = log(max(gx, gy))
        // The scale level k with lnRadius + kL + gauge in [−L, 0).
        let k = -((lnRadius + gauge) / period).rounded(.down) - 1
        return centre + exp(lnRadius + k * period) * direction
    }
}

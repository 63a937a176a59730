import Foundation

extension FilterCatalog {
    /// CIEdgePreserveUpsampleFilter: joint bilateral upsampling of `inputSmallImage` to `inputImage`'s extent.
    /// Each output pixel averages the small image's pixels j within ⌈2σ⌉ (σ = spatialSigma / 3, in small-image
    /// pixels) of its position, weighted by exp(−d²/2σ²) × exp(−(L(p) − L(g(j)))² / 2·lumaSigma²), where L is the
    /// guide's (inputImage's) luminance at p and at j's position mapped onto the guide.
    static let edgePreserveUpsampleFilter = FilterDefinition(
        name: "CIEdgePreserveUpsampleFilter", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Upsamples a small image to the size of the input image using the luminance of the input image as a guide to preserve detail.",
        parameters: [
            .image(),
            .image("inputSmallImage", summary: "The image to upsample."),
            .scalar("inputSpatialSigma", 3, min: 0, max: 5, sliderMin: 0, sliderMax: 5, summary: "A value that specifies the influence of the input image’s spatial information on the upsampling operation."),
            .scalar("inputLumaSigma", 0.15, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "A value that specifies the influence of the input image’s luma information on the upsampling operation."),
        ], mac: "10.12", iOS: "10"
    ) { args in
        guard let guide = args.image(), let small = args.image("inputSmallImage") else { return nil }
        let g = guide.extent, s = small.extent
        guard !g.isEffectivelyInfinite, !s.isEffectivelyInfinite, !g.isNull, !s.isNull else { return nil }
        let kernel = EdgePreserveUpsample(guide: g, small: s, spatialSigma: max(args.number("inputSpatialSigma"), 0.01),
                                          lumaSigma: max(args.number("inputLumaSigma"), 0.001))
        return guide.applying(area: kernel, [small])
    }
}

/// The joint bilateral upsampling kernel (input 0: guide, input 1: small image).
struct EdgePreserveUpsample: AreaKernel {
    let guide: CGRect
    let small: CGRect
    let spatialSigma: Double
    let lumaSigma: Double
    let name = "edgePreserveUpsample"
    let arity = 2
    var signature: String { "\(guide) \(small) \(spatialSigma) \(lumaSigma)" }

    var scale: SIMD2<Float> { SIMD2(Float(small.width / guide.width), Float(small.height / guide.height)) }
    var sigma: Float { Float(spatialSigma / 3) }
    var window: Int { max(1, Int((2 * sigma).rounded(.up))) }

    func extent(of inputs: [Image]) -> CGRect { guide }
    func isOpaque(inputs: [Image]) -> Bool { inputs[1].isOpaque }

    /// Guide position → small-image position.
    func toSmall(_ p: SIMD2<Float>) -> SIMD2<Float> {
        (p - SIMD2(Float(guide.minX), Float(guide.minY))) * scale + SIMD2(Float(small.minX), Float(small.minY))
    }
    func toGuide(_ q: SIMD2<Float>) -> SIMD2<Float> {
        (q - SIMD2(Float(small.minX), Float(small.minY))) / scale + SIMD2(Float(guide.minX), Float(guide.minY))
    }

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        let r = rect.cgRect
        let a = toSmall(SIMD2(Float(r.minX), Float(r.minY))), b = toSmall(SIMD2(Float(r.maxX), Float(r.maxY)))
        let smallRect = PixelRect(covering: CGRect(x: CGFloat(a.x), y: CGFloat(a.y), width: CGFloat(b.x - a.x), height: CGFloat(b.y - a.y))).outset(window + 1, window + 1)
        if input == 1 { return smallRect }
        let c = toGuide(SIMD2(Float(smallRect.x), Float(smallRect.y))), d = toGuide(SIMD2(Float(smallRect.maxX), Float(smallRect.maxY)))
        return rect.union(PixelRect(covering: CGRect(x: CGFloat(c.x), y: CGFloat(c.y), width: CGFloat(d.x - c.x), height: CGFloat(d.y - c.y))).outset(1, 1))
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let guideTile = inputs[0], smallTile = inputs[1]
        let twoSigma2 = 2 * sigma * sigma, twoLuma2 = Float(2 * lumaSigma * lumaSigma)
        func luma(_ p: SIMD4<Float>) -> Float { p.w > 0 ? (p.x * 0.2125 + p.y * 0.7154 + p.z * 0.0721) / p.w : 0 }
        for y in output.rect.y..<output.rect.maxY {
            for x in output.rect.x..<output.rect.maxX {
                let centre = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let lp = luma(guideTile.pixel(x, y))
                let q = toSmall(centre)
                let qx = Int((q.x - 0.5).rounded(.down)), qy = Int((q.y - 0.5).rounded(.down))
                var sum = SIMD4<Float>.zero, total: Float = 0
                for j in (qy - window + 1)...(qy + window) {
                    for i in (qx - window + 1)...(qx + window) {
                        let jc = SIMD2(Float(i) + 0.5, Float(j) + 0.5)
                        let d = jc - q
                        let gp = toGuide(jc)
                        let lg = luma(guideTile.pixel(Int(gp.x.rounded(.down)), Int(gp.y.rounded(.down))))
                        let w = exp(-(d.x * d.x + d.y * d.y) / twoSigma2) * exp(-(lp - lg) * (lp - lg) / twoLuma2)
                        sum += smallTile.pixel(i, j) * w
                        total += w
                    }
                }
                let v = total > 0 ? sum / total : .zero
                let p = output.pointer(x, y)
                p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
            }
        }
    }
}

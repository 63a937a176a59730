internal import CPixelKernels
import Foundation

extension FilterCatalog {
    /// CIZoomBlur: each output pixel p averages the input along the segment from p towards `inputCenter` c: with
    /// a = `inputAmount`/100 and d = |p − c|, the n = min(256, ⌈|a|·d⌉) + 1 points c + (p − c)·(1 − a·k/n),
    /// k = 0…n−1 (bilinear samples, equal weights). So the streak is `inputAmount` pixels long 100 pixels from the
    /// centre and grows with the distance, as in a zoom during the exposure; a negative amount streaks outward.
    /// Points sampled beyond the input are clear (clamp the input first for a blur without dark edges, as on
    /// Apple). The extent is the input's. Apple publishes the parameters, not these sample positions.
    static let zoomBlur = FilterDefinition(
        name: "CIZoomBlur", display: "Zoom Blur", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Simulates the effect of zooming the camera while capturing the image.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputAmountKey, 20, min: nil, sliderMin: -200, sliderMax: 200, identity: 0, summary: "The zoom-in amount. Larger values result in more zooming in."),
        ], mac: "10.4", iOS: "8.3"
    ) { args in
        guard let image = args.image() else { return nil }
        let c = args.point(kCIInputCenterKey)
        let amount = args.number(kCIInputAmountKey) / 100
        guard amount != 0 else { return image }
        return image.applying(area: ZoomBlurKernel(centre: SIMD2(Double(c.x), Double(c.y)), amount: amount))
    }
}

/// The zoom blur's kernel (see `CIZoomBlur`).
struct ZoomBlurKernel: AreaKernel {
    let centre: SIMD2<Double>
    let amount: Double
    let name = "zoomBlur"
    static let maximumSamples = 256
    var signature: String { "\(centre) \(amount)" }

    func extent(of inputs: [Image]) -> CGRect { inputs[0].extent }
    var samplesInputsWithBoundsChecks: Bool { true }

    /// The rectangle and its image scaled by 1 − amount about the centre.
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        if rect.isEmpty { return rect }
        let r = rect.cgRect
        let corners = [(r.minX, r.minY), (r.maxX, r.maxY)].map { SIMD2(Double($0.0), Double($0.1)) }
        let scaled = corners.map { centre + ($0 - centre) * (1 - amount) }
        return rect.union(TileWarp.bounds(corners + scaled))
    }

    /// Row by row in C (`pk_ci_zoom_blur_row`: the definition above, the same operations in the same order as
    /// `Tile.bilinear`); a render that must stop returns between rows.
    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        for y in rect.y..<rect.maxY {
            if RenderStop.currentIsDue { return }
            pk_ci_zoom_blur_row(input.base, input.stride, Int32(input.rect.x), Int32(input.rect.y), Int32(input.rect.width),
                                Int32(input.rect.height), output.pointer(rect.x, y), Int32(rect.x), Int32(y), Int32(rect.width),
                                centre.x, centre.y, amount, Int32(Self.maximumSamples))
        }
    }
}

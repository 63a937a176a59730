import Foundation

extension FilterCatalog {
    /// CIDisplacementDistortion: each output pixel p shows the input at p + scale·(r − ½, g − ½), where r and g are
    /// the displacement image's unpremultiplied red and green at p (working-space values, limited to 0…1; clear
    /// outside its extent, which gives (−½, −½)). A grey displacement image (r = g) therefore moves pixels along
    /// the diagonal, mid-grey not at all. The input is sampled bilinearly (or at the nearest pixel, as its sampling
    /// mode says); the extent is the input's. Apple says only that the grey values of the second image displace
    /// the first; the mapping of channels to directions is the one chosen here.
    static let displacementDistortion = FilterDefinition(
        name: "CIDisplacementDistortion", display: "Displacement Distortion", categories: RadialDistortion.categories,
        summary: "Applies the grayscale values of the second image to the first image.",
        parameters: [
            .image(),
            FilterParameter("inputDisplacementImage", .image, summary: "An image whose grayscale values will be applied to the source image."),
            .distance(kCIInputScaleKey, 50, min: 0, sliderMin: 0, sliderMax: 200, identity: 0,
                      summary: "The amount of texturing of the resulting image. The larger the value, the greater the texturing."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image(), let map = args.image("inputDisplacementImage") else { return nil }
        let scale = args.number(kCIInputScaleKey)
        guard scale != 0 else { return image }
        let kernel = DisplacementWarp(name: "displacement", signature: "\(scale)", sampling: image.samplingMode, reach: scale / 2 + 1,
                                      extent: image.extent, roi: { $0 }) { tile, x, y in
            var m = tile.pixel(x, y)
            if m.w > 0 { m /= m.w } else { m = .zero }
            return SIMD2(scale * (Double(min(max(m.x, 0), 1)) - 0.5), scale * (Double(min(max(m.y, 0), 1)) - 0.5))
        }
        return image.applying(area: kernel, [map])
    }
}

/// A warp whose offsets come from a second image: output pixel (x, y) shows input 0 at its centre plus
/// `offset(input 1, x, y)`, sampled bilinearly (or at the nearest pixel). `reach` bounds |offset| per axis;
/// `roi` gives the region of input 1 an output rectangle reads.
struct DisplacementWarp: AreaKernel {
    let name: String
    let signature: String
    let sampling: SamplingMode
    let reach: Double
    let outputExtent: CGRect
    let roi: @Sendable (PixelRect) -> PixelRect
    let offset: @Sendable (Tile, Int, Int) -> SIMD2<Double>
    let arity = 2

    init(name: String, signature: String, sampling: SamplingMode, reach: Double, extent: CGRect,
         roi: @escaping @Sendable (PixelRect) -> PixelRect, offset: @escaping @Sendable (Tile, Int, Int) -> SIMD2<Double>) {
        (self.name, self.signature, self.sampling, self.reach, self.outputExtent, self.roi, self.offset) = (name, signature, sampling, reach, extent, roi, offset)
    }

    func extent(of inputs: [Image]) -> CGRect { outputExtent }
    var samplesInputsWithBoundsChecks: Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        if rect.isEmpty { return rect }
        if input == 1 { return roi(rect) }
        let r = Int(min(abs(reach), FilterArguments.magnitudeLimit).rounded(.up)) + 2
        return rect.outset(r, r)
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], map = inputs[1]
        for y in output.rect.y..<output.rect.maxY {
            var o = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let d = offset(map, x, y)
                let qx = Double(x) + 0.5 + d.x, qy = Double(y) + 0.5 + d.y
                let v = sampling == .linear ? input.bilinear(Float(qx), Float(qy)) : input.nearest(Float(qx), Float(qy))
                o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = v.w
                o += 4
            }
        }
    }
}

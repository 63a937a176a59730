import Foundation

extension FilterCatalog {
    /// CIShadedMaterial: shades a height field (the image: its linear Rec. 709 luminance h, unpremultiplied, 0 beyond
    /// its extent) with an environment picture of a lit sphere (`inputShadingImage`). At each pixel the surface normal is
    /// n = normalize(−scale·∂h/∂x, −scale·∂h/∂y, 1) (central differences of h, `inputScale` = scale), and the output
    /// is the shading image sampled bilinearly at its extent's centre + (n.x, n.y)·(half its width, half its
    /// height): a flat area shows the sphere's centre, a slope the part of the sphere facing the same way. The
    /// output's alpha is the shading sample's times the height image's alpha; its extent is the height image's. A
    /// shading image with an infinite extent has no sphere: no output. Apple describes the use (shading masks made
    /// by `CIHeightFieldFromMask`), not the formula; this one is chosen here.
    static let shadedMaterial = FilterDefinition(
        name: "CIShadedMaterial", display: "Shaded Material", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Produces a shaded image from a height field.",
        parameters: [
            .image(),
            .image(kCIInputShadingImageKey, summary: "The image to use as the height field. The resulting image has greater heights with lighter shades, and lesser heights (lower areas) with darker shades."),
            .distance(kCIInputScaleKey, 10, min: 0, sliderMin: 0.5, sliderMax: 200, summary: "The scale of the effect. The higher the value, the more dramatic the effect."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let height = args.image(), let shading = args.image(kCIInputShadingImageKey) else { return nil }
        let sphere = shading.extent
        guard !sphere.isNull, !sphere.isEmpty, !sphere.isEffectivelyInfinite, !height.extent.isNull else { return nil }
        return height.applying(area: ShadedMaterialKernel(sphere: sphere, scale: args.number(kCIInputScaleKey)), [shading])
    }
}

/// The kernel of `CIShadedMaterial`: input 0 the height field (read around each pixel), input 1 the sphere (read
/// whole).
struct ShadedMaterialKernel: AreaKernel {
    let sphere: CGRect
    let scale: Double
    let name = "shadedMaterial"
    let arity = 2
    var signature: String { "\(sphere) \(scale)" }

    func extent(of inputs: [Image]) -> CGRect { inputs[0].extent }
    var samplesInputsWithBoundsChecks: Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        if rect.isEmpty { return rect }
        return input == 0 ? rect.outset(1, 1) : PixelRect(covering: sphere).outset(2, 2)
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let field = inputs[0], map = inputs[1]
        func h(_ x: Int, _ y: Int) -> Double {
            var v = field.pixel(x, y)
            if v.w > 0 { v /= v.w } else { v = .zero }
            return Double(v.x * 0.2125 + v.y * 0.7154 + v.z * 0.0721)
        }
        let cx = Double(sphere.midX), cy = Double(sphere.midY), rx = Double(sphere.width) / 2, ry = Double(sphere.height) / 2
        for y in output.rect.y..<output.rect.maxY {
            var o = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let gx = -scale * (h(x + 1, y) - h(x - 1, y)) / 2, gy = -scale * (h(x, y + 1) - h(x, y - 1)) / 2
                let length = (gx * gx + gy * gy + 1).squareRoot()
                let v = map.bilinear(Float(cx + gx / length * rx), Float(cy + gy / length * ry)) * field.pixel(x, y).w
                o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = v.w
                o += 4
            }
        }
    }
}

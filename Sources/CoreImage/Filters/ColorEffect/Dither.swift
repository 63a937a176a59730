import Foundation

extension FilterCatalog {
    /// CIDither: adds noise before quantisation, in a perceptual space as Apple advises. Each unpremultiplied
    /// colour component is sRGB-encoded, `inputIntensity` × (u − ½) is added, with u the uniform number of
    /// `CIRandomGenerator` for that pixel and component (a fixed hash of the position, so renders repeat), and the
    /// result decoded again; alpha is kept. Apple does not publish its noise; the amplitude here is the intensity
    /// in encoded units (0.1 is ±0.05, about ±13 steps of 8 bits).
    static let dither = FilterDefinition(
        name: "CIDither", categories: [kCategory.colorEffect, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Apply dithering to an image. This operation is usually performed in a perceptual color space.",
        parameters: [
            .image(),
            .scalar(kCIInputIntensityKey, 0.1, min: 0, max: 5, sliderMin: 0, sliderMax: 1, summary: "The intensity of the effect."),
        ], mac: "10.14", iOS: "12"
    ) { args in
        guard let image = args.image() else { return nil }
        let intensity = args.float(kCIInputIntensityKey)
        if intensity == 0 { return image }
        let kernel = ClosureKernel(name: "dither", signature: "\(intensity)", arity: 1, unpremultiplied: true,
                                   opaque: { $0[0].isOpaque }) { inputs, position in
            let p = inputs[0]
            let x = Int(position.x.rounded(.down)), y = Int(position.y.rounded(.down))
            var out = p
            for c in 0..<3 {
                let noise = intensity * (RandomKernel.value(x, y, UInt32(c)) - 0.5)
                out[c] = Luma.decode(Luma.encode(p[c]) + noise)
            }
            return out
        }
        return image.applying(kernel)
    }
}

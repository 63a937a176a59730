import Foundation

extension FilterCatalog {
    /// CISpotLight: the image lit by a spotlight at `inputLightPosition` (x, y, z; the image lies in the plane
    /// z = 0) aimed at `inputLightPointsAt`. For a pixel at S, with ℓ the unit vector from the light to S and a the
    /// unit vector from the light to the point it is aimed at, the light there is
    /// brightness·max(ℓ·a, 0)^(1/concentration), and the colour (not the alpha) is multiplied by that times
    /// `inputColor`. So a high concentration spreads the light evenly (Apple's identity, 20, gives a nearly even
    /// light) and a low one focuses it. Apple publishes the parameters, not the lighting formula; this one (no
    /// distance falloff, no Lambert term) is chosen here. The extent is the image's.
    static let spotLight = FilterDefinition(
        name: "CISpotLight", display: "Spot Light", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Applies a directional spotlight effect to an image.",
        parameters: [
            .image(),
            .vector("inputLightPosition", [400, 600, 150], type: "CIAttributeTypePosition3", summary: "The x and y position of the spotlight."),
            .vector("inputLightPointsAt", [200, 200, 0], type: "CIAttributeTypePosition3", summary: "The x and y position that the spotlight points at."),
            .distance(kCIInputBrightnessKey, 3, min: 0, sliderMin: 0, sliderMax: 10, identity: 1, summary: "The brightness of the spotlight."),
            .scalar("inputConcentration", 0.1, min: 0.001, sliderMin: 0.001, sliderMax: 1.5, identity: 20,
                    summary: "The spotlight size. The smaller the value, the more tightly focused the light beam."),
            .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), opaque: true, summary: "The color of the spotlight."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        func point3(_ key: String) -> SIMD3<Double> {
            let v = args.vector(key)
            return SIMD3(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0, v.count > 2 ? v[2] : 0)
        }
        let light = point3("inputLightPosition"), target = point3("inputLightPointsAt")
        let aim = target - light, aimLength = (aim * aim).sum().squareRoot()
        let axis = aimLength > 0 ? aim / aimLength : SIMD3(0, 0, -1)
        let exponent = 1 / max(args.number("inputConcentration"), 0.001), brightness = args.number(kCIInputBrightnessKey)
        let tint = args.color(kCIInputColorKey).premultipliedWorking
        let kernel = ClosureKernel(name: "spotLight", signature: "\(light) \(axis) \(exponent) \(brightness) \(tint)", arity: 1,
                                   opaque: { $0[0].isOpaque }) { inputs, p in
            let ray = SIMD3(Double(p.x), Double(p.y), 0) - light
            let length = (ray * ray).sum().squareRoot()
            let cosine = length > 0 ? (ray * axis).sum() / length : 1
            let k = Float(brightness * pow(max(cosine, 0), exponent))
            let v = inputs[0]
            return SIMD4(v.x * tint.x * k, v.y * tint.y * k, v.z * tint.z * k, v.w)
        }
        return image.applying(kernel)
    }
}

import Foundation

extension FilterCatalog {
    /// CILabDeltaE: the CIE 1994 colour difference ΔE*94 (graphic-arts weights: kL = 1, K1 = 0.045,
    /// K2 = 0.015, the first image as reference) between the two images' unpremultiplied colours, both taken
    /// from the working space (linear sRGB primaries) to CIE L*a*b* with the D65 white. The result is
    /// opaque, with ΔE in red, green and blue (about 0…100; 2 is a just-noticeable difference, as Apple
    /// documents), over the intersection of the two extents. Without `inputImage2` there is no output.
    static let labDeltaE = FilterDefinition(
        name: "CILabDeltaE", display: "Lab ∆E",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Produces an image with the Lab ∆E difference values between two images. The result image will contain ∆E 1994 values between 0.0 and 100.0 where 2.0 is considered a just noticeable difference.",
        parameters: [
            .image(),
            FilterParameter("inputImage2", .image, display: "Image2", summary: "The second input image for comparison."),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image(), let other = args.image("inputImage2") else { return nil }
        let kernel = ClosureKernel(name: "labDeltaE", signature: "", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent.intersection($0[1].extent) }, opaque: { _ in true }) { inputs, _ in
            let e = Float(Lab.deltaE94(Lab.from(inputs[0]), Lab.from(inputs[1])))
            return SIMD4(e, e, e, 1)
        }
        return image.applying(kernel, [other])
    }
}

/// CIE L*a*b* (D65) from the working space, and ΔE*94.
enum Lab {
    /// L*, a*, b* of an unpremultiplied working-space (linear sRGB) colour.
    static func from(_ p: SIMD4<Float>) -> SIMD3<Double> {
        let r = Double(p.x), g = Double(p.y), b = Double(p.z)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The CIE L*a*b* companding function.
    @inline(__always) static func f(_ t: Double) -> Double {
        let delta = 6.0 / 29
        return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29
    }

    /// ΔE*94 with graphic-arts weights, `reference` setting the chroma weights.
    static func deltaE94(_ reference: SIMD3<Double>, _ sample: SIMD3<Double>) -> Double {
        let dL = reference.x - sample.x
        let c1 = (reference.y * reference.y + reference.z * reference.z).squareRoot()
        let c2 = (sample.y * sample.y + sample.z * sample.z).squareRoot()
        let dC = c1 - c2
        let da = reference.y - sample.y, db = reference.z - sample.z
        let dH2 = max(da * da + db * db - dC * dC, 0)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
}

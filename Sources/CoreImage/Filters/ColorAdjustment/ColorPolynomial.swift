import Foundation

extension FilterCatalog {
    /// CIColorPolynomial: each unpremultiplied component c (red, green, blue and alpha) becomes the cubic
    /// `k0 + k1·c + k2·c² + k3·c³` with its own coefficients (ascending order, Apple's documented formula),
    /// evaluated in the working space without clamping (extended values pass through), then premultiplied by
    /// the new alpha. Missing coefficients count as 0; a vector with more than four uses the first four.
    static let colorPolynomial = FilterDefinition(
        name: "CIColorPolynomial", display: "Color Polynomial",
        categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Modifies the pixel values in an image by applying a set of cubic polynomials.",
        parameters: [
            .image(),
            .vector("inputRedCoefficients", [0, 1, 0, 0], identity: [0, 1, 0, 0], summary: "Polynomial coefficients for red channel"),
            .vector("inputGreenCoefficients", [0, 1, 0, 0], identity: [0, 1, 0, 0], summary: "Polynomial coefficients for green channel"),
            .vector("inputBlueCoefficients", [0, 1, 0, 0], identity: [0, 1, 0, 0], summary: "Polynomial coefficients for blue channel"),
            .vector("inputAlphaCoefficients", [0, 1, 0, 0], identity: [0, 1, 0, 0], summary: "Polynomial coefficients for alpha channel"),
        ], mac: "10.9", iOS: "7"
    ) { args in
        guard let image = args.image() else { return nil }
        func coefficients(_ key: String) -> SIMD4<Float> {
            let v = args.vector(key).map(Float.init)
            return SIMD4((0..<4).map { $0 < v.count ? v[$0] : 0 })
        }
        let r = coefficients("inputRedCoefficients"), g = coefficients("inputGreenCoefficients")
        let b = coefficients("inputBlueCoefficients"), a = coefficients("inputAlphaCoefficients")
        let keepsAlpha = a == SIMD4(0, 1, 0, 0) || a == SIMD4(1, 0, 0, 0)
        return image.mapping("colorPolynomial", "\(r)\(g)\(b)\(a)", opaque: image.isOpaque && keepsAlpha) { p in
            SIMD4(ColorPolynomial.cubic(r, p.x), ColorPolynomial.cubic(g, p.y), ColorPolynomial.cubic(b, p.z), ColorPolynomial.cubic(a, p.w))
        }
    }
}

enum ColorPolynomial {
    /// k.x + k.y·c + k.z·c² + k.w·c³ (Horner's rule).
    @inline(__always) static func cubic(_ k: SIMD4<Float>, _ c: Float) -> Float { k.x + c * (k.y + c * (k.z + c * k.w)) }
}

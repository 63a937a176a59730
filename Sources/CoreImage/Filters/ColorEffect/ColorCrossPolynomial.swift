import Foundation

extension FilterCatalog {
    /// CIColorCrossPolynomial: each unpremultiplied output colour component is the polynomial of all three
    /// input components that Apple documents, with that component's ten coefficients k:
    /// `k0·r + k1·g + k2·b + k3·r² + k4·g² + k5·b² + k6·r·g + k7·g·b + k8·b·r + k9`. Alpha is unchanged;
    /// nothing is clamped. Missing coefficients count as 0; extra ones are ignored.
    static let colorCrossPolynomial = FilterDefinition(
        name: "CIColorCrossPolynomial", display: "Color Cross Polynomial",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Modifies the pixel values in an image by applying a set of polynomial cross-products.",
        parameters: [
            .image(),
            .vector("inputRedCoefficients", [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], identity: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    summary: "Polynomial coefficients for red channel"),
            .vector("inputGreenCoefficients", [0, 1, 0, 0, 0, 0, 0, 0, 0, 0], identity: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
                    summary: "Polynomial coefficients for green channel"),
            .vector("inputBlueCoefficients", [0, 0, 1, 0, 0, 0, 0, 0, 0, 0], identity: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
                    summary: "Polynomial coefficients for blue channel"),
        ], mac: "10.9", iOS: "7"
    ) { args in
        guard let image = args.image() else { return nil }
        func coefficients(_ key: String) -> [Float] {
            let v = args.vector(key).map(Float.init)
            return (0..<10).map { $0 < v.count ? v[$0] : 0 }
        }
        let r = coefficients("inputRedCoefficients"), g = coefficients("inputGreenCoefficients"), b = coefficients("inputBlueCoefficients")
        return image.mapping("colorCrossPolynomial", "\(r)\(g)\(b)") { p in
            // The ten terms, in Apple's order.
            let terms: (Float, Float, Float, Float, Float, Float, Float, Float, Float) =
                (p.x, p.y, p.z, p.x * p.x, p.y * p.y, p.z * p.z, p.x * p.y, p.y * p.z, p.z * p.x)
            func evaluate(_ k: [Float]) -> Float {
                k[0] * terms.0 + k[1] * terms.1 + k[2] * terms.2 + k[3] * terms.3 + k[4] * terms.4 + k[5] * terms.5
                    + k[6] * terms.6 + k[7] * terms.7 + k[8] * terms.8 + k[9]
            }
            return SIMD4(evaluate(r), evaluate(g), evaluate(b), p.w)
        }
    }
}

import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The per-pixel colour maths filters (component extremes, polynomials, threshold, absolute difference, mix)
/// and `CIGaussianGradient` beyond their numpy references: Apple's attributes, identities, pixels computed
/// here by hand, and the typed API.
@Suite struct ColorMathsFilterTests {
    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    /// A 1×1 image of an sRGB colour and its linear components.
    static func swatch(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> (CIImage, [Float]) {
        let image = CIImage(color: CIColor(red: r, green: g, blue: b, alpha: a)).cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        return (image, [r, g, b].map { Float(SRGB.toLinear($0) * a) } + [Float(a)])
    }

    static let one = CGRect(x: 0, y: 0, width: 1, height: 1)

    @Test func namesCategoriesAndDefaultsMatchApple() throws {
        let expected: [(String, String, String, [String])] = [
            ("CIMaximumComponent", "Maximum Component", kCICategoryColorEffect, [kCIInputImageKey]),
            ("CIMinimumComponent", "Minimum Component", kCICategoryColorEffect, [kCIInputImageKey]),
            ("CIColorPolynomial", "Color Polynomial", kCICategoryColorAdjustment,
             [kCIInputImageKey, "inputRedCoefficients", "inputGreenCoefficients", "inputBlueCoefficients", "inputAlphaCoefficients"]),
            ("CIColorCrossPolynomial", "Color Cross Polynomial", kCICategoryColorEffect,
             [kCIInputImageKey, "inputRedCoefficients", "inputGreenCoefficients", "inputBlueCoefficients"]),
            ("CIColorThreshold", "Color Threshold", kCICategoryColorAdjustment, [kCIInputImageKey, "inputThreshold"]),
            ("CIColorAbsoluteDifference", "Color Absolute Difference", kCICategoryColorAdjustment, [kCIInputImageKey, "inputImage2"]),
            ("CIMix", "Mix", kCICategoryStylize, [kCIInputImageKey, kCIInputBackgroundImageKey, kCIInputAmountKey]),
            ("CIGaussianGradient", "Gaussian Gradient", kCICategoryGradient, [kCIInputCenterKey, "inputColor0", "inputColor1", kCIInputRadiusKey]),
        ]
        for (name, display, category, keys) in expected {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(CIFilter.filterNames(inCategory: category).contains(name), "\(name) not in \(category)")
        }
        #expect(try Self.attributes("CIColorPolynomial", "inputRedCoefficients")[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 1, z: 0, w: 0))
        #expect(try Self.attributes("CIColorPolynomial", "inputAlphaCoefficients")[kCIAttributeIdentity] as? CIVector == CIVector(x: 0, y: 1, z: 0, w: 0))
        #expect(try Self.attributes("CIColorCrossPolynomial", "inputGreenCoefficients")[kCIAttributeDefault] as? CIVector
                == CIVector(values: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0], count: 10))
        #expect(Self.number(try Self.attributes("CIColorThreshold", "inputThreshold")[kCIAttributeDefault]) == 0.5)
        let amount = try Self.attributes("CIMix", kCIInputAmountKey)
        #expect(Self.number(amount[kCIAttributeDefault]) == 1 && Self.number(amount[kCIAttributeIdentity]) == 1)
        let radius = try Self.attributes("CIGaussianGradient", kCIInputRadiusKey)
        #expect(Self.number(radius[kCIAttributeDefault]) == 300 && Self.number(radius[kCIAttributeSliderMax]) == 800)
        #expect(try Self.attributes("CIGaussianGradient", "inputColor1")[kCIAttributeDefault] as? CIColor == CIColor(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(CIFilter(name: "CIColorThreshold")!.attributes[kCIAttributeFilterAvailable_iOS] as? String == "14")
    }

    @Test func componentExtremesAreGreys() {
        let (image, linear) = Self.swatch(0.2, 0.7, 0.4, 0.5)
        let maximum = Render.linearFloats(image.applyingFilter("CIMaximumComponent"), Self.one)
        let minimum = Render.linearFloats(image.applyingFilter("CIMinimumComponent"), Self.one)
        #expect(Render.maxDifference(maximum, [linear[1], linear[1], linear[1], 0.5]) <= 1e-6)
        #expect(Render.maxDifference(minimum, [linear[0], linear[0], linear[0], 0.5]) <= 1e-6)
    }

    @Test func polynomialsFollowApplesFormulas() {
        let (image, linear) = Self.swatch(0.3, 0.6, 0.9)
        let (r, g, b) = (linear[0], linear[1], linear[2])
        // Defaults are the identity.
        let pattern = TestImages.patternImage(width: 8, height: 6)
        let region = CGRect(x: 0, y: 0, width: 8, height: 6)
        let original = Render.linearFloats(pattern, region)
        #expect(Render.maxDifference(Render.linearFloats(pattern.applyingFilter("CIColorPolynomial"), region), original) <= 1e-6)
        #expect(Render.maxDifference(Render.linearFloats(pattern.applyingFilter("CIColorCrossPolynomial"), region), original) <= 1e-6)
        // Red: 0.1 + 0.5r + 2r³; alpha: 0.6 (then premultiplied).
        let polynomial = image.applyingFilter("CIColorPolynomial", parameters: ["inputRedCoefficients": CIVector(x: 0.1, y: 0.5, z: 0, w: 2),
                                                                               "inputAlphaCoefficients": CIVector(x: 0.6, y: 0, z: 0, w: 0)])
        let red = 0.1 + 0.5 * r + 2 * r * r * r
        #expect(Render.maxDifference(Render.linearFloats(polynomial, Self.one), [red * 0.6, g * 0.6, b * 0.6, 0.6]) <= 1e-6)
        // Green from the cross terms alone: 0.5·g·b + 0.25 (terms 7 and 9).
        let cross = image.applyingFilter("CIColorCrossPolynomial", parameters: [
            "inputGreenCoefficients": CIVector(values: [0, 0, 0, 0, 0, 0, 0, 0.5, 0, 0.25], count: 10)])
        #expect(Render.maxDifference(Render.linearFloats(cross, Self.one), [r, 0.5 * g * b + 0.25, b, 1]) <= 1e-6)
    }

    @Test func thresholdBinarizesEachComponent() {
        let (image, linear) = Self.swatch(0.3, 0.6, 0.9)
        #expect(linear[0] < 0.2 && linear[1] > 0.2 && linear[1] < 0.5 && linear[2] > 0.5)
        let at = { (t: Double) in Render.linearFloats(image.applyingFilter("CIColorThreshold", parameters: ["inputThreshold": t]), Self.one) }
        #expect(at(0.2) == [0, 1, 1, 1])
        #expect(at(0.5) == [0, 0, 1, 1])
        #expect(at(0.95) == [0, 0, 0, 1])
    }

    @Test func absoluteDifferenceAndMix() throws {
        let (a, la) = Self.swatch(0.3, 0.6, 0.9, 0.8)
        let (b, lb) = Self.swatch(0.7, 0.1, 0.5, 0.5)
        let difference = Render.linearFloats(a.applyingFilter("CIColorAbsoluteDifference", parameters: ["inputImage2": b]), Self.one)
        let straight = (0..<3).map { abs(la[$0] / 0.8 - lb[$0] / 0.5) * 0.4 }
        #expect(Render.maxDifference(difference, straight + [0.4]) <= 1e-6)
        let itself = Render.linearFloats(a.applyingFilter("CIColorAbsoluteDifference", parameters: ["inputImage2": a]), Self.one)
        #expect(Render.maxDifference(itself, [0, 0, 0, 0.64]) <= 1e-6)
        #expect(CIFilter(name: "CIColorAbsoluteDifference", parameters: [kCIInputImageKey: a])?.outputImage == nil)

        func mix(_ amount: Double) -> [Float] {
            Render.linearFloats(a.applyingFilter("CIMix", parameters: [kCIInputBackgroundImageKey: b, kCIInputAmountKey: amount]), Self.one)
        }
        // At either end an input comes back unchanged.
        let (renderedA, renderedB) = (Render.linearFloats(a, Self.one), Render.linearFloats(b, Self.one))
        #expect(mix(1) == renderedA && mix(3) == renderedA)
        #expect(mix(0) == renderedB && mix(-1) == renderedB)
        #expect(Render.maxDifference(mix(0.25), (0..<4).map { lb[$0] + (la[$0] - lb[$0]) * 0.25 }) <= 1e-6)

        let typed = CIFilter.mix()
        #expect(typed.amount == 1)
        typed.inputImage = a; typed.backgroundImage = b; typed.amount = 0.25
        #expect(Render.linearFloats(try #require(typed.outputImage), Self.one) == mix(0.25))
        let typedDifference = CIFilter.colorAbsoluteDifference()
        typedDifference.inputImage = a; typedDifference.inputImage2 = b
        #expect(Render.linearFloats(try #require(typedDifference.outputImage), Self.one) == difference)
    }

    @Test func gaussianGradientFallsFromColor0ToColor1() throws {
        let gradient = CIFilter.gaussianGradient()
        #expect(gradient.center == CGPoint(x: 150, y: 150) && gradient.radius == 300)
        gradient.center = CGPoint(x: 10.5, y: 10.5); gradient.radius = 9
        gradient.color0 = CIColor(red: 1, green: 1, blue: 1); gradient.color1 = CIColor(red: 0, green: 0, blue: 0)
        let output = try #require(gradient.outputImage)
        #expect(output.extent.isInfinite)
        let region = CGRect(x: 0, y: 0, width: 21, height: 21)
        let values = Render.linearFloats(output, region)
        func at(_ x: Int, _ y: Int) -> Float { values[((20 - y) * 21 + x) * 4] }
        #expect(at(10, 10) == 1)
        // σ = 3: one σ away the weight is e^(−1/2); at the radius (3σ) e^(−9/2) ≈ 1.1 %.
        #expect(abs(at(13, 10) - Float(exp(-0.5))) <= 1e-6)
        #expect(abs(at(10, 19) - Float(exp(-4.5))) <= 1e-6)
        #expect(at(7, 10) == at(13, 10) && at(10, 7) == at(10, 13) && at(13, 10) == at(10, 13))
        #expect(values[(20 * 21 + 10) * 4 + 3] == 1)
    }
}

import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), per-pixel colour maths: component extremes, polynomials,
// thresholds, differences and mixing. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIMaximumComponent` filter.
public protocol CIMaximumComponent: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// `CIMaximumComponent` with typed properties.
final class MaximumComponentBuiltinFilter: CIBuiltinFilter, CIMaximumComponent, @unchecked Sendable {
    init() { super.init(named: "CIMaximumComponent") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIMinimumComponent` filter.
public protocol CIMinimumComponent: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// `CIMinimumComponent` with typed properties.
final class MinimumComponentBuiltinFilter: CIBuiltinFilter, CIMinimumComponent, @unchecked Sendable {
    init() { super.init(named: "CIMinimumComponent") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIColorPolynomial` filter.
public protocol CIColorPolynomial: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputRedCoefficients`: polynomial coefficients for the red channel.
    var redCoefficients: CIVector { get set }
    /// `inputGreenCoefficients`: polynomial coefficients for the green channel.
    var greenCoefficients: CIVector { get set }
    /// `inputBlueCoefficients`: polynomial coefficients for the blue channel.
    var blueCoefficients: CIVector { get set }
    /// `inputAlphaCoefficients`: polynomial coefficients for the alpha channel.
    var alphaCoefficients: CIVector { get set }
}

/// `CIColorPolynomial` with typed properties.
final class ColorPolynomialBuiltinFilter: CIBuiltinFilter, CIColorPolynomial, @unchecked Sendable {
    init() { super.init(named: "CIColorPolynomial") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var redCoefficients: CIVector {
        get { vector("inputRedCoefficients") }
        set { setValue(newValue, forKey: "inputRedCoefficients") }
    }
    var greenCoefficients: CIVector {
        get { vector("inputGreenCoefficients") }
        set { setValue(newValue, forKey: "inputGreenCoefficients") }
    }
    var blueCoefficients: CIVector {
        get { vector("inputBlueCoefficients") }
        set { setValue(newValue, forKey: "inputBlueCoefficients") }
    }
    var alphaCoefficients: CIVector {
        get { vector("inputAlphaCoefficients") }
        set { setValue(newValue, forKey: "inputAlphaCoefficients") }
    }
}

/// The properties of the `CIColorCrossPolynomial` filter.
public protocol CIColorCrossPolynomial: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputRedCoefficients`: polynomial coefficients for the red channel.
    var redCoefficients: CIVector { get set }
    /// `inputGreenCoefficients`: polynomial coefficients for the green channel.
    var greenCoefficients: CIVector { get set }
    /// `inputBlueCoefficients`: polynomial coefficients for the blue channel.
    var blueCoefficients: CIVector { get set }
}

/// `CIColorCrossPolynomial` with typed properties.
final class ColorCrossPolynomialBuiltinFilter: CIBuiltinFilter, CIColorCrossPolynomial, @unchecked Sendable {
    init() { super.init(named: "CIColorCrossPolynomial") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var redCoefficients: CIVector {
        get { vector("inputRedCoefficients") }
        set { setValue(newValue, forKey: "inputRedCoefficients") }
    }
    var greenCoefficients: CIVector {
        get { vector("inputGreenCoefficients") }
        set { setValue(newValue, forKey: "inputGreenCoefficients") }
    }
    var blueCoefficients: CIVector {
        get { vector("inputBlueCoefficients") }
        set { setValue(newValue, forKey: "inputBlueCoefficients") }
    }
}

/// The properties of the `CIColorThreshold` filter.
public protocol CIColorThreshold: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputThreshold`: the threshold above which a component becomes 1.
    var threshold: Float { get set }
}

/// `CIColorThreshold` with typed properties.
final class ColorThresholdBuiltinFilter: CIBuiltinFilter, CIColorThreshold, @unchecked Sendable {
    init() { super.init(named: "CIColorThreshold") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var threshold: Float {
        get { float("inputThreshold") }
        set { setValue(newValue, forKey: "inputThreshold") }
    }
}

/// The properties of the `CIColorAbsoluteDifference` filter.
public protocol CIColorAbsoluteDifference: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputImage2`: the second input image for differencing.
    var inputImage2: CIImage? { get set }
}

/// `CIColorAbsoluteDifference` with typed properties.
final class ColorAbsoluteDifferenceBuiltinFilter: CIBuiltinFilter, CIColorAbsoluteDifference, @unchecked Sendable {
    init() { super.init(named: "CIColorAbsoluteDifference") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var inputImage2: CIImage? {
        get { image("inputImage2") }
        set { setValue(newValue, forKey: "inputImage2") }
    }
}

/// The properties of the `CIMix` filter.
public protocol CIMix: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputBackgroundImage`: the image to use as a background image.
    var backgroundImage: CIImage? { get set }
    /// `inputAmount`: the amount of the effect (0: the background, 1: the image).
    var amount: Float { get set }
}

/// `CIMix` with typed properties.
final class MixBuiltinFilter: CIBuiltinFilter, CIMix, @unchecked Sendable {
    init() { super.init(named: "CIMix") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
    var amount: Float {
        get { float("inputAmount") }
        set { setValue(newValue, forKey: "inputAmount") }
    }
}

extension CIFilter {
    /// Returns a grayscale image from max(r, g, b).
    public static func maximumComponent() -> CIFilter & CIMaximumComponent { MaximumComponentBuiltinFilter() }
    /// Returns a grayscale image from min(r, g, b).
    public static func minimumComponent() -> CIFilter & CIMinimumComponent { MinimumComponentBuiltinFilter() }
    /// Modifies the pixel values in an image by applying a set of cubic polynomials.
    public static func colorPolynomial() -> CIFilter & CIColorPolynomial { ColorPolynomialBuiltinFilter() }
    /// Modifies the pixel values in an image by applying a set of polynomial cross-products.
    public static func colorCrossPolynomial() -> CIFilter & CIColorCrossPolynomial { ColorCrossPolynomialBuiltinFilter() }
    /// Produces a binarized image from an image and a threshold value.
    public static func colorThreshold() -> CIFilter & CIColorThreshold { ColorThresholdBuiltinFilter() }
    /// The absolute difference of two images' colours, alpha the product of their alphas.
    public static func colorAbsoluteDifference() -> CIFilter & CIColorAbsoluteDifference { ColorAbsoluteDifferenceBuiltinFilter() }
    /// Interpolates between an image and a background image.
    public static func mix() -> CIFilter & CIMix { MixBuiltinFilter() }
}

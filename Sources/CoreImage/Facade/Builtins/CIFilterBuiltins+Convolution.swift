import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), convolution family: one protocol (`CIConvolution`) shared by
// the five convolution filters, a class, and a `CIFilter` factory per filter.

/// The properties of the convolution filters (`CIConvolution3X3`, `5X5`, `7X7`, `9Horizontal`, `9Vertical`).
public protocol CIConvolution: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputWeights`: the convolution kernel, top row first.
    var weights: CIVector { get set }
    /// `inputBias`: a value added to each output component.
    var bias: Float { get set }
}

/// A convolution filter with typed properties.
final class ConvolutionBuiltinFilter: CIBuiltinFilter, CIConvolution, @unchecked Sendable {
    override init(named name: String) { super.init(named: name) }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var weights: CIVector {
        get { vector("inputWeights") }
        set { setValue(newValue, forKey: "inputWeights") }
    }
    var bias: Float {
        get { float("inputBias") }
        set { setValue(newValue, forKey: "inputBias") }
    }
}

extension CIFilter {
    /// A new `CIConvolution3X3` filter with typed properties, inputs at their defaults.
    public static func convolution3X3() -> CIFilter & CIConvolution { ConvolutionBuiltinFilter(named: "CIConvolution3X3") }
    /// A new `CIConvolution5X5` filter with typed properties, inputs at their defaults.
    public static func convolution5X5() -> CIFilter & CIConvolution { ConvolutionBuiltinFilter(named: "CIConvolution5X5") }
    /// A new `CIConvolution7X7` filter with typed properties, inputs at their defaults.
    public static func convolution7X7() -> CIFilter & CIConvolution { ConvolutionBuiltinFilter(named: "CIConvolution7X7") }
    /// A new `CIConvolution9Horizontal` filter with typed properties, inputs at their defaults.
    public static func convolution9Horizontal() -> CIFilter & CIConvolution { ConvolutionBuiltinFilter(named: "CIConvolution9Horizontal") }
    /// A new `CIConvolution9Vertical` filter with typed properties, inputs at their defaults.
    public static func convolution9Vertical() -> CIFilter & CIConvolution { ConvolutionBuiltinFilter(named: "CIConvolution9Vertical") }
}

import Foundation

// Typed filter (CoreImage.CIFilterBuiltins style) for `CICMYKHalftone` (issue 19). Properties read and write the same
// store as `setValue(_:forKey:)`; the filter's behaviour is stated on its definition.

/// The properties of the `CICMYKHalftone` filter.
public protocol CICMYKHalftone: CIFilterProtocol {
    /// `inputImage`: the image to print.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the screens.
    var center: CGPoint { get set }
    /// `inputWidth`: the distance between dots.
    var width: Float { get set }
    /// `inputAngle`: the turn of all four screens.
    var angle: Float { get set }
    /// `inputSharpness`: the sharpness of the dots.
    var sharpness: Float { get set }
    /// `inputGCR`: the grey component replaced by black ink.
    var grayComponentReplacement: Float { get set }
    /// `inputUCR`: the colour ink removed under the black.
    var underColorRemoval: Float { get set }
}

/// `CICMYKHalftone` with typed properties.
final class CMYKHalftoneBuiltinFilter: CIBuiltinFilter, CICMYKHalftone, @unchecked Sendable {
    init() { super.init(named: "CICMYKHalftone") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
    var grayComponentReplacement: Float {
        get { float("inputGCR") }
        set { setValue(newValue, forKey: "inputGCR") }
    }
    var underColorRemoval: Float {
        get { float("inputUCR") }
        set { setValue(newValue, forKey: "inputUCR") }
    }
}

extension CIFilter {
    /// Creates a color, halftoned rendition of the source image, using cyan, magenta, yellow, and black inks over a white page.
    public static func cmykHalftone() -> CIFilter & CICMYKHalftone { CMYKHalftoneBuiltinFilter() }
}

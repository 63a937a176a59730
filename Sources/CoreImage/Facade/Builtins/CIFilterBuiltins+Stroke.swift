import Foundation

// Typed filter (CoreImage.CIFilterBuiltins style) for `CIRoundedRectangleStrokeGenerator` (issue 19).

/// The properties of the `CIRoundedRectangleStrokeGenerator` filter.
public protocol CIRoundedRectangleStrokeGenerator: CIFilterProtocol {
    /// `inputExtent`: the rectangle whose outline is drawn.
    var extent: CGRect { get set }
    /// `inputRadius`: the radius of the corners.
    var radius: Float { get set }
    /// `inputColor`: the color of the line.
    var color: CIColor { get set }
    /// `inputWidth`: the width of the line, inside the extent.
    var width: Float { get set }
}

/// `CIRoundedRectangleStrokeGenerator` with typed properties.
final class RoundedRectangleStrokeGeneratorBuiltinFilter: CIBuiltinFilter, CIRoundedRectangleStrokeGenerator, @unchecked Sendable {
    init() { super.init(named: "CIRoundedRectangleStrokeGenerator") }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
}

extension CIFilter {
    /// Creates an image containing the outline of a rounded rectangle.
    public static func roundedRectangleStrokeGenerator() -> CIFilter & CIRoundedRectangleStrokeGenerator { RoundedRectangleStrokeGeneratorBuiltinFilter() }
}

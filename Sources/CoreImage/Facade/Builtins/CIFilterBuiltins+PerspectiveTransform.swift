import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), perspective transforms. Properties read and write the
// same store as `setValue(_:forKey:)`.

/// The properties of the `CIPerspectiveTransform` filter.
public protocol CIPerspectiveTransform: CIFourCoordinateGeometryFilter {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputTopLeft`: where the top left corner goes.
    var topLeft: CGPoint { get set }
    /// `inputTopRight`: where the top right corner goes.
    var topRight: CGPoint { get set }
    /// `inputBottomRight`: where the bottom right corner goes.
    var bottomRight: CGPoint { get set }
    /// `inputBottomLeft`: where the bottom left corner goes.
    var bottomLeft: CGPoint { get set }
}

/// `CIPerspectiveTransform` with typed properties.
final class PerspectiveTransformBuiltinFilter: CIBuiltinFilter, CIPerspectiveTransform, @unchecked Sendable {
    init() { super.init(named: "CIPerspectiveTransform") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var topLeft: CGPoint {
        get { point("inputTopLeft") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputTopLeft") }
    }
    var topRight: CGPoint {
        get { point("inputTopRight") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputTopRight") }
    }
    var bottomRight: CGPoint {
        get { point("inputBottomRight") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBottomRight") }
    }
    var bottomLeft: CGPoint {
        get { point("inputBottomLeft") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBottomLeft") }
    }
}

/// The properties of the `CIPerspectiveTransformWithExtent` filter.
public protocol CIPerspectiveTransformWithExtent: CIFourCoordinateGeometryFilter {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputExtent`: the rectangle whose corners are mapped to the four points.
    var extent: CGRect { get set }
    /// `inputTopLeft`: where the top left corner goes.
    var topLeft: CGPoint { get set }
    /// `inputTopRight`: where the top right corner goes.
    var topRight: CGPoint { get set }
    /// `inputBottomRight`: where the bottom right corner goes.
    var bottomRight: CGPoint { get set }
    /// `inputBottomLeft`: where the bottom left corner goes.
    var bottomLeft: CGPoint { get set }
}

/// `CIPerspectiveTransformWithExtent` with typed properties.
final class PerspectiveTransformWithExtentBuiltinFilter: CIBuiltinFilter, CIPerspectiveTransformWithExtent, @unchecked Sendable {
    init() { super.init(named: "CIPerspectiveTransformWithExtent") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var topLeft: CGPoint {
        get { point("inputTopLeft") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputTopLeft") }
    }
    var topRight: CGPoint {
        get { point("inputTopRight") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputTopRight") }
    }
    var bottomRight: CGPoint {
        get { point("inputBottomRight") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBottomRight") }
    }
    var bottomLeft: CGPoint {
        get { point("inputBottomLeft") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBottomLeft") }
    }
}

extension CIFilter {
    /// Alters the geometry of an image to simulate the observer changing viewing position.
    public static func perspectiveTransform() -> CIFilter & CIPerspectiveTransform { PerspectiveTransformBuiltinFilter() }
    /// Alters the geometry of a portion of an image to simulate the observer changing viewing position.
    public static func perspectiveTransformWithExtent() -> CIFilter & CIPerspectiveTransformWithExtent { PerspectiveTransformWithExtentBuiltinFilter() }
}

import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), cell effects. Properties read and write the same store as
// `setValue(_:forKey:)`.

/// The properties of the `CICrystallize` filter.
public protocol CICrystallize: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the size of the cells the crystals grow from.
    var radius: Float { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
}

/// `CICrystallize` with typed properties.
final class CrystallizeBuiltinFilter: CIBuiltinFilter, CICrystallize, @unchecked Sendable {
    init() { super.init(named: "CICrystallize") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
}

/// The properties of the `CIPointillize` filter.
public protocol CIPointillize: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the dots.
    var radius: Float { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
}

/// `CIPointillize` with typed properties.
final class PointillizeBuiltinFilter: CIBuiltinFilter, CIPointillize, @unchecked Sendable {
    init() { super.init(named: "CIPointillize") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
}

extension CIFilter {
    /// Creates polygon-shaped color blocks by aggregating source pixel-color values.
    public static func crystallize() -> CIFilter & CICrystallize { CrystallizeBuiltinFilter() }
    /// Renders the source image in a pointillistic style.
    public static func pointillize() -> CIFilter & CIPointillize { PointillizeBuiltinFilter() }
}

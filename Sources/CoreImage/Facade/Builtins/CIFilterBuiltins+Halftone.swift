import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), halftone screens, hexagonal pixellation and line
// averages. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIDotScreen` filter.
public protocol CIDotScreen: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the pattern.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle of the pattern.
    var angle: Float { get set }
    /// `inputWidth`: the distance between elements of the pattern.
    var width: Float { get set }
    /// `inputSharpness`: the sharpness of the pattern (0…1).
    var sharpness: Float { get set }
}

/// `CIDotScreen` with typed properties.
final class DotScreenBuiltinFilter: CIBuiltinFilter, CIDotScreen, @unchecked Sendable {
    init() { super.init(named: "CIDotScreen") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
}

/// The properties of the `CILineScreen` filter.
public protocol CILineScreen: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the pattern.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle of the pattern.
    var angle: Float { get set }
    /// `inputWidth`: the distance between elements of the pattern.
    var width: Float { get set }
    /// `inputSharpness`: the sharpness of the pattern (0…1).
    var sharpness: Float { get set }
}

/// `CILineScreen` with typed properties.
final class LineScreenBuiltinFilter: CIBuiltinFilter, CILineScreen, @unchecked Sendable {
    init() { super.init(named: "CILineScreen") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
}

/// The properties of the `CIHatchedScreen` filter.
public protocol CIHatchedScreen: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the pattern.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle of the pattern.
    var angle: Float { get set }
    /// `inputWidth`: the distance between elements of the pattern.
    var width: Float { get set }
    /// `inputSharpness`: the sharpness of the pattern (0…1).
    var sharpness: Float { get set }
}

/// `CIHatchedScreen` with typed properties.
final class HatchedScreenBuiltinFilter: CIBuiltinFilter, CIHatchedScreen, @unchecked Sendable {
    init() { super.init(named: "CIHatchedScreen") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
}

/// The properties of the `CICircularScreen` filter.
public protocol CICircularScreen: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the pattern.
    var center: CGPoint { get set }
    /// `inputWidth`: the distance between elements of the pattern.
    var width: Float { get set }
    /// `inputSharpness`: the sharpness of the pattern (0…1).
    var sharpness: Float { get set }
}

/// `CICircularScreen` with typed properties.
final class CircularScreenBuiltinFilter: CIBuiltinFilter, CICircularScreen, @unchecked Sendable {
    init() { super.init(named: "CICircularScreen") }
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
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
}

/// The properties of the `CIHexagonalPixellate` filter.
public protocol CIHexagonalPixellate: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputScale`: the distance between hexagon centres.
    var scale: Float { get set }
}

/// `CIHexagonalPixellate` with typed properties.
final class HexagonalPixellateBuiltinFilter: CIBuiltinFilter, CIHexagonalPixellate, @unchecked Sendable {
    init() { super.init(named: "CIHexagonalPixellate") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

/// The properties of the `CIRowAverage` filter.
public protocol CIRowAverage: CIAreaReductionFilter {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputExtent`: the subregion of the image to process.
    var extent: CGRect { get set }
}

/// `CIRowAverage` with typed properties.
final class RowAverageBuiltinFilter: CIBuiltinFilter, CIRowAverage, @unchecked Sendable {
    init() { super.init(named: "CIRowAverage") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
}

/// The properties of the `CIColumnAverage` filter.
public protocol CIColumnAverage: CIAreaReductionFilter {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputExtent`: the subregion of the image to process.
    var extent: CGRect { get set }
}

/// `CIColumnAverage` with typed properties.
final class ColumnAverageBuiltinFilter: CIBuiltinFilter, CIColumnAverage, @unchecked Sendable {
    init() { super.init(named: "CIColumnAverage") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
}

extension CIFilter {
    /// Simulates the dot patterns of a halftone screen.
    public static func dotScreen() -> CIFilter & CIDotScreen { DotScreenBuiltinFilter() }
    /// Simulates the line pattern of a halftone screen.
    public static func lineScreen() -> CIFilter & CILineScreen { LineScreenBuiltinFilter() }
    /// Simulates the hatched pattern of a halftone screen.
    public static func hatchedScreen() -> CIFilter & CIHatchedScreen { HatchedScreenBuiltinFilter() }
    /// Simulates a circular-shaped halftone screen.
    public static func circularScreen() -> CIFilter & CICircularScreen { CircularScreenBuiltinFilter() }
    /// Displays an image as colored hexagons.
    public static func hexagonalPixellate() -> CIFilter & CIHexagonalPixellate { HexagonalPixellateBuiltinFilter() }
    /// The average colour of each row of an area, as a one-pixel-wide image.
    public static func rowAverage() -> CIFilter & CIRowAverage { RowAverageBuiltinFilter() }
    /// The average colour of each column of an area, as a one-pixel-high image.
    public static func columnAverage() -> CIFilter & CIColumnAverage { ColumnAverageBuiltinFilter() }
}

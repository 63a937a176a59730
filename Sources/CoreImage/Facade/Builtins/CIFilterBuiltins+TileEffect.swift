import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), tile effects: a protocol per filter, a class per filter, a
// `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIAffineTile` filter.
public protocol CIAffineTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputTransform`: the transform to apply to the image.
    var transform: CGAffineTransform { get set }
}

/// `CIAffineTile` with typed properties.
final class AffineTileBuiltinFilter: CIBuiltinFilter, CIAffineTile, @unchecked Sendable {
    init() { super.init(named: "CIAffineTile") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var transform: CGAffineTransform {
        get { transform("inputTransform") }
        set { setValue(newValue, forKey: "inputTransform") }
    }
}

/// The properties of the `CIFourfoldTranslatedTile` filter.
public protocol CIFourfoldTranslatedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputAcuteAngle`: the primary angle for the repeating tile.
    var acuteAngle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIFourfoldTranslatedTile` with typed properties.
final class FourfoldTranslatedTileBuiltinFilter: CIBuiltinFilter, CIFourfoldTranslatedTile, @unchecked Sendable {
    init() { super.init(named: "CIFourfoldTranslatedTile") }
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
    var acuteAngle: Float {
        get { float("inputAcuteAngle") }
        set { setValue(newValue, forKey: "inputAcuteAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
}

/// The properties of the `CIFourfoldReflectedTile` filter.
public protocol CIFourfoldReflectedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputAcuteAngle`: the primary angle for the repeating tile.
    var acuteAngle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIFourfoldReflectedTile` with typed properties.
final class FourfoldReflectedTileBuiltinFilter: CIBuiltinFilter, CIFourfoldReflectedTile, @unchecked Sendable {
    init() { super.init(named: "CIFourfoldReflectedTile") }
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
    var acuteAngle: Float {
        get { float("inputAcuteAngle") }
        set { setValue(newValue, forKey: "inputAcuteAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
}

/// The properties of the `CIFourfoldRotatedTile` filter.
public protocol CIFourfoldRotatedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIFourfoldRotatedTile` with typed properties.
final class FourfoldRotatedTileBuiltinFilter: CIBuiltinFilter, CIFourfoldRotatedTile, @unchecked Sendable {
    init() { super.init(named: "CIFourfoldRotatedTile") }
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
}

/// The properties of the `CIEightfoldReflectedTile` filter.
public protocol CIEightfoldReflectedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIEightfoldReflectedTile` with typed properties.
final class EightfoldReflectedTileBuiltinFilter: CIBuiltinFilter, CIEightfoldReflectedTile, @unchecked Sendable {
    init() { super.init(named: "CIEightfoldReflectedTile") }
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
}

/// The properties of the `CISixfoldReflectedTile` filter.
public protocol CISixfoldReflectedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CISixfoldReflectedTile` with typed properties.
final class SixfoldReflectedTileBuiltinFilter: CIBuiltinFilter, CISixfoldReflectedTile, @unchecked Sendable {
    init() { super.init(named: "CISixfoldReflectedTile") }
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
}

/// The properties of the `CISixfoldRotatedTile` filter.
public protocol CISixfoldRotatedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CISixfoldRotatedTile` with typed properties.
final class SixfoldRotatedTileBuiltinFilter: CIBuiltinFilter, CISixfoldRotatedTile, @unchecked Sendable {
    init() { super.init(named: "CISixfoldRotatedTile") }
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
}

/// The properties of the `CITwelvefoldReflectedTile` filter.
public protocol CITwelvefoldReflectedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CITwelvefoldReflectedTile` with typed properties.
final class TwelvefoldReflectedTileBuiltinFilter: CIBuiltinFilter, CITwelvefoldReflectedTile, @unchecked Sendable {
    init() { super.init(named: "CITwelvefoldReflectedTile") }
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
}

/// The properties of the `CIGlideReflectedTile` filter.
public protocol CIGlideReflectedTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIGlideReflectedTile` with typed properties.
final class GlideReflectedTileBuiltinFilter: CIBuiltinFilter, CIGlideReflectedTile, @unchecked Sendable {
    init() { super.init(named: "CIGlideReflectedTile") }
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
}

/// The properties of the `CIParallelogramTile` filter.
public protocol CIParallelogramTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputAcuteAngle`: the primary angle for the repeating tile.
    var acuteAngle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIParallelogramTile` with typed properties.
final class ParallelogramTileBuiltinFilter: CIBuiltinFilter, CIParallelogramTile, @unchecked Sendable {
    init() { super.init(named: "CIParallelogramTile") }
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
    var acuteAngle: Float {
        get { float("inputAcuteAngle") }
        set { setValue(newValue, forKey: "inputAcuteAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
}

/// The properties of the `CITriangleTile` filter.
public protocol CITriangleTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle, in radians, of the tiled pattern.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CITriangleTile` with typed properties.
final class TriangleTileBuiltinFilter: CIBuiltinFilter, CITriangleTile, @unchecked Sendable {
    init() { super.init(named: "CITriangleTile") }
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
}

/// The properties of the `CIKaleidoscope` filter.
public protocol CIKaleidoscope: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputCount`: the number of reflections in the pattern.
    var count: Int { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle of reflection.
    var angle: Float { get set }
}

/// `CIKaleidoscope` with typed properties.
final class KaleidoscopeBuiltinFilter: CIBuiltinFilter, CIKaleidoscope, @unchecked Sendable {
    init() { super.init(named: "CIKaleidoscope") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var count: Int {
        get { int("inputCount") }
        set { setValue(newValue, forKey: "inputCount") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
}

/// The properties of the `CIPerspectiveTile` filter.
public protocol CIPerspectiveTile: CIFilterProtocol {
    /// `inputImage`: the image to tile.
    var inputImage: CIImage? { get set }
    /// `inputTopLeft`: the top left coordinate of a tile.
    var topLeft: CGPoint { get set }
    /// `inputTopRight`: the top right coordinate of a tile.
    var topRight: CGPoint { get set }
    /// `inputBottomRight`: the bottom right coordinate of a tile.
    var bottomRight: CGPoint { get set }
    /// `inputBottomLeft`: the bottom left coordinate of a tile.
    var bottomLeft: CGPoint { get set }
}

/// `CIPerspectiveTile` with typed properties.
final class PerspectiveTileBuiltinFilter: CIBuiltinFilter, CIPerspectiveTile, @unchecked Sendable {
    init() { super.init(named: "CIPerspectiveTile") }
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

/// The properties of the `CITriangleKaleidoscope` filter.
public protocol CITriangleKaleidoscope: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputPoint`: the x and y position to use as the center of the triangular area in the input image.
    var point: CGPoint { get set }
    /// `inputSize`: the size, in pixels, of the triangle.
    var size: Float { get set }
    /// `inputRotation`: the rotation angle of the triangle.
    var rotation: Float { get set }
    /// `inputDecay`: how fast the color fades from the center triangle.
    var decay: Float { get set }
}

/// `CITriangleKaleidoscope` with typed properties.
final class TriangleKaleidoscopeBuiltinFilter: CIBuiltinFilter, CITriangleKaleidoscope, @unchecked Sendable {
    init() { super.init(named: "CITriangleKaleidoscope") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var point: CGPoint {
        get { self.point("inputPoint") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint") }
    }
    var size: Float {
        get { float("inputSize") }
        set { setValue(newValue, forKey: "inputSize") }
    }
    var rotation: Float {
        get { float("inputRotation") }
        set { setValue(newValue, forKey: "inputRotation") }
    }
    var decay: Float {
        get { float("inputDecay") }
        set { setValue(newValue, forKey: "inputDecay") }
    }
}

/// The properties of the `CIOpTile` filter.
public protocol CIOpTile: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the x and y position to use as the center of the effect.
    var center: CGPoint { get set }
    /// `inputScale`: a value that determines the number of tiles in the effect.
    var scale: Float { get set }
    /// `inputAngle`: the angle of a tile.
    var angle: Float { get set }
    /// `inputWidth`: the width of a tile.
    var width: Float { get set }
}

/// `CIOpTile` with typed properties.
final class OpTileBuiltinFilter: CIBuiltinFilter, CIOpTile, @unchecked Sendable {
    init() { super.init(named: "CIOpTile") }
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
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
}

extension CIFilter {
    /// Tiles the input image after applying an affine transform.
    public static func affineTile() -> CIFilter & CIAffineTile { AffineTileBuiltinFilter() }
    /// Creates a tiled image by applying four translation operations.
    public static func fourfoldTranslatedTile() -> CIFilter & CIFourfoldTranslatedTile { FourfoldTranslatedTileBuiltinFilter() }
    /// Creates a four-way reflected pattern.
    public static func fourfoldReflectedTile() -> CIFilter & CIFourfoldReflectedTile { FourfoldReflectedTileBuiltinFilter() }
    /// Creates a tiled image by rotating a tile in increments of 90 degrees.
    public static func fourfoldRotatedTile() -> CIFilter & CIFourfoldRotatedTile { FourfoldRotatedTileBuiltinFilter() }
    /// Creates an eight-way reflected pattern.
    public static func eightfoldReflectedTile() -> CIFilter & CIEightfoldReflectedTile { EightfoldReflectedTileBuiltinFilter() }
    /// Creates a six-way reflected pattern.
    public static func sixfoldReflectedTile() -> CIFilter & CISixfoldReflectedTile { SixfoldReflectedTileBuiltinFilter() }
    /// Creates a tiled image by rotating a tile in increments of 60 degrees.
    public static func sixfoldRotatedTile() -> CIFilter & CISixfoldRotatedTile { SixfoldRotatedTileBuiltinFilter() }
    /// Creates a twelve-way reflected pattern.
    public static func twelvefoldReflectedTile() -> CIFilter & CITwelvefoldReflectedTile { TwelvefoldReflectedTileBuiltinFilter() }
    /// Tiles an image by translating and mirroring a tile from the image.
    public static func glideReflectedTile() -> CIFilter & CIGlideReflectedTile { GlideReflectedTileBuiltinFilter() }
    /// Warps the image to create a parallelogram and tiles the result.
    public static func parallelogramTile() -> CIFilter & CIParallelogramTile { ParallelogramTileBuiltinFilter() }
    /// Maps a triangular portion of the image to a triangular area and tiles the result.
    public static func triangleTile() -> CIFilter & CITriangleTile { TriangleTileBuiltinFilter() }
    /// Creates a kaleidoscopic image (12-way symmetry by default) from an image.
    public static func kaleidoscope() -> CIFilter & CIKaleidoscope { KaleidoscopeBuiltinFilter() }
    /// Applies a perspective transform to an image and tiles the result.
    public static func perspectiveTile() -> CIFilter & CIPerspectiveTile { PerspectiveTileBuiltinFilter() }
    /// Mirrors a triangular portion of the image across its sides, a kaleidoscope filling the plane.
    public static func triangleKaleidoscope() -> CIFilter & CITriangleKaleidoscope { TriangleKaleidoscopeBuiltinFilter() }
    /// Cuts the image into tiles, each showing its neighbourhood scaled down, for an op art look.
    public static func opTile() -> CIFilter & CIOpTile { OpTileBuiltinFilter() }
}

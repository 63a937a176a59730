import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), geometry family: a protocol per filter shape,
// a class per filter, a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIAffineClamp` filter.
public protocol CIAffineClamp: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputTransform`.
    var transform: CGAffineTransform { get set }
}

/// `CIAffineClamp` with typed properties.
final class AffineClampBuiltinFilter: CIBuiltinFilter, CIAffineClamp, @unchecked Sendable {
    init() { super.init(named: "CIAffineClamp") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var transform: CGAffineTransform {
        get { transform("inputTransform") }
        set { setValue(newValue, forKey: "inputTransform") }
    }
}

/// The properties of the `CILanczosScaleTransform` filter.
public protocol CILanczosScaleTransform: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputScale`.
    var scale: Float { get set }
    /// `inputAspectRatio`.
    var aspectRatio: Float { get set }
}

/// `CILanczosScaleTransform` with typed properties.
final class LanczosScaleTransformBuiltinFilter: CIBuiltinFilter, CILanczosScaleTransform, @unchecked Sendable {
    init() { super.init(named: "CILanczosScaleTransform") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
    var aspectRatio: Float {
        get { float("inputAspectRatio") }
        set { setValue(newValue, forKey: "inputAspectRatio") }
    }
}

/// The properties of the `CIStraightenFilter` filter.
public protocol CIStraighten: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputAngle`.
    var angle: Float { get set }
}

/// `CIStraightenFilter` with typed properties.
final class StraightenFilterBuiltinFilter: CIBuiltinFilter, CIStraighten, @unchecked Sendable {
    init() { super.init(named: "CIStraightenFilter") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
}

/// The properties of the `CIPerspectiveCorrection` filter.
public protocol CIPerspectiveCorrection: CIFourCoordinateGeometryFilter {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputTopLeft`.
    var topLeft: CGPoint { get set }
    /// `inputTopRight`.
    var topRight: CGPoint { get set }
    /// `inputBottomRight`.
    var bottomRight: CGPoint { get set }
    /// `inputBottomLeft`.
    var bottomLeft: CGPoint { get set }
    /// `inputCrop`.
    var crop: Bool { get set }
}

/// `CIPerspectiveCorrection` with typed properties.
final class PerspectiveCorrectionBuiltinFilter: CIBuiltinFilter, CIPerspectiveCorrection, @unchecked Sendable {
    init() { super.init(named: "CIPerspectiveCorrection") }
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
    var crop: Bool {
        get { bool("inputCrop") }
        set { setValue(newValue, forKey: "inputCrop") }
    }
}

/// The properties of the `CINinePartStretched` filter.
public protocol CINinePartStretched: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputBreakpoint0`.
    var breakpoint0: CGPoint { get set }
    /// `inputBreakpoint1`.
    var breakpoint1: CGPoint { get set }
    /// `inputGrowAmount`.
    var growAmount: CGPoint { get set }
}

/// `CINinePartStretched` with typed properties.
final class NinePartStretchedBuiltinFilter: CIBuiltinFilter, CINinePartStretched, @unchecked Sendable {
    init() { super.init(named: "CINinePartStretched") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var breakpoint0: CGPoint {
        get { point("inputBreakpoint0") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBreakpoint0") }
    }
    var breakpoint1: CGPoint {
        get { point("inputBreakpoint1") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBreakpoint1") }
    }
    var growAmount: CGPoint {
        get { point("inputGrowAmount") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputGrowAmount") }
    }
}

/// The properties of the `CINinePartTiled` filter.
public protocol CINinePartTiled: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputBreakpoint0`.
    var breakpoint0: CGPoint { get set }
    /// `inputBreakpoint1`.
    var breakpoint1: CGPoint { get set }
    /// `inputGrowAmount`.
    var growAmount: CGPoint { get set }
    /// `inputFlipYTiles`.
    var flipYTiles: Bool { get set }
}

/// `CINinePartTiled` with typed properties.
final class NinePartTiledBuiltinFilter: CIBuiltinFilter, CINinePartTiled, @unchecked Sendable {
    init() { super.init(named: "CINinePartTiled") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var breakpoint0: CGPoint {
        get { point("inputBreakpoint0") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBreakpoint0") }
    }
    var breakpoint1: CGPoint {
        get { point("inputBreakpoint1") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputBreakpoint1") }
    }
    var growAmount: CGPoint {
        get { point("inputGrowAmount") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputGrowAmount") }
    }
    var flipYTiles: Bool {
        get { bool("inputFlipYTiles") }
        set { setValue(newValue, forKey: "inputFlipYTiles") }
    }
}

/// The properties of the `CIEdgePreserveUpsampleFilter` filter.
public protocol CIEdgePreserveUpsample: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputSmallImage`.
    var smallImage: CIImage? { get set }
    /// `inputSpatialSigma`.
    var spatialSigma: Float { get set }
    /// `inputLumaSigma`.
    var lumaSigma: Float { get set }
}

/// `CIEdgePreserveUpsampleFilter` with typed properties.
final class EdgePreserveUpsampleFilterBuiltinFilter: CIBuiltinFilter, CIEdgePreserveUpsample, @unchecked Sendable {
    init() { super.init(named: "CIEdgePreserveUpsampleFilter") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var smallImage: CIImage? {
        get { image("inputSmallImage") }
        set { setValue(newValue, forKey: "inputSmallImage") }
    }
    var spatialSigma: Float {
        get { float("inputSpatialSigma") }
        set { setValue(newValue, forKey: "inputSpatialSigma") }
    }
    var lumaSigma: Float {
        get { float("inputLumaSigma") }
        set { setValue(newValue, forKey: "inputLumaSigma") }
    }
}

extension CIFilter {
    /// A new `CIAffineClamp` filter with typed properties, inputs at their defaults.
    public static func affineClamp() -> CIFilter & CIAffineClamp { AffineClampBuiltinFilter() }
    /// A new `CILanczosScaleTransform` filter with typed properties, inputs at their defaults.
    public static func lanczosScaleTransform() -> CIFilter & CILanczosScaleTransform { LanczosScaleTransformBuiltinFilter() }
    /// A new `CIStraightenFilter` filter with typed properties, inputs at their defaults.
    public static func straighten() -> CIFilter & CIStraighten { StraightenFilterBuiltinFilter() }
    /// A new `CIPerspectiveCorrection` filter with typed properties, inputs at their defaults.
    public static func perspectiveCorrection() -> CIFilter & CIPerspectiveCorrection { PerspectiveCorrectionBuiltinFilter() }
    /// A new `CINinePartStretched` filter with typed properties, inputs at their defaults.
    public static func ninePartStretched() -> CIFilter & CINinePartStretched { NinePartStretchedBuiltinFilter() }
    /// A new `CINinePartTiled` filter with typed properties, inputs at their defaults.
    public static func ninePartTiled() -> CIFilter & CINinePartTiled { NinePartTiledBuiltinFilter() }
    /// A new `CIEdgePreserveUpsampleFilter` filter with typed properties, inputs at their defaults.
    public static func edgePreserveUpsample() -> CIFilter & CIEdgePreserveUpsample { EdgePreserveUpsampleFilterBuiltinFilter() }
}

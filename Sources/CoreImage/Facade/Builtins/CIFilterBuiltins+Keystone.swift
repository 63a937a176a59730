import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): stretch crop, perspective rotate and the keystone
// corrections. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIStretchCrop` filter.
public protocol CIStretchCrop: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputSize`: the output's width and height in pixels.
    var size: CGPoint { get set }
    /// `inputCropAmount`: 0 only stretches, 1 only crops.
    var cropAmount: Float { get set }
    /// `inputCenterStretchAmount`: how much more the centre is stretched than the edges.
    var centerStretchAmount: Float { get set }
}

/// `CIStretchCrop` with typed properties.
final class StretchCropBuiltinFilter: CIBuiltinFilter, CIStretchCrop, @unchecked Sendable {
    init() { super.init(named: "CIStretchCrop") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var size: CGPoint {
        get { point("inputSize") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputSize") }
    }
    var cropAmount: Float {
        get { float("inputCropAmount") }
        set { setValue(newValue, forKey: "inputCropAmount") }
    }
    var centerStretchAmount: Float {
        get { float("inputCenterStretchAmount") }
        set { setValue(newValue, forKey: "inputCenterStretchAmount") }
    }
}

/// The properties of the `CIPerspectiveRotate` filter.
public protocol CIPerspectiveRotate: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputFocalLength`: the 35 mm equivalent focal length of the image.
    var focalLength: Float { get set }
    /// `inputPitch`: the turn about the horizontal axis, in radians.
    var pitch: Float { get set }
    /// `inputYaw`: the turn about the vertical axis, in radians.
    var yaw: Float { get set }
    /// `inputRoll`: the turn about the view axis, in radians.
    var roll: Float { get set }
}

/// `CIPerspectiveRotate` with typed properties.
final class PerspectiveRotateBuiltinFilter: CIBuiltinFilter, CIPerspectiveRotate, @unchecked Sendable {
    init() { super.init(named: "CIPerspectiveRotate") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var focalLength: Float {
        get { float("inputFocalLength") }
        set { setValue(newValue, forKey: "inputFocalLength") }
    }
    var pitch: Float {
        get { float("inputPitch") }
        set { setValue(newValue, forKey: "inputPitch") }
    }
    var yaw: Float {
        get { float("inputYaw") }
        set { setValue(newValue, forKey: "inputYaw") }
    }
    var roll: Float {
        get { float("inputRoll") }
        set { setValue(newValue, forKey: "inputRoll") }
    }
}

/// The four points of a four-coordinate geometry filter (Apple's `CIFourCoordinateGeometryFilter`).
public protocol CIFourCoordinateGeometryFilter: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputTopLeft`.
    var topLeft: CGPoint { get set }
    /// `inputTopRight`.
    var topRight: CGPoint { get set }
    /// `inputBottomRight`.
    var bottomRight: CGPoint { get set }
    /// `inputBottomLeft`.
    var bottomLeft: CGPoint { get set }
}

/// The properties of the `CIKeystoneCorrectionVertical` filter.
public protocol CIKeystoneCorrectionVertical: CIFourCoordinateGeometryFilter {
    /// `inputFocalLength`: the 35 mm equivalent focal length of the image.
    var focalLength: Float { get set }
}

/// The properties of the `CIKeystoneCorrectionHorizontal` filter.
public protocol CIKeystoneCorrectionHorizontal: CIFourCoordinateGeometryFilter {
    /// `inputFocalLength`: the 35 mm equivalent focal length of the image.
    var focalLength: Float { get set }
}

/// The properties of the `CIKeystoneCorrectionCombined` filter.
public protocol CIKeystoneCorrectionCombined: CIFourCoordinateGeometryFilter {
    /// `inputFocalLength`: the 35 mm equivalent focal length of the image.
    var focalLength: Float { get set }
}

/// The keystone corrections with typed properties.
final class KeystoneBuiltinFilter: CIBuiltinFilter, CIKeystoneCorrectionVertical, CIKeystoneCorrectionHorizontal,
                                   CIKeystoneCorrectionCombined, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var focalLength: Float {
        get { float("inputFocalLength") }
        set { setValue(newValue, forKey: "inputFocalLength") }
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
    /// Fits an image to a size by cropping and stretching.
    public static func stretchCrop() -> CIFilter & CIStretchCrop { StretchCropBuiltinFilter() }
    /// The image as a camera turned by pitch, yaw and roll would see it.
    public static func perspectiveRotate() -> CIFilter & CIPerspectiveRotate { PerspectiveRotateBuiltinFilter() }
    /// Makes converging vertical guides parallel.
    public static func keystoneCorrectionVertical() -> CIFilter & CIKeystoneCorrectionVertical { KeystoneBuiltinFilter(named: "CIKeystoneCorrectionVertical") }
    /// Makes converging horizontal guides parallel.
    public static func keystoneCorrectionHorizontal() -> CIFilter & CIKeystoneCorrectionHorizontal { KeystoneBuiltinFilter(named: "CIKeystoneCorrectionHorizontal") }
    /// Makes converging vertical and horizontal guides parallel.
    public static func keystoneCorrectionCombined() -> CIFilter & CIKeystoneCorrectionCombined { KeystoneBuiltinFilter(named: "CIKeystoneCorrectionCombined") }
}

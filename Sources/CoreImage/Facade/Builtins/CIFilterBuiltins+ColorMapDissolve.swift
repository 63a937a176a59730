import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): the dissolve transition, colour map, colour cubes mixed
// with a mask. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties every transition shares (`CIDissolveTransition` has only these; the swipes add theirs).
public protocol CITransitionFilter: CIFilterProtocol {
    /// `inputImage`: the image the transition starts from.
    var inputImage: CIImage? { get set }
    /// `inputTargetImage`: the image the transition ends at.
    var targetImage: CIImage? { get set }
    /// `inputTime`: the parametric time of the transition (0: the image, 1: the target).
    var time: Float { get set }
}

/// `CIDissolveTransition` with typed properties.
final class DissolveTransitionBuiltinFilter: CIBuiltinFilter, CITransitionFilter, @unchecked Sendable {
    init() { super.init(named: "CIDissolveTransition") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var targetImage: CIImage? {
        get { image("inputTargetImage") }
        set { setValue(newValue, forKey: "inputTargetImage") }
    }
    var time: Float {
        get { float("inputTime") }
        set { setValue(newValue, forKey: "inputTime") }
    }
}

/// The properties of the `CIColorMap` filter.
public protocol CIColorMap: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputGradientImage`: the image whose middle row maps luminance to colour.
    var gradientImage: CIImage? { get set }
}

/// `CIColorMap` with typed properties.
final class ColorMapBuiltinFilter: CIBuiltinFilter, CIColorMap, @unchecked Sendable {
    init() { super.init(named: "CIColorMap") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var gradientImage: CIImage? {
        get { image("inputGradientImage") }
        set { setValue(newValue, forKey: "inputGradientImage") }
    }
}

/// The properties of the `CIColorCubesMixedWithMask` filter.
public protocol CIColorCubesMixedWithMask: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputMaskImage`: the mask that mixes the two cubes (0: cube 0, 1: cube 1).
    var maskImage: CIImage? { get set }
    /// `inputCubeDimension`: the dimension of the color cubes.
    var cubeDimension: Float { get set }
    /// `inputCube0Data`: the first cube.
    var cube0Data: Data { get set }
    /// `inputCube1Data`: the second cube.
    var cube1Data: Data { get set }
    /// `inputColorSpace`: the colour space the cubes work in.
    var colorSpace: CGColorSpace? { get set }
}

/// `CIColorCubesMixedWithMask` with typed properties.
final class ColorCubesMixedWithMaskBuiltinFilter: CIBuiltinFilter, CIColorCubesMixedWithMask, @unchecked Sendable {
    init() { super.init(named: "CIColorCubesMixedWithMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var maskImage: CIImage? {
        get { image("inputMaskImage") }
        set { setValue(newValue, forKey: "inputMaskImage") }
    }
    var cubeDimension: Float {
        get { float("inputCubeDimension") }
        set { setValue(newValue, forKey: "inputCubeDimension") }
    }
    var cube0Data: Data {
        get { data("inputCube0Data") }
        set { setValue(newValue, forKey: "inputCube0Data") }
    }
    var cube1Data: Data {
        get { data("inputCube1Data") }
        set { setValue(newValue, forKey: "inputCube1Data") }
    }
    var colorSpace: CGColorSpace? {
        get { self.colorSpace("inputColorSpace") }
        set { setValue(newValue, forKey: "inputColorSpace") }
    }
}

extension CIFilter {
    /// Uses a dissolve to transition from one image to another.
    public static func dissolveTransition() -> CIFilter & CITransitionFilter { DissolveTransitionBuiltinFilter() }
    /// Performs a nonlinear transformation of source color values using mapping values provided in a table.
    public static func colorMap() -> CIFilter & CIColorMap { ColorMapBuiltinFilter() }
    /// Mixes the results of two colour cubes by a mask.
    public static func colorCubesMixedWithMask() -> CIFilter & CIColorCubesMixedWithMask { ColorCubesMixedWithMaskBuiltinFilter() }
}

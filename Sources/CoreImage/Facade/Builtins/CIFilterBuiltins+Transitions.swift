import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), the transitions added with issue 19. Properties read and write
// the same store as `setValue(_:forKey:)`; the behaviour of each filter is stated on its definition in
// `Filters/Transition`.

/// The properties of the `CIAccordionFoldTransition` filter.
public protocol CIAccordionFoldTransition: CITransitionFilter {
    /// `inputBottomHeight`: the height from the bottom of the image to the bottom of the folded part.
    var bottomHeight: Float { get set }
    /// `inputNumberOfFolds`: the number of folds.
    var numberOfFolds: Float { get set }
    /// `inputFoldShadowAmount`: the darkening of the folds turned away from the light.
    var foldShadowAmount: Float { get set }
}

/// `CIAccordionFoldTransition` with typed properties.
final class AccordionFoldTransitionBuiltinFilter: CIBuiltinFilter, CIAccordionFoldTransition, @unchecked Sendable {
    init() { super.init(named: "CIAccordionFoldTransition") }
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
    var bottomHeight: Float {
        get { float("inputBottomHeight") }
        set { setValue(newValue, forKey: "inputBottomHeight") }
    }
    var numberOfFolds: Float {
        get { float("inputNumberOfFolds") }
        set { setValue(newValue, forKey: "inputNumberOfFolds") }
    }
    var foldShadowAmount: Float {
        get { float("inputFoldShadowAmount") }
        set { setValue(newValue, forKey: "inputFoldShadowAmount") }
    }
}

/// The properties of the `CICopyMachineTransition` filter.
public protocol CICopyMachineTransition: CITransitionFilter {
    /// `inputExtent`: the extent the copier light crosses.
    var extent: CGRect { get set }
    /// `inputColor`: the color of the copier light.
    var color: CIColor { get set }
    /// `inputAngle`: the direction the copier light travels.
    var angle: Float { get set }
    /// `inputWidth`: the width of the copier light.
    var width: Float { get set }
    /// `inputOpacity`: the opacity of the copier light.
    var opacity: Float { get set }
}

/// `CICopyMachineTransition` with typed properties.
final class CopyMachineTransitionBuiltinFilter: CIBuiltinFilter, CICopyMachineTransition, @unchecked Sendable {
    init() { super.init(named: "CICopyMachineTransition") }
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
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var opacity: Float {
        get { float("inputOpacity") }
        set { setValue(newValue, forKey: "inputOpacity") }
    }
}

/// The properties of the `CIDisintegrateWithMaskTransition` filter.
public protocol CIDisintegrateWithMaskTransition: CITransitionFilter {
    /// `inputMaskImage`: the mask whose dark parts disintegrate first.
    var maskImage: CIImage? { get set }
    /// `inputShadowRadius`: the radius of the shadow.
    var shadowRadius: Float { get set }
    /// `inputShadowDensity`: the density of the shadow.
    var shadowDensity: Float { get set }
    /// `inputShadowOffset`: the offset of the shadow.
    var shadowOffset: CGPoint { get set }
}

/// `CIDisintegrateWithMaskTransition` with typed properties.
final class DisintegrateWithMaskTransitionBuiltinFilter: CIBuiltinFilter, CIDisintegrateWithMaskTransition, @unchecked Sendable {
    init() { super.init(named: "CIDisintegrateWithMaskTransition") }
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
    var maskImage: CIImage? {
        get { image("inputMaskImage") }
        set { setValue(newValue, forKey: "inputMaskImage") }
    }
    var shadowRadius: Float {
        get { float("inputShadowRadius") }
        set { setValue(newValue, forKey: "inputShadowRadius") }
    }
    var shadowDensity: Float {
        get { float("inputShadowDensity") }
        set { setValue(newValue, forKey: "inputShadowDensity") }
    }
    var shadowOffset: CGPoint {
        get { point("inputShadowOffset") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputShadowOffset") }
    }
}

/// The properties of the `CIFlashTransition` filter.
public protocol CIFlashTransition: CITransitionFilter {
    /// `inputCenter`: the point the flash starts from.
    var center: CGPoint { get set }
    /// `inputExtent`: the extent the flash fills.
    var extent: CGRect { get set }
    /// `inputColor`: the color of the flash.
    var color: CIColor { get set }
    /// `inputMaxStriationRadius`: how far the light rays reach.
    var maxStriationRadius: Float { get set }
    /// `inputStriationStrength`: the strength of the light rays.
    var striationStrength: Float { get set }
    /// `inputStriationContrast`: the contrast of the light rays.
    var striationContrast: Float { get set }
    /// `inputFadeThreshold`: the time at which the flash starts fading into the target.
    var fadeThreshold: Float { get set }
}

/// `CIFlashTransition` with typed properties.
final class FlashTransitionBuiltinFilter: CIBuiltinFilter, CIFlashTransition, @unchecked Sendable {
    init() { super.init(named: "CIFlashTransition") }
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
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var maxStriationRadius: Float {
        get { float("inputMaxStriationRadius") }
        set { setValue(newValue, forKey: "inputMaxStriationRadius") }
    }
    var striationStrength: Float {
        get { float("inputStriationStrength") }
        set { setValue(newValue, forKey: "inputStriationStrength") }
    }
    var striationContrast: Float {
        get { float("inputStriationContrast") }
        set { setValue(newValue, forKey: "inputStriationContrast") }
    }
    var fadeThreshold: Float {
        get { float("inputFadeThreshold") }
        set { setValue(newValue, forKey: "inputFadeThreshold") }
    }
}

/// The properties of the `CIModTransition` filter.
public protocol CIModTransition: CITransitionFilter {
    /// `inputCenter`: the center of the hole pattern.
    var center: CGPoint { get set }
    /// `inputAngle`: the angle of the hole pattern.
    var angle: Float { get set }
    /// `inputRadius`: the radius of the undistorted holes.
    var radius: Float { get set }
    /// `inputCompression`: how much the pattern is stretched away from the center.
    var compression: Float { get set }
}

/// `CIModTransition` with typed properties.
final class ModTransitionBuiltinFilter: CIBuiltinFilter, CIModTransition, @unchecked Sendable {
    init() { super.init(named: "CIModTransition") }
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
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var compression: Float {
        get { float("inputCompression") }
        set { setValue(newValue, forKey: "inputCompression") }
    }
}

/// The properties of the `CIPageCurlTransition` filter.
public protocol CIPageCurlTransition: CITransitionFilter {
    /// `inputBacksideImage`: the image on the back of the page.
    var backsideImage: CIImage? { get set }
    /// `inputShadingImage`: Apple's lighting image for the curl (accepted, not used).
    var shadingImage: CIImage? { get set }
    /// `inputExtent`: the extent the curl crosses.
    var extent: CGRect { get set }
    /// `inputAngle`: the direction of the curl.
    var angle: Float { get set }
    /// `inputRadius`: the radius of the curl.
    var radius: Float { get set }
}

/// `CIPageCurlTransition` with typed properties.
final class PageCurlTransitionBuiltinFilter: CIBuiltinFilter, CIPageCurlTransition, @unchecked Sendable {
    init() { super.init(named: "CIPageCurlTransition") }
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
    var backsideImage: CIImage? {
        get { image("inputBacksideImage") }
        set { setValue(newValue, forKey: "inputBacksideImage") }
    }
    var shadingImage: CIImage? {
        get { image("inputShadingImage") }
        set { setValue(newValue, forKey: "inputShadingImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIPageCurlWithShadowTransition` filter.
public protocol CIPageCurlWithShadowTransition: CITransitionFilter {
    /// `inputBacksideImage`: the image on the back of the page.
    var backsideImage: CIImage? { get set }
    /// `inputExtent`: the extent the curl crosses.
    var extent: CGRect { get set }
    /// `inputAngle`: the direction of the curl.
    var angle: Float { get set }
    /// `inputRadius`: the radius of the curl.
    var radius: Float { get set }
    /// `inputShadowSize`: the length of the shadow as a fraction of the radius.
    var shadowSize: Float { get set }
    /// `inputShadowAmount`: the strength of the shadow.
    var shadowAmount: Float { get set }
    /// `inputShadowExtent`: the region where the shadow falls.
    var shadowExtent: CGRect { get set }
}

/// `CIPageCurlWithShadowTransition` with typed properties.
final class PageCurlWithShadowTransitionBuiltinFilter: CIBuiltinFilter, CIPageCurlWithShadowTransition, @unchecked Sendable {
    init() { super.init(named: "CIPageCurlWithShadowTransition") }
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
    var backsideImage: CIImage? {
        get { image("inputBacksideImage") }
        set { setValue(newValue, forKey: "inputBacksideImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var shadowSize: Float {
        get { float("inputShadowSize") }
        set { setValue(newValue, forKey: "inputShadowSize") }
    }
    var shadowAmount: Float {
        get { float("inputShadowAmount") }
        set { setValue(newValue, forKey: "inputShadowAmount") }
    }
    var shadowExtent: CGRect {
        get { rect("inputShadowExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputShadowExtent") }
    }
}

/// The properties of the `CIRippleTransition` filter.
public protocol CIRippleTransition: CITransitionFilter {
    /// `inputCenter`: the center of the wave.
    var center: CGPoint { get set }
    /// `inputExtent`: the extent the wave crosses.
    var extent: CGRect { get set }
    /// `inputShadingImage`: Apple's lighting image for the wave (accepted, not used).
    var shadingImage: CIImage? { get set }
    /// `inputWidth`: the width of the wave.
    var width: Float { get set }
    /// `inputScale`: the displacement of the wave (a bulge above 0, a dimple below).
    var scale: Float { get set }
}

/// `CIRippleTransition` with typed properties.
final class RippleTransitionBuiltinFilter: CIBuiltinFilter, CIRippleTransition, @unchecked Sendable {
    init() { super.init(named: "CIRippleTransition") }
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
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var shadingImage: CIImage? {
        get { image("inputShadingImage") }
        set { setValue(newValue, forKey: "inputShadingImage") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

extension CIFilter {
    /// Transitions from one image to another of a differing dimensions by unfolding.
    public static func accordionFoldTransition() -> CIFilter & CIAccordionFoldTransition { AccordionFoldTransitionBuiltinFilter() }
    /// Transitions from one image to another by simulating the effect of a copy machine.
    public static func copyMachineTransition() -> CIFilter & CICopyMachineTransition { CopyMachineTransitionBuiltinFilter() }
    /// Transitions from one image to another using the shape defined by a mask.
    public static func disintegrateWithMaskTransition() -> CIFilter & CIDisintegrateWithMaskTransition { DisintegrateWithMaskTransitionBuiltinFilter() }
    /// Transitions from one image to another by creating a flash.
    public static func flashTransition() -> CIFilter & CIFlashTransition { FlashTransitionBuiltinFilter() }
    /// Transitions from one image to another by revealing the target image through irregularly shaped holes.
    public static func modTransition() -> CIFilter & CIModTransition { ModTransitionBuiltinFilter() }
    /// Transitions from one image to another by simulating a curling page, revealing the new image as the page curls.
    public static func pageCurlTransition() -> CIFilter & CIPageCurlTransition { PageCurlTransitionBuiltinFilter() }
    /// Transitions from one image to another by simulating a curling page, revealing the new image as the page curls, with a shadow.
    public static func pageCurlWithShadowTransition() -> CIFilter & CIPageCurlWithShadowTransition { PageCurlWithShadowTransitionBuiltinFilter() }
    /// Transitions from one image to another by creating a circular wave that expands from the center point.
    public static func rippleTransition() -> CIFilter & CIRippleTransition { RippleTransitionBuiltinFilter() }
}

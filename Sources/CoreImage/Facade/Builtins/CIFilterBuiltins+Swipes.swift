import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), swipe transitions. Properties read and write the same store
// as `setValue(_:forKey:)`.

/// The properties of the `CISwipeTransition` filter.
public protocol CISwipeTransition: CITransitionFilter {
    /// `inputExtent`: the extent the swipe crosses.
    var extent: CGRect { get set }
    /// `inputColor`: the color of the swipe band.
    var color: CIColor { get set }
    /// `inputAngle`: the direction of the swipe.
    var angle: Float { get set }
    /// `inputWidth`: the width of the swipe band.
    var width: Float { get set }
    /// `inputOpacity`: the opacity of the swipe band's color.
    var opacity: Float { get set }
}

/// `CISwipeTransition` with typed properties.
final class SwipeTransitionBuiltinFilter: CIBuiltinFilter, CISwipeTransition, @unchecked Sendable {
    init() { super.init(named: "CISwipeTransition") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var targetImage: CIImage? {
        get { image("inputTargetImage") }
        set { setValue(newValue, forKey: "inputTargetImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var time: Float {
        get { float("inputTime") }
        set { setValue(newValue, forKey: "inputTime") }
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

/// The properties of the `CIBarsSwipeTransition` filter.
public protocol CIBarsSwipeTransition: CITransitionFilter {
    /// `inputAngle`: the angle (in radians) of the bars.
    var angle: Float { get set }
    /// `inputWidth`: the width of each bar.
    var width: Float { get set }
    /// `inputBarOffset`: how far every other bar lags behind.
    var barOffset: Float { get set }
}

/// `CIBarsSwipeTransition` with typed properties.
final class BarsSwipeTransitionBuiltinFilter: CIBuiltinFilter, CIBarsSwipeTransition, @unchecked Sendable {
    init() { super.init(named: "CIBarsSwipeTransition") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var targetImage: CIImage? {
        get { image("inputTargetImage") }
        set { setValue(newValue, forKey: "inputTargetImage") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var barOffset: Float {
        get { float("inputBarOffset") }
        set { setValue(newValue, forKey: "inputBarOffset") }
    }
    var time: Float {
        get { float("inputTime") }
        set { setValue(newValue, forKey: "inputTime") }
    }
}

extension CIFilter {
    /// Transitions from one image to another by simulating a swiping action.
    public static func swipeTransition() -> CIFilter & CISwipeTransition { SwipeTransitionBuiltinFilter() }
    /// Transitions from one image to another by passing a bar over the source image.
    public static func barsSwipeTransition() -> CIFilter & CIBarsSwipeTransition { BarsSwipeTransitionBuiltinFilter() }
}

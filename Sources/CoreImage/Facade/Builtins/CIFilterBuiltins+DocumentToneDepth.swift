import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): document enhancer and system tone map. Properties read and
// write the same store as `setValue(_:forKey:)`. Apple has no typed protocol for `CIDepthBlurEffect` (it is made
// by name or by `CIContext.depthBlurEffectFilter…`), so none is declared here either.

/// The properties of the `CIDocumentEnhancer` filter.
public protocol CIDocumentEnhancer: CIFilterProtocol {
    /// `inputImage`: the image to use as an input for the effect.
    var inputImage: CIImage? { get set }
    /// `inputAmount`: the amount of enhancement (0…10; 0 leaves the image unchanged).
    var amount: Float { get set }
}

/// `CIDocumentEnhancer` with typed properties.
final class DocumentEnhancerBuiltinFilter: CIBuiltinFilter, CIDocumentEnhancer, @unchecked Sendable {
    init() { super.init(named: "CIDocumentEnhancer") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var amount: Float {
        get { float("inputAmount") }
        set { setValue(newValue, forKey: "inputAmount") }
    }
}

/// The properties of the `CISystemToneMap` filter.
public protocol CISystemToneMap: CIFilterProtocol {
    /// `inputImage`: the image to tone map (its headroom is measured here: images carry no content headroom).
    var inputImage: CIImage? { get set }
    /// `inputDisplayHeadroom`: the current headroom of the intended display (1…32).
    var displayHeadroom: Float { get set }
    /// `inputPreferredDynamicRange`: standard, constrained high or high; nil behaves as high.
    var preferredDynamicRange: CIDynamicRangeOption? { get set }
}

/// `CISystemToneMap` with typed properties.
final class SystemToneMapBuiltinFilter: CIBuiltinFilter, CISystemToneMap, @unchecked Sendable {
    init() { super.init(named: "CISystemToneMap") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var displayHeadroom: Float {
        get { float("inputDisplayHeadroom") }
        set { setValue(newValue, forKey: "inputDisplayHeadroom") }
    }
    var preferredDynamicRange: CIDynamicRangeOption? {
        get { (value(forKey: "inputPreferredDynamicRange") as? String).map(CIDynamicRangeOption.init(rawValue:)) }
        set { setValue(newValue?.rawValue, forKey: "inputPreferredDynamicRange") }
    }
}

extension CIFilter {
    /// Enhance a document image by removing unwanted shadows, whitening the background, and enhancing contrast.
    public static func documentEnhancer() -> CIFilter & CIDocumentEnhancer { DocumentEnhancerBuiltinFilter() }
    /// Apply a global tone curve to an image that reduces colors of the input image to a desired dynamic range
    /// consistent with other frameworks.
    public static func systemToneMap() -> CIFilter & CISystemToneMap { SystemToneMapBuiltinFilter() }
}

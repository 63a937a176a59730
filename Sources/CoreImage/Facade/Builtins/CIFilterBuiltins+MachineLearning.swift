import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style) for the machine-learning filters that exist here by name only:
// their outputs are always `nil` (see their definitions). `CICoreMLModelFilter` has no typed factory: its `model`
// property is an `MLModel`, a type Linux does not have.

/// The properties of the `CIPersonSegmentation` filter.
public protocol CIPersonSegmentation: CIFilterProtocol {
    /// `inputImage`: the image to segment.
    var inputImage: CIImage? { get set }
    /// `inputQualityLevel`: 0 accurate, 1 balanced, 2 fast.
    var qualityLevel: UInt { get set }
}

/// `CIPersonSegmentation` with typed properties (its output is always `nil` here).
final class PersonSegmentationBuiltinFilter: CIBuiltinFilter, CIPersonSegmentation, @unchecked Sendable {
    init() { super.init(named: "CIPersonSegmentation") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var qualityLevel: UInt {
        get { UInt(max(0, int("inputQualityLevel"))) }
        set { setValue(Int(newValue), forKey: "inputQualityLevel") }
    }
}

/// The properties of the `CISaliencyMapFilter` filter.
public protocol CISaliencyMap: CIFilterProtocol {
    /// `inputImage`: the image to map.
    var inputImage: CIImage? { get set }
}

/// `CISaliencyMapFilter` with typed properties (its output is always `nil` here).
final class SaliencyMapBuiltinFilter: CIBuiltinFilter, CISaliencyMap, @unchecked Sendable {
    init() { super.init(named: "CISaliencyMapFilter") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

extension CIFilter {
    /// Returns a segmentation mask that is red in pixels where a person is likely to be; always `nil` here (no
    /// person-segmentation network on Linux).
    public static func personSegmentation() -> CIFilter & CIPersonSegmentation { PersonSegmentationBuiltinFilter() }
    /// Generates a saliency map of the input image; always `nil` here (no saliency network on Linux).
    public static func saliencyMap() -> CIFilter & CISaliencyMap { SaliencyMapBuiltinFilter() }
}

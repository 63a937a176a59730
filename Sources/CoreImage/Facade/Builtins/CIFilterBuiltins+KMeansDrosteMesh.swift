import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): k-means palettes, the Droste spiral, line meshes and blurred
// rounded rectangles. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIKMeans` filter (see its definition for the clustering rule, which Apple leaves open).
public protocol CIKMeans: CIAreaReductionFilter {
    /// `inputMeans`: an image whose first `count` pixels seed the clusters (`nil`: seeds from the image).
    var inputMeans: CIImage? { get set }
    /// `inputCount`: the number of clusters, 0…128 (clamped).
    var count: Int { get set }
    /// `inputPasses`: the number of k-means passes, 0…20 (clamped; rounded to a whole number).
    var passes: Float { get set }
    /// `inputPerceptual`: whether colours are compared in CIE L*a*b* rather than linear RGB.
    var perceptual: Bool { get set }
}

/// `CIKMeans` with typed properties.
final class KMeansBuiltinFilter: AreaReductionBuiltinFilter, CIKMeans, @unchecked Sendable {
    init() { super.init(named: "CIKMeans") }
    var inputMeans: CIImage? {
        get { image("inputMeans") }
        set { setValue(newValue, forKey: "inputMeans") }
    }
    var count: Int {
        get { int("inputCount") }
        set { setValue(newValue, forKey: "inputCount") }
    }
    var passes: Float {
        get { float("inputPasses") }
        set { setValue(newValue, forKey: "inputPasses") }
    }
    var perceptual: Bool {
        get { bool("inputPerceptual") }
        set { setValue(newValue, forKey: "inputPerceptual") }
    }
}

/// The properties of the `CIDroste` filter (the log-polar Escher spiral; see its definition for the maths).
public protocol CIDroste: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image; its extent is the outer picture frame.
    var inputImage: CIImage? { get set }
    /// `inputInsetPoint0`: one corner of the inner picture frame.
    var insetPoint0: CGPoint { get set }
    /// `inputInsetPoint1`: the opposite corner of the inner picture frame.
    var insetPoint1: CGPoint { get set }
    /// `inputStrands`: scale levels crossed in one turn about the spiral's centre.
    var strands: Float { get set }
    /// `inputPeriodicity`: copies of the image in one turn of each strand (at least 1).
    var periodicity: Float { get set }
    /// `inputRotation`: the spiral's rotation, in radians.
    var rotation: Float { get set }
    /// `inputZoom`: the spiral's zoom (at least 0.01).
    var zoom: Float { get set }
}

/// `CIDroste` with typed properties.
final class DrosteBuiltinFilter: CIBuiltinFilter, CIDroste, @unchecked Sendable {
    init() { super.init(named: "CIDroste") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var insetPoint0: CGPoint {
        get { point("inputInsetPoint0") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputInsetPoint0") }
    }
    var insetPoint1: CGPoint {
        get { point("inputInsetPoint1") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputInsetPoint1") }
    }
    var strands: Float {
        get { float("inputStrands") }
        set { setValue(newValue, forKey: "inputStrands") }
    }
    var periodicity: Float {
        get { float("inputPeriodicity") }
        set { setValue(newValue, forKey: "inputPeriodicity") }
    }
    var rotation: Float {
        get { float("inputRotation") }
        set { setValue(newValue, forKey: "inputRotation") }
    }
    var zoom: Float {
        get { float("inputZoom") }
        set { setValue(newValue, forKey: "inputZoom") }
    }
}

/// The properties of the `CIMeshGenerator` filter.
public protocol CIMeshGenerator: CIFilterProtocol {
    /// `inputWidth`: the lines' width in pixels.
    var width: Float { get set }
    /// `inputColor`: the lines' colour.
    var color: CIColor { get set }
    /// `inputMesh`: the line segments, `CIVector`s (x0, y0, x1, y1); an array with any other element is refused.
    var mesh: [Any] { get set }
}

/// `CIMeshGenerator` with typed properties.
final class MeshGeneratorBuiltinFilter: CIBuiltinFilter, CIMeshGenerator, @unchecked Sendable {
    init() { super.init(named: "CIMeshGenerator") }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var color: CIColor {
        get { color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var mesh: [Any] {
        get {
            let raw = value(forKey: "inputMesh")
            if let array = raw as? [Any] { return array }
            return (raw as? NSArray).map { $0.map { $0 } } ?? []
        }
        set { setValue(newValue, forKey: "inputMesh") }
    }
}

/// The properties of the `CIBlurredRoundedRectangleGenerator` filter (Apple's iOS 26 `smoothness` is not here).
public protocol CIBlurredRoundedRectangleGenerator: CIFilterProtocol {
    /// `inputExtent`: the rectangle before blurring.
    var extent: CGRect { get set }
    /// `inputRadius`: the corners' radius (at most half the shorter side).
    var radius: Float { get set }
    /// `inputSigma`: the Gaussian's standard deviation.
    var sigma: Float { get set }
    /// `inputColor`: the fill colour.
    var color: CIColor { get set }
}

/// `CIBlurredRoundedRectangleGenerator` with typed properties.
final class BlurredRoundedRectangleGeneratorBuiltinFilter: CIBuiltinFilter, CIBlurredRoundedRectangleGenerator, @unchecked Sendable {
    init() { super.init(named: "CIBlurredRoundedRectangleGenerator") }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var sigma: Float {
        get { float("inputSigma") }
        set { setValue(newValue, forKey: "inputSigma") }
    }
    var color: CIColor {
        get { color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
}

extension CIFilter {
    /// A new `CIKMeans` filter with typed properties, inputs at their defaults.
    public static func kMeans() -> CIFilter & CIKMeans { KMeansBuiltinFilter() }
    /// A new `CIDroste` filter with typed properties, inputs at their defaults.
    public static func droste() -> CIFilter & CIDroste { DrosteBuiltinFilter() }
    /// A new `CIMeshGenerator` filter with typed properties, inputs at their defaults (no mesh: no output).
    public static func meshGenerator() -> CIFilter & CIMeshGenerator { MeshGeneratorBuiltinFilter() }
    /// A new `CIBlurredRoundedRectangleGenerator` filter with typed properties, inputs at their defaults.
    public static func blurredRoundedRectangleGenerator() -> CIFilter & CIBlurredRoundedRectangleGenerator {
        BlurredRoundedRectangleGeneratorBuiltinFilter()
    }
}

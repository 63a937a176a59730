import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): colour curves, palettes and spot colours. Properties read and
// write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIColorCurves` filter.
public protocol CIColorCurves: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCurvesData`: the table, RGB entries of 32-bit floats.
    var curvesData: Data { get set }
    /// `inputCurvesDomain`: the component values at the table's first and last entries.
    var curvesDomain: CIVector { get set }
    /// `inputColorSpace`: the space the table's values are in (`nil`: the working space).
    var colorSpace: CGColorSpace? { get set }
}

/// `CIColorCurves` with typed properties.
final class ColorCurvesBuiltinFilter: CIBuiltinFilter, CIColorCurves, @unchecked Sendable {
    init() { super.init(named: "CIColorCurves") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var curvesData: Data {
        get { data("inputCurvesData") }
        set { setValue(newValue, forKey: "inputCurvesData") }
    }
    var curvesDomain: CIVector {
        get { vector("inputCurvesDomain") }
        set { setValue(newValue, forKey: "inputCurvesDomain") }
    }
    var colorSpace: CGColorSpace? {
        get { colorSpace("inputColorSpace") }
        set { setValue(newValue, forKey: "inputColorSpace") }
    }
}

/// The properties of the `CIPalettize` filter.
public protocol CIPalettize: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputPaletteImage`: the colours, typically `CIKMeans`'s output.
    var paletteImage: CIImage? { get set }
    /// `inputPerceptual`: whether colours are compared in L*a*b*.
    var perceptual: Bool { get set }
}

/// The properties of the `CIPaletteCentroid` filter.
public protocol CIPaletteCentroid: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputPaletteImage`: the colours, typically `CIKMeans`'s output.
    var paletteImage: CIImage? { get set }
    /// `inputPerceptual`: whether colours are compared in L*a*b*.
    var perceptual: Bool { get set }
}

/// `CIPalettize` / `CIPaletteCentroid` with typed properties.
final class PaletteBuiltinFilter: CIBuiltinFilter, CIPalettize, CIPaletteCentroid, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var paletteImage: CIImage? {
        get { image("inputPaletteImage") }
        set { setValue(newValue, forKey: "inputPaletteImage") }
    }
    var perceptual: Bool {
        get { bool("inputPerceptual") }
        set { setValue(newValue, forKey: "inputPerceptual") }
    }
}

/// The properties of the `CISpotColor` filter.
public protocol CISpotColor: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenterColor1`: the centre of colour range 1.
    var centerColor1: CIColor { get set }
    /// `inputReplacementColor1`: the colour replacing range 1.
    var replacementColor1: CIColor { get set }
    /// `inputCloseness1`: how close to centre colour 1 a colour must be to be replaced.
    var closeness1: Float { get set }
    /// `inputContrast1`: the sharpness of range 1's edge.
    var contrast1: Float { get set }
    /// `inputCenterColor2`: the centre of colour range 2.
    var centerColor2: CIColor { get set }
    /// `inputReplacementColor2`: the colour replacing range 2.
    var replacementColor2: CIColor { get set }
    /// `inputCloseness2`: how close to centre colour 2 a colour must be to be replaced.
    var closeness2: Float { get set }
    /// `inputContrast2`: the sharpness of range 2's edge.
    var contrast2: Float { get set }
    /// `inputCenterColor3`: the centre of colour range 3.
    var centerColor3: CIColor { get set }
    /// `inputReplacementColor3`: the colour replacing range 3.
    var replacementColor3: CIColor { get set }
    /// `inputCloseness3`: how close to centre colour 3 a colour must be to be replaced.
    var closeness3: Float { get set }
    /// `inputContrast3`: the sharpness of range 3's edge.
    var contrast3: Float { get set }
}

/// `CISpotColor` with typed properties.
final class SpotColorBuiltinFilter: CIBuiltinFilter, CISpotColor, @unchecked Sendable {
    init() { super.init(named: "CISpotColor") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var centerColor1: CIColor {
        get { color("inputCenterColor1") }
        set { setValue(newValue, forKey: "inputCenterColor1") }
    }
    var replacementColor1: CIColor {
        get { color("inputReplacementColor1") }
        set { setValue(newValue, forKey: "inputReplacementColor1") }
    }
    var closeness1: Float {
        get { float("inputCloseness1") }
        set { setValue(newValue, forKey: "inputCloseness1") }
    }
    var contrast1: Float {
        get { float("inputContrast1") }
        set { setValue(newValue, forKey: "inputContrast1") }
    }
    var centerColor2: CIColor {
        get { color("inputCenterColor2") }
        set { setValue(newValue, forKey: "inputCenterColor2") }
    }
    var replacementColor2: CIColor {
        get { color("inputReplacementColor2") }
        set { setValue(newValue, forKey: "inputReplacementColor2") }
    }
    var closeness2: Float {
        get { float("inputCloseness2") }
        set { setValue(newValue, forKey: "inputCloseness2") }
    }
    var contrast2: Float {
        get { float("inputContrast2") }
        set { setValue(newValue, forKey: "inputContrast2") }
    }
    var centerColor3: CIColor {
        get { color("inputCenterColor3") }
        set { setValue(newValue, forKey: "inputCenterColor3") }
    }
    var replacementColor3: CIColor {
        get { color("inputReplacementColor3") }
        set { setValue(newValue, forKey: "inputReplacementColor3") }
    }
    var closeness3: Float {
        get { float("inputCloseness3") }
        set { setValue(newValue, forKey: "inputCloseness3") }
    }
    var contrast3: Float {
        get { float("inputContrast3") }
        set { setValue(newValue, forKey: "inputContrast3") }
    }
}

extension CIFilter {
    /// Three one-dimensional curves, one per colour channel.
    public static func colorCurves() -> CIFilter & CIColorCurves { ColorCurvesBuiltinFilter() }
    /// Every pixel in the nearest colour of a palette image.
    public static func palettize() -> CIFilter & CIPalettize { PaletteBuiltinFilter(named: "CIPalettize") }
    /// The mean position of each palette colour's pixels.
    public static func paletteCentroid() -> CIFilter & CIPaletteCentroid { PaletteBuiltinFilter(named: "CIPaletteCentroid") }
    /// Up to three colour ranges replaced by spot colours.
    public static func spotColor() -> CIFilter & CISpotColor { SpotColorBuiltinFilter() }
}

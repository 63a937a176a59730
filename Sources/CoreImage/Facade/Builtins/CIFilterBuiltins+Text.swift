import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): text generators, the descriptor-driven barcode generator
// and the rounded QR Code generator.

/// The properties of the `CITextImageGenerator` filter.
public protocol CITextImageGenerator: CIFilterProtocol {
    /// `inputText`: the text to render.
    var text: String { get set }
    /// `inputFontName`: the font's name (default "HelveticaNeue"), resolved by fontconfig on Linux.
    var fontName: String { get set }
    /// `inputFontSize`: points (default 12).
    var fontSize: Float { get set }
    /// `inputScaleFactor`: the scale the text is drawn at (default 1).
    var scaleFactor: Float { get set }
    /// `inputPadding`: points added on every side of the text's box (default 0; scaled too).
    var padding: Float { get set }
}

/// The properties of the `CIAttributedTextImageGenerator` filter.
public protocol CIAttributedTextImageGenerator: CIFilterProtocol {
    /// `inputText`: the attributed text to render (font and foreground colour attributes are used).
    var text: NSAttributedString { get set }
    /// `inputScaleFactor`: the scale the text is drawn at (default 1).
    var scaleFactor: Float { get set }
    /// `inputPadding`: points added on every side of the text's box (default 0; scaled too).
    var padding: Float { get set }
}

/// The properties of the `CIBarcodeGenerator` filter.
public protocol CIBarcodeGenerator: CIFilterProtocol {
    /// `inputBarcodeDescriptor`: the symbol to draw.
    var barcodeDescriptor: CIBarcodeDescriptor { get set }
}

/// The properties of the `CIRoundedQRCodeGenerator` filter.
public protocol CIRoundedQRCodeGenerator: CIFilterProtocol {
    /// `inputMessage`: the bytes to encode.
    var message: Data { get set }
    /// `inputCorrectionLevel`: "L", "M" (the default), "Q" or "H".
    var correctionLevel: String { get set }
    /// `inputScale`: pixels per module (default 10 here).
    var scale: Float { get set }
    /// `inputRoundedMarkers`: 0 square, 1 rounded finder patterns, 2 rounded alignment patterns too.
    var roundedMarkers: Int { get set }
    /// `inputRoundedData`: whether data modules are discs.
    var roundedData: Bool { get set }
    /// `inputCenterSpaceSize`: the cleared centre's fraction of the side (at most 0.25 at Q, 0.33 at H, none at L/M).
    var centerSpaceSize: Float { get set }
    /// `inputColor0`: the background (default white).
    var color0: CIColor { get set }
    /// `inputColor1`: the modules' colour (default black).
    var color1: CIColor { get set }
}

/// `CITextImageGenerator` with typed properties.
final class TextImageGeneratorBuiltinFilter: CIBuiltinFilter, CITextImageGenerator, @unchecked Sendable {
    init() { super.init(named: "CITextImageGenerator") }
    var text: String { get { (value(forKey: "inputText") as? String) ?? "" } set { setValue(newValue, forKey: "inputText") } }
    var fontName: String {
        get { (value(forKey: "inputFontName") as? String) ?? "HelveticaNeue" }
        set { setValue(newValue, forKey: "inputFontName") }
    }
    var fontSize: Float { get { float("inputFontSize") } set { setValue(newValue, forKey: "inputFontSize") } }
    var scaleFactor: Float { get { float("inputScaleFactor") } set { setValue(newValue, forKey: "inputScaleFactor") } }
    var padding: Float { get { float("inputPadding") } set { setValue(newValue, forKey: "inputPadding") } }
}

/// `CIAttributedTextImageGenerator` with typed properties.
final class AttributedTextImageGeneratorBuiltinFilter: CIBuiltinFilter, CIAttributedTextImageGenerator, @unchecked Sendable {
    init() { super.init(named: "CIAttributedTextImageGenerator") }
    var text: NSAttributedString {
        get { (value(forKey: "inputText") as? NSAttributedString) ?? NSAttributedString(string: "") }
        set { setValue(newValue, forKey: "inputText") }
    }
    var scaleFactor: Float { get { float("inputScaleFactor") } set { setValue(newValue, forKey: "inputScaleFactor") } }
    var padding: Float { get { float("inputPadding") } set { setValue(newValue, forKey: "inputPadding") } }
}

/// `CIBarcodeGenerator` with typed properties.
final class BarcodeGeneratorBuiltinFilter: CIBuiltinFilter, CIBarcodeGenerator, @unchecked Sendable {
    init() { super.init(named: "CIBarcodeGenerator") }
    /// The descriptor set; before one is set, a placeholder (a version-1-L QR descriptor holding no data), since
    /// Apple's property is not optional. The filter has no output until a descriptor is set.
    var barcodeDescriptor: CIBarcodeDescriptor {
        get { (value(forKey: "inputBarcodeDescriptor") as? CIBarcodeDescriptor) ?? Self.placeholder }
        set { setValue(newValue, forKey: "inputBarcodeDescriptor") }
    }
    /// A version-1-L QR descriptor of nothing but a terminator and padding (what the getter returns unset).
    static let placeholder = CIQRCodeDescriptor(payload: Data([0x00] + [UInt8](repeating: 0xEC, count: 18)), symbolVersion: 1,
                                                maskPattern: 0, errorCorrectionLevel: .levelL)!
}

/// `CIRoundedQRCodeGenerator` with typed properties.
final class RoundedQRCodeGeneratorBuiltinFilter: CIBuiltinFilter, CIRoundedQRCodeGenerator, @unchecked Sendable {
    init() { super.init(named: "CIRoundedQRCodeGenerator") }
    var message: Data { get { data("inputMessage") } set { setValue(newValue, forKey: "inputMessage") } }
    var correctionLevel: String {
        get { (value(forKey: "inputCorrectionLevel") as? String) ?? "M" }
        set { setValue(newValue, forKey: "inputCorrectionLevel") }
    }
    var scale: Float { get { float("inputScale") } set { setValue(newValue, forKey: "inputScale") } }
    var roundedMarkers: Int { get { int("inputRoundedMarkers") } set { setValue(newValue, forKey: "inputRoundedMarkers") } }
    var roundedData: Bool { get { bool("inputRoundedData") } set { setValue(newValue, forKey: "inputRoundedData") } }
    var centerSpaceSize: Float { get { float("inputCenterSpaceSize") } set { setValue(newValue, forKey: "inputCenterSpaceSize") } }
    var color0: CIColor { get { color("inputColor0") } set { setValue(newValue, forKey: "inputColor0") } }
    var color1: CIColor { get { color("inputColor1") } set { setValue(newValue, forKey: "inputColor1") } }
}

extension CIFilter {
    /// A new `CITextImageGenerator` filter with typed properties, inputs at their defaults.
    public static func textImageGenerator() -> CIFilter & CITextImageGenerator { TextImageGeneratorBuiltinFilter() }
    /// A new `CIAttributedTextImageGenerator` filter with typed properties, inputs at their defaults.
    public static func attributedTextImageGenerator() -> CIFilter & CIAttributedTextImageGenerator { AttributedTextImageGeneratorBuiltinFilter() }
    /// A new `CIBarcodeGenerator` filter with typed properties (no descriptor set: no output).
    public static func barcodeGenerator() -> CIFilter & CIBarcodeGenerator { BarcodeGeneratorBuiltinFilter() }
    /// A new `CIRoundedQRCodeGenerator` filter with typed properties, inputs at their defaults.
    public static func roundedQRCodeGenerator() -> CIFilter & CIRoundedQRCodeGenerator { RoundedQRCodeGeneratorBuiltinFilter() }
}

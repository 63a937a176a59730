import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), barcode generators: a protocol per filter, a class per
// filter, a `CIFilter` factory.

/// The properties of the `CIQRCodeGenerator` filter.
public protocol CIQRCodeGenerator: CIFilterProtocol {
    /// `inputMessage`: the bytes to encode.
    var message: Data { get set }
    /// `inputCorrectionLevel`: "L", "M" (the default), "Q" or "H".
    var correctionLevel: String { get set }
}

/// `CIQRCodeGenerator` with typed properties.
final class QRCodeGeneratorBuiltinFilter: CIBuiltinFilter, CIQRCodeGenerator, @unchecked Sendable {
    init() { super.init(named: "CIQRCodeGenerator") }
    var message: Data {
        get { data("inputMessage") }
        set { setValue(newValue, forKey: "inputMessage") }
    }
    var correctionLevel: String {
        get { (value(forKey: "inputCorrectionLevel") as? String) ?? "M" }
        set { setValue(newValue, forKey: "inputCorrectionLevel") }
    }
}

extension CIFilter {
    /// A new `CIQRCodeGenerator` filter with typed properties, inputs at their defaults.
    public static func qrCodeGenerator() -> CIFilter & CIQRCodeGenerator { QRCodeGeneratorBuiltinFilter() }
}

/// The properties of the `CIAztecCodeGenerator` filter.
public protocol CIAztecCodeGenerator: CIFilterProtocol {
    /// `inputMessage`: the bytes to encode.
    var message: Data { get set }
    /// `inputCorrectionLevel`: the share of the symbol kept for error correction, 5…95 per cent (default 23;
    /// libzint offers 10, 23, 36 and 50 %, so a level is rounded up to one of those, at most 50).
    var correctionLevel: Float { get set }
    /// `inputLayers`: 1…32 data layers, 0 (the default) for the fewest that hold the message.
    var layers: Float { get set }
    /// `inputCompactStyle`: 1 for a compact symbol (1…4 layers), 0 (the default) to let the encoder choose.
    var compactStyle: Float { get set }
}

/// The properties of the `CIPDF417BarcodeGenerator` filter (sizes in pixels; 0 means "not set").
public protocol CIPDF417BarcodeGenerator: CIFilterProtocol {
    /// `inputMessage`: the bytes to encode.
    var message: Data { get set }
    /// `inputMinWidth`: the narrowest symbol wanted, 56…583 pixels.
    var minWidth: Float { get set }
    /// `inputMaxWidth`: the widest symbol wanted, 56…583 pixels.
    var maxWidth: Float { get set }
    /// `inputMinHeight`: the lowest symbol wanted, 13…283 pixels.
    var minHeight: Float { get set }
    /// `inputMaxHeight`: the tallest symbol wanted, 13…283 pixels.
    var maxHeight: Float { get set }
    /// `inputDataColumns`: 1…30 data columns.
    var dataColumns: Float { get set }
    /// `inputRows`: 3…90 rows.
    var rows: Float { get set }
    /// `inputPreferredAspectRatio`: the width / height ratio wanted.
    var preferredAspectRatio: Float { get set }
    /// `inputCompactionMode`: 0…3; kept but libzint chooses the compaction itself (see `Docs/CoreImage.md`).
    var compactionMode: Float { get set }
    /// `inputCompactStyle`: 1 for compact (truncated) PDF417.
    var compactStyle: Float { get set }
    /// `inputCorrectionLevel`: the error-correction level 0…8.
    var correctionLevel: Float { get set }
    /// `inputAlwaysSpecifyCompaction`: kept, without effect (libzint decides).
    var alwaysSpecifyCompaction: Float { get set }
}

/// The properties of the `CICode128BarcodeGenerator` filter.
public protocol CICode128BarcodeGenerator: CIFilterProtocol {
    /// `inputMessage`: the bytes to encode.
    var message: Data { get set }
    /// `inputQuietSpace`: white pixels on every side, 0…100 (default 10).
    var quietSpace: Float { get set }
    /// `inputBarcodeHeight`: the bars' height in pixels, 1…500 (default 32).
    var barcodeHeight: Float { get set }
}

/// `CIAztecCodeGenerator` with typed properties.
final class AztecCodeGeneratorBuiltinFilter: CIBuiltinFilter, CIAztecCodeGenerator, @unchecked Sendable {
    init() { super.init(named: "CIAztecCodeGenerator") }
    var message: Data { get { data("inputMessage") } set { setValue(newValue, forKey: "inputMessage") } }
    var correctionLevel: Float { get { float("inputCorrectionLevel") } set { setValue(newValue, forKey: "inputCorrectionLevel") } }
    var layers: Float { get { float("inputLayers") } set { setValue(newValue, forKey: "inputLayers") } }
    var compactStyle: Float { get { float("inputCompactStyle") } set { setValue(newValue, forKey: "inputCompactStyle") } }
}

/// `CIPDF417BarcodeGenerator` with typed properties.
final class PDF417BarcodeGeneratorBuiltinFilter: CIBuiltinFilter, CIPDF417BarcodeGenerator, @unchecked Sendable {
    init() { super.init(named: "CIPDF417BarcodeGenerator") }
    var message: Data { get { data("inputMessage") } set { setValue(newValue, forKey: "inputMessage") } }
    var minWidth: Float { get { float("inputMinWidth") } set { setValue(newValue, forKey: "inputMinWidth") } }
    var maxWidth: Float { get { float("inputMaxWidth") } set { setValue(newValue, forKey: "inputMaxWidth") } }
    var minHeight: Float { get { float("inputMinHeight") } set { setValue(newValue, forKey: "inputMinHeight") } }
    var maxHeight: Float { get { float("inputMaxHeight") } set { setValue(newValue, forKey: "inputMaxHeight") } }
    var dataColumns: Float { get { float("inputDataColumns") } set { setValue(newValue, forKey: "inputDataColumns") } }
    var rows: Float { get { float("inputRows") } set { setValue(newValue, forKey: "inputRows") } }
    var preferredAspectRatio: Float {
        get { float("inputPreferredAspectRatio") }
        set { setValue(newValue, forKey: "inputPreferredAspectRatio") }
    }
    var compactionMode: Float { get { float("inputCompactionMode") } set { setValue(newValue, forKey: "inputCompactionMode") } }
    var compactStyle: Float { get { float("inputCompactStyle") } set { setValue(newValue, forKey: "inputCompactStyle") } }
    var correctionLevel: Float { get { float("inputCorrectionLevel") } set { setValue(newValue, forKey: "inputCorrectionLevel") } }
    var alwaysSpecifyCompaction: Float {
        get { float("inputAlwaysSpecifyCompaction") }
        set { setValue(newValue, forKey: "inputAlwaysSpecifyCompaction") }
    }
}

/// `CICode128BarcodeGenerator` with typed properties.
final class Code128BarcodeGeneratorBuiltinFilter: CIBuiltinFilter, CICode128BarcodeGenerator, @unchecked Sendable {
    init() { super.init(named: "CICode128BarcodeGenerator") }
    var message: Data { get { data("inputMessage") } set { setValue(newValue, forKey: "inputMessage") } }
    var quietSpace: Float { get { float("inputQuietSpace") } set { setValue(newValue, forKey: "inputQuietSpace") } }
    var barcodeHeight: Float { get { float("inputBarcodeHeight") } set { setValue(newValue, forKey: "inputBarcodeHeight") } }
}

extension CIFilter {
    /// A new `CIAztecCodeGenerator` filter with typed properties, inputs at their defaults.
    public static func aztecCodeGenerator() -> CIFilter & CIAztecCodeGenerator { AztecCodeGeneratorBuiltinFilter() }
    /// A new `CIPDF417BarcodeGenerator` filter with typed properties, inputs at their defaults.
    public static func pdf417BarcodeGenerator() -> CIFilter & CIPDF417BarcodeGenerator { PDF417BarcodeGeneratorBuiltinFilter() }
    /// A new `CICode128BarcodeGenerator` filter with typed properties, inputs at their defaults.
    public static func code128BarcodeGenerator() -> CIFilter & CICode128BarcodeGenerator { Code128BarcodeGeneratorBuiltinFilter() }
}

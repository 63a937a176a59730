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

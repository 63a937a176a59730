import Foundation

/// The engine's reading of a `CIBarcodeDescriptor`: the symbology, its error-corrected payload (the data
/// codewords before error correction, as ISO defines them for each symbology) and the symbol's parameters.
package enum BarcodeDescription: Sendable, Equatable {
    /// `level`: "L", "M", "Q" or "H".
    case qr(payload: Data, version: Int, maskPattern: Int, level: String)
    case aztec(payload: Data, compact: Bool, layers: Int, dataCodewords: Int)
    case pdf417(payload: Data, compact: Bool, rows: Int, columns: Int)
    case dataMatrix(payload: Data, rows: Int, columns: Int, eccVersion: Int)
}

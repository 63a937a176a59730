internal import CQREncode
import Foundation
internal import OptionalLibraries

/// A QR Code symbol made by libqrencode: `width` × `width` modules, `true` for dark, row 0 at the top.
struct QRCodeSymbol: Sendable {
    /// Error correction levels, by Core Image's letters.
    enum CorrectionLevel: String, Sendable, Equatable {
        case low = "L", medium = "M", quartile = "Q", high = "H"
    }

    let version: Int
    let width: Int
    let modules: [Bool]
    /// libqrencode's description of each module (0x20 alignment pattern, 0x40 finder pattern, …).
    let kinds: [UInt8]

    /// The smallest symbol (version 1…40) holding `message` in 8-bit byte mode at `level`, or `nil` when the
    /// message is empty or does not fit in a version-40 symbol (never a truncated code).
    init?(message: Data, level: CorrectionLevel) {
        guard !message.isEmpty, message.count <= Int(Int32.max), OptionalLibrary.qrencode.loadOrWarn() else { return nil }
        let ecLevel = level.libqrencode
        let code = message.withUnsafeBytes { bytes in
            QRcode_encodeData(Int32(bytes.count), bytes.bindMemory(to: UInt8.self).baseAddress, 0, ecLevel)
        }
        guard let code else { return nil }
        defer { QRcode_free(code) }
        self.init(code)
    }

    /// The modules of a symbol libqrencode made (the caller frees `code`).
    init(_ code: UnsafeMutablePointer<QRcode>) {
        version = Int(code.pointee.version)
        width = Int(code.pointee.width)
        // Bit 0 of each module byte is its colour (1 = dark); the other bits describe what the module is.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        kinds = (0..<(width * width)).map { code.pointee.data[$0] & 0xFE }
    }

    /// The symbol as Core Image draws QR Codes: one pixel per module, black on white, opaque, `quietZone` white
    /// modules around, the bottom-left corner at (0, 0).
    func image(quietZone: Int) -> Image {
        BarcodeRaster.image(rows: width, columns: width, quietZone: quietZone, rowHeight: 1) { modules[$0 * width + $1] }
    }
}

internal import CZint
import Foundation
internal import OptionalLibraries

/// A barcode symbol made by libzint: `rows` × `columns` modules, `true` for dark, row 0 at the top. Used by the
/// Aztec, PDF417 and Code 128 generators and by `CIBarcodeGenerator`.
struct BarcodeSymbol: Sendable {
    /// The symbologies Core Image generates through libzint.
    enum Symbology: Sendable {
        case aztec, pdf417, compactPDF417, code128, dataMatrix

        var zintValue: Int32 {
            switch self {
            case .aztec: BARCODE_AZTEC
            case .pdf417: BARCODE_PDF417
            case .compactPDF417: BARCODE_PDF417COMP
            case .code128: BARCODE_CODE128
            case .dataMatrix: BARCODE_DATAMATRIX
            }
        }
    }

    /// libzint's symbol-specific options (`option_1`…`option_3`; 0 or -1 leave the choice to libzint).
    struct Options: Sendable {
        var option1: Int32 = -1
        var option2: Int32 = 0
        var option3: Int32 = 0
    }

    let rows: Int
    let columns: Int
    let modules: [Bool]

    /// Messages longer than this are refused before libzint sees them (no symbology here holds more: a
    /// 32-layer Aztec symbol carries at most 1914 bytes, PDF417 1108, Data Matrix 1556).
    static let maximumMessageLength = 4096

    /// The symbol for `message` (8-bit bytes, libzint's binary data mode), or `nil` when the message is empty,
    /// does not fit the symbology (or the size the options ask for), or libzint refuses the options. Never a
    /// truncated code: libzint reports an error instead of dropping data.
    init?(_ symbology: Symbology, message: Data, options: Options = Options()) {
        guard !message.isEmpty, message.count <= Self.maximumMessageLength,
              OptionalLibrary.zint.loadOrWarn(), let symbol = ZBarcode_Create() else { return nil }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = symbology.zintValue
        symbol.pointee.input_mode = Int32(DATA_MODE)
        symbol.pointee.option_1 = options.option1
        symbol.pointee.option_2 = options.option2
        symbol.pointee.option_3 = options.option3
        symbol.pointee.show_hrt = 0
        let status = message.withUnsafeBytes { bytes in
            ZBarcode_Encode(symbol, bytes.bindMemory(to: UInt8.self).baseAddress, Int32(bytes.count))
        }
        // Values below ZINT_ERROR are warnings (the symbol is complete); the rest are failures.
        guard status < ZINT_ERROR else { return nil }
        let rows = Int(symbol.pointee.rows), columns = Int(symbol.pointee.width)
        guard rows > 0, columns > 0, rows <= Int(czint_max_rows()), columns <= Int(czint_max_columns()) else { return nil }
        var modules = [Bool](repeating: false, count: rows * columns)
        for row in 0..<rows {
            for column in 0..<columns where czint_module_is_dark(symbol, Int32(row), Int32(column)) != 0 {
                modules[row * columns + column] = true
            }
        }
        (self.rows, self.columns, self.modules) = (rows, columns, modules)
    }

    /// The symbol as Core Image draws barcodes: one pixel per module across, `rowHeight` pixels per row, black
    /// on white, opaque, with `quietZone` white pixels on every side; the bottom-left corner at (0, 0).
    func image(quietZone: Int, rowHeight: Int = 1) -> Image {
        BarcodeRaster.image(rows: rows, columns: columns, quietZone: quietZone, rowHeight: rowHeight) { modules[$0 * columns + $1] }
    }
}

/// Drawing module matrices as Core Image's barcode images.
enum BarcodeRaster {
    /// An opaque grey image, black modules on white, `quietZone` pixels of white around; `dark(row, column)`
    /// with row 0 at the top.
    static func image(rows: Int, columns: Int, quietZone: Int, rowHeight: Int, dark: (Int, Int) -> Bool) -> Image {
        let width = columns + 2 * quietZone, height = rows * rowHeight + 2 * quietZone
        var bytes = [UInt8](repeating: 255, count: width * height)
        for row in 0..<rows {
            for column in 0..<columns where dark(row, column) {
                for line in 0..<rowHeight {
                    bytes[(quietZone + row * rowHeight + line) * width + quietZone + column] = 0
                }
            }
        }
        let bitmap = Bitmap(storage: .data(Data(bytes)), width: width, height: height, bytesPerRow: width, format: .l8, premultiplied: false)
        return .bitmap(bitmap, colorSpace: ColorSpaces.sRGB)
    }
}

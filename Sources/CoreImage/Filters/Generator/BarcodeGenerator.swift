import Foundation

extension FilterCatalog {
    /// CIBarcodeGenerator: the symbol a `CIBarcodeDescriptor` describes, one pixel per module, black on white,
    /// opaque, the bottom-left corner at (0, 0).
    ///
    /// - `CIQRCodeDescriptor`: the payload's segments are read back and encoded again by libqrencode at the
    ///   descriptor's version, level and mask pattern, so the symbol is the one described (see
    ///   `QRCodePayload`); a one-module quiet zone as `CIQRCodeGenerator`. A payload with structured-append or
    ///   FNC1 headers, or one that is not a valid bit stream, gives `nil`.
    /// - `CIDataMatrixCodeDescriptor` (ECC 200): the payload's ASCII-encodation codewords (single characters,
    ///   digit pairs, upper shift; pad codewords end it) are read back and libzint encodes the characters again
    ///   at the descriptor's size, with a one-module quiet zone. libzint may pick another encodation than the
    ///   described symbol used, so the modules can differ while the message is the same. Other encodations
    ///   (C40, Text, X12, EDIFACT, Base 256) and ECC 000…140 give `nil`.
    /// - `CIAztecCodeDescriptor`: the payload's codewords are unstuffed and read back into the message
    ///   (`AztecPayload`), which libzint encodes again as a compact or full-range symbol of the described layer
    ///   count, with `CIAztecCodeGenerator`'s two-module margin. libzint chooses its own modes and so the
    ///   number of data codewords (the rest of the layers is error correction): the message and size are the
    ///   descriptor's, the modules may differ. ECI designators are dropped; a malformed payload gives `nil`.
    /// - `CIPDF417CodeDescriptor`: the payload's 16-bit codewords (little-endian) are read back through text,
    ///   byte and numeric compaction (`PDF417Payload`) and libzint encodes the message at the described rows and
    ///   columns (its own error-correction level and compaction), with `CIPDF417BarcodeGenerator`'s margin and
    ///   row height. Macro PDF417 blocks or a malformed payload give `nil`.
    static let barcodeGenerator = FilterDefinition(
        name: "CIBarcodeGenerator", display: "Barcode Generator",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generate a barcode image from a CIBarcodeDescriptor.",
        parameters: [
            FilterParameter("inputBarcodeDescriptor", .barcodeDescriptor,
                            display: "Barcode Descriptor", summary: "The CIBarcodeDescription object to generate an image for."),
        ],
        mac: "10.13", iOS: "11"
    ) { args in
        guard let description = args.object("inputBarcodeDescriptor", as: BarcodeDescription.self) else { return nil }
        switch description {
        case .qr(let payload, let version, let mask, let levelLetter):
            guard let level = QRCodeSymbol.CorrectionLevel(rawValue: levelLetter),
                  let symbol = QRCodePayload.symbol(payload: payload, version: version, mask: mask, level: level) else { return nil }
            return symbol.image(quietZone: qrQuietZone)
        case .dataMatrix(let payload, let rows, let columns, let eccVersion):
            guard eccVersion == 200, let message = DataMatrixPayload.message(payload),
                  let size = DataMatrixPayload.zintSize(rows: rows, columns: columns),
                  let symbol = BarcodeSymbol(.dataMatrix, message: message, options: .init(option1: -1, option2: size)),
                  symbol.rows == rows, symbol.columns == columns else { return nil }
            return symbol.image(quietZone: 1)
        case .aztec(let payload, let compact, let layers, let dataCodewords):
            guard let message = AztecPayload.message(payload, layers: layers, dataCodewords: dataCodewords),
                  let symbol = BarcodeSymbol(.aztec, message: message, options: .init(option1: -1, option2: Int32(compact ? layers : layers + 4)))
            else { return nil }
            return symbol.image(quietZone: aztecQuietZone)
        case .pdf417(let payload, let compact, let rows, let columns):
            guard let message = PDF417Payload.message(payload),
                  let symbol = BarcodeSymbol(compact ? .compactPDF417 : .pdf417, message: message,
                                             options: .init(option1: -1, option2: Int32(columns), option3: Int32(rows)))
            else { return nil }
            return symbol.image(quietZone: pdf417QuietZone, rowHeight: pdf417RowHeight)
        }
    }
}

/// Reading a Data Matrix (ECC 200) payload's ASCII encodation back into its characters.
enum DataMatrixPayload {
    /// The characters of `payload`'s ASCII-encodation codewords (1…128: a character + 1; 130…229: two digits;
    /// 235: upper shift; 129: pad, which ends the data), or `nil` when another encodation appears.
    static func message(_ payload: Data) -> Data? {
        var out: [UInt8] = []
        var upperShift = false
        for codeword in payload {
            switch codeword {
            case 1...128:
                out.append(UInt8(Int(codeword) - 1 + (upperShift ? 128 : 0)))
                upperShift = false
            case 129: return out.isEmpty ? nil : Data(out)
            case 130...229:
                guard !upperShift else { return nil }
                let pair = Int(codeword) - 130
                out += [UInt8(48 + pair / 10), UInt8(48 + pair % 10)]
            case 235: upperShift = true
            default: return nil
            }
        }
        return out.isEmpty || upperShift ? nil : Data(out)
    }

    /// libzint's size number (`option_2`) for a rows × columns ECC 200 symbol, or `nil` for a size ECC 200
    /// does not have.
    static func zintSize(rows: Int, columns: Int) -> Int32? {
        let squares = [10, 12, 14, 16, 18, 20, 22, 24, 26, 32, 36, 40, 44, 48, 52, 64, 72, 80, 88, 96, 104, 120, 132, 144]
        if rows == columns, let index = squares.firstIndex(of: rows) { return Int32(index + 1) }
        let rectangles = [(8, 18), (8, 32), (12, 26), (12, 36), (16, 36), (16, 48)]
        if let index = rectangles.firstIndex(where: { $0 == (rows, columns) }) { return Int32(25 + index) }
        return nil
    }
}

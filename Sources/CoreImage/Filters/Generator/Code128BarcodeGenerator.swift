import Foundation

extension FilterCatalog {
    /// CICode128BarcodeGenerator: `inputMessage` as a Code 128 barcode (ISO/IEC 15417, through libzint, which
    /// picks code sets A/B/C to keep it short; bytes above 127 through FNC4), one pixel per module across,
    /// `inputBarcodeHeight` pixels tall (1…500, default 32), black on white, opaque, with `inputQuietSpace`
    /// white pixels (0…100, default 10) on every side, as Apple's output has; the bottom-left corner at (0, 0).
    /// No human-readable text. An empty message or one libzint cannot encode in a single symbol (more than
    /// about 160 characters) gives `nil`, never a truncated code.
    static let code128BarcodeGenerator = FilterDefinition(
        name: "CICode128BarcodeGenerator", display: "Code 128 Barcode Generator",
        categories: [kCategory.generator, kCategory.stillImage],
        summary: "Generate a Code 128 barcode image for message data.",
        parameters: [
            FilterParameter("inputMessage", .data, summary: "The message to encode in the Code 128 Barcode"),
            FilterParameter("inputQuietSpace", .number, type: "CIAttributeTypeInteger",
                            summary: "The number of empty white pixels that should surround the barcode.",
                            default: .number(10), min: 0, max: 100, sliderMin: 0, sliderMax: 100),
            FilterParameter("inputBarcodeHeight", .number, type: "CIAttributeTypeInteger",
                            summary: "The height of the generated barcode in pixels.",
                            default: .number(32), min: 1, max: 500, sliderMin: 1, sliderMax: 500),
        ],
        mac: "10.10", iOS: "8"
    ) { args in
        guard let message = args.data("inputMessage"), let symbol = BarcodeSymbol(.code128, message: message) else { return nil }
        let quiet = Int(args.number("inputQuietSpace").rounded()), height = max(1, Int(args.number("inputBarcodeHeight").rounded()))
        return BarcodeRaster.image(rows: 1, columns: symbol.columns, quietZone: quiet, rowHeight: height) { _, column in
            symbol.modules[column]
        }
    }
}

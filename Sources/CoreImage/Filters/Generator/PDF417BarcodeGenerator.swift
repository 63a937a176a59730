import Foundation

extension FilterCatalog {
    /// White pixels around a PDF417 symbol, and the height of one of its rows in pixels (as Apple's output:
    /// a 10-row symbol is 30 pixels tall inside a 2-pixel margin).
    static let pdf417QuietZone = 2, pdf417RowHeight = 3

    /// CIPDF417BarcodeGenerator: `inputMessage` as a PDF417 symbol (ISO/IEC 15438, through libzint), one
    /// pixel per module across, three pixels per row, black on white, opaque, two white pixels around, the
    /// bottom-left corner at (0, 0). `inputCompactStyle` 1 makes a compact (truncated) PDF417 symbol.
    ///
    /// - `inputCorrectionLevel` 0…8 is the standard's error-correction level (absent: libzint's choice from the
    ///   message length, as the standard recommends).
    /// - `inputDataColumns` (1…30) and `inputRows` (3…90) fix the layout when given; a message that does not
    ///   fit them gives `nil`.
    /// - Otherwise `inputMinWidth`/`inputMaxWidth`/`inputMinHeight`/`inputMaxHeight` (pixels, without the
    ///   margin) and `inputPreferredAspectRatio` (width / height) choose the column count: of the layouts with
    ///   1…30 columns, the one closest to the limits (in pixels outside them), then to the aspect ratio, then
    ///   the narrowest. Limits that no layout meets never make the output `nil` (Apple's do not either).
    ///   Without any of them libzint picks the layout (roughly square in modules).
    /// - `inputCompactionMode` (0…3) and `inputAlwaysSpecifyCompaction` are accepted and kept but do not
    ///   change the symbol: libzint always picks the text/numeric/byte compaction per segment itself. Both only
    ///   affect how compactly the message is stored, never what a reader decodes.
    /// - 0 in any size, column or row input means "not set" (it is not clamped to the minimum).
    ///
    /// An empty message or one too long for PDF417 (about 1100 bytes) gives `nil`, never a truncated code.
    static let pdf417BarcodeGenerator = FilterDefinition(
        name: "CIPDF417BarcodeGenerator", display: "PDF417 Barcode Generator",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generate a PDF417 barcode image for message data.",
        parameters: [
            FilterParameter("inputMessage", .data, summary: "The message to encode in the PDF417 Barcode"),
            pdf417Integer("inputMinWidth", 56, 583, "The minimum width of the generated barcode in pixels."),
            pdf417Integer("inputMaxWidth", 56, 583, "The maximum width of the generated barcode in pixels."),
            pdf417Integer("inputMinHeight", 13, 283, "The minimum height of the generated barcode in pixels."),
            pdf417Integer("inputMaxHeight", 13, 283, "The maximum height of the generated barcode in pixels."),
            pdf417Integer("inputDataColumns", 1, 30, "The number of data columns in the generated barcode"),
            pdf417Integer("inputRows", 3, 90, "The number of rows in the generated barcode"),
            FilterParameter("inputPreferredAspectRatio", .number, type: "CIAttributeTypeScalar",
                            summary: "The preferred aspect ratio of the generated barcode", min: 0, sliderMin: 0, automatic: 0),
            FilterParameter("inputCompactionMode", .number, type: "CIAttributeTypeInteger",
                            summary: "The compaction mode of the generated barcode.", min: 0, max: 3, sliderMin: 0, sliderMax: 3),
            FilterParameter("inputCompactStyle", .number, type: "CIAttributeTypeBoolean",
                            summary: "Force a compact style Aztec code to @YES or @NO. Set to nil for automatic.",
                            default: .number(0), min: 0, max: 1, sliderMin: 0, sliderMax: 1),
            FilterParameter("inputCorrectionLevel", .number, type: "CIAttributeTypeInteger",
                            summary: "The correction level ratio of the generated barcode", min: 0, max: 8, sliderMin: 0, sliderMax: 8),
            FilterParameter("inputAlwaysSpecifyCompaction", .number, type: "CIAttributeTypeBoolean",
                            summary: "Force compaction style to @YES or @NO. Set to nil for automatic.",
                            default: .number(0), min: 0, max: 1, sliderMin: 0, sliderMax: 1),
        ],
        mac: "10.11", iOS: "9"
    ) { args in
        guard let message = args.data("inputMessage") else { return nil }
        let symbology: BarcodeSymbol.Symbology = args.bool("inputCompactStyle") ? .compactPDF417 : .pdf417
        let level: Int32 = args.values["inputCorrectionLevel"] == nil ? -1 : Int32(args.number("inputCorrectionLevel").rounded())
        func whole(_ key: String) -> Int32 { Int32(args.number(key).rounded()) }
        let columns = whole("inputDataColumns"), rows = whole("inputRows")
        func symbol(columns: Int32) -> BarcodeSymbol? {
            BarcodeSymbol(symbology, message: message, options: .init(option1: level, option2: columns, option3: rows))
        }
        let limits = (minWidth: args.number("inputMinWidth"), maxWidth: args.number("inputMaxWidth"),
                      minHeight: args.number("inputMinHeight"), maxHeight: args.number("inputMaxHeight"))
        let aspect = args.number("inputPreferredAspectRatio")
        let constrained = [limits.minWidth, limits.maxWidth, limits.minHeight, limits.maxHeight, aspect].contains { $0 > 0 }
        let made: BarcodeSymbol?
        if columns > 0 || rows > 0 || !constrained {
            made = symbol(columns: columns)
        } else {
            // Score every column count: pixels outside the limits first, then distance from the aspect ratio.
            func outside(_ value: Double, _ low: Double, _ high: Double) -> Double {
                (low > 0 ? max(0, low - value) : 0) + (high > 0 ? max(0, value - high) : 0)
            }
            let candidates = (1...30).compactMap { symbol(columns: Int32($0)) }
            made = candidates.min { a, b in
                func score(_ s: BarcodeSymbol) -> (Double, Double) {
                    let width = Double(s.columns), height = Double(s.rows * pdf417RowHeight)
                    let away = outside(width, limits.minWidth, limits.maxWidth) + outside(height, limits.minHeight, limits.maxHeight)
                    return (away, aspect > 0 ? abs(width / height - aspect) : 0)
                }
                return score(a) < score(b)
            }
        }
        return made?.image(quietZone: pdf417QuietZone, rowHeight: pdf417RowHeight)
    }

    /// A PDF417 size input: an integer in Apple's range, no default, 0 meaning "not set".
    private static func pdf417Integer(_ key: String, _ min: Double, _ max: Double, _ summary: String) -> FilterParameter {
        FilterParameter(key, .number, type: "CIAttributeTypeInteger", summary: summary, min: min, max: max,
                        sliderMin: min, sliderMax: max, automatic: 0)
    }
}

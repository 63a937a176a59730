import Foundation

extension FilterCatalog {
    /// Modules of white Core Image puts around an Aztec symbol (two on each side, as Apple's output shows).
    static let aztecQuietZone = 2

    /// libzint's Aztec error-correction levels (its `option_1`, 1…4) and the share of the symbol each keeps
    /// for correction codewords (plus three codewords), in per cent.
    static let aztecCorrectionSteps: [(level: Int32, percent: Double)] = [(1, 10), (2, 23), (3, 36), (4, 50)]

    /// CIAztecCodeGenerator: `inputMessage` as an Aztec Code (ISO/IEC 24778, through libzint, bytes in binary
    /// mode where needed), one pixel per module, black on white, opaque, two white modules around, the
    /// bottom-left corner at (0, 0).
    ///
    /// - `inputCorrectionLevel` (5…95 %, default 23): libzint offers 10, 23, 36 and 50 % (+ 3 codewords); the
    ///   level asked for is rounded up to the next of these and capped at 50 % (Apple's higher levels give a
    ///   larger symbol here than there). With `inputLayers` set the layer count decides and the correction
    ///   level is whatever space is left, as in the standard.
    /// - `inputLayers` (1…32; absent or 0, which is not clamped to the minimum, = the fewest that fit):
    ///   full-range layers, or compact layers (1…4) when `inputCompactStyle` is 1 (more than 4 then gives `nil`).
    /// - `inputCompactStyle`: 1 forces a compact symbol (the smallest of 1…4 layers that fits); 0 or absent
    ///   lets the encoder choose.
    ///
    /// An empty message, or one that does not fit (at the default level more than 1915 bytes — Apple documents
    /// 1914 —, or more than the layers or compact style asked for allow), gives no output (`nil`), never a truncated code.
    static let aztecCodeGenerator = FilterDefinition(
        name: "CIAztecCodeGenerator", display: "Aztec Code Generator",
        categories: [kCategory.generator, kCategory.stillImage],
        summary: "Generate an Aztec barcode image for message data.",
        parameters: [
            FilterParameter("inputMessage", .data, summary: "The message to encode in the Aztec Barcode"),
            FilterParameter("inputCorrectionLevel", .number, type: "CIAttributeTypeInteger",
                            summary: "Aztec error correction value between 5 and 95", default: .number(23), min: 5, max: 95,
                            sliderMin: 5, sliderMax: 95),
            FilterParameter("inputLayers", .number, type: "CIAttributeTypeInteger",
                            summary: "Aztec layers value between 1 and 32. Set to nil for automatic.", min: 1, max: 32,
                            sliderMin: 1, sliderMax: 32, automatic: 0),
            FilterParameter("inputCompactStyle", .number, type: "CIAttributeTypeBoolean",
                            summary: "Force a compact style Aztec code to @YES or @NO. Set to nil for automatic.",
                            default: .number(0), min: 0, max: 1, sliderMin: 0, sliderMax: 1),
        ],
        mac: "10.10", iOS: "8"
    ) { args in
        guard let message = args.data("inputMessage") else { return nil }
        let compact = args.bool("inputCompactStyle")
        let layers = Int32(args.number("inputLayers").rounded())
        let percent = args.number("inputCorrectionLevel")
        let level = aztecCorrectionSteps.first { $0.percent >= percent }?.level ?? 4
        func symbol(size: Int32) -> BarcodeSymbol? {
            BarcodeSymbol(.aztec, message: message, options: .init(option1: size == 0 ? level : -1, option2: size))
        }
        let made: BarcodeSymbol?
        switch (compact, layers) {
        case (true, 1...4): made = symbol(size: layers)
        case (true, 0): made = (1...4).lazy.compactMap { symbol(size: Int32($0)) }.first
        case (true, _): made = nil
        case (false, 1...32): made = symbol(size: layers + 4)
        default: made = symbol(size: 0)
        }
        return made?.image(quietZone: aztecQuietZone)
    }
}

import Foundation

extension FilterCatalog {
    /// Modules of light quiet zone Core Image puts around a QR Code (one on each side).
    static let qrQuietZone = 1

    /// CIQRCodeGenerator: `inputMessage` encoded (8-bit byte mode, the smallest version that fits) at
    /// `inputCorrectionLevel` "L", "M", "Q" or "H" (lowercase accepted); one pixel per module, black on white,
    /// opaque, with a one-module white quiet zone, the symbol's bottom-left corner at (0, 0). Scale it with a
    /// nearest-neighbour transform (`samplingNearest()`) for display. An empty message, an unknown correction
    /// level, or a message too long for a version-40 symbol gives no output (`nil`), never a truncated code.
    static let qrCodeGenerator = FilterDefinition(
        name: "CIQRCodeGenerator", display: "QR Code Generator",
        categories: [kCategory.generator, kCategory.stillImage],
        summary: "Generate a QR Code image for message data.",
        parameters: [
            FilterParameter("inputMessage", .data, summary: "The message to encode in the QR Code"),
            FilterParameter("inputCorrectionLevel", .string, summary: "QR Code correction level L, M, Q, or H.", default: .string("M")),
        ],
        mac: "10.9", iOS: "7"
    ) { args in
        guard let message = args.data("inputMessage"),
              let level = QRCodeSymbol.CorrectionLevel(rawValue: (args.string("inputCorrectionLevel") ?? "M").uppercased()),
              let symbol = QRCodeSymbol(message: message, level: level) else { return nil }
        return symbol.image(quietZone: qrQuietZone)
    }
}

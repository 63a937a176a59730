import Foundation

extension FilterCatalog {
    /// CIRoundedQRCodeGenerator (iOS 17): `inputMessage` as a QR Code (libqrencode, as `CIQRCodeGenerator`)
    /// drawn with `inputScale` pixels per module (rounded to a whole number, 1…100), `inputColor1` on
    /// `inputColor0`, anti-aliased (3 × 3 samples a pixel), opaque when both colours are, with a one-module
    /// quiet zone in `inputColor0`; the bottom-left corner at (0, 0).
    ///
    /// Apple publishes the inputs, not the shapes, so these are chosen here: `inputRoundedData` draws every
    /// dark module outside the finder patterns as a disc of one module's diameter (touching discs stay
    /// connected); `inputRoundedMarkers` 1 draws the three finder patterns as rounded squares (outer ring corner
    /// radius 2 modules, inner 1.5, the 3 × 3 centre 1), 2 also the alignment patterns (corner radius 1.5 / 0.75,
    /// a disc in the middle); `inputCenterSpaceSize` clears a centred square of that fraction of the symbol's
    /// side to `inputColor0` — only at levels Q (at most 0.25) and H (at most 0.33), as Apple documents; at L
    /// and M the centre is left alone. (Apple's documentation says the centre is filled with "Color 1", the
    /// foreground; a cleared centre, room for a logo, is what the option is for, so this draws the
    /// background.) Apple's defaults are not published: scale 10, markers and data square, no centre space,
    /// black on white are used here. A message that does not fit, an empty message, an unknown level or a drawing
    /// over 4096 pixels on a side gives `nil`.
    static let roundedQRCodeGenerator = FilterDefinition(
        name: "CIRoundedQRCodeGenerator", display: "Rounded QR Code Generator",
        categories: [kCategory.generator, kCategory.stillImage],
        summary: "Generate a QR Code image with rounded markers and data for message data.",
        parameters: [
            FilterParameter("inputMessage", .data, summary: "The message to encode in the QR Code"),
            FilterParameter("inputCorrectionLevel", .string, summary: "QR Code correction level L, M, Q, or H.", default: .string("M")),
            .scalar("inputScale", 10, min: 1, max: 100, sliderMin: 1, sliderMax: 50, summary: "The scale factor to apply to the QR Code."),
            FilterParameter("inputRoundedMarkers", .number, type: "CIAttributeTypeInteger",
                            summary: "If 1, then the Finder Patterns in the QRCode should have a rounded appearance. If 2, then the Alignment Patterns will also be rounded",
                            default: .number(0), min: 0, max: 2, sliderMin: 0, sliderMax: 2),
            .boolean("inputRoundedData", false, summary: "If true then the data points in the QRCode should have a rounded appearance."),
            .scalar("inputCenterSpaceSize", 0, min: 0, max: 1, sliderMin: 0, sliderMax: 0.33,
                    summary: "The fraction of the center space of the QRCode to fill with Color 1. If the size is 0.0 or the Correction Level is L or M, the center of the QRCode will be unaltered. The size will be limited to 0.25 if the Correction Level is Q. The size will be limited to 0.33 if the Correction Level is H."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "The background color for the QRCode"),
            .color("inputColor1", FilterColor(0, 0, 0, 1), summary: "The foreground color for the QRCode"),
        ],
        mac: "14.0", iOS: "17"
    ) { args in
        guard let message = args.data("inputMessage"),
              let level = QRCodeSymbol.CorrectionLevel(rawValue: (args.string("inputCorrectionLevel") ?? "M").uppercased()),
              let symbol = QRCodeSymbol(message: message, level: level) else { return nil }
        let limit = switch level { case .low, .medium: 0.0; case .quartile: 0.25; case .high: 0.33 }
        let shape = RoundedQRShape(symbol: symbol, roundedMarkers: Int(args.number("inputRoundedMarkers").rounded()),
                                   roundedData: args.bool("inputRoundedData"),
                                   centerSpace: min(max(args.number("inputCenterSpaceSize"), 0), limit))
        return shape.image(scale: Int(args.number("inputScale").rounded()),
                           background: TextColors.sRGB(args.color("inputColor0")), foreground: TextColors.sRGB(args.color("inputColor1")))
    }
}

/// The shapes of `CIRoundedQRCodeGenerator`, in module units (x right, y down from the symbol's top-left
/// corner, the quiet zone outside 0…width).
struct RoundedQRShape {
    let symbol: QRCodeSymbol
    let roundedMarkers: Int
    let roundedData: Bool
    /// The cleared centre's side as a fraction of the symbol's side.
    let centerSpace: Double
    /// Centres (column, row) of the alignment patterns.
    let alignmentCentres: [(Int, Int)]

    init(symbol: QRCodeSymbol, roundedMarkers: Int, roundedData: Bool, centerSpace: Double) {
        (self.symbol, self.roundedMarkers, self.roundedData, self.centerSpace) = (symbol, roundedMarkers, roundedData, centerSpace)
        let w = symbol.width
        func isAlignment(_ c: Int, _ r: Int) -> Bool { c >= 0 && r >= 0 && c < w && r < w && symbol.kinds[r * w + c] & 0x20 != 0 }
        // A centre is a dark alignment module whose eight neighbours are light alignment modules.
        var centres: [(Int, Int)] = []
        for r in 1..<max(1, w - 1) {
            for c in 1..<(w - 1) where isAlignment(c, r) && symbol.modules[r * w + c] {
                let ring = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
                if ring.allSatisfy({ isAlignment(c + $0.0, r + $0.1) && !symbol.modules[(r + $0.1) * w + c + $0.0] }) { centres.append((c, r)) }
            }
        }
        alignmentCentres = centres
    }

    /// Whether (x, y) lies inside the rounded rectangle [x0, x1] × [y0, y1] with corner `radius`.
    static func inRoundedRect(_ x: Double, _ y: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ radius: Double) -> Bool {
        guard x >= x0, x <= x1, y >= y0, y <= y1 else { return false }
        let dx = max(x0 + radius - x, 0, x - (x1 - radius)), dy = max(y0 + radius - y, 0, y - (y1 - radius))
        return dx * dx + dy * dy <= radius * radius
    }

    /// Whether the point (x, y) is dark.
    func isDark(_ x: Double, _ y: Double) -> Bool {
        let w = Double(symbol.width)
        guard x >= 0, y >= 0, x < w, y < w else { return false }
        if centerSpace > 0 {
            let half = centerSpace * w / 2
            if abs(x - w / 2) < half, abs(y - w / 2) < half { return false }
        }
        // Finder patterns: 7 × 7 in three corners.
        if roundedMarkers >= 1 {
            for (fx, fy) in [(0.0, 0.0), (w - 7, 0.0), (0.0, w - 7)] where x >= fx && x < fx + 7 && y >= fy && y < fy + 7 {
                let u = x - fx, v = y - fy
                if Self.inRoundedRect(u, v, 2, 2, 5, 5, 1) { return true }
                return Self.inRoundedRect(u, v, 0, 0, 7, 7, 2) && !Self.inRoundedRect(u, v, 1, 1, 6, 6, 1.5)
            }
        }
        if roundedMarkers >= 2 {
            for (cx, cy) in alignmentCentres {
                let u = x - Double(cx) - 0.5, v = y - Double(cy) - 0.5
                if abs(u) < 2.5, abs(v) < 2.5 {
                    if u * u + v * v <= 0.36 { return true }
                    return Self.inRoundedRect(u, v, -2.5, -2.5, 2.5, 2.5, 1.5) && !Self.inRoundedRect(u, v, -1.5, -1.5, 1.5, 1.5, 0.75)
                }
            }
        }
        let column = Int(x), row = Int(y)
        guard symbol.modules[row * symbol.width + column] else { return false }
        let isFinder = symbol.kinds[row * symbol.width + column] & 0x40 != 0
        guard roundedData, !isFinder else { return true }
        let u = x - Double(column) - 0.5, v = y - Double(row) - 0.5
        return u * u + v * v <= 0.25
    }

    /// The largest drawing (pixels on a side; 9 shape tests a pixel): a larger one gives no output.
    static let maximumSide = 4096

    /// The drawing: `scale` pixels per module, one module of quiet zone, 3 × 3 samples per pixel.
    func image(scale requested: Int, background: FilterColor, foreground: FilterColor) -> Image? {
        let scale = max(1, requested), side = (symbol.width + 2) * scale
        guard side <= RoundedQRShape.maximumSide else { return nil }
        let buffer = PixelBuffer(byteCount: side * side * 16, zeroed: true)
        let pixels = buffer.pointer.bindMemory(to: Float.self, capacity: side * side * 4)
        func premultiplied(_ c: FilterColor) -> [Float] {
            let a = Float(min(max(c.alpha, 0), 1))
            return [Float(c.red) * a, Float(c.green) * a, Float(c.blue) * a, a]
        }
        let back = premultiplied(background), fore = premultiplied(foreground)
        let step = 1 / Double(scale)
        for py in 0..<side {
            for px in 0..<side {
                var dark = 0
                for sy in 0..<3 {
                    for sx in 0..<3 {
                        let x = (Double(px) + (Double(sx) + 0.5) / 3) * step - 1, y = (Double(py) + (Double(sy) + 0.5) / 3) * step - 1
                        if isDark(x, y) { dark += 1 }
                    }
                }
                let c = Float(dark) / 9
                let base = (py * side + px) * 4
                for k in 0..<4 { pixels[base + k] = back[k] * (1 - c) + fore[k] * c }
            }
        }
        let bitmap = Bitmap(storage: .buffer(buffer), width: side, height: side, bytesPerRow: side * 16, format: .rgbaf, premultiplied: true)
        return Image(.bitmap(bitmap, colorSpace: ColorSpaces.sRGB), extent: CGRect(x: 0, y: 0, width: side, height: side),
                     isOpaque: back[3] >= 1 && fore[3] >= 1)
    }
}

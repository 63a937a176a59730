internal import CTextRender
import Foundation
internal import OptionalLibraries

/// One run of text in one font, size and colour: what the text generators draw.
package struct StyledTextRun: Sendable, Equatable {
    package var text: String
    /// A font name as Apple's filters take it ("HelveticaNeue", "Helvetica-Bold", "DejaVu Sans"), resolved by
    /// fontconfig (see ``TextRenderer``).
    package var fontName: String
    /// Points; one point is one pixel at scale factor 1.
    package var fontSize: Double
    /// Straight (not premultiplied) sRGB components and alpha.
    package var color: FilterColor

    package init(text: String, fontName: String, fontSize: Double, color: FilterColor = FilterColor(0, 0, 0, 1)) {
        (self.text, self.fontName, self.fontSize, self.color) = (text, fontName, fontSize, color)
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.text == b.text && a.fontName == b.fontName && a.fontSize == b.fontSize
            && a.color.red == b.color.red && a.color.green == b.color.green && a.color.blue == b.color.blue && a.color.alpha == b.color.alpha
    }
}

/// Text as a list of styled runs (an attributed string's reading, or a plain string in one font).
package struct StyledText: Sendable, Equatable {
    package var runs: [StyledTextRun]
    package init(runs: [StyledTextRun]) { self.runs = runs }
}

/// Draws ``StyledText`` into an image: fonts found by fontconfig, text shaped by HarfBuzz and rasterised by
/// FreeType (anti-aliased, unhinted, sub-pixel positioned) in the C target `CTextRender`.
///
/// Layout: lines break at "\n" (also inside runs); each line is as tall as the largest ascender plus the
/// largest descender of its fonts (the fonts' own metrics, not the ink), lines stack without extra leading;
/// every line starts at the left edge. The image is the widest line's advance by the lines' total height plus
/// `padding` on every side, all times `scale` (text is drawn at `fontSize × scale` pixels, never upscaled), each
/// side rounded up to whole pixels; the bottom-left corner is at (0, 0). Pixels are premultiplied sRGB with the
/// runs' colours over clear.
///
/// Fonts: a name is looked up as a PostScript or full name among the installed faces, then as a fontconfig
/// family/pattern; fontconfig's best match is used when nothing has the name (Apple's default "HelveticaNeue"
/// becomes the system's sans-serif face, DejaVu Sans on Debian). ``resolvedFace(for:)`` says which face a name
/// gets.
package enum TextRenderer {
    /// The largest image the generators make: 16 384 pixels on a side and 2²⁵ pixels (512 MiB of float RGBA) in
    /// all; text beyond either gives no output.
    package static let maximumSide = 16_384, maximumPixels = 1 << 25

    /// "family|style|file" of the face fontconfig picks for `name`, or `nil` when no face can be opened.
    package static func resolvedFace(for name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 8192)
        guard OptionalLibrary.fonts.loadOrWarn(), let font = tr_font_open(name, 12, &buffer, buffer.count) else { return nil }
        tr_font_close(font)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text's image at `scale` with `padding` (in points, scaled too), or `nil` for empty text, a size or
    /// scale that is not positive and finite, a font that cannot be opened, or an image beyond ``maximumSide`` or
    /// ``maximumPixels``.
    static func image(of text: StyledText, scale: Double, padding: Double) -> Image? {
        guard scale.isFinite, scale > 0, padding.isFinite, OptionalLibrary.fonts.loadOrWarn() else { return nil }
        let runs = text.runs.filter { !$0.text.isEmpty }
        guard !runs.isEmpty, runs.allSatisfy({ $0.fontSize.isFinite && $0.fontSize > 0 }) else { return nil }
        guard runs.allSatisfy({ $0.fontSize * scale < Double(maximumSide) }) else { return nil }

        // Open each distinct font once; break the runs into lines of pieces.
        var fonts: [String: OpaquePointer] = [:]
        defer { fonts.values.forEach { tr_font_close($0) } }
        func font(for run: StyledTextRun) -> OpaquePointer? {
            let key = "\(run.fontName)\u{0}\(run.fontSize)"
            if let font = fonts[key] { return font }
            guard let font = tr_font_open(run.fontName, run.fontSize * scale, nil, 0) else { return nil }
            fonts[key] = font
            return font
        }
        struct Piece { var text: String; var font: OpaquePointer; var color: FilterColor; var advance: Double }
        struct Line { var pieces: [Piece] = []; var ascender = 0.0; var descender = 0.0; var width: Double { pieces.reduce(0) { $0 + $1.advance } } }
        var lines = [Line()]
        for run in runs {
            guard let font = font(for: run) else { return nil }
            var ascender = 0.0, descender = 0.0
            tr_font_metrics(font, &ascender, &descender)
            for (index, part) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append(Line()) }
                lines[lines.count - 1].ascender = max(lines[lines.count - 1].ascender, ascender)
                lines[lines.count - 1].descender = max(lines[lines.count - 1].descender, descender)
                guard !part.isEmpty else { continue }
                let utf8 = Array(part.utf8)
                let advance = utf8.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { tr_measure(font, $0.baseAddress, Int32($0.count)) }
                }
                guard advance >= 0 else { return nil }
                lines[lines.count - 1].pieces.append(Piece(text: String(part), font: font, color: run.color, advance: advance))
            }
        }
        let pad = max(0, padding) * scale
        let contentWidth = lines.map(\.width).max() ?? 0
        let contentHeight = lines.reduce(0) { $0 + $1.ascender + $1.descender }
        let widthValue = (contentWidth + 2 * pad).rounded(.up), heightValue = (contentHeight + 2 * pad).rounded(.up)
        guard widthValue >= 1, heightValue >= 1, widthValue <= Double(maximumSide), heightValue <= Double(maximumSide) else { return nil }
        let width = Int(widthValue), height = Int(heightValue)
        guard width * height <= maximumPixels else { return nil }

        let buffer = PixelBuffer(byteCount: width * height * 16, zeroed: true)
        let pixels = buffer.pointer.bindMemory(to: Float.self, capacity: width * height * 4)
        var top = pad
        for line in lines {
            let baseline = top + line.ascender
            var x = pad
            for piece in line.pieces {
                let a = Float(min(max(piece.color.alpha, 0), 1))
                let colour: [Float] = [Float(piece.color.red) * a, Float(piece.color.green) * a, Float(piece.color.blue) * a, a]
                let utf8 = Array(piece.text.utf8)
                _ = utf8.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { text in
                        tr_draw(piece.font, text.baseAddress, Int32(text.count), x, baseline, colour, pixels, Int32(width), Int32(height), Int32(width * 4))
                    }
                }
                x += piece.advance
            }
            top += line.ascender + line.descender
        }
        let bitmap = Bitmap(storage: .buffer(buffer), width: width, height: height, bytesPerRow: width * 16, format: .rgbaf, premultiplied: true)
        return .bitmap(bitmap, colorSpace: ColorSpaces.sRGB)
    }

    /// 8-bit coverage of `text` in the face `fontName` resolves to at `pixelSize`, drawn as the generators draw
    /// it with the pen at (`x`, `baseline`) from the top-left corner of a `width` × `height` buffer (row 0 at the
    /// top). For tests that compare the rasteriser with an independent one.
    package static func coverage(of text: String, fontName: String, pixelSize: Double, x: Double, baseline: Double,
                                 width: Int, height: Int) -> [UInt8]? {
        guard OptionalLibrary.fonts.loadOrWarn(), let font = tr_font_open(fontName, pixelSize, nil, 0) else { return nil }
        defer { tr_font_close(font) }
        var out = [UInt8](repeating: 0, count: width * height)
        let utf8 = Array(text.utf8)
        let status = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                out.withUnsafeMutableBufferPointer {
                    tr_draw_coverage(font, chars.baseAddress, Int32(chars.count), x, baseline, $0.baseAddress, Int32(width), Int32(height))
                }
            }
        }
        return status == 0 ? out : nil
    }
}

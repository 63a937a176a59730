import Foundation

extension FilterCatalog {
    /// CITextImageGenerator: `inputText` in `inputFontName` at `inputFontSize` points, drawn by
    /// ``TextRenderer`` (fontconfig, HarfBuzz, FreeType) at `inputScaleFactor` (the text is drawn at the scaled
    /// size, not enlarged), black text on a clear background, anti-aliased
    /// (grey-scale coverage). The extent is the text's layout box — the advance width of the longest line by
    /// the lines' ascender + descender — grown by `inputPadding` on every side, all times the scale factor,
    /// rounded up to whole pixels, from (0, 0). Apple's default font "HelveticaNeue" is resolved by fontconfig
    /// like any name (DejaVu Sans on Debian, where Helvetica Neue is not installed), so widths differ from
    /// Apple's by the fonts' metrics. Empty text, a font size or scale factor of 0, or an image more than
    /// 16 384 pixels on a side gives no output (`nil`).
    static let textImageGenerator = FilterDefinition(
        name: "CITextImageGenerator", display: "Text Image Generator",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generate an image from a string and font information.",
        parameters: [
            FilterParameter("inputText", .string, summary: "The text to render."),
            FilterParameter("inputFontName", .string, summary: "The name of the font to use for the generated text.",
                            default: .string("HelveticaNeue")),
            .scalar("inputFontSize", 12, min: 0, summary: "The size of the font to use for the generated text."),
            .scalar("inputScaleFactor", 1, min: 0, summary: "The scale of the font to use for the generated text."),
            FilterParameter("inputPadding", .number, type: "CIAttributeTypeInteger",
                            summary: "The number of additional pixels to pad around the text’s bounding box.",
                            default: .number(0), min: 0, max: 200, sliderMin: 0, sliderMax: 200),
        ],
        mac: "10.13", iOS: "11"
    ) { args in
        guard let text = args.string("inputText") else { return nil }
        let run = StyledTextRun(text: text, fontName: args.string("inputFontName") ?? "HelveticaNeue", fontSize: args.number("inputFontSize"))
        return TextRenderer.image(of: StyledText(runs: [run]), scale: args.number("inputScaleFactor"), padding: args.number("inputPadding"))
    }

    /// CIAttributedTextImageGenerator: `inputText` (an `NSAttributedString`) drawn like
    /// `CITextImageGenerator`, each attribute run in its own font (the `NSFont` attribute, read through
    /// `_CIAttributedTextFont` on Linux; Helvetica 12 — fontconfig's match for it — when absent) and foreground
    /// colour (`NSColor`: `CIColor`, `CGColor` or `_CIAttributedTextColor`; black when absent), on a clear
    /// background. Other attributes (underline, kerning, paragraph styles…) are ignored. Same extent rule as
    /// `CITextImageGenerator`: layout box plus `inputPadding`, times `inputScaleFactor`. Empty text gives `nil`.
    static let attributedTextImageGenerator = FilterDefinition(
        name: "CIAttributedTextImageGenerator", display: "Attributed Text Image Generator",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generate an image attributed string.",
        parameters: [
            FilterParameter("inputText", .attributedString, summary: "The attributed text to render."),
            .scalar("inputScaleFactor", 1, min: 0, summary: "The scale of the font to use for the generated text."),
            FilterParameter("inputPadding", .number, type: "CIAttributeTypeInteger",
                            summary: "A value for an additional number of pixels to pad around the text’s bounding box.",
                            default: .number(0), min: 0, max: 200, sliderMin: 0, sliderMax: 200),
        ],
        mac: "10.13", iOS: "11"
    ) { args in
        guard let text = args.object("inputText", as: StyledText.self) else { return nil }
        return TextRenderer.image(of: text, scale: args.number("inputScaleFactor"), padding: args.number("inputPadding"))
    }
}

import Foundation
import CoreImage
import _TestSupport
import _Testing_CoreImage

/// A font for attributed strings in tests (CoreImageTests cannot see UIKit's `UIFont`).
struct TestFont: _CIAttributedTextFont {
    var fontName: String
    var pointSize: CGFloat
}

/// `CITextImageGenerator` and `CIAttributedTextImageGenerator`: real fonts (fontconfig, HarfBuzz, FreeType),
/// measured extents, ink where the glyphs are, and a comparison with Pillow's FreeType rendering.
@Suite struct TextGeneratorTests {
    static func text(_ string: String, font: String = "DejaVu Sans", size: Float = 24, scale: Float = 1, padding: Float = 0) -> CIImage? {
        let filter = CIFilter.textImageGenerator()
        (filter.text, filter.fontName, filter.fontSize, filter.scaleFactor, filter.padding) = (string, font, size, scale, padding)
        return filter.outputImage
    }

    /// The alpha channel (row 0 at the top) of `image` over its extent.
    static func alpha(_ image: CIImage) -> (width: Int, height: Int, values: [UInt8]) {
        let bytes = Render.bytes(image, image.extent)
        return (Int(image.extent.width), Int(image.extent.height), stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] })
    }

    /// The bounding box (x0, y0, x1, y1; exclusive ends) of pixels with alpha above `threshold`.
    static func inkBox(_ a: (width: Int, height: Int, values: [UInt8]), threshold: UInt8 = 0) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<a.height {
            for x in 0..<a.width where a.values[y * a.width + x] > threshold {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
            }
        }
        return box
    }

    @Test func extentGrowsWithFontSizeAndTextLength() throws {
        let sizes = try [12, 24, 48].map { try #require(Self.text("Hello", size: Float($0))).extent }
        #expect(sizes[0].width < sizes[1].width && sizes[1].width < sizes[2].width, "\(sizes)")
        #expect(sizes[0].height < sizes[1].height && sizes[1].height < sizes[2].height, "\(sizes)")
        #expect(sizes.allSatisfy { $0.origin == .zero })
        // DejaVu Sans: ascender + descender = (1901 + 483) / 2048 em, so 48 pt is ⌈55.88⌉ = 56 pixels tall.
        #expect(sizes[2].height == 56)
        let short = try #require(Self.text("Hello")).extent, long = try #require(Self.text("Hello world")).extent
        #expect(long.width > short.width && long.height == short.height)
        // Two lines are twice as tall as one (each side is rounded up once, so within a pixel).
        let twoLines = try #require(Self.text("Hello\nworld")).extent.height
        #expect(abs(twoLines - 2 * short.height) <= 1, "\(twoLines) vs \(short.height)")
    }

    @Test func scaleFactorScalesTheExtentAndDrawsSharp() throws {
        let one = try #require(Self.text("Scale", size: 20)).extent
        let two = try #require(Self.text("Scale", size: 20, scale: 2)).extent
        #expect(abs(two.width - 2 * one.width) <= 2 && abs(two.height - 2 * one.height) <= 2, "\(one) \(two)")
        // The same as drawing at twice the size (the text is drawn at the scaled size, not enlarged).
        let double = try #require(Self.text("Scale", size: 40))
        #expect(Self.alpha(double).values == Self.alpha(try #require(Self.text("Scale", size: 20, scale: 2))).values)
    }

    @Test func paddingAddsExactlyTwicePaddingAtEachScale() throws {
        let plain = try #require(Self.text("Pad me", size: 18)).extent
        let padded = try #require(Self.text("Pad me", size: 18, padding: 7)).extent
        #expect(padded.width == plain.width + 14 && padded.height == plain.height + 14, "\(plain) \(padded)")
        let plain2 = try #require(Self.text("Pad me", size: 18, scale: 2)).extent
        let padded2 = try #require(Self.text("Pad me", size: 18, scale: 2, padding: 5)).extent
        #expect(padded2.width == plain2.width + 20 && padded2.height == plain2.height + 20, "padding is scaled: \(plain2) \(padded2)")
        // The ink moves by the padding and the border stays clear.
        let a = Self.alpha(try #require(Self.text("Pad me", size: 18, padding: 7)))
        let box = try #require(Self.inkBox(a))
        #expect(box.0 >= 7 && box.1 >= 7 && box.2 <= a.width - 7 && box.3 <= a.height - 7, "\(box)")
    }

    @Test func inkIsBlackWhereTheGlyphsAreOnAClearBackground() throws {
        let image = try #require(Self.text("I  I", size: 40))
        #expect(!image.isOpaque)
        let bytes = Render.bytes(image, image.extent)
        let width = Int(image.extent.width), height = Int(image.extent.height)
        // Premultiplied black: colour components are always 0; the corners are clear.
        #expect(stride(from: 0, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 0 && bytes[$0 + 1] == 0 && bytes[$0 + 2] == 0 })
        #expect(bytes[3] == 0 && bytes[(width * height - 1) * 4 + 3] == 0)
        // Two vertical bars with a clear gap between them: columns with ink form exactly two runs.
        var inkColumns: [Bool] = []
        for x in 0..<width { inkColumns.append((0..<height).contains { bytes[($0 * width + x) * 4 + 3] > 0 }) }
        let runs = zip(inkColumns, [false] + inkColumns).filter { $0 && !$1 }.count
        #expect(runs == 2, "ink columns form \(runs) runs")
        // Anti-aliased: partial coverage exists, and solid coverage too.
        let alphas = stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] }
        #expect(alphas.contains(255) && alphas.contains { $0 > 0 && $0 < 255 })
    }

    @Test func theSameStringInTwoFontsDiffers() throws {
        let sans = Self.alpha(try #require(Self.text("Typography", font: "DejaVu Sans", size: 30)))
        let serif = Self.alpha(try #require(Self.text("Typography", font: "DejaVu Serif", size: 30)))
        let mono = Self.alpha(try #require(Self.text("Typography", font: "DejaVu Sans Mono", size: 30)))
        #expect(sans.width != serif.width || sans.values != serif.values)
        #expect(sans.width != mono.width, "a monospaced face has other advances")
        #expect(TextRenderer.resolvedFace(for: "DejaVu Serif")?.contains("Serif") == true)
    }

    @Test func fontNamesResolveToInstalledFacesWithAFallback() throws {
        // Apple's default name is not installed on Linux: fontconfig's sans-serif stands in (documented).
        let fallback = try #require(TextRenderer.resolvedFace(for: "HelveticaNeue"))
        let file = try #require(fallback.split(separator: "|").last.map(String.init))
        #expect(FileManager.default.fileExists(atPath: file), "\(fallback)")
        // PostScript and full names find their faces.
        #expect(TextRenderer.resolvedFace(for: "DejaVuSans-Bold")?.contains("Bold") == true)
        #expect(TextRenderer.resolvedFace(for: "DejaVu Sans Mono")?.contains("Mono") == true)
        #expect(Self.text("fallback", font: "NoSuchFont-Whatever") != nil)
    }

    @Test func emptyOrDegenerateInputGivesNil() throws {
        #expect(Self.text("") == nil)
        #expect(Self.text("x", size: 0) == nil)
        #expect(Self.text("x", scale: 0) == nil)
        #expect(Self.text("x", size: 1e6) == nil, "beyond the largest image")
        #expect(CIFilter(name: "CITextImageGenerator")?.outputImage == nil, "no text set")
    }

    /// The generator's glyphs against Pillow's (`ImageFont.truetype`, its own FreeType build and layout), an
    /// independent rasteriser of the same font file: the same ink box (within a pixel; Pillow hints, this
    /// does not) and nearly the same coverage block by block.
    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, "Pillow (python3-pil) is missing after scripts/setup.sh"))
    func glyphsMatchPillowsFreeTypeRendering() throws {
        let string = "Hamburgefonstiv 0123"
        let face = try #require(TextRenderer.resolvedFace(for: "DejaVu Sans"))
        let file = try #require(face.split(separator: "|").last.map(String.init))
        let ours = Self.alpha(try #require(Self.text(string, font: "DejaVu Sans", size: 32)))
        let box = try #require(Self.inkBox(ours, threshold: 40))
        let script = """
        import sys
        from PIL import ImageFont
        font = ImageFont.truetype(sys.argv[1], 32, layout_engine=ImageFont.Layout.BASIC)
        mask = font.getmask(sys.argv[2], mode='L')
        w, h = mask.size
        print(w, h, bytes(mask).hex())
        """
        let run = try MeasuredProcess.run(BarcodeDecoders.env, ["python3", "-c", script, file, string])
        try #require(run.status == 0, "Pillow failed: \(run.stderr)")
        let parts = run.stdout.split(separator: " ")
        try #require(parts.count == 3, "Pillow printed \(run.stdout.prefix(200)) \(run.stderr.prefix(500))")
        let (pw, ph) = (try #require(Int(parts[0])), try #require(Int(parts[1])))
        let pillow = (width: pw, height: ph, values: [UInt8](Data(hex: String(parts[2]).trimmingCharacters(in: .whitespacesAndNewlines))))
        let pbox = try #require(Self.inkBox(pillow, threshold: 40))
        #expect(abs((box.2 - box.0) - (pbox.2 - pbox.0)) <= 2 && abs((box.3 - box.1) - (pbox.3 - pbox.1)) <= 2, "ours \(box), Pillow's \(pbox)")
        // Align the ink boxes and compare coverage summed over 4 × 4 blocks (Pillow hints and snaps glyphs to
        // whole pixels, this draws unhinted at sub-pixel positions, so single pixels differ): the correlation of
        // the block sums.
        let block = 4
        let columns = (box.2 - box.0 + block - 1) / block, rows = (box.3 - box.1 + block - 1) / block
        var a = [Double](repeating: 0, count: columns * rows), b = a
        for y in 0..<(box.3 - box.1) {
            for x in 0..<(box.2 - box.0) {
                let cell = (y / block) * columns + x / block
                a[cell] += Double(ours.values[(box.1 + y) * ours.width + box.0 + x])
                let px = pbox.0 + x, py = pbox.1 + y
                if px < pillow.width && py < pillow.height { b[cell] += Double(pillow.values[py * pillow.width + px]) }
            }
        }
        let meanA: Double = a.reduce(0, +) / Double(a.count), meanB: Double = b.reduce(0, +) / Double(b.count)
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for (x, y) in zip(a, b) {
            covariance += (x - meanA) * (y - meanB)
            varianceA += (x - meanA) * (x - meanA)
            varianceB += (y - meanB) * (y - meanB)
        }
        let correlation = covariance / (varianceA * varianceB).squareRoot()
        #expect(correlation > 0.9, "correlation of 4 × 4 block coverage with Pillow's rendering: \(correlation)")
        // The total ink agrees within 10 %.
        let inkA: Double = a.reduce(0, +), inkB: Double = b.reduce(0, +)
        let inkRatio: Double = inkA / inkB
        #expect(abs(inkRatio - 1) < 0.1, "ink \(inkA) vs Pillow's \(inkB)")
    }

    @Test func attributedTextUsesEachRunsFontAndColour() throws {
        let text = NSMutableAttributedString(string: "Red", attributes: [
            NSAttributedString.Key("NSFont"): TestFont(fontName: "DejaVu Sans", pointSize: 30),
            NSAttributedString.Key("NSColor"): CIColor(red: 1, green: 0, blue: 0),
        ])
        text.append(NSAttributedString(string: "Blue", attributes: [
            NSAttributedString.Key("NSFont"): TestFont(fontName: "DejaVu Serif", pointSize: 60),
            NSAttributedString.Key("NSColor"): CIColor(red: 0, green: 0, blue: 1),
        ]))
        let filter = CIFilter.attributedTextImageGenerator()
        filter.text = text
        let image = try #require(filter.outputImage)
        // As wide as the two runs drawn apart (within rounding), as tall as the larger font's line.
        let red = try #require(Self.text("Red", font: "DejaVu Sans", size: 30)).extent
        let blue = try #require(Self.text("Blue", font: "DejaVu Serif", size: 60)).extent
        #expect(abs(image.extent.width - (red.width + blue.width)) <= 2 && image.extent.height == blue.height, "\(image.extent)")
        let bytes = Render.bytes(image, image.extent)
        let width = Int(image.extent.width)
        func colours(_ xs: Range<Int>) -> (red: Int, blue: Int) {
            var r = 0, b = 0
            for y in 0..<Int(image.extent.height) {
                for x in xs where bytes[(y * width + x) * 4 + 3] == 255 {
                    if bytes[(y * width + x) * 4] == 255 && bytes[(y * width + x) * 4 + 2] == 0 { r += 1 }
                    if bytes[(y * width + x) * 4 + 2] == 255 && bytes[(y * width + x) * 4] == 0 { b += 1 }
                }
            }
            return (r, b)
        }
        let left = colours(0..<Int(red.width) - 2), right = colours(Int(red.width) + 2..<width)
        #expect(left.red > 50 && left.blue == 0 && right.blue > 50 && right.red == 0, "left \(left), right \(right)")
        // Padding and scale follow the plain generator's rule.
        filter.padding = 4
        filter.scaleFactor = 2
        let scaled = try #require(filter.outputImage).extent
        #expect(abs(scaled.width - 2 * image.extent.width - 16) <= 2 && abs(scaled.height - 2 * image.extent.height - 16) <= 2)
        // No font attribute: Helvetica 12 (fontconfig's match for it), black.
        filter.text = NSAttributedString(string: "plain")
        filter.padding = 0
        filter.scaleFactor = 1
        let plain = try #require(filter.outputImage)
        #expect(plain.extent == Self.text("plain", font: "Helvetica", size: 12)?.extent)
        filter.text = NSAttributedString(string: "")
        #expect(filter.outputImage == nil)
        #expect(filter.value(forKey: "inputText") as? NSAttributedString == NSAttributedString(string: ""))
    }

    /// Extreme sizes, scales and paddings give a bounded image or `nil`, quickly; never a multi-gigabyte buffer.
    @Test(arguments: [1e8, 3.3e75, 4000, 0, -5, .nan])
    func extremeNumbersGiveABoundedImageOrNil(_ value: Double) throws {
        for key in ["inputFontSize", "inputScaleFactor", "inputPadding"] {
            let filter = try #require(CIFilter(name: "CITextImageGenerator"))
            filter.setValue(String(repeating: "wide text ", count: 20), forKey: "inputText")
            filter.setValue(value, forKey: key)
            if let output = filter.outputImage {
                #expect(output.extent.width <= 16_384 && output.extent.height <= 16_384, "\(key) = \(value): \(output.extent)")
                #expect(output.extent.width * output.extent.height <= Double(1 << 25), "\(key) = \(value): \(output.extent)")
            }
        }
    }

    @Test func attributesMatchApple() throws {
        let text = try #require(CIFilter(name: "CITextImageGenerator")).attributes
        #expect(text[kCIAttributeFilterDisplayName] as? String == "Text Image Generator")
        #expect((text[kCIAttributeFilterCategories] as? [String]) == [kCICategoryGenerator, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect((text["inputFontName"] as? [String: Any])?[kCIAttributeDefault] as? String == "HelveticaNeue")
        #expect(((text["inputFontSize"] as? [String: Any])?[kCIAttributeDefault] as? NSNumber)?.doubleValue == 12)
        #expect(((text["inputScaleFactor"] as? [String: Any])?[kCIAttributeDefault] as? NSNumber)?.doubleValue == 1)
        let padding = try #require(text["inputPadding"] as? [String: Any])
        #expect((padding[kCIAttributeMax] as? NSNumber)?.doubleValue == 200 && (padding[kCIAttributeDefault] as? NSNumber)?.doubleValue == 0)
        #expect(CIFilter(name: "CITextImageGenerator")?.inputKeys == ["inputText", "inputFontName", "inputFontSize", "inputScaleFactor", "inputPadding"])
        let attributed = try #require(CIFilter(name: "CIAttributedTextImageGenerator"))
        #expect(attributed.attributes[kCIAttributeFilterDisplayName] as? String == "Attributed Text Image Generator")
        #expect(((attributed.attributes["inputText"] as? [String: Any])?[kCIAttributeClass] as? String) == "NSAttributedString")
        #expect(attributed.inputKeys == ["inputText", "inputScaleFactor", "inputPadding"])
    }
}

internal import CTesseract
import Foundation
internal import OptionalLibraries

/// Confirms candidate text lines by reading them with Tesseract (Debian libtesseract-dev, English model from
/// tesseract-ocr-eng): the line is cut out with a margin, binarised by Otsu's threshold within the cut (so the
/// text's own background sets it, not the whole photo's), turned to dark text on white (the class the margin mostly
/// holds is the background), enlarged to at least 32 px tall, and read as a single line. A line holds text when
/// its words read with confidence ≥ 60 have at least three letters or digits together. Only the decision is
/// used: `CITextFeature` has no string, as on Apple platforms. One reader serves one detector; calls are
/// serialised (a Tesseract instance is not thread-safe).
final class TextLineReader: @unchecked Sendable {
    private let api: OpaquePointer
    private let lock = NSLock()

    /// `nil` when Tesseract's English model is not installed.
    init?() {
        guard OptionalLibrary.tesseract.loadOrWarn(), let api = TessBaseAPICreate() else { return nil }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(api, nil, "eng") == 0 else { TessBaseAPIDelete(api); return nil }
        TessBaseAPISetPageSegMode(api, PSM_SINGLE_LINE)
        _ = TessBaseAPISetVariable(api, "user_defined_dpi", "300")
        self.api = api
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    static let minimumConfidence: Float = 60
    static let minimumCharacters = 3

    /// Whether `candidate` in `grey` reads as text.
    func holdsText(_ candidate: TextLineCandidate, in grey: GreyImage) -> Bool {
        guard let cut = Self.binarisedCut(candidate.box, of: grey) else { return false }
        lock.lock()
        defer { lock.unlock() }
        return cut.pixels.withUnsafeBufferPointer { pixels -> Bool in
            TessBaseAPISetImage(api, pixels.baseAddress, Int32(cut.width), Int32(cut.height), 1, Int32(cut.width))
            defer { TessBaseAPIClear(api) }
            guard TessBaseAPIRecognize(api, nil) == 0, let words = TessBaseAPIGetIterator(api) else { return false }
            defer { TessResultIteratorDelete(words) }
            var characters = 0
            repeat {
                guard TessResultIteratorConfidence(words, RIL_WORD) >= Self.minimumConfidence,
                      let text = TessResultIteratorGetUTF8Text(words, RIL_WORD) else { continue }
                characters += String(cString: text).unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.count
                TessDeleteText(text)
            } while TessResultIteratorNext(words, RIL_WORD) != 0
            return characters >= Self.minimumCharacters
        }
    }

    /// The box with a margin of a third of its height (half at the sides, where a line's first or last letter may have
    /// been missed), dark text on white, at least 32 px tall.
    static func binarisedCut(_ box: PixelBox, of grey: GreyImage) -> (pixels: [UInt8], width: Int, height: Int)? {
        let margin = max(4, box.height / 3), sideMargin = max(margin, box.height / 2)
        let x0 = max(0, box.minX - sideMargin), y0 = max(0, box.minY - margin)
        let x1 = min(grey.width, box.maxX + sideMargin), y1 = min(grey.height, box.maxY + margin)
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0 else { return nil }
        var values = [UInt8](repeating: 0, count: width * height)
        var histogram = [Double](repeating: 0, count: 256)
        for y in 0..<height {
            for x in 0..<width {
                let value = grey.pixels[(y0 + y) * grey.width + x0 + x]
                values[y * width + x] = value
                histogram[Int(value)] += 1
            }
        }
        let threshold = GreyHistogram.otsu(histogram)
        var border = 0, borderAbove = 0
        for y in 0..<height { for x in 0..<width where y == 0 || y == height - 1 || x == 0 || x == width - 1 {
            border += 1
            if values[y * width + x] > threshold { borderAbove += 1 }
        } }
        let backgroundIsLight = borderAbove * 2 >= border
        let scale = min(4, max(1, (32 + height - 1) / height))
        var pixels = [UInt8](repeating: 255, count: width * scale * height * scale)
        for y in 0..<(height * scale) {
            for x in 0..<(width * scale) {
                let light = values[(y / scale) * width + x / scale] > threshold
                pixels[y * width * scale + x] = light == backgroundIsLight ? 255 : 0
            }
        }
        return (pixels, width * scale, height * scale)
    }
}

/// Text regions: `TextLineFinder`'s candidates that `TextLineReader` confirms, each grown along its line by the
/// candidates beside it (of either polarity, similar height, overlapping its band by 60% and at most 1.5 heights
/// away: the words or letters the reader could not confirm alone), the larger kept where two overlap, top to
/// bottom. At most 64 candidates are read (the widest), so a busy texture cannot make a search take minutes.
enum TextRegions {
    static func find(_ grey: GreyImage, reader: TextLineReader, minimumHeight: Double) -> [TextLineCandidate] {
        let all = TextLineFinder.candidates(grey)
        var lines: [TextLineCandidate] = []
        // Widest first; a candidate already on a found line is not read again.
        for seed in all.sorted(by: { $0.box.width > $1.box.width }).prefix(64)
        where !lines.contains(where: { sameLine($0.box, seed.box) }) && reader.holdsText(seed, in: grey) {
            lines.append(grown(seed, by: all))
        }
        return lines.filter { Double($0.box.height) * grey.pixelSize >= minimumHeight }
            .sorted { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }
    }

    /// Whether two boxes overlap side by side on one band of text.
    static func sameLine(_ a: PixelBox, _ b: PixelBox) -> Bool {
        bandOverlap(a, b) > min(a.height, b.height) / 2 && min(a.maxX, b.maxX) > max(a.minX, b.minX)
    }

    static func bandOverlap(_ a: PixelBox, _ b: PixelBox) -> Int { max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY)) }

    /// `seed` with the candidates beside it joined until none is left to join.
    static func grown(_ seed: TextLineCandidate, by candidates: [TextLineCandidate]) -> TextLineCandidate {
        var line = seed
        var joined = true
        while joined {
            joined = false
            for other in candidates {
                let a = line.box, b = other.box
                guard b.minX < a.minX || b.maxX > a.maxX,
                      max(a.height, b.height) * 10 <= 18 * min(a.height, b.height),
                      Double(bandOverlap(a, b)) >= 0.6 * Double(min(a.height, b.height)),
                      Double(max(b.minX - a.maxX, a.minX - b.maxX)) <= 1.5 * Double(a.height) else { continue }
                line.box = a.union(b)
                line.characters = (line.characters + other.characters.filter { c in !line.characters.contains { $0.overlap(c) > 0.5 } })
                    .sorted { $0.minX < $1.minX }
                joined = true
            }
        }
        return line
    }
}

import Foundation
import CoreImage
import _TestSupport
import _Testing_CoreImage

/// Reading generated symbols back with independent decoders: zxing-cpp (PyPI `zxing-cpp`) and zbar's `zbarimg`,
/// both installed by `scripts/setup.sh`. A test whose decoder is missing is skipped with a message saying so.
enum BarcodeDecoders {
    static let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Whether `python3 -c "import zxingcpp"` works.
    static let zxingAvailable: Bool = (try? MeasuredProcess.run(env, ["python3", "-c", "import zxingcpp, PIL"]).status) == 0
    static var zbarAvailable: Bool { FileManager.default.isExecutableFile(atPath: zbarimg.path) }

    /// `image` (one pixel per module) scaled ×`scale` with nearest sampling, on a white margin of 10 pixels
    /// (after scaling), written as a PNG.
    static func png(_ image: CIImage, scale: CGFloat, in directory: TemporaryDirectory) throws -> URL {
        let scaled = image.samplingNearest().transformed(by: CGAffineTransform(scaleX: scale, y: scale))
        let framed = scaled.transformed(by: CGAffineTransform(translationX: 10 - scaled.extent.minX, y: 10 - scaled.extent.minY))
            .composited(over: CIImage(color: CIColor.white))
            .cropped(to: CGRect(x: 0, y: 0, width: scaled.extent.width + 20, height: scaled.extent.height + 20))
        let file = directory.appending("symbol.png")
        try CIContext().writePNGRepresentation(of: framed, to: file, format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        return file
    }

    /// What zxing-cpp reads in `image`: (format name, the decoded bytes) per symbol found.
    static func zxing(_ image: CIImage, scale: CGFloat = 4) throws -> [(format: String, bytes: Data)] {
        let directory = TemporaryDirectory(prefix: "zxing-test")
        let file = try png(image, scale: scale, in: directory)
        let script = """
        import sys, zxingcpp
        from PIL import Image
        for r in zxingcpp.read_barcodes(Image.open(sys.argv[1]).convert('L')):
            print(r.format.name + ' ' + bytes(r.bytes).hex())
        """
        let run = try MeasuredProcess.run(env, ["python3", "-c", script, file.path])
        try #require(run.status == 0, "zxing-cpp failed (status \(run.status)): \(run.stderr)")
        return run.stdout.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], Data(hex: parts.count > 1 ? parts[1] : ""))
        }
    }

    /// What zbarimg reads (raw bytes of the first symbol), with only `symbology` enabled ("code128", "qrcode").
    static func zbar(_ image: CIImage, symbology: String, scale: CGFloat = 3) throws -> String {
        let directory = TemporaryDirectory(prefix: "zbar-test")
        let file = try png(image, scale: scale, in: directory)
        let run = try MeasuredProcess.run(zbarimg, ["--quiet", "--raw", "-Sdisable", "-S\(symbology).enable", file.path])
        try #require(run.status == 0, "zbarimg found no symbol (status \(run.status)): \(run.stderr)")
        return run.stdout.hasSuffix("\n") ? String(run.stdout.dropLast()) : run.stdout
    }
}

extension Data {
    /// Bytes from a hexadecimal string ("48656c6c6f").
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index != hex.endIndex {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}

/// `CIAztecCodeGenerator`, `CIPDF417BarcodeGenerator` and `CICode128BarcodeGenerator` (libzint): read back by
/// zxing-cpp (and zbar for Code 128), Apple's geometry, attributes, and the too-long → `nil` rule.
@Suite struct BarcodeSymbologyTests {
    static let skipZXing = "zxing-cpp (PyPI) is missing after scripts/setup.sh: decoding tests skipped"

    static func aztec(_ message: Data, level: Float = 23, layers: Float = 0, compact: Float = 0) -> CIImage? {
        let filter = CIFilter.aztecCodeGenerator()
        (filter.message, filter.correctionLevel, filter.layers, filter.compactStyle) = (message, level, layers, compact)
        return filter.outputImage
    }

    static func code128(_ message: Data, quiet: Float = 10, height: Float = 32) -> CIImage? {
        let filter = CIFilter.code128BarcodeGenerator()
        (filter.message, filter.quietSpace, filter.barcodeHeight) = (message, quiet, height)
        return filter.outputImage
    }

    /// Every pixel of `image` is pure black or pure white, opaque, and the outer `margin` pixels are white.
    static func checkBlackOnWhite(_ image: CIImage, margin: Int) {
        #expect(image.isOpaque)
        let width = Int(image.extent.width), height = Int(image.extent.height)
        let pixels = Render.bytes(image, image.extent)
        #expect(stride(from: 0, to: pixels.count, by: 4).allSatisfy { (pixels[$0] == 0 || pixels[$0] == 255) && pixels[$0 + 3] == 255 })
        for y in 0..<height {
            for x in 0..<width where x < margin || y < margin || x >= width - margin || y >= height - margin {
                if pixels[(y * width + x) * 4] != 255 { Issue.record("margin pixel (\(x), \(y)) is not white"); return }
            }
        }
    }

    // MARK: Aztec

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: skipZXing)), arguments: [5, 23, 50, 95] as [Float])
    func aztecDecodesAtEveryCorrectionLevel(_ level: Float) throws {
        let message = Data("Aztec on Linux, level \(level): boarding pass 4711".utf8)
        let image = try #require(Self.aztec(message, level: level))
        let read = try BarcodeDecoders.zxing(image)
        #expect(read.count == 1 && read.first?.format == "Aztec" && read.first?.bytes == message, "\(read)")
        Self.checkBlackOnWhite(image, margin: 2)
    }

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: skipZXing)))
    func aztecDecodesBinaryAndLongMessages() throws {
        let binary = Data((0..<256).map { UInt8($0) })
        #expect(try BarcodeDecoders.zxing(try #require(Self.aztec(binary))).first?.bytes == binary)
        let long = Data(String(repeating: "PhotoKit for Linux. ", count: 60).utf8)
        #expect(try BarcodeDecoders.zxing(try #require(Self.aztec(long)), scale: 3).first?.bytes == long)
    }

    @Test func aztecGeometryMatchesApple() throws {
        // Apple (iOS 13): "Hello world", 2 layers, compact style 0 → 27 × 27: a full-range 2-layer symbol
        // (23 modules) with two white modules around.
        let image = try #require(Self.aztec(Data("Hello world".utf8), level: 10, layers: 2))
        #expect(image.extent == CGRect(x: 0, y: 0, width: 27, height: 27))
        // Compact symbols have 15, 19, 23, 27 modules; full-range 19 + 4·(layers − 1) (+ reference grid past 15 layers).
        #expect(try #require(Self.aztec(Data("Hi".utf8), compact: 1)).extent.width == 15 + 4)
        #expect(try #require(Self.aztec(Data("Hi".utf8), layers: 3, compact: 1)).extent.width == 23 + 4)
        #expect(try #require(Self.aztec(Data("Hi".utf8), layers: 1)).extent.width == 19 + 4)
        // Automatic: the smallest symbol, compact for a short message.
        #expect(try #require(Self.aztec(Data("Hi".utf8))).extent.width == 15 + 4)
    }

    @Test func aztecTooLongGivesNil() throws {
        // A 32-layer full-range symbol holds about 1914 bytes at the default 23 % (Apple's documentation; libzint
        // fits 1915), more at 10 %, fewer at 50 %.
        #expect(Self.aztec(Data(repeating: 0xA7, count: 1915)) != nil)
        #expect(Self.aztec(Data(repeating: 0xA7, count: 1916)) == nil)
        #expect(Self.aztec(Data(repeating: 0xA7, count: 2080), level: 5) == nil)
        #expect(Self.aztec(Data(repeating: 0xA7, count: 1300), level: 95) == nil)
        #expect(Self.aztec(Data(repeating: 0xA7, count: 40), layers: 1) == nil, "40 bytes do not fit one layer")
        #expect(Self.aztec(Data(repeating: 0xA7, count: 100), compact: 1) == nil, "100 bytes do not fit a compact symbol")
        #expect(Self.aztec(Data("x".utf8), layers: 9, compact: 1) == nil, "compact symbols have at most 4 layers")
        #expect(Self.aztec(Data()) == nil)
        #expect(CIFilter(name: "CIAztecCodeGenerator")?.outputImage == nil, "no message set")
    }

    @Test func aztecAttributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CIAztecCodeGenerator"))
        let attributes = filter.attributes
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Aztec Code Generator")
        #expect((attributes[kCIAttributeFilterCategories] as? [String]) == [kCICategoryGenerator, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect(filter.inputKeys == ["inputMessage", "inputCorrectionLevel", "inputLayers", "inputCompactStyle"])
        let level = try #require(attributes["inputCorrectionLevel"] as? [String: Any])
        #expect((level[kCIAttributeDefault] as? NSNumber)?.doubleValue == 23)
        #expect((level[kCIAttributeMin] as? NSNumber)?.doubleValue == 5 && (level[kCIAttributeMax] as? NSNumber)?.doubleValue == 95)
        #expect(level[kCIAttributeType] as? String == kCIAttributeTypeInteger)
        let layers = try #require(attributes["inputLayers"] as? [String: Any])
        #expect(layers[kCIAttributeDefault] == nil)
        #expect((layers[kCIAttributeMin] as? NSNumber)?.doubleValue == 1 && (layers[kCIAttributeMax] as? NSNumber)?.doubleValue == 32)
        #expect((attributes["inputCompactStyle"] as? [String: Any])?[kCIAttributeType] as? String == kCIAttributeTypeBoolean)
        #expect(attributes[kCIAttributeFilterAvailable_iOS] as? String == "8")
    }

    // MARK: PDF417

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: skipZXing)), arguments: [false, true])
    func pdf417Decodes(compact: Bool) throws {
        let message = Data("PDF417 from Core Image on Linux: ID 0123456789, binary \u{1}\u{7f}".utf8)
        for level: Float in [0, 2, 5, 8] {
            let filter = CIFilter.pdf417BarcodeGenerator()
            (filter.message, filter.correctionLevel, filter.compactStyle) = (message, level, compact ? 1 : 0)
            let image = try #require(filter.outputImage)
            let read = try BarcodeDecoders.zxing(image, scale: 3)
            #expect(read.count == 1 && read.first?.format == "PDF417" && read.first?.bytes == message, "level \(level): \(read)")
            Self.checkBlackOnWhite(image, margin: 2)
        }
    }

    @Test func pdf417GeometryMatchesApple() throws {
        // Apple (iOS 13): "Hello worlds", compact, 10 data columns, 10 rows → 209 × 34: a truncated symbol
        // 17·(10 + 2) + 1 = 205 modules wide, 10 rows of 3 pixels, two white pixels around.
        let filter = CIFilter.pdf417BarcodeGenerator()
        filter.message = Data("Hello worlds".utf8)
        (filter.compactStyle, filter.dataColumns, filter.rows, filter.correctionLevel) = (1, 10, 10, 2)
        (filter.minWidth, filter.maxWidth, filter.minHeight, filter.maxHeight, filter.preferredAspectRatio) = (100, 500, 100, 100, 3)
        #expect(filter.outputImage?.extent == CGRect(x: 0, y: 0, width: 209, height: 34))
        filter.compactStyle = 0
        #expect(Int(filter.outputImage?.extent.width ?? 0) == 17 * (10 + 4) + 1 + 4, "full PDF417 adds the right row indicator and stop pattern")
    }

    @Test func pdf417SizeLimitsChooseTheColumns() throws {
        let message = Data(String(repeating: "0123456789ABCDEF", count: 12).utf8)
        func symbol(_ configure: (CIFilter & CIPDF417BarcodeGenerator) -> Void) throws -> CGRect {
            let filter = CIFilter.pdf417BarcodeGenerator()
            filter.message = message
            configure(filter)
            return try #require(filter.outputImage).extent
        }
        let wide = try symbol { $0.preferredAspectRatio = 8 }
        let tall = try symbol { $0.preferredAspectRatio = 0.5 }
        #expect(wide.width / wide.height > tall.width / tall.height, "wide \(wide), tall \(tall)")
        let narrow = try symbol { $0.maxWidth = 200 }
        #expect(narrow.width - 4 <= 200, "\(narrow)")
        let fixed = try symbol { $0.dataColumns = 3 }
        #expect(Int(fixed.width) == 17 * (3 + 4) + 1 + 4)
    }

    @Test func pdf417TooLongGivesNil() {
        let filter = CIFilter.pdf417BarcodeGenerator()
        filter.message = Data(repeating: 0xE9, count: 1200)
        #expect(filter.outputImage == nil, "PDF417 holds at most 1108 bytes")
        filter.message = Data(repeating: 0xE9, count: 300)
        (filter.dataColumns, filter.rows) = (2, 3)
        #expect(filter.outputImage == nil, "300 bytes do not fit 2 × 3")
        filter.message = Data()
        #expect(filter.outputImage == nil)
    }

    @Test func pdf417AttributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CIPDF417BarcodeGenerator"))
        let attributes = filter.attributes
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "PDF417 Barcode Generator")
        #expect((attributes[kCIAttributeFilterCategories] as? [String])
                == [kCICategoryGenerator, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect(filter.inputKeys == ["inputMessage", "inputMinWidth", "inputMaxWidth", "inputMinHeight", "inputMaxHeight",
                                     "inputDataColumns", "inputRows", "inputPreferredAspectRatio", "inputCompactionMode",
                                     "inputCompactStyle", "inputCorrectionLevel", "inputAlwaysSpecifyCompaction"])
        for (key, low, high) in [("inputMinWidth", 56.0, 583.0), ("inputMaxHeight", 13, 283), ("inputDataColumns", 1, 30),
                                 ("inputRows", 3, 90), ("inputCompactionMode", 0, 3), ("inputCorrectionLevel", 0, 8)] {
            let a = try #require(attributes[key] as? [String: Any], "\(key)")
            #expect((a[kCIAttributeMin] as? NSNumber)?.doubleValue == low && (a[kCIAttributeMax] as? NSNumber)?.doubleValue == high, "\(key)")
        }
    }

    // MARK: Code 128

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: skipZXing)))
    func code128DecodesWithZXing() throws {
        for text in ["Hello world", "0123456789012345", "ABC-abc/123", "x"] {
            let image = try #require(Self.code128(Data(text.utf8)))
            let read = try BarcodeDecoders.zxing(image, scale: 3)
            #expect(read.count == 1 && read.first?.format == "Code128" && read.first?.bytes == Data(text.utf8), "\(text): \(read)")
        }
    }

    @Test(.enabled(if: BarcodeDecoders.zbarAvailable, "zbarimg is missing after scripts/setup.sh (Debian zbar-tools)"))
    func code128DecodesWithZBar() throws {
        for text in ["Hello world", "PhotoKit 2026-11-27", "9780201379624"] {
            let image = try #require(Self.code128(Data(text.utf8)))
            #expect(try BarcodeDecoders.zbar(image, symbology: "code128") == text)
        }
    }

    @Test func code128GeometryMatchesApple() throws {
        // Apple (iOS 13): "Hello world", quiet space 20, height 100 → 196 × 140: 11 + 11·11 + 11 + 13 = 156
        // modules, the quiet space on all four sides.
        let image = try #require(Self.code128(Data("Hello world".utf8), quiet: 20, height: 100))
        #expect(image.extent == CGRect(x: 0, y: 0, width: 196, height: 140))
        Self.checkBlackOnWhite(image, margin: 20)
        let defaults = try #require(Self.code128(Data("Hello world".utf8)))
        #expect(defaults.extent.size == CGSize(width: 156 + 20, height: 32 + 20), "defaults: quiet space 10, height 32")
        // Every column of bars is the same from top to bottom.
        let pixels = Render.bytes(image, image.extent)
        for x in 20..<176 { #expect(pixels[(20 * 196 + x) * 4] == pixels[(119 * 196 + x) * 4]) }
    }

    @Test func code128BadInputGivesNil() throws {
        #expect(Self.code128(Data()) == nil)
        #expect(Self.code128(Data(repeating: 0x41, count: 400)) == nil, "longer than one Code 128 symbol holds")
        let attributes = try #require(CIFilter(name: "CICode128BarcodeGenerator")).attributes
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Code 128 Barcode Generator")
        let quiet = try #require(attributes["inputQuietSpace"] as? [String: Any])
        #expect((quiet[kCIAttributeDefault] as? NSNumber)?.doubleValue == 10)
        #expect((quiet[kCIAttributeMax] as? NSNumber)?.doubleValue == 100)
        let height = try #require(attributes["inputBarcodeHeight"] as? [String: Any])
        #expect((height[kCIAttributeDefault] as? NSNumber)?.doubleValue == 32)
        #expect((height[kCIAttributeMin] as? NSNumber)?.doubleValue == 1 && (height[kCIAttributeMax] as? NSNumber)?.doubleValue == 500)
    }

    /// Extreme numbers in every numeric input are clamped to Apple's ranges: the generators still make a
    /// symbol or return `nil`, quickly, never trap.
    @Test(arguments: [1e8, -1e8, 0, 3.3e75, .nan])
    func extremeNumbersAreHarmless(_ value: Double) throws {
        for name in ["CIAztecCodeGenerator", "CIPDF417BarcodeGenerator", "CICode128BarcodeGenerator"] {
            let filter = try #require(CIFilter(name: name))
            filter.setValue(Data("extreme".utf8), forKey: "inputMessage")
            for key in filter.inputKeys where key != "inputMessage" { filter.setValue(value, forKey: key) }
            if let output = filter.outputImage {
                #expect(output.extent.width <= 2000 && output.extent.height <= 2000, "\(name) at \(value): \(output.extent)")
            }
        }
    }
}

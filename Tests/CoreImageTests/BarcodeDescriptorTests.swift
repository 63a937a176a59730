import Foundation
import CoreImage
import _TestSupport
import _Testing_CoreImage

/// `CIBarcodeGenerator` with `CIBarcodeDescriptor`s built from error-corrected payloads written here by the
/// standards' rules, read back by zbar and zxing-cpp; the descriptors' validation; `CIRoundedQRCodeGenerator`.
@Suite struct BarcodeDescriptorTests {
    /// Bits appended most significant first.
    struct BitWriter {
        var bits: [UInt8] = []
        mutating func put(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { bits.append(UInt8((value >> i) & 1)) } }
        /// Terminator, byte alignment and the 0xEC/0x11 pad codewords up to `codewords` (ISO/IEC 18004 §7.4.9–10).
        func qrCodewords(_ codewords: Int) -> Data {
            var bits = self.bits
            bits += [UInt8](repeating: 0, count: min(4, codewords * 8 - bits.count))
            while bits.count % 8 != 0 { bits.append(0) }
            var bytes = stride(from: 0, to: bits.count, by: 8).map { i in bits[i..<i + 8].reduce(UInt8(0)) { $0 << 1 | $1 } }
            var pad: UInt8 = 0xEC
            while bytes.count < codewords { bytes.append(pad); pad = pad == 0xEC ? 0x11 : 0xEC }
            return Data(bytes)
        }
    }

    /// A byte-mode payload of `message` for a version-1–9 symbol with `codewords` data codewords.
    static func bytePayload(_ message: String, codewords: Int) -> Data {
        var writer = BitWriter()
        writer.put(0b0100, 4)
        writer.put(message.utf8.count, 8)
        for byte in message.utf8 { writer.put(Int(byte), 8) }
        return writer.qrCodewords(codewords)
    }

    static func generate(_ descriptor: CIBarcodeDescriptor) -> CIImage? {
        let filter = CIFilter.barcodeGenerator()
        filter.barcodeDescriptor = descriptor
        return filter.outputImage
    }

    @Test(.enabled(if: BarcodeDecoders.zbarAvailable, "zbarimg is missing after scripts/setup.sh (Debian zbar-tools)"))
    func qrDescriptorDecodesWithEveryMask() throws {
        let message = "Hello, Linux"
        // Version 1 at M has 16 data codewords.
        let payload = Self.bytePayload(message, codewords: 16)
        var images: [[UInt8]] = []
        for mask: UInt8 in 0...7 {
            let descriptor = try #require(CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: mask, errorCorrectionLevel: .levelM))
            let image = try #require(Self.generate(descriptor), "mask \(mask)")
            #expect(image.extent == CGRect(x: 0, y: 0, width: 23, height: 23), "version 1 with CIQRCodeGenerator's one-module quiet zone")
            #expect(try BarcodeDecoders.zbar(image, symbology: "qrcode", scale: 6) == message, "mask \(mask)")
            images.append(Render.bytes(image, image.extent))
        }
        #expect(Set(images.map { Data($0) }).count == 8, "each mask pattern gives another symbol")
    }

    @Test(.enabled(if: BarcodeDecoders.zbarAvailable, "zbarimg is missing after scripts/setup.sh (Debian zbar-tools)"))
    func qrDescriptorWithNumericAndAlphanumericSegmentsAtALargerVersion() throws {
        var writer = BitWriter()
        // Version 10–26 count indicators: numeric 12 bits, alphanumeric 11.
        writer.put(0b0001, 4); writer.put(10, 12)
        writer.put(12, 10); writer.put(345, 10); writer.put(678, 10); writer.put(9, 4)
        writer.put(0b0010, 4); writer.put(5, 11)
        writer.put(10 * 45 + 11, 11); writer.put(41 * 45 + 1, 11); writer.put(2, 6)
        // Version 10 at Q has 154 data codewords.
        let descriptor = try #require(CIQRCodeDescriptor(payload: writer.qrCodewords(154), symbolVersion: 10, maskPattern: 5, errorCorrectionLevel: .levelQ))
        let image = try #require(Self.generate(descriptor))
        #expect(Int(image.extent.width) == 17 + 4 * 10 + 2)
        #expect(try BarcodeDecoders.zbar(image, symbology: "qrcode", scale: 4) == "0123456789AB-12")
    }

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: BarcodeSymbologyTests.skipZXing)))
    func dataMatrixDescriptorDecodes() throws {
        // ASCII encodation: a character + 1; 129 pads. A 10 × 10 symbol has 3 data codewords, 12 × 12 has 5.
        let descriptor = try #require(CIDataMatrixCodeDescriptor(payload: Data([73, 106, 129]), rowCount: 10, columnCount: 10, eccVersion: .v200))
        let image = try #require(Self.generate(descriptor))
        #expect(image.extent == CGRect(x: 0, y: 0, width: 12, height: 12))
        let read = try BarcodeDecoders.zxing(image, scale: 8)
        #expect(read.first?.format == "DataMatrix" && read.first?.bytes == Data("Hi".utf8), "\(read)")
        // Digit pairs (130 + value) and a rectangular size.
        let digits = try #require(CIDataMatrixCodeDescriptor(payload: Data([130 + 12, 130 + 34, 130 + 56, 129, 129]), rowCount: 8, columnCount: 18, eccVersion: .v200))
        let rectangle = try #require(Self.generate(digits))
        #expect(rectangle.extent.size == CGSize(width: 20, height: 10))
        #expect(try BarcodeDecoders.zxing(rectangle, scale: 8).first?.bytes == Data("123456".utf8))
        // Old ECC versions and other encodations are not drawn.
        #expect(Self.generate(try #require(CIDataMatrixCodeDescriptor(payload: Data([73, 106, 129]), rowCount: 10, columnCount: 10, eccVersion: .v140))) == nil)
        #expect(Self.generate(try #require(CIDataMatrixCodeDescriptor(payload: Data([230, 1, 2]), rowCount: 10, columnCount: 10, eccVersion: .v200))) == nil)
    }

    /// `bits` cut into `size`-bit Aztec codewords with stuffed bits (a codeword whose first size − 1 bits are equal
    /// gets the opposite bit last; the final one is padded with ones), packed most significant bit first.
    static func aztecCodewords(_ bits: [UInt8], size: Int) -> (payload: Data, count: Int) {
        var out: [UInt8] = [], index = 0, count = 0
        while index < bits.count {
            var word = (0..<size).map { index + $0 < bits.count ? bits[index + $0] : 1 }
            let head = word.dropLast()
            if head.allSatisfy({ $0 == head.first }) {
                word[size - 1] = 1 - head.first!
                index += size - 1
            } else {
                index += size
            }
            out += word
            count += 1
        }
        while out.count % 8 != 0 { out.append(0) }
        return (Data(stride(from: 0, to: out.count, by: 8).map { i in out[i..<i + 8].reduce(UInt8(0)) { $0 << 1 | $1 } }), count)
    }

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: BarcodeSymbologyTests.skipZXing)))
    func aztecDescriptorDecodes() throws {
        // "Hello, 42!" + a binary byte: Upper H, latch Lower, e l l o, shift Punct ", ", latch Digit 4 2, latch
        // Upper (U/L 14), binary shift (31) of one byte 0xA7, then shift Punct "!".
        var writer = BitWriter()
        writer.put(2 + 7, 5); writer.put(28, 5)
        for c in "ello".unicodeScalars { writer.put(2 + Int(c.value) - 97, 5) }
        writer.put(0, 5); writer.put(4, 5)
        writer.put(30, 5); writer.put(2 + 4, 4); writer.put(2 + 2, 4); writer.put(14, 4)
        writer.put(31, 5); writer.put(1, 5); writer.put(0xA7, 8)
        writer.put(0, 5); writer.put(6, 5)
        let expected = Data("Hello, 42".utf8) + Data([0xA7]) + Data("!".utf8)
        // Compact, 2 layers: 6-bit codewords.
        let (payload, count) = Self.aztecCodewords(writer.bits, size: 6)
        let descriptor = try #require(CIAztecCodeDescriptor(payload: payload, isCompact: true, layerCount: 2, dataCodewordCount: count))
        let image = try #require(Self.generate(descriptor))
        #expect(image.extent == CGRect(x: 0, y: 0, width: 19 + 4, height: 19 + 4), "compact 2 layers: 19 modules, two around")
        let read = try BarcodeDecoders.zxing(image, scale: 6)
        #expect(read.first?.format == "Aztec" && read.first?.bytes == expected, "\(read)")
        // Full range, 5 layers: 8-bit codewords, a 37-module symbol (from 5 layers on, reference-grid lines run through it).
        let (payload8, count8) = Self.aztecCodewords(writer.bits, size: 8)
        let full = try #require(CIAztecCodeDescriptor(payload: payload8, isCompact: false, layerCount: 5, dataCodewordCount: count8))
        let fullImage = try #require(Self.generate(full))
        #expect(Int(fullImage.extent.width) == 37 + 4)
        #expect(try BarcodeDecoders.zxing(fullImage, scale: 6).first?.bytes == expected)
        // A codeword of all zeros is not a data codeword.
        #expect(Self.generate(try #require(CIAztecCodeDescriptor(payload: Data([0, 0]), isCompact: true, layerCount: 1, dataCodewordCount: 2))) == nil)
    }

    @Test(.enabled(if: BarcodeDecoders.zxingAvailable, Comment(rawValue: BarcodeSymbologyTests.skipZXing)))
    func pdf417DescriptorDecodes() throws {
        // Text "Hello" (Alpha H, latch Lower, e l l o: value pairs (7, 27) (4, 11) (11, 14)), byte compaction
        // (901) of A7 00 FF, numeric compaction (902) of "123456" (1123456 = 1·900² + 348·900 + 256), text again
        // with a punctuation shift to "!" (29, 10).
        let codewords = [14, 7 * 30 + 27, 4 * 30 + 11, 11 * 30 + 14, 901, 0xA7, 0x00, 0xFF, 902, 1, 348, 256, 900, 29 * 30 + 10]
        let payload = Data(codewords.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let expected = Data("Hello".utf8) + Data([0xA7, 0x00, 0xFF]) + Data("123456!".utf8)
        for compact in [false, true] {
            let descriptor = try #require(CIPDF417CodeDescriptor(payload: payload, isCompact: compact, rowCount: 10, columnCount: 3))
            let image = try #require(Self.generate(descriptor))
            #expect(Int(image.extent.width) == 17 * (3 + (compact ? 2 : 4)) + 1 + 4 && Int(image.extent.height) == 10 * 3 + 4, "\(image.extent)")
            let read = try BarcodeDecoders.zxing(image, scale: 3)
            #expect(read.first?.format == "PDF417" && read.first?.bytes == expected, "compact \(compact): \(read)")
        }
        // Macro PDF417 control blocks are refused.
        let macro = Data([3, 0, 0xA0, 0x03, 1, 0])  // 3, 928, 1
        #expect(Self.generate(try #require(CIPDF417CodeDescriptor(payload: macro, isCompact: false, rowCount: 3, columnCount: 2))) == nil)
    }

    /// Payload readers take bytes a caller may have scanned: random payloads of every kind give a symbol or `nil`,
    /// never a trap (a deterministic stand-in until a libFuzzer target covers them).
    @Test func randomPayloadsNeverTrap() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        var drawn = 0
        for round in 0..<400 {
            let length = 1 + Int(next() % 64)
            let bytes = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: next()) })
            let descriptors: [CIBarcodeDescriptor?] = [
                CIQRCodeDescriptor(payload: bytes, symbolVersion: 1 + round % 10, maskPattern: UInt8(round % 8),
                                   errorCorrectionLevel: [.levelL, .levelM, .levelQ, .levelH][round % 4]),
                CIAztecCodeDescriptor(payload: bytes, isCompact: round % 2 == 0, layerCount: 1 + round % 4,
                                      dataCodewordCount: 1 + Int(next() % 64)),
                CIPDF417CodeDescriptor(payload: bytes, isCompact: round % 3 == 0, rowCount: 3 + round % 20, columnCount: 1 + round % 10),
                CIDataMatrixCodeDescriptor(payload: bytes, rowCount: 10 + 2 * (round % 8), columnCount: 10 + 2 * (round % 8), eccVersion: .v200),
            ]
            for descriptor in descriptors.compactMap({ $0 }) where Self.generate(descriptor) != nil { drawn += 1 }
        }
        #expect(drawn > 0, "some random payloads are valid streams")
    }

    @Test func descriptorsValidateLikeApple() throws {
        let payload = Self.bytePayload("x", codewords: 19)
        #expect(CIQRCodeDescriptor(payload: payload, symbolVersion: 0, maskPattern: 0, errorCorrectionLevel: .levelL) == nil)
        #expect(CIQRCodeDescriptor(payload: payload, symbolVersion: 41, maskPattern: 0, errorCorrectionLevel: .levelL) == nil)
        #expect(CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: 8, errorCorrectionLevel: .levelL) == nil)
        #expect(CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: 0, errorCorrectionLevel: .levelH) == nil, "19 codewords exceed 1-H's 9")
        let qr = try #require(CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: 2, errorCorrectionLevel: .levelL))
        #expect(qr.symbolVersion == 1 && qr.maskPattern == 2 && qr.errorCorrectionLevel == .levelL && qr.errorCorrectedPayload == payload)
        #expect(CIQRCodeDescriptor.ErrorCorrectionLevel.levelQ.rawValue == 81, "Apple's raw values are the letters' codes")
        #expect(CIAztecCodeDescriptor(payload: Data([1]), isCompact: true, layerCount: 5, dataCodewordCount: 10) == nil)
        #expect(CIAztecCodeDescriptor(payload: Data([1]), isCompact: false, layerCount: 32, dataCodewordCount: 2049) == nil)
        let aztec = try #require(CIAztecCodeDescriptor(payload: Data([1, 2]), isCompact: true, layerCount: 2, dataCodewordCount: 10))
        #expect(aztec.isCompact && aztec.layerCount == 2 && aztec.dataCodewordCount == 10)
        #expect(CIPDF417CodeDescriptor(payload: Data([1]), isCompact: false, rowCount: 2, columnCount: 3) == nil)
        #expect(CIPDF417CodeDescriptor(payload: Data([1]), isCompact: false, rowCount: 3, columnCount: 31) == nil)
        let pdf = try #require(CIPDF417CodeDescriptor(payload: Data([1]), isCompact: true, rowCount: 6, columnCount: 2))
        // Payloads that are no valid stream give no output rather than a wrong symbol.
        #expect(Self.generate(aztec) == nil && Self.generate(pdf) == nil)
        #expect(qr.isEqual(CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: 2, errorCorrectionLevel: .levelL)))
        #expect(CIFilter(name: "CIBarcodeGenerator")?.outputImage == nil, "no descriptor set")
        let attributes = try #require(CIFilter(name: "CIBarcodeGenerator")).attributes
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Barcode Generator")
        #expect((attributes["inputBarcodeDescriptor"] as? [String: Any])?[kCIAttributeClass] as? String == "CIBarcodeDescriptor")
        // The descriptor round-trips through the string-keyed store.
        let filter = try #require(CIFilter(name: "CIBarcodeGenerator"))
        filter.setValue(qr, forKey: "inputBarcodeDescriptor")
        #expect(filter.value(forKey: "inputBarcodeDescriptor") as? CIQRCodeDescriptor === qr)
    }

    // MARK: CIRoundedQRCodeGenerator

    static func rounded(_ message: String, level: String = "H", scale: Float = 8, markers: Int = 2, data: Bool = true,
                        center: Float = 0, color1: CIColor = .black) -> CIImage? {
        let filter = CIFilter.roundedQRCodeGenerator()
        filter.message = Data(message.utf8)
        (filter.correctionLevel, filter.scale, filter.roundedMarkers, filter.roundedData, filter.centerSpaceSize) = (level, scale, markers, data, center)
        filter.color1 = color1
        return filter.outputImage
    }

    @Test(.enabled(if: BarcodeDecoders.zbarAvailable, "zbarimg is missing after scripts/setup.sh (Debian zbar-tools)"),
          arguments: [(0, false, Float(0)), (1, true, 0), (2, true, 0), (2, true, 0.2)])
    func roundedQRCodesDecode(markers: Int, data: Bool, center: Float) throws {
        let message = "https://example.com/rounded?markers=\(markers)"
        let image = try #require(Self.rounded(message, markers: markers, data: data, center: center))
        #expect(image.isOpaque)
        #expect(try BarcodeDecoders.zbar(image, symbology: "qrcode", scale: 1) == message)
    }

    @Test func roundedQRCodeGeometryAndColours() throws {
        let square = try #require(Self.rounded("HELLO", level: "H", scale: 10, markers: 0, data: false))
        // Version 1: 21 modules + a one-module quiet zone on each side, 10 pixels each.
        #expect(square.extent == CGRect(x: 0, y: 0, width: 230, height: 230))
        // Square modules at scale 10 are CIQRCodeGenerator's modules, enlarged.
        let qr = CIFilter.qrCodeGenerator()
        (qr.message, qr.correctionLevel) = (Data("HELLO".utf8), "H")
        let reference = try #require(qr.outputImage).samplingNearest().transformed(by: CGAffineTransform(scaleX: 10, y: 10))
        #expect(Render.bytes(square, square.extent) == Render.bytes(reference, square.extent))
        // Rounded shapes change pixels (corners of the finder pattern become background).
        let round = try #require(Self.rounded("HELLO", level: "H", scale: 10, markers: 1, data: true))
        let pixels = Render.bytes(round, round.extent)
        let topLeftOfFinder = ((10 + 0) * 230 + 10) * 4  // row 10 from the top, column 10: the finder's corner pixel
        #expect(pixels[topLeftOfFinder] == 255, "a rounded finder pattern leaves its corner light")
        // Colour 1 colours the modules.
        let red = try #require(Self.rounded("HELLO", color1: CIColor(red: 1, green: 0, blue: 0)))
        let redPixels = Render.bytes(red, red.extent)
        #expect(stride(from: 0, to: redPixels.count, by: 4).contains { redPixels[$0] == 255 && redPixels[$0 + 1] == 0 })
        #expect(!stride(from: 0, to: redPixels.count, by: 4).contains { redPixels[$0] == 0 && redPixels[$0 + 1] == 0 && redPixels[$0 + 2] == 0 })
        // The centre space needs Q or H; at M it is ignored.
        let withCentre = Render.bytes(try #require(Self.rounded("HELLO", level: "M", center: 0.3)), CGRect(x: 0, y: 0, width: 184, height: 184))
        let without = Render.bytes(try #require(Self.rounded("HELLO", level: "M", center: 0)), CGRect(x: 0, y: 0, width: 184, height: 184))
        #expect(withCentre == without)
        #expect(Self.rounded("") == nil && Self.rounded("x", level: "Z") == nil)
        // A drawing over 4096 pixels on a side is refused rather than computed.
        #expect(Self.rounded(String(repeating: "long message ", count: 25), scale: 100) == nil)
        #expect(Self.rounded("HELLO", scale: 0.2)?.extent.width == 23, "the scale is clamped to 1…100")
    }
}

import Foundation
import CoreImage
import _TestSupport
import _Testing_CoreImage

/// `CIQRCodeGenerator` checked by reading its symbols back with an independent decoder (zbar's `zbarimg`,
/// installed by `scripts/setup.sh`), plus Apple's geometry (one pixel per module, one-module quiet zone) and the
/// bad-input rules (too long, empty or unknown level → no output).
@Suite struct BarcodeGeneratorTests {
    static let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")

    /// The QR Code for `message` at `level`, or `nil`.
    static func qrCode(_ message: Data, level: String = "M") -> CIImage? {
        let filter = CIFilter.qrCodeGenerator()
        filter.message = message
        filter.correctionLevel = level
        return filter.outputImage
    }

    /// Renders `image` scaled ×`scale` (nearest) on a white margin of 4 modules, decodes it with zbarimg and
    /// returns the decoded text.
    static func decode(_ image: CIImage, scale: CGFloat = 6) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: zbarimg.path), "zbarimg is missing: run scripts/setup.sh (Debian zbar-tools)")
        let scaled = image.samplingNearest().transformed(by: CGAffineTransform(scaleX: scale, y: scale))
        let canvas = scaled.extent.insetBy(dx: -4 * scale, dy: -4 * scale)
        let framed = scaled.transformed(by: CGAffineTransform(translationX: 4 * scale, y: 4 * scale))
            .composited(over: CIImage(color: CIColor.white)).cropped(to: CGRect(origin: .zero, size: canvas.size))
        let directory = TemporaryDirectory(prefix: "qr-test")
        let file = directory.appending("code.png")
        try CIContext().writePNGRepresentation(of: framed, to: file, format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        let run = try MeasuredProcess.run(zbarimg, ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file.path])
        try #require(run.status == 0, "zbarimg found no symbol (status \(run.status)): \(run.stderr)")
        return run.stdout.hasSuffix("\n") ? String(run.stdout.dropLast()) : run.stdout
    }

    @Test(arguments: ["L", "M", "Q", "H"])
    func decodesAtEveryCorrectionLevel(_ level: String) throws {
        let message = "https://example.com/photos/shared?album=Summer%202026&level=\(level)"
        let image = try #require(Self.qrCode(Data(message.utf8), level: level))
        #expect(try Self.decode(image) == message)
    }

    @Test func decodesALongMessage() throws {
        let message = String(repeating: "Core Image on Linux. ", count: 40)
        let image = try #require(Self.qrCode(Data(message.utf8), level: "Q"))
        #expect(try Self.decode(image, scale: 4) == message)
    }

    @Test func onePixelPerModuleWithAOneModuleQuietZone() throws {
        let image = try #require(Self.qrCode(Data("HELLO".utf8), level: "H"))
        // "HELLO" fits a version-1 symbol (21 modules) even at H: 21 + 2 quiet-zone pixels.
        #expect(image.extent == CGRect(x: 0, y: 0, width: 23, height: 23))
        #expect(image.isOpaque)
        let side = 23
        let pixels = Render.bytes(image, image.extent)
        func dark(_ column: Int, _ row: Int) -> Bool { pixels[(row * side + column) * 4] < 128 }
        // Every pixel is pure black or pure white.
        #expect(stride(from: 0, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 0 || pixels[$0] == 255 })
        // The quiet zone (outermost ring) is white.
        for i in 0..<side {
            #expect(!dark(i, 0) && !dark(i, side - 1) && !dark(0, i) && !dark(side - 1, i))
        }
        // Finder patterns in three corners (rows from the top): dark 7×7 ring, light ring, dark 3×3 core.
        for (x0, y0) in [(1, 1), (side - 8, 1), (1, side - 8)] {
            #expect(dark(x0, y0) && dark(x0 + 6, y0 + 6) && dark(x0 + 3, y0 + 3))
            #expect(!dark(x0 + 1, y0 + 1) && !dark(x0 + 5, y0 + 5))
        }
    }

    @Test func higherCorrectionNeedsLargerSymbols() throws {
        let message = Data(String(repeating: "0123456789abcdef", count: 8).utf8)
        let sides = try ["L", "M", "Q", "H"].map { try #require(Self.qrCode(message, level: $0)).extent.width }
        #expect(sides == sides.sorted() && sides.first! < sides.last!, "sides \(sides)")
        // Versions grow in steps of 4 modules: side = 17 + 4v + 2.
        #expect(sides.allSatisfy { (Int($0) - 19) % 4 == 0 })
    }

    @Test func largestMessageFitsAndOneByteMoreGivesNil() throws {
        // A version-40 symbol holds 2953 bytes at level L and 1273 at H (ISO/IEC 18004 table 7, byte mode).
        let largest = try #require(Self.qrCode(Data(repeating: 0x41, count: 2953), level: "L"))
        #expect(largest.extent == CGRect(x: 0, y: 0, width: 179, height: 179), "version 40: 177 modules + the quiet zone")
        #expect(Self.qrCode(Data(repeating: 0x41, count: 2954), level: "L") == nil)
        #expect(Self.qrCode(Data(repeating: 0x41, count: 1273), level: "H") != nil)
        #expect(Self.qrCode(Data(repeating: 0x41, count: 1274), level: "H") == nil)
    }

    @Test func badInputGivesNil() {
        #expect(Self.qrCode(Data(), level: "M") == nil)
        #expect(Self.qrCode(Data("x".utf8), level: "X") == nil)
        #expect(CIFilter(name: "CIQRCodeGenerator")?.outputImage == nil, "no message set")
        #expect(Self.qrCode(Data("x".utf8), level: "q") != nil, "lowercase levels are accepted")
    }

    @Test func attributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CIQRCodeGenerator"))
        let attributes = filter.attributes
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "QR Code Generator")
        #expect((attributes[kCIAttributeFilterCategories] as? [String]) == [kCICategoryGenerator, kCICategoryStillImage, kCICategoryBuiltIn])
        let level = try #require(attributes["inputCorrectionLevel"] as? [String: Any])
        #expect(level[kCIAttributeClass] as? String == "NSString")
        #expect(level[kCIAttributeDefault] as? String == "M")
        #expect((attributes["inputMessage"] as? [String: Any])?[kCIAttributeClass] as? String == "NSData")
        #expect(filter.inputKeys == ["inputMessage", "inputCorrectionLevel"])
    }
}

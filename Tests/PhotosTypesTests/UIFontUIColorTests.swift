import UIKit
import Testing

/// UIKit's `UIFont` and `UIColor` and the `.font` / `.foregroundColor` keys, as iOS code writes attributed text
/// for Core Image's `CIAttributedTextImageGenerator`.
@Suite struct UIFontUIColorTests {
    @Test func attributedTextWrittenAsOnIOSRendersInItsFontAndColour() throws {
        let font = try #require(UIFont(name: "DejaVuSans-Bold", size: 28))
        #expect(font.fontName == "DejaVuSans-Bold" && font.pointSize == 28)
        #expect(UIFont.systemFont(ofSize: 14).pointSize == 14 && font.withSize(10).fontName == "DejaVuSans-Bold")
        #expect(NSAttributedString.Key.font.rawValue == "NSFont" && NSAttributedString.Key.foregroundColor.rawValue == "NSColor")
        let text = NSAttributedString(string: "UIKit", attributes: [.font: font, .foregroundColor: UIColor.blue])
        let filter = CIFilter.attributedTextImageGenerator()
        filter.text = text
        let image = try #require(filter.outputImage)
        // The same extent as the plain generator with that font and size.
        let plain = CIFilter.textImageGenerator()
        (plain.text, plain.fontName, plain.fontSize) = ("UIKit", "DejaVuSans-Bold", 28)
        #expect(image.extent == plain.outputImage?.extent)
        // Blue ink: render one row through the middle and find a fully covered blue pixel.
        let width = Int(image.extent.width)
        var row = [UInt8](repeating: 0, count: width * 4)
        let middle = CGRect(x: 0, y: image.extent.midY.rounded(.down), width: image.extent.width, height: 1)
        row.withUnsafeMutableBytes { raw in
            CIContext().render(image, toBitmap: raw.baseAddress!, rowBytes: width * 4, bounds: middle, format: .RGBA8,
                               colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        }
        #expect(stride(from: 0, to: row.count, by: 4).contains { row[$0] == 0 && row[$0 + 2] == 255 && row[$0 + 3] == 255 })
        #expect(UIColor.red.ciColor.red == 1 && UIColor(white: 0.5, alpha: 1).cgColor.components?.first == 0.5)
        #expect(UIFont(name: "", size: 12) == nil)
    }
}

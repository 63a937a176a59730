import Testing
import UIKit

// This file imports UIKit and nothing else of the photo stack: as on iOS, Core Image, ImageIO,
// UniformTypeIdentifiers and Foundation come with it.

/// `import UIKit` alone sees Core Image and ImageIO, as iOS code expects.
@Suite struct UIKitReExportTests {
    @Test func coreImageAndImageIOComeWithUIKit() throws {
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 8, height: 6))
        let filter = try #require(CIFilter(name: "CIColorInvert"))
        filter.setValue(red, forKey: kCIInputImageKey)
        let inverted = try #require(filter.outputImage)
        let cgImage = try #require(CIContext().createCGImage(inverted, from: inverted.extent))
        #expect(cgImage.width == 8 && cgImage.height == 6)

        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, UTType.png.identifier, 1, nil))
        CGImageDestinationAddImage(destination, cgImage, nil)
        #expect(CGImageDestinationFinalize(destination))

        let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
        #expect(CGImageSourceGetType(source) == UTType.png.identifier)
        let decoded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(decoded.width == 8 && decoded.height == 6)

        // And UIImage, UIKit's own, reads what ImageIO wrote.
        let image = try #require(UIImage(data: data as Data))
        #expect(image.size == CGSize(width: 8, height: 6))
    }
}

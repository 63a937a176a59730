import XCTest
import CoreImage
import UIKit

/// `UIImage(ciImage:)`: the recipe is kept, `cgImage` is nil (as on Apple), and encoding renders it.
final class UIImageCIImageTests: XCTestCase {
    func testCIImageBackedImageEncodes() throws {
        let recipe = CIImage(color: CIColor(red: 1, green: 0.5, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 8, height: 6))
        let image = UIImage(ciImage: recipe, scale: 2, orientation: .right)
        XCTAssertNil(image.cgImage)
        XCTAssertTrue(image.ciImage === recipe)
        XCTAssertEqual(image.size, CGSize(width: 3, height: 4), "points after orientation and scale")
        let png = try XCTUnwrap(image.pngData())
        let decoded = try XCTUnwrap(UIImage(data: png)?.cgImage)
        XCTAssertEqual(decoded.width, 6, "written upright")
        XCTAssertEqual(decoded.height, 8)
        let bytes = try XCTUnwrap(decoded.dataProvider?.data)
        XCTAssertEqual(bytes[0], 255)
        XCTAssertEqual(Int(bytes[1]), 128, accuracy: 1)
        XCTAssertEqual(bytes[2], 0)
        XCTAssertNil(UIImage(ciImage: CIImage(color: CIColor(red: 1, green: 1, blue: 1))).pngData(), "an infinite recipe cannot be encoded")
    }
}

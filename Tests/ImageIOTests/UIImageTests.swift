import Foundation
import ImageIO
import UIKit
import _Testing_CoreGraphics
import _TestSupport

@Suite struct UIImageTests {
    @Test func orientationMapsToUIKitAndSizeIsUpright() throws {
        let expected: [Int: UIImage.Orientation] = [1: .up, 2: .upMirrored, 3: .down, 4: .downMirrored, 5: .leftMirrored, 6: .right, 7: .rightMirrored, 8: .left]
        for (exif, orientation) in expected {
            #expect(UIImage.Orientation(CGImagePropertyOrientation(rawValue: UInt32(exif))!) == orientation)
            #expect(CGImagePropertyOrientation(orientation).rawValue == UInt32(exif))
        }
        #expect(UIImage.Orientation.right.rawValue == 3 && UIImage.Orientation.rightMirrored.rawValue == 7)
        guard let url = TestMedia.url("images/orientation/orientation_6.jpg") else { return }
        let image = try #require(UIImage(data: try Data(contentsOf: url)))
        #expect(image.imageOrientation == .right)
        #expect(image.size == CGSize(width: 600, height: 400))
        #expect(image.cgImage?.width == 400 && image.cgImage?.height == 600)
        #expect(image.scale == 1)
    }

    @Test func encodingWritesUprightPixels() throws {
        guard let url = TestMedia.url("images/orientation/orientation_6.jpg") else { return }
        let image = try #require(UIImage(contentsOfFile: url.path))
        for data in [image.jpegData(compressionQuality: 0.9), image.pngData(), image.heicData()] {
            let encoded = try #require(data)
            let source = try #require(CGImageSourceCreateWithData(encoded as CFData, nil))
            let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any])
            #expect(props[kCGImagePropertyPixelWidth] as? Int == 600 && props[kCGImagePropertyPixelHeight] as? Int == 400)
            #expect((props[kCGImagePropertyOrientation] as? Int ?? 1) == 1)
            let again = try #require(UIImage(data: encoded))
            #expect(again.imageOrientation == .up && again.size == image.size)
        }
    }

    @Test func scalesAndCGImageInitialisers() throws {
        let source = try #require(CGImageSourceCreateWithData(FixtureImages.jpeg(width: 100, height: 50) as CFData, nil))
        let cgImage = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let plain = UIImage(cgImage: cgImage)
        #expect(plain.size == CGSize(width: 100, height: 50) && plain.imageOrientation == .up)
        let retina = UIImage(cgImage: cgImage, scale: 2, orientation: .left)
        #expect(retina.size == CGSize(width: 25, height: 50))
        #expect(retina.cgImage === cgImage)
        let directory = TemporaryDirectory()
        let file = directory.appending("icon@2x.jpg")
        try FixtureImages.jpeg(width: 100, height: 50).write(to: file)
        let loaded = try #require(UIImage(contentsOfFile: file.path))
        #expect(loaded.scale == 2 && loaded.size == CGSize(width: 50, height: 25))
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent.png") == nil)
        // Encoding applies the orientation: .left turns 100×50 into 50×100.
        let png = try #require(retina.pngData())
        let rotated = try #require(UIImage(data: png))
        #expect(rotated.cgImage?.width == 50 && rotated.cgImage?.height == 100)
    }
}

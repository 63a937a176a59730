import CoreImage
import Foundation
import ImageIO
import Testing
import UIKit
import _Testing_CoreGraphics
import _TestSupport

/// Item 5 of issue 16: `UIImage(named:)` from bundle resources, animated images and `CIImage(image:)`, as iOS
/// code uses them.
struct UIImageNamedTests {
    /// A bundle folder holding icon.png (20×10), icon@2x.png (40×20), photo.jpg and a nested banner@3x.png.
    static func bundle() throws -> (Bundle, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        func png(_ name: String, width: Int, height: Int) throws {
            let source = try #require(CGImageSourceCreateWithData(FixtureImages.jpeg(width: width, height: height) as CFData, nil))
            let image = UIImage(cgImage: try #require(CGImageSourceCreateImageAtIndex(source, 0, nil)))
            try #require(image.pngData()).write(to: directory.appending(name))
        }
        try png("icon.png", width: 20, height: 10)
        try png("icon@2x.png", width: 40, height: 20)
        try png("banner@3x.png", width: 60, height: 30)
        try FixtureImages.jpeg(width: 16, height: 8).write(to: directory.appending("photo.jpg"))
        return (try #require(Bundle(path: directory.url.path)), directory)
    }

    @Test func namedImagesPickTheVariantForTheDisplayScale() throws {
        let (bundle, directory) = try Self.bundle()
        defer { withExtendedLifetime(directory) {} }   // the bundle's folder lives until the end
        let one = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(one.scale == 1 && one.size == CGSize(width: 20, height: 10) && one.cgImage?.width == 20)
        let two = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(two.scale == 2 && two.size == CGSize(width: 20, height: 10) && two.cgImage?.width == 40)
        // No @3x: the nearest variant, @2x, with its own scale.
        let three = try #require(UIImage(named: "icon.png", in: bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        #expect(three.scale == 2 && three.cgImage?.width == 40)
        // Only an @3x file: found at scale 1 too, read at scale 3.
        let banner = try #require(UIImage(named: "banner", in: bundle, compatibleWith: nil))
        #expect(banner.scale == 3 && banner.size == CGSize(width: 20, height: 10))
        // A name without an extension means a PNG, as UIKit reads it.
        #expect(UIImage(named: "photo", in: bundle, compatibleWith: nil) == nil)
        #expect(UIImage(named: "photo.jpg", in: bundle, compatibleWith: nil)?.size == CGSize(width: 16, height: 8))
        #expect(UIImage(named: "missing", in: bundle, compatibleWith: nil) == nil)
        // The decoded image is cached: the same bitmap both times.
        let again = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(again.cgImage === one.cgImage)
        #expect(UIImage(named: "icon") == nil, "the test runner's main bundle has no icon")
    }

    @Test func animatedImagesKeepTheirFramesAndDuration() throws {
        let frames = try (0..<3).map { index -> UIImage in
            let source = try #require(CGImageSourceCreateWithData(FixtureImages.jpeg(width: 12, height: 6, seed: index) as CFData, nil))
            return UIImage(cgImage: try #require(CGImageSourceCreateImageAtIndex(source, 0, nil)), scale: 2, orientation: .up)
        }
        let animated = try #require(UIImage.animatedImage(with: frames, duration: 1.5))
        #expect(animated.images?.count == 3 && animated.duration == 1.5)
        #expect(animated.images?[2] === frames[2])
        #expect(animated.size == CGSize(width: 6, height: 3) && animated.scale == 2)
        #expect(animated.cgImage === frames[0].cgImage)
        #expect(frames[0].images == nil && frames[0].duration == 0)
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
    }

    @Test func ciImageOfAUIImageNotesOrAppliesItsOrientation() throws {
        let source = try #require(CGImageSourceCreateWithData(FixtureImages.jpeg(width: 30, height: 10) as CFData, nil))
        let bitmap = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let turned = UIImage(cgImage: bitmap, scale: 1, orientation: .right)
        let stored = try #require(CIImage(image: turned))
        #expect(stored.extent.size == CGSize(width: 30, height: 10), "the stored pixels, as on Apple platforms")
        #expect(stored.properties[kCGImagePropertyOrientation as String] as? Int == 6)
        let upright = try #require(CIImage(image: turned, options: [.applyOrientationProperty: true]))
        #expect(upright.extent.size == CGSize(width: 10, height: 30))
        let rendered = try #require(CIContext().createCGImage(upright, from: upright.extent))
        #expect(rendered.width == 10 && rendered.height == 30)
        // A recipe-backed image gives its recipe's graph back.
        let recipe = CIImage(color: CIColor(red: 0, green: 0, blue: 1)).cropped(to: CGRect(x: 0, y: 0, width: 5, height: 4))
        #expect(CIImage(image: UIImage(ciImage: recipe))?.extent == recipe.extent)
    }
}

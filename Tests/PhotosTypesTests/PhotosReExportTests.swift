import Testing
import Photos

// This file imports Photos and nothing else: as on Apple platforms, CoreLocation, CoreGraphics,
// UniformTypeIdentifiers, Foundation, UIKit — and through it Core Image and ImageIO — come with it.

/// `import Photos` alone sees the modules Apple's Photos re-exports.
@Suite struct PhotosReExportTests {
    @Test func locationGeometryAndTypesComeWithPhotos() {
        let here = CLLocation(latitude: 48.8584, longitude: 2.2945)
        let there = CLLocation(latitude: 48.8606, longitude: 2.3376)
        #expect(here.coordinate.latitude == 48.8584)
        #expect(here.distance(from: there) > 3_000 && here.distance(from: there) < 3_500)

        let size = CGSize(width: 4032, height: 3024)
        #expect(CGRect(origin: .zero, size: size).width == 4032)
        #expect(PHImageManagerMaximumSize.width < 0, "Photos' own constant is a CGSize")

        #expect(UTType.heic.conforms(to: .image))
        #expect(UTType(filenameExtension: "jpg") == .jpeg)
    }

    @Test func coreImageComesThroughUIKit() {
        let filter = CIFilter(name: "CISepiaTone")
        #expect(filter?.inputKeys.contains(kCIInputIntensityKey) == true)
        let square = CIImage(color: CIColor(red: 0, green: 0, blue: 1)).cropped(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(square.extent.size == CGSize(width: 2, height: 2))
        #expect(CGImageSourceCopyTypeIdentifiers().contains(UTType.jpeg.identifier))
    }
}

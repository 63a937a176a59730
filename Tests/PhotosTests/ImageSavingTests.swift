import XCTest
import Photos
import CoreImage
import _TestSupport

/// Saving `UIImage`s made by Core Image, as a filter app saves its output with
/// `PHAssetChangeRequest.creationRequestForAsset(from:)`.
final class ImageSavingTests: PhotosTestCase {
    func testACoreImageBackedImageIsRenderedAndSaved() throws {
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 40, height: 30))
        let image = UIImage(ciImage: red)
        var identifier: String?
        try library.performChangesAndWait {
            identifier = PHAssetChangeRequest.creationRequestForAsset(from: image).placeholderForCreatedAsset?.localIdentifier
        }
        let asset = try XCTUnwrap(PHAsset.fetchAssets(withLocalIdentifiers: [try XCTUnwrap(identifier)], options: nil).firstObject)
        XCTAssertEqual(asset.pixelWidth, 40)
        XCTAssertEqual(asset.pixelHeight, 30)
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var data: Data?
        PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) { bytes, uti, orientation, _ in
            data = bytes
            XCTAssertEqual(uti, "public.jpeg")
            XCTAssertEqual(orientation, .up)
        }
        let decoded = try XCTUnwrap(CIImage(data: try XCTUnwrap(data)))
        var pixel = [UInt8](repeating: 0, count: 4)
        CIContext().render(decoded.cropped(to: CGRect(x: 20, y: 15, width: 1, height: 1)), toBitmap: &pixel, rowBytes: 4,
                           bounds: CGRect(x: 20, y: 15, width: 1, height: 1), format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertGreaterThan(pixel[0], 230, "\(pixel)")
        XCTAssertLessThan(pixel[1], 25, "\(pixel)")
        XCTAssertLessThan(pixel[2], 25, "\(pixel)")
    }

    func testAnImageThatCannotBeEncodedFailsTheCommitAndCreatesNothing() throws {
        let endless = UIImage(ciImage: CIImage(color: CIColor(red: 1, green: 0, blue: 0)))
        XCTAssertThrowsError(try library.performChangesAndWait { _ = PHAssetChangeRequest.creationRequestForAsset(from: endless) }) { error in
            XCTAssertEqual((error as? PHPhotosError)?.code, .invalidResource, "\(error)")
        }
        XCTAssertEqual(PHAsset.fetchAssets(with: nil).count, 0)
    }
}

import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos

/// `PHAssetChangeRequest.creationRequestForAsset(from:)` as an iOS app saves a `UIImage` (a camera picture
/// carries its rotation in `imageOrientation`) and reads it back.
@Suite struct AssetCreationFromImageTests {
    func fetch(_ identifier: String, in test: TestLibrary) throws -> PHAsset {
        let options = PHFetchOptions()
        options.photoLibrary = test.photos
        return try #require(PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: options).firstObject)
    }

    func fullImage(_ asset: PHAsset) throws -> CGImage {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.deliveryMode = .highQualityFormat
        var image: UIImage?
        PHImageManager.default().requestImage(for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: options) { result, _ in
            image = result
        }
        return try #require(image?.cgImage)
    }

    @Test func aSavedImageComesBackUprightWithItsOrientationAndPixels() throws {
        let test = try TestLibrary()
        // Stored 64×48 with orientation .right: shown as 48×64, rotated a quarter turn clockwise.
        let image = UIImage(cgImage: QuadrantImage.bitmap(), scale: 1, orientation: .right)
        #expect(image.size == CGSize(width: 48, height: 64))
        var identifier: String?
        try test.photos.performChangesAndWait {
            let request = PHAssetChangeRequest.creationRequestForAsset(from: image)
            request.isFavorite = true
            identifier = request.placeholderForCreatedAsset?.localIdentifier
        }
        let asset = try fetch(try #require(identifier), in: test)
        #expect(asset.mediaType == .image)
        #expect(asset.isFavorite)
        #expect(asset.pixelWidth == 48 && asset.pixelHeight == 64)

        // The stored data is a JPEG of the bitmap as it was, tagged with the orientation.
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var stored: (Data?, String?, CGImagePropertyOrientation)?
        PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) { data, uti, orientation, _ in
            stored = (data, uti, orientation)
        }
        #expect(stored?.1 == "public.jpeg")
        #expect(stored?.2 == .right)
        let resource = try #require(PHAssetResource.assetResources(for: asset).first)
        #expect(resource.type == .photo && resource.uniformTypeIdentifier == "public.jpeg")

        // The image the manager gives is upright: the stored top-left (red) is now top-right, and so on.
        let upright = try fullImage(asset)
        #expect(upright.width == 48 && upright.height == 64)
        let pixels = PixelReader(upright)
        let corners: [(CGRect, (UInt8, UInt8, UInt8), String)] = [
            (CGRect(x: 4, y: 4, width: 16, height: 24), QuadrantImage.blue, "top-left"),
            (CGRect(x: 28, y: 4, width: 16, height: 24), QuadrantImage.red, "top-right"),
            (CGRect(x: 4, y: 36, width: 16, height: 24), QuadrantImage.white, "bottom-left"),
            (CGRect(x: 28, y: 36, width: 16, height: 24), QuadrantImage.green, "bottom-right"),
        ]
        for (rect, colour, name) in corners {
            let mean = pixels.mean(in: rect)
            #expect(QuadrantImage.matches(mean, colour), "\(name): \(mean), expected \(colour)")
        }
    }

    @Test func anUprightImageKeepsItsSize() throws {
        let test = try TestLibrary()
        var identifier: String?
        try test.photos.performChangesAndWait {
            identifier = PHAssetChangeRequest.creationRequestForAsset(from: UIImage(cgImage: QuadrantImage.bitmap(width: 80, height: 30)))
                .placeholderForCreatedAsset?.localIdentifier
        }
        let asset = try fetch(try #require(identifier), in: test)
        #expect(asset.pixelWidth == 80 && asset.pixelHeight == 30)
        let pixels = PixelReader(try fullImage(asset))
        #expect(QuadrantImage.matches(pixels.mean(in: CGRect(x: 4, y: 2, width: 30, height: 10)), QuadrantImage.red))
        #expect(QuadrantImage.matches(pixels.mean(in: CGRect(x: 46, y: 18, width: 30, height: 10)), QuadrantImage.white))
    }
}

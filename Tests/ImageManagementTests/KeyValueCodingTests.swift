import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos

/// `value(forKey:)` on PhotoKit objects, read the way iOS apps read the file name and size without loading data.
@Suite struct KeyValueCodingTests {
    @Test func assetResourcesAnswerFileSizeFilenameAndAvailability() throws {
        let test = try TestLibrary()
        let jpeg = FixtureImages.jpeg(width: 90, height: 60, seed: 4)
        let asset = try test.importFiles([("IMG_0007.JPG", jpeg)])[0]
        let resource = try #require(PHAssetResource.assetResources(for: asset).first)

        // The idioms found in apps.
        let fileSize = resource.value(forKey: "fileSize") as? Int64
        #expect(fileSize == Int64(jpeg.count))
        #expect((resource.value(forKey: "fileSize") as? NSNumber)?.int64Value == Int64(jpeg.count))
        #expect(resource.value(forKey: "fileSize") as? Int == jpeg.count)
        #expect(resource.value(forKey: "filename") as? String == "IMG_0007.JPG")
        #expect(resource.value(forKey: "locallyAvailable") as? Bool == true)
        #expect((resource.value(forKey: "locallyAvailable") as? NSNumber)?.boolValue == true)

        // Public properties under their Objective-C keys.
        #expect(resource.value(forKey: "originalFilename") as? String == resource.originalFilename)
        #expect(resource.value(forKey: "uniformTypeIdentifier") as? String == "public.jpeg")
        #expect(resource.value(forKey: "assetLocalIdentifier") as? String == asset.localIdentifier)
        #expect(resource.value(forKey: "type") as? Int == PHAssetResourceType.photo.rawValue)
        #expect(resource.value(forKey: "pixelWidth") as? Int == 90)
        #expect(resource.value(forKey: "noSuchKey") == nil)
    }

    @Test func assetsAnswerTheirFilenameAndProperties() throws {
        let test = try TestLibrary()
        let asset = try test.importFiles([("Holiday.jpg", FixtureImages.jpeg(width: 90, height: 60, seed: 5))])[0]
        #expect(asset.value(forKey: "filename") as? String == "Holiday.jpg")
        #expect(asset.value(forKey: "uniformTypeIdentifier") as? String == "public.jpeg")
        #expect(asset.value(forKey: "localIdentifier") as? String == asset.localIdentifier)
        #expect(asset.value(forKey: "pixelWidth") as? Int == 90)
        #expect(asset.value(forKey: "pixelHeight") as? Int == 60)
        #expect(asset.value(forKey: "mediaType") as? Int == PHAssetMediaType.image.rawValue)
        #expect(asset.value(forKey: "creationDate") as? Date == asset.creationDate)
        #expect(asset.value(forKey: "favorite") as? Bool == false)
        #expect(asset.value(forKey: "isFavorite") as? Bool == false)
        #expect(asset.value(forKey: "noSuchKey") == nil)

        // Through the superclass, as generic code holding a `PHObject` calls it.
        let object: PHObject = asset
        #expect(object.value(forKey: "filename") as? String == "Holiday.jpg")
    }
}

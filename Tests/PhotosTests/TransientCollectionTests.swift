import XCTest
import Photos

final class TransientCollectionTests: PhotosTestCase {
    func testTransientCollectionsKeepTheirOrderAndFilter() throws {
        let photos = try makePhotos([day(1), day(2), day(3), day(4)], favorite: [1, 3])
        let chosen = [photos[3], photos[0], photos[2], photos[1]]
        let selection = PHAssetCollection.transientAssetCollection(with: chosen, title: nil)
        XCTAssertEqual(PHAsset.fetchAssets(in: selection, options: nil).map(\.localIdentifier), chosen.map(\.localIdentifier),
                       "a transient collection keeps the order it was made with")

        let favorites = PHFetchOptions()
        favorites.predicate = NSPredicate(format: "isFavorite == YES")
        XCTAssertEqual(PHAsset.fetchAssets(in: selection, options: favorites).map(\.localIdentifier),
                       [photos[3], photos[1]].map(\.localIdentifier))

        let newestFirst = PHFetchOptions()
        newestFirst.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        let fromResult = PHAssetCollection.transientAssetCollection(withAssetFetchResult: PHAsset.fetchAssets(with: newestFirst), title: "All")
        XCTAssertEqual(fromResult.estimatedAssetCount, 4)
        XCTAssertEqual(PHAsset.fetchAssets(in: fromResult, options: nil).map(\.localIdentifier), photos.reversed().map(\.localIdentifier))
    }
}

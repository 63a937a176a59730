import XCTest
import Photos
import PhotoLibrary
import _TestSupport

/// Base class: each test gets a fresh temporary library installed as `PHPhotoLibrary.shared()`.
class PhotosTestCase: XCTestCase {
    var directory: TemporaryDirectory!
    var library: PHPhotoLibrary!
    /// The service serving the library, when the suite runs against a served library (`PHOTOS_TEST_BACKEND=served`).
    var served: ServedTestLibrary?
    /// The core library of the test's library directory (the served one's, opened beside the service).
    var core: Library { served?.core ?? library.library }

    override func setUpWithError() throws {
        directory = TemporaryDirectory(prefix: "photos-facade")
        if ServedTestLibrary.isRequested {
            let server = try ServedTestLibrary.orSkip { try ServedTestLibrary(directory: directory.appending("Test.photoslibrary"), socketPath: directory.appending("s.sock").path) }
            served = server
            library = try PHPhotoLibrary(url: server.socketURL)
        } else {
            library = try PHPhotoLibrary(url: directory.appending("Test.photoslibrary"))
        }
        PHPhotoLibrary.setShared(library)
    }

    override func tearDown() {
        PHPhotoLibrary.setShared(nil)
        library = nil
        served?.stop()
        served = nil
        directory = nil
    }

    /// Creates photos from generated JPEGs with the given creation dates; returns them in date order.
    @discardableResult
    func makePhotos(_ dates: [Date], favorite: Set<Int> = []) throws -> [PHAsset] {
        var identifiers: [String] = []
        try library.performChangesAndWait {
            for (index, date) in dates.enumerated() {
                let request = PHAssetCreationRequest.forAsset()
                request.addResource(with: .photo, data: FixtureImages.jpeg(seed: index), options: nil)
                request.creationDate = date
                if favorite.contains(index) { request.isFavorite = true }
                identifiers.append(request.placeholderForCreatedAsset!.localIdentifier)
            }
        }
        let result = PHAsset.fetchAssets(withLocalIdentifiers: identifiers, options: nil)
        return result.objects(at: IndexSet(integersIn: 0..<result.count))
    }

    /// Requests an editing input as an app whose `canHandleAdjustmentData` is `canHandle`, pumping the main
    /// queue (where PhotoKit delivers) until the handler runs.
    func contentEditingInput(for asset: PHAsset, canHandle: @escaping (PHAdjustmentData) -> Bool) throws -> PHContentEditingInput {
        let options = PHContentEditingInputRequestOptions()
        options.canHandleAdjustmentData = canHandle
        var result: PHContentEditingInput?
        var info: [AnyHashable: Any]?
        asset.requestContentEditingInput(with: options) { input, details in result = input; info = details }
        let deadline = Date().addingTimeInterval(20)
        while info == nil && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        return try XCTUnwrap(result, "no input: \(String(describing: info))")
    }

    /// A date `days` days and `hours` hours after 2024-01-01 00:00 UTC.
    func day(_ days: Double, hours: Double = 12) -> Date {
        Date(timeIntervalSince1970: 1_704_067_200 + days * 86_400 + hours * 3_600)
    }
}

/// Stands for "whatever the test does with a result" in the seed snippets.
func display(_ value: Any?) {}

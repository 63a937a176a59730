import XCTest
import GRDB
import FetchPredicates
@testable import PhotoLibrary
import _TestSupport

/// Searching by camera and by place: the service's predicate schema (PhotoKit's keys plus `cameraMake`,
/// `cameraModel`, `latitude`, `longitude`) over metadata read from the files on import, and the camera listing
/// (`Library.cameras()`), which counts what a fetch of all assets shows.
final class CameraAndPlaceTests: LibraryTestCase {
    /// A photo whose file names a camera and a position; nil fields are not in its EXIF block.
    struct Shot {
        var make: String?
        var model: String?
        var latitude: Double?
        var longitude: Double?
        var hidden = false
    }

    /// Creates one asset per shot from a JPEG carrying that EXIF; returns the identifiers in the same order.
    @discardableResult
    private func add(_ shots: [Shot]) throws -> [String] {
        var operations: [ChangeOperation] = []
        var identifiers: [String] = []
        for (index, shot) in shots.enumerated() {
            let id = LocalIdentifier.make(.asset)
            identifiers.append(id)
            let jpeg = FixtureImages.jpeg(seed: index, make: shot.make, model: shot.model, latitude: shot.latitude, longitude: shot.longitude)
            operations.append(.createAsset(NewAsset(identifier: id, resources: [
                NewResource(type: .photo, source: .data(jpeg), originalFilename: "IMG_\(index).JPG"),
            ], edits: AssetEdits(isHidden: shot.hidden ? true : nil, creationDate: .some(date(Double(index)))))))
        }
        try library.apply(ChangeBatch(operations: operations))
        return identifiers
    }

    /// The identifiers of all visible assets matching `format` over the service schema, as a set.
    private func matching(_ format: String) throws -> Set<String> {
        let predicate = try PredicateCompiler.compile(format: format, arguments: [], schema: PredicateSchemas.serviceAsset)
        return Set(try identifiers(AssetQuery(scope: .all, predicate: predicate)))
    }

    func testTheServiceSchemaIsPhotoKitsPlusCameraAndPlace() throws {
        let service = PredicateSchemas.serviceAsset
        for (key, column) in PredicateSchemas.asset.columns {
            XCTAssertEqual(service.columns[key], column, "PhotoKit key \(key) means the same in the service")
        }
        XCTAssertEqual(Set(service.columns.keys).subtracting(PredicateSchemas.asset.columns.keys),
                       ["cameraMake", "cameraModel", "latitude", "longitude"])
        XCTAssertEqual(service.columns["latitude"]?.kind, .real)
        XCTAssertEqual(service.columns["cameraModel"]?.kind, .text)
        // PhotoKit's own schema is untouched: a PHFetchOptions predicate on a Linux key fails as Apple's does.
        for key in ["cameraMake", "cameraModel", "latitude", "longitude"] {
            XCTAssertThrowsError(try PredicateCompiler.compile(format: "\(key) != nil", arguments: [], schema: PredicateSchemas.asset)) { error in
                XCTAssertEqual((error as? FetchPredicates.PredicateError)?.kind, .unsupportedKey, key)
            }
        }
    }

    func testCameraAndPlacePredicatesMatchTheFilesMetadata() throws {
        let ids = try add([
            Shot(make: "Apple", model: "iPhone 8", latitude: 15, longitude: 100),
            Shot(make: "Apple", model: "iPhone XS", latitude: 40.7484, longitude: -73.9857),
            Shot(make: "Canon", model: "Canon EOS 80D", latitude: 46.5197, longitude: 6.6323),
            Shot(make: nil, model: nil, latitude: nil, longitude: nil),
            Shot(make: "Apple", model: "iPhone 8", latitude: 18.25, longitude: 179.5),
        ])
        // The import read the EXIF block: make, model and the signed position.
        let records = try library.assets(rowIDs: try library.assetRowIDs(identifiers: ids))
        let xs = try XCTUnwrap(records.values.first { $0.identifier == ids[1] }?.location)
        XCTAssertEqual(xs.latitude, 40.7484, accuracy: 1e-4)
        XCTAssertEqual(xs.longitude, -73.9857, accuracy: 1e-4)

        XCTAssertEqual(try matching(#"cameraModel CONTAINS[c] "iphone""#), [ids[0], ids[1], ids[4]])
        XCTAssertEqual(try matching(#"cameraModel CONTAINS "iphone""#), [], "without [c] the case must match")
        XCTAssertEqual(try matching(#"cameraMake == "Apple""#), [ids[0], ids[1], ids[4]])
        XCTAssertEqual(try matching(#"cameraMake BEGINSWITH[c] "can" AND cameraModel ENDSWITH "80D""#), [ids[2]])
        // NULL columns behave as NSPredicate treats nil: != matches them, ranges and == do not, NOT(range) does.
        XCTAssertEqual(try matching(#"cameraMake != "Apple""#), [ids[2], ids[3]])
        XCTAssertEqual(try matching("cameraMake == nil"), [ids[3]])
        XCTAssertEqual(try matching("latitude >= 10 AND latitude <= 20"), [ids[0], ids[4]])
        XCTAssertEqual(try matching("NOT (latitude >= 10 AND latitude <= 20)"), [ids[1], ids[2], ids[3]])
        XCTAssertEqual(try matching("latitude BETWEEN {40, 50} AND longitude BETWEEN {0, 10}"), [ids[2]])
        // A box across the antimeridian (west 170, east -60): two longitude ranges OR'ed.
        XCTAssertEqual(try matching("latitude >= 10 AND latitude <= 50 AND (longitude >= 170 OR longitude <= -60)"), [ids[1], ids[4]])
        // Keys of the wrong kind are refused, as for PhotoKit's keys.
        XCTAssertThrowsError(try matching(#"latitude == "north""#))
        // Sorting by the new keys works too (missing values first, as SQLite orders NULL).
        let byLatitude = AssetQuery(scope: .all, sort: [try SortKey.resolve("latitude", ascending: true, in: PredicateSchemas.serviceAsset)])
        XCTAssertEqual(try identifiers(byLatitude), [ids[3], ids[0], ids[4], ids[1], ids[2]])
    }

    func testCamerasCountOnlyWhatAFetchOfAllAssetsShows() throws {
        let ids = try add([
            Shot(make: "Apple", model: "iPhone 8"),
            Shot(make: "Apple", model: "iPhone 8"),
            Shot(make: "Apple", model: "iPhone 8", hidden: true),
            Shot(make: "Apple", model: "iPhone 8"),
            Shot(make: "Canon", model: "Canon EOS 80D"),
            Shot(make: nil, model: nil),
            Shot(make: nil, model: "Scanner 3000"),
            Shot(make: "apple", model: "iPhone 8"),
        ])
        try library.apply(ChangeBatch(operations: [.trashAssets([ids[3]])]))
        XCTAssertEqual(try library.cameras(), [
            CameraCount(make: nil, model: "Scanner 3000", count: 1),
            CameraCount(make: "Apple", model: "iPhone 8", count: 2),
            CameraCount(make: "apple", model: "iPhone 8", count: 1),
            CameraCount(make: "Canon", model: "Canon EOS 80D", count: 1),
        ])
        // Each count is what a fetch with that camera's predicate finds.
        XCTAssertEqual(try matching(#"cameraMake == "Apple" AND cameraModel == "iPhone 8""#).count, 2)
        // Recovering the trashed photo and showing the hidden one count them again.
        try library.apply(ChangeBatch(operations: [.recoverAssets([ids[3]]), .editAsset(identifier: ids[2], AssetEdits(isHidden: false))]))
        XCTAssertEqual(try library.cameras().first { $0.make == "Apple" }?.count, 4)
    }

    func testCamerasOfTheCorpusCountABurstOnce() throws {
        guard let burst = TestMedia.url("images/burst"), let gps = TestMedia.url("images/exif_full_gps_north_east.jpg"),
              let bare = TestMedia.url("images/no_metadata.jpg") else { throw XCTSkip(TestMedia.skipMessage) }
        let folder = directory.appending("import")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(at: burst, includingPropertiesForKeys: nil) where file.pathExtension == "jpg" {
            try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(file.lastPathComponent))
        }
        for file in [gps, bare] { try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(file.lastPathComponent)) }
        _ = try Importer(library: library).importItems(at: [folder])
        // Three burst frames (Apple iPhone 12 Pro) show as one asset; the Canon has GPS; no_metadata names no camera.
        XCTAssertEqual(try library.cameras(), [
            CameraCount(make: "Apple", model: "iPhone 12 Pro", count: 1),
            CameraCount(make: "Canon", model: "Canon EOS 80D", count: 1),
        ])
        let near = try matching("latitude >= 46.47 AND latitude <= 46.57 AND longitude >= 6.58 AND longitude <= 6.68")
        XCTAssertEqual(near.count, 1)
        XCTAssertEqual(try matching(#"cameraModel CONTAINS[c] "eos""#), near)
    }
}

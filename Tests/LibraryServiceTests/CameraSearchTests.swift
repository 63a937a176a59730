import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// Searching by camera and place over HTTP: `GET /api/cameras`, and asset fetches with the service's extra
/// predicate keys (`cameraMake`, `cameraModel`, `latitude`, `longitude`), change details included.
@Suite(.serialized) struct CameraSearchTests {
    /// A server whose library holds two plain photos (no camera, no place) from the harness and three camera
    /// photos: iPhone 8 at 15° N 100° E, iPhone 8 without a place, a Canon EOS 80D at 46.52° N 6.63° E.
    /// Answers the harness and the camera photos' identifiers in that order.
    private func harnessWithCameras() async throws -> (ServiceHarness, [String]) {
        let harness = try await ServiceHarness(photos: 2)
        let folder = harness.directory.appending("cameras")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shots: [(String, String, Double?, Double?)] = [
            ("Apple", "iPhone 8", 15, 100), ("Apple", "iPhone 8", nil, nil), ("Canon", "Canon EOS 80D", 46.5197, 6.6323),
        ]
        for (index, shot) in shots.enumerated() {
            try FixtureImages.jpeg(seed: 10 + index, make: shot.0, model: shot.1, latitude: shot.2, longitude: shot.3)
                .write(to: folder.appendingPathComponent("camera-\(index).jpg"))
        }
        let summary = try Importer(library: harness.library).importItems(at: [folder])
        #expect(summary.imported == 3)
        let records = try harness.library.assets(rowIDs: try harness.library.assetRowIDs(AssetQuery(scope: .all))).values
        let ids = (0..<3).compactMap { index in records.first { $0.originalFilename == "camera-\(index).jpg" }?.identifier }
        try #require(ids.count == 3)
        return (harness, ids)
    }

    @Test func camerasAreListedForSignedInAccountsWithVisibleCounts() async throws {
        let (harness, ids) = try await harnessWithCameras()
        defer { Task { await harness.stop() } }
        let anonymous = try await HTTPClient(base: harness.baseURL, token: nil).get("/api/cameras")
        #expect(anonymous.status == 401)
        #expect(anonymous.header("Content-Type") == "application/problem+json")

        let listed = try await harness.client("viewer").get("/api/cameras")
        #expect(listed.status == 200)
        let cameras = listed.json["cameras"] as? [[String: Any]] ?? []
        #expect(cameras.map { "\($0["make"] as? String ?? "-") \($0["model"] as? String ?? "-") \($0["count"] as? Int ?? -1)" }
                == ["Apple iPhone 8 2", "Canon Canon EOS 80D 1"])

        // Hidden and deleted photos are not counted: the list follows what the library shows.
        try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[1], AssetEdits(isHidden: true)), .trashAssets([ids[2]])]))
        let after = try await harness.client("member").get("/api/cameras").json["cameras"] as? [[String: Any]] ?? []
        #expect(after.count == 1)
        #expect(after.first?["model"] as? String == "iPhone 8")
        #expect(after.first?["count"] as? Int == 1)
    }

    @Test func assetFetchesAcceptCameraAndPlaceKeysAndStillRefuseUnknownOnes() async throws {
        let (harness, ids) = try await harnessWithCameras()
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        func count(_ predicate: String) async throws -> Int? {
            try await client.post("/api/fetches", ["entity": "assets", "predicate": predicate]).json["count"] as? Int
        }
        #expect(try await count(#"cameraModel CONTAINS[c] "iphone""#) == 2)
        #expect(try await count(#"cameraMake == "Apple""#) == 2)
        #expect(try await count(#"cameraMake != "Apple""#) == 3, "the Canon and the two photos naming no camera")
        #expect(try await count("latitude >= 10 AND latitude <= 20") == 1)
        #expect(try await count("latitude >= 40 AND latitude <= 50 AND (longitude >= 170 OR longitude <= 10)") == 1)
        #expect(try await count("latitude == nil") == 3)

        // The fetch's page holds the right asset, and sorting by a new key works.
        let made = try await client.post("/api/fetches", ["entity": "assets", "predicate": #"cameraMake BEGINSWITH[c] "can""#,
                                                          "sort": [["key": "latitude", "ascending": false]]])
        #expect(made.status == 201)
        let fetch = try #require(made.json["id"] as? String)
        let page = try await client.get("/api/fetches/\(fetch)")
        #expect((page.json["assets"] as? [[String: Any]])?.map { $0["localIdentifier"] as? String } == [ids[2]])

        let unknown = try await client.post("/api/fetches", ["entity": "assets", "predicate": "secretColumn == 1"])
        #expect(unknown.status == 400)
        #expect(unknown.problemType == "unsupported-predicate")
        // Collections have no camera.
        let collections = try await client.post("/api/fetches", ["entity": "collections", "scope": ["type": "assetCollections"],
                                                                 "predicate": #"cameraMake == "Apple""#])
        #expect(collections.status == 400)
        #expect(collections.problemType == "unsupported-predicate")
    }

    @Test func aPlaceFetchReceivesChangeDetailsWhenAPhotoMovesIntoTheBox() async throws {
        let (harness, ids) = try await harnessWithCameras()
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let made = try await client.post("/api/fetches", ["entity": "assets", "predicate": "latitude >= 10 AND latitude <= 20 AND longitude >= 90 AND longitude <= 110",
                                                          "sort": [["key": "creationDate", "ascending": true]]])
        let fetch = try #require(made.json["id"] as? String)
        #expect(made.json["count"] as? Int == 1)
        let stream = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream?fetch=\(fetch)",
                                              headers: ["Authorization": "Bearer \(harness.tokens["viewer"]!)"])
        #expect(try await stream.events(until: "ready").last?.name == "ready")

        // The iPhone photo without a place is given one inside the box; the one inside is moved out.
        let outcome = try harness.library.apply(ChangeBatch(operations: [
            .editAsset(identifier: ids[1], AssetEdits(location: .some(GeoPoint(latitude: 12, longitude: 95)))),
            .editAsset(identifier: ids[0], AssetEdits(location: .some(GeoPoint(latitude: -33.86, longitude: 151.21)))),
        ]))
        let event = try #require(try await stream.events(until: "change").last)
        #expect(event.id == outcome.token)
        let details = try #require((event.data["details"] as? [[String: Any]])?.first)
        #expect(details["fetch"] as? String == fetch)
        #expect(details["count"] as? Int == 1)
        #expect(details["inserted"] as? [Int] == [0])
        #expect(details["removed"] as? [Int] == [0])
        let page = try await client.get("/api/fetches/\(fetch)")
        #expect((page.json["assets"] as? [[String: Any]])?.map { $0["localIdentifier"] as? String } == [ids[1]])
    }
}

import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// PhotoKit's picker over the service, with real programs on the Unix socket (curl, known only by its peer
/// credentials): an application opens a session whatever its access, the owner picks, and the application
/// receives exactly what was picked — bytes, and identifiers only when it may read the assets anyway.
@Suite(.serialized, .enabled(if: SocketProgram.isAvailable, "curl (/usr/bin/curl) is needed to act as a program on the socket"))
struct PickerSessionTests {
    static let curlID = "path:/usr/bin/curl"

    func start(photos: Int = 3) async throws -> (ServiceHarness, SocketProgram) {
        let harness = try await ServiceHarness(photos: photos, socket: true)
        return (harness, SocketProgram(executable: SocketProgram.systemCurl, socket: harness.socketPath!))
    }

    /// Opens a session as `app`; answers its id.
    func open(_ app: SocketProgram, _ body: [String: Any]) async throws -> String {
        let opened = try await app.post("/api/picker/sessions", body)
        #expect(opened.status == 201, "\(String(decoding: opened.body, as: UTF8.self))")
        let id = try #require(opened.json["id"] as? String)
        #expect(opened.json["url"] as? String == "/pick/\(id)")
        return id
    }

    func originalSHA256(_ identifier: String, in harness: ServiceHarness) throws -> String {
        try harness.library.resources(assetRowID: try harness.library.assetRowIDs(identifiers: [identifier])[0])[0].sha256
    }

    @Test func anUndecidedApplicationReceivesOnlyWhatTheOwnerPicked() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let owner = harness.client("admin")
        let id = try await open(app, ["selectionLimit": 2])
        #expect(try await app.get("/api/picker/sessions/\(id)/results").json["state"] as? String == "waiting")

        // The owner sees who asks and what may be picked.
        let session = try await owner.get("/api/picker/sessions/\(id)")
        #expect((session.json["application"] as? [String: Any])?["identifier"] as? String == Self.curlID)
        #expect((session.json["application"] as? [String: Any])?["executablePath"] as? String == SocketProgram.systemCurl.path)
        #expect(session.json["selectionLimit"] as? Int == 2)
        #expect(session.json["state"] as? String == "waiting")
        let candidates = try await owner.get("/api/picker/sessions/\(id)/candidates?limit=2")
        #expect(candidates.json["count"] as? Int == 3)
        #expect((candidates.json["assets"] as? [[String: Any]])?.count == 2)

        // The application waits; the owner picks two of the three.
        async let answered = app.get("/api/picker/sessions/\(id)/results?wait=20")
        try await Task.sleep(for: .milliseconds(300))
        let picked = [assets[2], assets[0]]
        let choice = try await owner.post("/api/picker/sessions/\(id)/choice", ["assets": picked])
        #expect(choice.status == 200, "\(choice.text)")
        let results = try await answered
        #expect(results.json["state"] as? String == "picked")
        let list = try #require(results.json["results"] as? [[String: Any]])
        #expect(list.count == 2)
        for (n, result) in list.enumerated() {
            #expect(result["assetIdentifier"] == nil, "an undecided application learns no identifiers")
            let items = try #require(result["items"] as? [[String: Any]])
            #expect(items.count == 1)
            #expect(items[0]["typeIdentifier"] as? String == "public.jpeg")
            let url = try #require(items[0]["url"] as? String)
            let bytes = try await app.get(url)
            #expect(bytes.status == 200)
            #expect(bytes.body.count == items[0]["byteCount"] as? Int)
            #expect(ContentDigest.sha256Hex(bytes.body) == (try originalSHA256(picked[n], in: harness)))
        }
        // A byte range of an item.
        let range = try await app.request("GET", "/api/picker/sessions/\(id)/results/0/items/0", headers: ["Range": "bytes=0-9"])
        #expect(range.status == 206 && range.body.count == 10)

        // Nothing else is reachable: no third result, no second item, and the library stays closed.
        #expect(try await app.get("/api/picker/sessions/\(id)/results/2/items/0").status == 404)
        #expect(try await app.get("/api/picker/sessions/\(id)/results/0/items/1").status == 404)
        let fetch = try await app.post("/api/fetches", ["entity": "assets"])
        #expect(fetch.status == 403 && fetch.problemType == "access-not-determined")
        #expect(try await app.get("/api/assets/\(assets[1].prefix(36))").status == 403)
        // The owner's routes are not the application's (anonymous on the socket).
        #expect(try await app.get("/api/picker/sessions/\(id)").status == 401)
        #expect(try await app.get("/api/picker/sessions/\(id)/candidates").status == 401)
        // One answer per session.
        let again = try await owner.post("/api/picker/sessions/\(id)/choice", ["cancelled": true])
        #expect(again.status == 409 && again.problemType == "picker-session-finished")
        // People do not open pickers; only applications do.
        #expect(try await owner.post("/api/picker/sessions", [String: Any]()).problemType == "not-an-application")
    }

    @Test func identifiersOnlyForWhatTheApplicationMayReadAndPickingNeverGrowsAccess() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let owner = harness.client("admin")

        // Full access: identifiers, and its preselection is honoured.
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .full)
        try await Task.sleep(for: .milliseconds(600))
        let full = try await open(app, ["selectionLimit": 0, "preselectedAssetIdentifiers": [assets[1]]])
        #expect(try await owner.get("/api/picker/sessions/\(full)").json["preselectedAssetIdentifiers"] as? [String] == [assets[1]])
        #expect(try await owner.post("/api/picker/sessions/\(full)/choice", ["assets": [assets[0], assets[1]]]).status == 200)
        let fullResults = try await app.get("/api/picker/sessions/\(full)/results")
        #expect((fullResults.json["results"] as? [[String: Any]])?.map { $0["assetIdentifier"] as? String } == [assets[0], assets[1]])

        // Limited: only the selected asset's identifier; picking the other does not add it to the selection.
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .limited, selection: [assets[0]])
        try await Task.sleep(for: .milliseconds(600))
        let limited = try await open(app, ["selectionLimit": 2, "preselectedAssetIdentifiers": [assets[2]]])
        #expect(try await owner.get("/api/picker/sessions/\(limited)").json["preselectedAssetIdentifiers"] as? [String] == [])
        #expect(try await owner.post("/api/picker/sessions/\(limited)/choice", ["assets": [assets[0], assets[2]]]).status == 200)
        let limitedResults = try await app.get("/api/picker/sessions/\(limited)/results")
        #expect((limitedResults.json["results"] as? [[String: Any]])?.map { $0["assetIdentifier"] as? String } == [assets[0], nil])
        #expect(try await app.post("/api/fetches", ["entity": "assets"]).json["count"] as? Int == 1)
        #expect(try await app.get("/api/assets/\(assets[2].prefix(36))").status == 404)
        // …yet the picked bytes are its to read.
        #expect(try await app.get("/api/picker/sessions/\(limited)/results/1/items/0").status == 200)
    }

    @Test func theLimitedLibraryPickerGrowsOnlyALimitedSelection() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let owner = harness.client("admin")

        // Undecided, then full: there is no selection to grow (409), and nothing is offered to the owner.
        let undecided = try await app.post("/api/picker/sessions", ["purpose": "limitedLibrary"])
        #expect(undecided.status == 409 && undecided.problemType == "not-limited", "\(String(decoding: undecided.body, as: UTF8.self))")
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .full)
        try await Task.sleep(for: .milliseconds(600))
        #expect(try await app.post("/api/picker/sessions", ["purpose": "limitedLibrary"]).status == 409)
        #expect((try await owner.get("/api/picker/sessions").json["sessions"] as? [Any])?.isEmpty == true)

        // Limited to one photo: a limited-library session takes nothing but its purpose.
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .limited, selection: [assets[0]])
        try await Task.sleep(for: .milliseconds(600))
        #expect(try await app.post("/api/picker/sessions", ["purpose": "limitedLibrary", "selectionLimit": 1]).status == 400)
        #expect(try await app.post("/api/picker/sessions", ["purpose": "everything"]).status == 400)
        let id = try await open(app, ["purpose": "limitedLibrary"])
        let offered = try await owner.get("/api/picker/sessions/\(id)")
        #expect(offered.json["purpose"] as? String == "limitedLibrary")
        #expect(offered.json["selectionLimit"] as? Int == 0)
        #expect(try await owner.get("/api/picker/sessions/\(id)/candidates").json["count"] as? Int == 3, "every photo is offered")

        // The owner adds one it had and one it had not: the selection grows by one, and only that one is reported.
        #expect(try await owner.post("/api/picker/sessions/\(id)/choice", ["assets": [assets[0], assets[2]]]).status == 200)
        let results = try await app.get("/api/picker/sessions/\(id)/results")
        #expect(results.json["state"] as? String == "picked")
        #expect(results.json["addedAssetIdentifiers"] as? [String] == [assets[2]])
        #expect((results.json["results"] as? [Any])?.isEmpty == true, "no items are handed over: the photos are now its to read")
        #expect(try await app.post("/api/fetches", ["entity": "assets"]).json["count"] as? Int == 2)
        #expect(try await app.get("/api/assets/\(assets[2].prefix(36))").status == 200)
        #expect(try await app.get("/api/assets/\(assets[1].prefix(36))").status == 404)
    }

    @Test func choicesOverTheLimitOrOutsideTheFilterAreRefusedAndCancellingGivesNothing() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let owner = harness.client("admin")

        #expect(try await app.post("/api/picker/sessions", ["filter": "pictures"]).status == 400)
        #expect(try await app.post("/api/picker/sessions", ["mode": "raw"]).status == 400)
        #expect(try await app.post("/api/picker/sessions", ["selectionLimit": -1]).status == 400)

        let videos = try await open(app, ["filter": "videos"])
        #expect(try await owner.get("/api/picker/sessions/\(videos)").json["filter"] as? String == "videos")
        #expect(try await owner.get("/api/picker/sessions/\(videos)/candidates").json["count"] as? Int == 0)
        let excluded = try await owner.post("/api/picker/sessions/\(videos)/choice", ["assets": [assets[0]]])
        #expect(excluded.status == 422 && excluded.problemType == "picker-choice-refused")

        let one = try await open(app, ["filter": "any(images,videos)"])
        let over = try await owner.post("/api/picker/sessions/\(one)/choice", ["assets": [assets[0], assets[1]]])
        #expect(over.status == 422 && over.problemType == "picker-choice-refused")
        #expect(try await app.get("/api/picker/sessions/\(one)/results").json["state"] as? String == "waiting")
        // Hidden assets cannot be picked.
        #expect(try await owner.post("/api/changes", ["operations": [["op": "editAsset", "asset": assets[1], "isHidden": true]]]).status == 200)
        #expect(try await owner.post("/api/picker/sessions/\(one)/choice", ["assets": [assets[1]]]).problemType == "picker-choice-refused")
        #expect(try await owner.get("/api/picker/sessions/\(one)/candidates").json["count"] as? Int == 2)

        // Cancelled: no results, and nothing to read.
        #expect(try await owner.post("/api/picker/sessions/\(one)/choice", ["cancelled": true]).status == 200)
        let cancelled = try await app.get("/api/picker/sessions/\(one)/results?wait=5")
        #expect(cancelled.json["state"] as? String == "cancelled")
        #expect((cancelled.json["results"] as? [Any])?.isEmpty == true)
        #expect(try await app.get("/api/picker/sessions/\(one)/results/0/items/0").status == 404)
    }

    @Test func anotherApplicationCannotReadTheSession() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let id = try await open(app, ["selectionLimit": 1])
        #expect(try await harness.client("admin").post("/api/picker/sessions/\(id)/choice", ["assets": [assets[0]]]).status == 200)

        let folder = harness.directory.appending("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("other")
        try FileManager.default.copyItem(at: SocketProgram.systemCurl, to: copy)
        try Data(#"{"identifier": "org.example.Other", "name": "Other"}"#.utf8).write(to: copy.appendingPathExtension("photos-app.json"))
        let other = SocketProgram(executable: copy, socket: harness.socketPath!)
        #expect(try await other.get("/api/picker/sessions/\(id)/results").status == 404)
        #expect(try await other.get("/api/picker/sessions/\(id)/results/0/items/0").status == 404)
        // A member (not an admin) cannot see or answer it either.
        #expect(try await harness.client("member").get("/api/picker/sessions/\(id)").status == 403)
        #expect(try await app.get("/api/picker/sessions/\(id)/results").json["state"] as? String == "picked")

        // The waiting ones are offered to admins only; an application gives up its own, and only its own.
        let waiting = try await open(app, ["selectionLimit": 1])
        let offered = { () async throws -> [String] in
            ((try await harness.client("admin").get("/api/picker/sessions").json["sessions"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try await offered() == [waiting], "the answered one is not offered")
        #expect(try await harness.client("member").get("/api/picker/sessions").status == 403)
        let listed = try await app.get("/api/picker/sessions")
        #expect(listed.status == 401, "applications do not list sessions (on the socket an admin route sees nobody): \(listed.status)")
        #expect(try await other.request("DELETE", "/api/picker/sessions/\(waiting)").status == 404)
        #expect(try await app.request("DELETE", "/api/picker/sessions/\(waiting)").status == 204)
        #expect(try await offered() == [])
        #expect(try await app.get("/api/picker/sessions/\(waiting)/results").json["state"] as? String == "cancelled")
    }

    @Test(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
    func compatibleModeHandsAJPEGAndALivePhotoItsMovie() async throws {
        let (harness, app) = try await start(photos: 0)
        defer { Task { await harness.stop() } }
        let folder = harness.directory.appending("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for path in ["heic/real_iphone8_gps.heic", "livephoto/IMG_0001.HEIC", "livephoto/IMG_0001.MOV"] {
            let source = try #require(TestMedia.url(path))
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        _ = try Importer(library: harness.library).importItems(at: [folder])
        let rows = try harness.library.assetRowIDs(AssetQuery(scope: .all))
        let records = try harness.library.assets(rowIDs: rows).values
        let still = try #require(records.first { $0.originalFilename == "real_iphone8_gps.heic" }).identifier
        let live = try #require(records.first { $0.originalFilename.hasPrefix("IMG_0001") }).identifier
        let owner = harness.client("admin")

        // compatible: the HEIC still comes as a JPEG made for the request (no size beforehand).
        let compatible = try await open(app, ["mode": "compatible", "selectionLimit": 0])
        #expect(try await owner.post("/api/picker/sessions/\(compatible)/choice", ["assets": [still, live]]).status == 200)
        let results = try #require(try await app.get("/api/picker/sessions/\(compatible)/results").json["results"] as? [[String: Any]])
        let jpegItem = try #require((results[0]["items"] as? [[String: Any]])?.first)
        #expect(jpegItem["typeIdentifier"] as? String == "public.jpeg")
        #expect(jpegItem["byteCount"] == nil)
        let jpeg = try await app.get(try #require(jpegItem["url"] as? String))
        #expect(jpeg.status == 200)
        #expect(Array(jpeg.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        // A Live Photo: its still, then its movie.
        let liveItems = try #require(results[1]["items"] as? [[String: Any]])
        #expect(liveItems.map { $0["typeIdentifier"] as? String } == ["public.jpeg", "com.apple.quicktime-movie"])

        // current: the stored HEIC, byte for byte.
        let current = try await open(app, ["mode": "current"])
        #expect(try await owner.post("/api/picker/sessions/\(current)/choice", ["assets": [still]]).status == 200)
        let item = try #require(((try await app.get("/api/picker/sessions/\(current)/results").json["results"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
        #expect(item["typeIdentifier"] as? String == "public.heic")
        let bytes = try await app.get(try #require(item["url"] as? String))
        #expect(ContentDigest.sha256Hex(bytes.body) == (try originalSHA256(still, in: harness)))
    }
}

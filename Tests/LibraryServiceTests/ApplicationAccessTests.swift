import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// PhotoKit's access levels, enforced by the service against real programs on its Unix socket (curl, known
/// only by its peer credentials and executable): an undecided or denied program reaches nothing but its own
/// access routes, a limited one exactly its selection through every read path, an add-only one nothing at all,
/// and a revoked one loses access on its open connection within a second.
@Suite(.serialized, .enabled(if: SocketProgram.isAvailable, "curl (/usr/bin/curl) is needed to act as a program on the socket"))
struct ApplicationAccessTests {
    static let curlID = "path:/usr/bin/curl"

    func start() async throws -> (ServiceHarness, SocketProgram) {
        let harness = try await ServiceHarness(photos: 3, socket: true)
        return (harness, SocketProgram(executable: SocketProgram.systemCurl, socket: harness.socketPath!))
    }

    @Test func anUndecidedProgramOnlyAsksAndTheOwnerDecides() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let asset = try harness.assetIdentifiers()[0]
        for path in ["/api/assets/\(asset)", "/api/assets/\(asset)/image", "/api/changes?since=0", "/api/cameras", "/api/changes/stream"] {
            let refused = try await app.get(path)
            #expect(refused.status == 403, "\(path)")
            #expect(refused.problemType == "access-not-determined", "\(path)")
        }
        #expect(try await app.post("/api/fetches", ["entity": "assets"]).problemType == "access-not-determined")
        #expect(try await app.get("/api/access").json["status"] as? String == "notDetermined")
        // Paths for people are never an application's: anonymous there, so 401.
        #expect(try await app.get("/api/users").status == 401)

        // It asks; the owner sees the question (with its executable), and answers while it waits.
        let asked = try await app.post("/api/access/requests", ["level": "readWrite"])
        #expect(asked.json["status"] as? String == "notDetermined")
        let pending = try #require(try harness.library.appGrants().first)
        #expect(pending.appIdentifier == Self.curlID)
        #expect(pending.status == .pending && pending.requestedLevel == .readWrite)
        #expect(pending.executableSHA256 == ContentDigest.sha256Hex(ofFileAt: SocketProgram.systemCurl))
        let owner = harness.client("admin")
        let listed = try await owner.get("/api/access/apps")
        #expect((listed.json["applications"] as? [[String: Any]])?.first?["identifier"] as? String == Self.curlID)
        // requestAuthorization: the answer arrives while the request waits.
        async let answered = app.request("POST", "/api/access/requests?wait=20", json: ["level": "readWrite"])
        try await Task.sleep(for: .milliseconds(400))
        #expect(try await owner.post("/api/access/apps/\(pending.rowID)", ["status": "full"]).status == 200)
        #expect(try await answered.json["status"] as? String == "authorized")
        #expect(try await app.post("/api/fetches", ["entity": "assets"]).json["count"] as? Int == 3)

        // Denied: every path but its own access routes says so.
        #expect(try await owner.post("/api/access/apps/\(pending.rowID)", ["status": "denied"]).status == 200)
        let denied = try await app.get("/api/assets/\(asset)")
        #expect(denied.status == 403)
        #expect(denied.problemType == "access-denied")
        #expect(try await app.get("/api/access").json["status"] as? String == "denied")
        // An application never reaches the owner's routes, even with access.
        #expect(try await owner.post("/api/access/apps/\(pending.rowID)", ["status": "full"]).status == 200)
        try await Task.sleep(for: .milliseconds(600))
        #expect(try await app.get("/api/access/apps").status == 401)
    }

    @Test func aLimitedProgramSeesExactlyItsSelectionThroughEveryReadPath() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let (selected, other) = (assets[0], assets[1])
        let owner = harness.client("admin")
        let album = try #require((try await owner.post("/api/changes", ["operations": [["op": "createAlbum", "placeholder": "a", "title": "Owner's"],
                                                                                        ["op": "editCollection", "collection": "$a", "add": [selected, other]]]])
            .json["placeholders"] as? [String: String])?["a"])
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .limited, selection: [selected])
        let uuid = { (identifier: String) in String(identifier.prefix(36)) }

        // Fetches: only the selection, however they are asked.
        let all = try await app.post("/api/fetches", ["entity": "assets"])
        #expect(all.json["count"] as? Int == 1)
        let page = try await app.get("/api/fetches/\(all.json["id"] as! String)")
        #expect((page.json["assets"] as? [[String: Any]])?.map { $0["localIdentifier"] as? String } == [selected])
        #expect(try await app.post("/api/fetches", ["entity": "assets", "scope": ["type": "identifiers", "identifiers": [other, selected]]]).json["count"] as? Int == 1)
        #expect(try await app.post("/api/fetches", ["entity": "assets", "scope": ["type": "collection", "collection": album]]).status == 404)
        #expect(try await app.post("/api/fetches", ["entity": "collections", "scope": ["type": "assetCollections", "collectionType": 1]]).json["count"] as? Int == 0)
        #expect(try await app.post("/api/fetches", ["entity": "collections", "scope": ["type": "containingAsset", "asset": other]]).status == 404)
        let ownersAlbum = try await app.get("/api/collections/\(album.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        #expect(ownersAlbum.status == 404, "\(String(decoding: ownersAlbum.body, as: UTF8.self))")
        // Objects and their bytes: the other asset does not exist for it.
        for path in ["", "/image", "/image?width=64", "/resources", "/resources/0", "/metadata", "/edit", "/edit/input"] {
            #expect(try await app.get("/api/assets/\(uuid(other))\(path)").status == 404, "\(path)")
        }
        #expect(try await app.get("/api/assets/\(uuid(selected))").status == 200)
        #expect(try await app.get("/api/assets/\(uuid(selected))/image").status == 200)
        #expect(try await app.get("/api/assets/\(uuid(selected))/resources/0").status == 200)
        #expect(try await app.post("/api/downloads", ["assets": [other]]).status == 404)
        // Content checks answer only for content it may see.
        let hashes = try [selected, other].map { identifier in
            try harness.library.resources(assetRowID: try harness.library.assetRowIDs(identifiers: [identifier])[0])[0].sha256
        }
        #expect(try await app.post("/api/uploads/check", ["sha256": hashes]).json["present"] as? [String] == [hashes[0]])
        // History: only its selection.
        let history = try await app.get("/api/changes?since=0")
        let named = (history.json["changes"] as? [[String: Any]] ?? []).flatMap { (($0["assets"] as? [String: Any])?.values.compactMap { $0 as? [String] } ?? []).joined() }
        #expect(!named.isEmpty && named.allSatisfy { $0 == selected })

        // Changes: within the selection only; outside it, as if the asset did not exist, and nothing changes.
        let before = try harness.library.currentChangeToken()
        let refused = try await app.post("/api/changes", ["operations": [["op": "trashAssets", "assets": [other]]]])
        #expect(refused.status == 404)
        #expect(try harness.library.currentChangeToken() == before)
        #expect(try await app.post("/api/changes", ["operations": [["op": "editAsset", "asset": selected, "isFavorite": true]]]).status == 200)
        #expect(try await app.post("/api/changes", ["operations": [["op": "purgeAssets", "assets": [selected]]]]).status == 403)
        // Its own album: made, seen, filled from its selection only.
        let made = try await app.post("/api/changes", ["operations": [["op": "createAlbum", "placeholder": "mine", "title": "App's"],
                                                                ["op": "editCollection", "collection": "$mine", "add": [selected]]]])
        let mine = try #require((made.json["placeholders"] as? [String: String])?["mine"])
        #expect(try await app.post("/api/fetches", ["entity": "collections", "scope": ["type": "assetCollections", "collectionType": 1]]).json["count"] as? Int == 1)
        #expect(try await app.post("/api/changes", ["operations": [["op": "editCollection", "collection": mine, "add": [other]]]]).status == 404)
        // The owner's album changes are none of its business; its own are.
        #expect(try await app.post("/api/changes", ["operations": [["op": "editCollection", "collection": album, "title": "Mine now"]]]).status == 404)

        // The selection grows: its change stream hears it, with fetch details naming the new asset inserted.
        let fetch = try #require(try await app.post("/api/fetches", ["entity": "assets"]).json["id"] as? String)
        let stream = try SocketProgram.Stream(app, path: "/api/changes/stream?fetch=\(fetch)")
        defer { stream.stop() }
        #expect(try await stream.wait(for: "event: ready"))
        // A change elsewhere is not heard…
        #expect(try await owner.post("/api/changes", ["operations": [["op": "editAsset", "asset": assets[2], "isHidden": true]]]).status == 200)
        #expect(try await owner.post("/api/access/apps/\(try harness.library.appGrant(identifier: Self.curlID)!.rowID)/selection", ["assets": [other]])
            .json["added"] as? [String] == [other])
        #expect(try await stream.wait(for: "\"inserted\":[1]"))
        #expect(stream.text.contains(other.prefix(36)))
        #expect(!stream.text.contains(assets[2].prefix(36)))
        #expect(try await app.post("/api/fetches", ["entity": "assets"]).json["count"] as? Int == 2)
    }

    @Test func anAddOnlyProgramAddsAndReadsNothing() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        let existing = try harness.assetIdentifiers()[0]
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .addOnly)
        #expect(try await app.get("/api/access?level=addOnly").json["status"] as? String == "authorized")
        #expect(try await app.get("/api/access?level=readWrite").json["status"] as? String == "denied")

        let file = try FixtureImages.writeJPEG(to: harness.directory.appending("new.jpg"), width: 320, height: 200, seed: 99)
        let imported = try await app.upload(file)
        #expect(imported.status == 200)
        let created = try #require((imported.json["imported"] as? [String])?.first)
        // Every read path: nothing, not even what it added.
        for scope in [["type": "all"], ["type": "identifiers", "identifiers": [existing, created]]] as [[String: Any]] {
            #expect(try await app.post("/api/fetches", ["entity": "assets", "scope": scope]).json["count"] as? Int == 0)
        }
        #expect(try await app.post("/api/fetches", ["entity": "collections", "scope": ["type": "assetCollections"]]).json["count"] as? Int == 0)
        for identifier in [existing, created] {
            for path in ["", "/image", "/resources/0", "/metadata", "/edit"] {
                #expect(try await app.get("/api/assets/\(identifier.prefix(36))\(path)").status == 404, "\(path)")
            }
        }
        #expect((try await app.get("/api/changes?since=0").json["changes"] as? [Any])?.isEmpty == true)
        #expect(try await app.post("/api/uploads/check", ["sha256": [ContentDigest.sha256Hex(ofFileAt: file)!]]).json["present"] as? [String] == [])
        // Changes beyond adding: refused.
        for operation in [["op": "editAsset", "asset": created, "isFavorite": true], ["op": "createAlbum", "placeholder": "a", "title": "No"]] as [[String: Any]] {
            let refused = try await app.post("/api/changes", ["operations": [operation]])
            #expect(refused.status == 403)
            #expect(refused.problemType == "not-permitted")
        }
        #expect(try harness.library.assetRowIDs(identifiers: [created]).count == 1)
    }

    @Test func aRevokedProgramLosesAccessOnItsOpenConnectionWithinASecond() async throws {
        let (harness, app) = try await start()
        defer { Task { await harness.stop() } }
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .full)
        let stream = try SocketProgram.Stream(app, path: "/api/changes/stream")
        defer { stream.stop() }
        #expect(try await stream.wait(for: "event: ready"))
        #expect(try await app.post("/api/fetches", ["entity": "assets"]).status == 201)

        // Revoked from another process's point of view: straight in the library, as `photos access revoke` does.
        let revoked = Date()
        try harness.library.decideAppAccess(identifier: Self.curlID, status: .denied)
        var refusedAt: Date?
        while Date().timeIntervalSince(revoked) < 5 {
            if try await app.get("/api/access").json["status"] as? String == "denied", try await app.get("/api/cameras").problemType == "access-denied" {
                refusedAt = Date(); break
            }
        }
        let streamEnded = try await stream.wait(for: "event: end", seconds: 5)
        #expect(streamEnded)
        let refusal = try #require(refusedAt).timeIntervalSince(revoked)
        let end = try #require(stream.endedAt).timeIntervalSince(revoked)
        #expect(refusal <= 1.0, "new requests were refused \(refusal) s after the revocation")
        #expect(end <= 1.0, "the open change stream ended \(end) s after the revocation")
        // Reconnecting gets the refusal.
        #expect(try await app.get("/api/changes/stream").problemType == "access-denied")
    }

    @Test func aGrantIsBoundToTheExecutablesBytes() async throws {
        let (harness, _) = try await start()
        defer { Task { await harness.stop() } }
        // A program with a manifest beside it goes by the identifier it declares.
        let folder = harness.directory.appending("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("sorter")
        try FileManager.default.copyItem(at: SocketProgram.systemCurl, to: copy)
        try Data(#"{"identifier": "org.example.Sorter", "name": "Sorter"}"#.utf8).write(to: copy.appendingPathExtension("photos-app.json"))
        let sorter = SocketProgram(executable: copy, socket: harness.socketPath!)
        #expect(try await sorter.get("/api/access").json["application"] as? String == "org.example.Sorter")

        // Granted in advance by identifier: bound to the first executable presenting it.
        try harness.library.decideAppAccess(identifier: "org.example.Sorter", status: .full, name: "Sorter")
        try await Task.sleep(for: .milliseconds(600))
        #expect(try await sorter.post("/api/fetches", ["entity": "assets"]).json["count"] as? Int == 3)
        #expect(try harness.library.appGrant(identifier: "org.example.Sorter")?.executableSHA256 == ContentDigest.sha256Hex(ofFileAt: copy))

        // The same name on other bytes is another program: asked about again, and the owner sees why.
        let handle = try FileHandle(forWritingTo: copy)
        try handle.seekToEnd(); try handle.write(contentsOf: Data("tampered".utf8)); try handle.close()
        let refused = try await sorter.post("/api/fetches", ["entity": "assets"])
        #expect(refused.status == 403)
        #expect(refused.problemType == "access-not-determined")
        #expect(try await sorter.get("/api/access").json["status"] as? String == "notDetermined")
        #expect(try await sorter.post("/api/access/requests", ["level": "readWrite"]).json["status"] as? String == "notDetermined")
        #expect(try harness.library.appGrant(identifier: "org.example.Sorter")?.status == .pending)
    }

    @Test func anApplicationTokenCarriesTheApplicationsAccessOverTCP() async throws {
        let (harness, _) = try await start()
        defer { Task { await harness.stop() } }
        let selected = try harness.assetIdentifiers()[1]
        let grant = try harness.library.decideAppAccess(identifier: "org.example.Remote", status: .limited, selection: [selected])
        let owner = try #require(try harness.library.account(named: "admin")?.account)
        let token = try harness.library.createCredential(.token, accountID: owner.rowID, name: "remote", appGrantID: grant.rowID).secret
        let remote = HTTPClient(base: harness.baseURL, token: token)
        #expect(try await remote.post("/api/fetches", ["entity": "assets"]).json["count"] as? Int == 1)
        #expect(try await remote.get("/api/access").json["status"] as? String == "limited")
        // The owner's powers are not the application's.
        for (method, path) in [("GET", "/api/users"), ("GET", "/api/tokens"), ("GET", "/api/audit"), ("GET", "/api/access/apps"), ("GET", "/api/session")] {
            let refused = try await remote.request(method, path)
            #expect(refused.status == 403, "\(path)")
            #expect(refused.problemType == "application-not-allowed", "\(path)")
        }
        #expect(try await remote.post("/api/tokens", ["name": "escalate"]).problemType == "application-not-allowed")
    }
}

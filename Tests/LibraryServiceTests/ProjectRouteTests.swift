import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// Projects over HTTP: a member makes a photo book of a memory with the installed example extension (run in its
/// sandbox by the service), downloads it, and cannot open someone else's project; viewers and anonymous callers
/// make nothing; a file is named, never a path.
@Suite(.serialized) struct ProjectRouteTests {
    @Test func aMemberMakesAPhotoBookOfAMemoryAndDownloadsIt() async throws {
        guard let photos = PhotosBinary.url else { Issue.record(Comment(rawValue: PhotosBinary.missingMessage)); return }
        guard let book = BuiltExecutable.url(named: "photobook") else { Issue.record(Comment(rawValue: BuiltExecutable.missingMessage("photobook"))); return }
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let install = try MeasuredProcess.run(photos, ["extensions", "install", "--for-library", book.path, "--library", harness.library.url.path])
        #expect(install.status == 0, "\(install.stderr)")
        let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522), tokyo = GeoPoint(latitude: 35.6762, longitude: 139.6503)
        var operations: [ChangeOperation] = []
        for index in 0..<16 {
            let away = index >= 10
            let date = away ? Date(timeIntervalSince1970: 1_686_000_000 + Double(index) * 3600) : Date(timeIntervalSince1970: 1_672_531_200 + Double(index) * 86_400 * 9)
            operations.append(.createAsset(NewAsset(resources: [
                NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 96, height: 64, seed: 40 + index)), originalFilename: "P\(index).JPG"),
            ], edits: AssetEdits(creationDate: .some(date), location: .some(away ? tokyo : paris)))))
        }
        try harness.library.apply(ChangeBatch(operations: operations))
        let member = harness.client("member"), admin = harness.client("admin"), viewer = harness.client("viewer")
        let memory = try #require((try await member.get("/api/memories")).json["memories"] as? [[String: Any]]).first?["identifier"] as? String
        let memoryID = try #require(memory)

        let extensions = try await member.get("/api/project-extensions")
        let listed = extensions.json["extensions"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["id"] as? String } == ["org.photokit-linux.photobook"])
        #expect((listed.first?["types"] as? [[String: Any]])?.count == 2)

        let body: [String: Any] = ["memory": memoryID, "extension": "org.photokit-linux.photobook"]
        #expect(try await HTTPClient(base: harness.baseURL, token: nil).post("/api/projects", body).status == 401)
        #expect(try await viewer.post("/api/projects", body).status == 403)
        #expect(try await member.post("/api/projects", ["memory": memoryID, "extension": "org.example.none"]).status == 404)
        #expect(try await member.post("/api/projects", ["memory": UUID().uuidString, "extension": "org.photokit-linux.photobook"]).status == 404)
        #expect(try await member.post("/api/projects", body.merging(["path": "/etc"]) { a, _ in a }).status == 400)

        let made = try await member.post("/api/projects", body)
        #expect(made.status == 201, "\(made.text)")
        let project = try #require(made.json["identifier"] as? String)
        let files = made.json["files"] as? [String] ?? []
        #expect(files.count == 1 && files[0].hasSuffix(".pdf"), "\(files)")
        let id = String(project.prefix { $0 != "/" })
        let pdf = try await member.get("/api/projects/\(id)/files/\(files[0].addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
        #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf" && pdf.body.starts(with: Array("%PDF".utf8)))
        #expect(try await member.get("/api/projects/\(id)/files/..%2F..%2Fdatabase%2FPhotos.sqlite").status == 404)
        let preview = try await viewer.get("/api/projects/\(id)/preview")
        #expect(preview.status == 200 && preview.body.starts(with: [0xFF, 0xD8, 0xFF]))
        let list = try await viewer.get("/api/projects")
        #expect((list.json["projects"] as? [[String: Any]])?.map { $0["identifier"] as? String } == [project])

        // The admin may open the member's project; the member may not open the admin's.
        #expect(try await admin.post("/api/projects/\(id)/open", [String: Any]()).status == 200)
        let adminsProject = try #require(try await admin.post("/api/projects", body).json["identifier"] as? String)
        let opened = try await member.post("/api/projects/\(adminsProject.prefix { $0 != "/" })/open", [String: Any]())
        #expect(opened.status == 403)
        #expect(try await member.get("/api/projects/\(UUID().uuidString)/preview").status == 404)
    }
}

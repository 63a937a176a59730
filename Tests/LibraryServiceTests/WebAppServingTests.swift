import Foundation
@testable import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// The web app's page and files as `photos serve` sends them, and the API parts made for the app (preview
/// parameters scaled to the preview's size, the original's size in the edit state). The app itself is tested in
/// a real browser by Tests/WebApp/webapp_test.py.
@Suite(.serialized) struct WebAppServingTests {
    @Test func thePageMapsEveryModuleToAnImmutableHashedFileAndItsPolicyAdmitsOnlyThatMap() async throws {
        let harness = try await ServiceHarness(photos: 0, accounts: false)
        defer { Task { await harness.stop() } }
        let client = harness.client()
        for path in ["/", "/albums/3F2A0000-0000-0000-0000-000000000000", "/shared/abc", "/settings"] {
            let page = try await client.get(path)
            #expect(page.status == 200, "\(path)")
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Cache-Control") == "no-cache")
        }
        let page = try await client.get("/")
        let html = page.text
        // The import map: plain module names → hashed names; the policy names the map's SHA-256.
        let mapText = try #require(html.firstMatch(of: /<script type="importmap">(.*?)<\/script>/)?.1)
        let digest = Data(hexBytes(ContentDigest.sha256Hex(Data(mapText.utf8)))).base64EncodedString()
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("script-src 'self' 'sha256-\(digest)'"))
        #expect(!policy.contains("unsafe-inline"))
        let map = try #require(try JSONSerialization.jsonObject(with: Data(mapText.utf8)) as? [String: [String: String]])
        let imports = try #require(map["imports"])
        #expect(imports.keys.contains("/app/main.js") && imports.keys.contains("/app/grid.js"))
        for (plain, hashed) in imports {
            let file = try await client.get(hashed)
            #expect(file.status == 200, "\(hashed)")
            #expect(file.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(file.header("Cache-Control") == "public, max-age=31536000, immutable")
            // The name carries the first 12 hex digits of the bytes' SHA-256, so a new build gets new names.
            let hash = String(ContentDigest.sha256Hex(file.body).prefix(12))
            #expect(hashed == plain.replacingOccurrences(of: ".js", with: ".\(hash).js"))
            let revalidated = try await client.get(hashed, headers: ["If-None-Match": "\"\(hash)\""])
            #expect(revalidated.status == 304)
        }
        // Every module is preloaded by its hashed name.
        for hashed in imports.values { #expect(html.contains(#"<link rel="modulepreload" href="\#(hashed)">"#)) }
        // The stylesheet and the entry script are referenced by hashed names too.
        #expect(html.contains(#"<script type="module" src="\#(imports["/app/main.js"]!)">"#))
        let stylesheet = try #require(html.firstMatch(of: /href="(\/app\/app\.[0-9a-f]{12}\.css)"/)?.1)
        #expect(try await client.get(String(stylesheet)).header("Content-Type") == "text/css; charset=utf-8")
        // Plain names work (revalidated); unknown files and API paths are not the page.
        #expect(try await client.get("/app/main.js").header("Cache-Control") == "no-cache")
        #expect(try await client.get("/app/nope.js").status == 404)
        let api = try await client.get("/api/no-such-endpoint")
        #expect(api.status == 404)
        #expect(api.header("Content-Type") == "application/problem+json")
        #expect(try await client.get("/app/..%2Fopenapi.json").status == 404)
    }

    @Test func aStaleSessionCookieDoesNotStopThePageButStillFailsTheAPI() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        var client = harness.client()
        client.cookie = "photos_session=not-a-session"
        #expect(try await client.get("/").status == 200)
        #expect(try await client.get("/app/main.js").status == 200)
        #expect(try await client.get("/api/session").status == 401)
    }

    @Test func previewsScaleResolutionDependentParametersToThePreviewSize() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        // A 3200 × 2400 photo: previews are 1600 px wide, half the size.
        let folder = harness.directory.appending("big")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try FixtureImages.writeJPEG(to: folder.appendingPathComponent("big.jpg"), width: 3200, height: 2400, seed: 3)
        var importer = Importer(library: harness.library)
        let member = try #require(try harness.library.account(named: "member")?.account)
        importer.actingAccount = ActingAccount(accountID: member.rowID, username: member.username, changesAnything: false)
        _ = try importer.importItems(at: [folder])
        let id = String(try harness.assetIdentifiers()[0].prefix(36))
        let client = harness.client("member")

        let state = try await client.get("/api/assets/\(id)/edit")
        #expect(state.json["originalPixelWidth"] as? Int == 3200)
        #expect(state.json["originalPixelHeight"] as? Int == 2400)
        // The left half, in full-size coordinates: the preview shows the left half of the preview picture.
        let crop: [String: Any] = ["filters": [["name": "CICrop", "parameters": ["inputRectangle": [0, 0, 1600, 2400]]]], "replace": true]
        let preview = try await client.post("/api/assets/\(id)/preview", crop)
        #expect(preview.status == 200)
        let size = try #require(jpegSize(preview.body))
        #expect(size.width == 800 && size.height == 1200)
    }
}

/// Bytes from hexadecimal text.
private func hexBytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// A JPEG's pixel size from its start-of-frame segment.
private func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    var offset = 2
    while offset + 9 < bytes.count {
        guard bytes[offset] == 0xFF else { return nil }
        let marker = bytes[offset + 1]
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
            return (Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8]), Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]))
        }
        offset += 2 + length
    }
    return nil
}

/// Day sections of a fetch: runs in the fetch's order whose counts add up, in the viewer's time zone.
@Suite(.serialized) struct DaySectionTests {
    @Test func sectionsAreRunsOfLocalDaysInFetchOrder() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        _ = try harness.library.fill(count: 300, seed: 7)
        let made = try await client.post("/api/fetches", ["entity": "assets", "sort": [["key": "creationDate", "ascending": false]]])
        let fetch = try #require(made.json["id"] as? String)
        let count = try #require(made.json["count"] as? Int)
        for offset in [0, 330, -480] {
            let reply = try await client.get("/api/fetches/\(fetch)/sections?utcOffset=\(offset)")
            #expect(reply.status == 200)
            let sections = try #require(reply.json["sections"] as? [[String: Any]])
            #expect(sections.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == count)
            // Against the assets themselves, read page by page: each run is one local day, in order.
            var days: [String] = []
            for page in stride(from: 0, to: count, by: 200) {
                let assets = try await client.get("/api/fetches/\(fetch)?offset=\(page)&limit=200").json["assets"] as? [[String: Any]] ?? []
                for asset in assets {
                    let date = ISO8601DateFormatter().date(from: asset["creationDate"] as! String)!
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = TimeZone(secondsFromGMT: offset * 60)!
                    let c = calendar.dateComponents([.year, .month, .day], from: date)
                    days.append(String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!))
                }
            }
            var runs: [(String, Int)] = []
            for day in days { if runs.last?.0 == day { runs[runs.count - 1].1 += 1 } else { runs.append((day, 1)) } }
            #expect(sections.map { $0["day"] as? String ?? "" } == runs.map(\.0))
            #expect(sections.map { $0["count"] as? Int ?? 0 } == runs.map(\.1))
        }
        #expect(try await client.get("/api/fetches/\(fetch)/sections?utcOffset=5000").status == 400)
        let albums = try await client.post("/api/fetches", ["entity": "collections"])
        #expect(try await client.get("/api/fetches/\(albums.json["id"] as! String)/sections").status == 400)
    }

    @Test func dayNumbersBecomeISODates() {
        #expect(PhotosService.isoDay(0) == "1970-01-01")
        #expect(PhotosService.isoDay(-1) == "1969-12-31")
        #expect(PhotosService.isoDay(19_148) == "2022-06-05")
        #expect(PhotosService.isoDay(11_016) == "2000-02-29")
        #expect(PhotosService.isoDay(-25_567) == "1900-01-01")
    }
}

/// Editing extensions over HTTP: who may run one, on what (the browser test runs the example extension).
@Suite(.serialized) struct ExtensionRouteTests {
    @Test func extensionsAreListedAndRunOnlyWhereTheOwnershipRuleAllows() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let own = String(try harness.assetIdentifiers()[0].prefix(36))
        // A photo imported by the CLI (no owner): members may not change it.
        let folder = harness.directory.appending("cli")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try FixtureImages.writeJPEG(to: folder.appendingPathComponent("cli.jpg"), width: 120, height: 90, seed: 42)
        _ = try Importer(library: harness.library).importItems(at: [folder])
        let others = try harness.assetIdentifiers().map { String($0.prefix(36)) }.filter { $0 != own }
        let member = harness.client("member")

        let list = try await member.get("/api/extensions")
        #expect(list.status == 200)
        #expect((list.json["extensions"] as? [Any])?.isEmpty == true)
        let run: [String: Any] = ["extension": "org.example.none", "parameters": ["a": "b"]]
        #expect(try await member.post("/api/assets/\(own)/edit/extension", run).status == 404)          // not installed
        #expect(try await member.post("/api/assets/\(others[0])/edit/extension", run).status == 403)    // not the member's
        #expect(try await harness.client("viewer").post("/api/assets/\(own)/edit/extension", run).status == 403)
        #expect(try await harness.client().get("/api/extensions").status == 401)
        #expect(try await member.post("/api/assets/\(own)/edit/extension", ["parameters": [String: String]()]).status == 400)
    }
}

/// Capture details read from the stored original, for the viewer's info panel.
@Suite(.serialized) struct CaptureMetadataTests {
    @Test func cameraLensAndExposureComeFromTheOriginalsEXIF() async throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/media/images/real_iphone6_hdr.jpg").standardized
        try #require(FileManager.default.fileExists(atPath: corpus.path), "../shared/media is absent: skipping the EXIF check")
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let folder = harness.directory.appending("exif")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpus, to: folder.appendingPathComponent("real_iphone6_hdr.jpg"))
        _ = try Importer(library: harness.library).importItems(at: [folder])
        let client = harness.client("viewer")
        var found: [String: Any] = [:]
        for identifier in try harness.assetIdentifiers() {
            let reply = try await client.get("/api/assets/\(identifier.prefix(36))/metadata")
            #expect(reply.status == 200)
            if reply.json["model"] != nil { found = reply.json }
        }
        // The corpus manifest (measured with independent tools) names the camera; the exposure values are the EXIF tags as stored.
        #expect(found["make"] as? String == "Apple")
        #expect(found["model"] as? String == "iPhone 6")
        #expect(found["lens"] as? String == "iPhone 6 back camera 4.15mm f/2.2")
        #expect(found["exposureTime"] as? Double == 0.025)
        #expect(found["fNumber"] as? Double == 2.2)
        #expect(found["iso"] as? Int == 32)
        #expect(found["focalLength35mm"] as? Int == 57)
        #expect(found["flashFired"] as? Bool == false)
        #expect(try await client.get("/api/assets/not-an-id/metadata").status == 400)
    }
}


/// Every problem type the service answers has a page explaining it.
@Suite struct ProblemTypePageTests {
    @Test func everySlugUsedInTheSourcesHasAPage() async throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/LibraryService").standardized
        var used = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /Problem\(\.[a-zA-Z]+, "([a-z-]+)"/) { used.insert(String(match.1)) }
        }
        #expect(used.count > 20)
        #expect(used.subtracting(ProblemTypes.all.keys).isEmpty, "slugs without a page: \(used.subtracting(ProblemTypes.all.keys).sorted())")

        let harness = try await ServiceHarness(photos: 0, accounts: false)
        defer { Task { await harness.stop() } }
        let client = harness.client()
        let page = try await client.get("/problems/fetch-expired")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("The fetch is unknown or expired"))
        #expect(try await client.get("/problems").text.contains("/problems/not-permitted"))
        #expect(try await client.get("/problems/no-such-problem").status == 404)
        // The type a real error names leads to its page.
        let error = try await client.get("/api/fetches/nope")
        let type = try #require(error.json["type"] as? String)
        #expect(try await client.get(type).status == 200 || error.status == 401)
    }
}

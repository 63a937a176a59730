import Foundation
import ImageIO
import ImageManagement
import LibraryService
import PhotoLibrary
import Testing

/// Pictures made for the request (`width`, `height`, `mode`, `crop`, `version`) and the encoding chosen by
/// `Accept`, over HTTP against a real server.
@Suite(.serialized) struct SizedPictureTests {
    /// The pixel size and format of an encoded picture, read by ImageIO.
    static func shape(_ data: Data) throws -> Shape {
        let file = try ImageFile(data: data)
        let header = try file.header()
        return Shape(header.width, header.height, file.format)
    }

    /// The RGB of an encoded picture's centre pixel.
    static func centre(_ data: Data) throws -> [Int] {
        let pixels = try ImageFile(data: data).decode(DecodeOptions(colorSpace: nil)).pixels
        return pixels.withUnsafeBytes { raw in
            let at = pixels.height / 2 * pixels.bytesPerRow + pixels.width / 2 * pixels.layout.componentCount
            return (0..<3).map { Int(raw[at + $0]) }
        }
    }

    struct Shape: Equatable, CustomStringConvertible {
        let width: Int, height: Int, format: ImageFormat
        init(_ width: Int, _ height: Int, _ format: ImageFormat) { self.width = width; self.height = height; self.format = format }
        var description: String { "\(width)×\(height) \(format.rawValue)" }
    }

    @Test func sizesModesAndCropsFollowTheImageManagersRules() async throws {
        let harness = try await ServiceHarness(photos: 1)   // 640×480
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let asset = String(try harness.assetIdentifiers()[0].prefix(36))
        let jpeg = ["Accept": "image/jpeg"]

        let fit = try await client.get("/api/assets/\(asset)/image?width=200&height=200&mode=fit", headers: jpeg)
        #expect(fit.status == 200)
        #expect(fit.header("Content-Type") == "image/jpeg")
        #expect(fit.header("Vary") == "Accept")
        #expect(try Self.shape(fit.body) == Shape(200, 150, .jpeg))
        let fill = try await client.get("/api/assets/\(asset)/image?width=100&height=100&mode=fill", headers: jpeg)
        #expect(try Self.shape(fill.body) == Shape(100, 100, .jpeg))
        let alone = try await client.get("/api/assets/\(asset)/image?width=320", headers: jpeg)
        #expect(try Self.shape(alone.body) == Shape(320, 240, .jpeg))   // one side alone bounds both
        let larger = try await client.get("/api/assets/\(asset)/image?width=4000&height=4000", headers: jpeg)
        #expect(try Self.shape(larger.body) == Shape(640, 480, .jpeg))  // never scaled up
        let crop = try await client.get("/api/assets/\(asset)/image?width=100&height=100&mode=fill&crop=0.5,0.5,0.5,0.5", headers: jpeg)
        #expect(try Self.shape(crop.body) == Shape(100, 100, .jpeg))
        #expect(crop.body != fill.body)

        // The same request again is the same bytes and validator; a conditional request is a 304.
        let again = try await client.get("/api/assets/\(asset)/image?width=200&height=200&mode=fit", headers: jpeg)
        #expect(again.body == fit.body)
        let etag = try #require(fit.header("ETag"))
        #expect(again.header("ETag") == etag)
        #expect(try await client.get("/api/assets/\(asset)/image?width=200&height=200&mode=fit", headers: jpeg.merging(["If-None-Match": etag]) { $1 }).status == 304)
    }

    @Test func acceptChoosesJPEGOrWebP() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let asset = String(try harness.assetIdentifiers()[0].prefix(36))
        let browser = ["Accept": "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"]

        // Made on request: WebP when the client takes it as readily as JPEG (it is smaller), JPEG when it prefers that.
        let made = try await client.get("/api/assets/\(asset)/image?width=300", headers: browser)
        #expect(made.header("Content-Type") == "image/webp")
        #expect(try Self.shape(made.body) == Shape(300, 225, .webp))
        let asJPEG = try await client.get("/api/assets/\(asset)/image?width=300", headers: ["Accept": "image/jpeg, image/webp;q=0.5"])
        #expect(asJPEG.header("Content-Type") == "image/jpeg")
        #expect(asJPEG.header("ETag") != made.header("ETag"))
        #expect(try await client.get("/api/assets/\(asset)/image?width=300").header("Content-Type") == "image/webp")   // no Accept

        // Stored derivatives are sent as they are (JPEG) unless the client takes only WebP.
        let thumbnail = try await client.get("/api/assets/\(asset)/image?kind=thumbnail", headers: browser)
        #expect(thumbnail.header("Content-Type") == "image/jpeg")
        let webpOnly = try await client.get("/api/assets/\(asset)/image?kind=thumbnail", headers: ["Accept": "image/webp"])
        #expect(webpOnly.header("Content-Type") == "image/webp")
        #expect(try Self.shape(webpOnly.body).width == (try Self.shape(thumbnail.body)).width)
        let tag = try #require(webpOnly.header("ETag"))
        #expect(try await client.get("/api/assets/\(asset)/image?kind=thumbnail", headers: ["Accept": "image/webp", "If-None-Match": tag]).status == 304)

        let refused = try await client.get("/api/assets/\(asset)/image?width=300", headers: ["Accept": "image/png"])
        #expect(refused.status == 406)
        #expect(refused.problemType == "not-acceptable")
        #expect(try await client.get("/api/assets/\(asset)/image?width=300", headers: ["Accept": "image/webp;q=0, image/jpeg;q=0"]).status == 406)
    }

    @Test func badParametersAreNamed() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let asset = String(try harness.assetIdentifiers()[0].prefix(36))
        for (query, words) in [("width=0", "width"), ("width=5000", "width"), ("height=-3", "height"), ("width=x", "width"),
                               ("width=10&mode=stretch", "mode"), ("width=10&crop=0,0,2,1", "crop"), ("width=10&crop=0.5,0.5,0.6,0.1", "crop"),
                               ("width=10&crop=nan,0,1,1", "crop"), ("width=10&version=draft", "version"), ("mode=fill", "mode"),
                               ("kind=screen&width=10", "kind")] {
            let reply = try await client.get("/api/assets/\(asset)/image?\(query)")
            #expect(reply.status == 400, "\(query)")
            #expect((reply.json["detail"] as? String)?.contains(words) == true, "\(query): \(reply.json)")
        }
        #expect(try await client.get("/api/assets/\(UUID().uuidString)/image?width=10").status == 404)
        #expect(try await harness.client().get("/api/assets/\(asset)/image?width=10").status == 401)
    }

    @Test func anEditIsANewPictureAndANewURL() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let client = harness.client("member")
        let asset = String(try harness.assetIdentifiers()[0].prefix(36))
        let before = try await client.get("/api/assets/\(asset)")
        let plainURL = try #require(before.json["thumbnailURL"] as? String)
        #expect(!plainURL.contains("&v="))
        let sized = try await client.get("/api/assets/\(asset)/image?width=64", headers: ["Accept": "image/jpeg"])

        let edit = try await client.post("/api/assets/\(asset)/edit/filters", ["filters": [["name": "CIColorInvert", "parameters": [String: Any]()]]])
        #expect(edit.status == 200, "\(edit.json)")
        let after = try await client.get("/api/assets/\(asset)")
        let editedURL = try #require(after.json["thumbnailURL"] as? String)
        #expect(editedURL.contains("&v="), "an edited asset's picture URL changes, since pictures are cached as immutable")
        let edited = try await client.get("/api/assets/\(asset)/image?width=64", headers: ["Accept": "image/jpeg"])
        #expect(edited.header("ETag") != sized.header("ETag"))
        #expect(edited.body != sized.body)
        // The original version is still the unedited picture (the edit inverted it).
        let original = try await client.get("/api/assets/\(asset)/image?width=64&version=original", headers: ["Accept": "image/jpeg"])
        let (a, b, c) = try (Self.centre(sized.body), Self.centre(original.body), Self.centre(edited.body))
        #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 3 }, "\(a) \(b)")
        #expect(zip(a, c).allSatisfy { abs($0 - $1) > 60 }, "\(a) \(c)")
    }

    @Test func sharedLinksGetSizedPicturesOfTheirAlbumOnly() async throws {
        let harness = try await ServiceHarness(photos: 2)
        defer { Task { await harness.stop() } }
        let assets = try harness.assetIdentifiers()
        let member = harness.client("member")
        let made = try await member.post("/api/changes", ["operations": [
            ["op": "createAlbum", "placeholder": "a", "title": "Trip"], ["op": "editCollection", "collection": "$a", "add": [assets[0]]]]])
        let album = try #require((made.json["placeholders"] as? [String: String])?["a"])
        let link = try await member.post("/api/collections/\(album.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)/links", [String: Any]())
        let url = try #require(link.json["url"] as? String)
        let visitor = harness.client()
        let inside = try await visitor.get("\(url)/assets/\(assets[0].prefix(36))/image?width=120&height=120&mode=fill")
        #expect(inside.status == 200)
        #expect(try Self.shape(inside.body) == Shape(120, 120, .webp))
        #expect(try await visitor.get("\(url)/assets/\(assets[1].prefix(36))/image?width=120").status == 404)
    }
}

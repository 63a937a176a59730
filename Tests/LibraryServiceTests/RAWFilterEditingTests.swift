import Foundation
import ImageIO
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// The built-in editor's RAW development over HTTP: a `CIRAWFilter` step previews and commits the development of
/// the photo's RAW file, merges into the stored development, and is refused for a photo without a RAW.
@Suite(.serialized, .enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct RAWFilterEditingTests {
    /// The mean of a JPEG's channels (0…255).
    static func meanLevel(_ data: Data) throws -> Double {
        let pixels = try ImageFile(data: data).decode(DecodeOptions(colorSpace: nil)).pixels
        return pixels.withUnsafeBytes { raw in
            var sum = 0
            for row in 0..<pixels.height {
                for x in 0..<(pixels.width * pixels.layout.componentCount) { sum += Int(raw[row * pixels.bytesPerRow + x]) }
            }
            return Double(sum) / Double(pixels.height * pixels.width * pixels.layout.componentCount)
        }
    }

    static func development(_ settings: [String: Any]) -> [String: Any] {
        ["filters": [["name": "CIRAWFilter", "parameters": settings]]]
    }

    @Test func aRAWPhotosDevelopmentIsPreviewedCommittedAndMerged() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let jpeg = String(try harness.assetIdentifiers()[0].prefix(36))
        let dng = try Data(contentsOf: try #require(TestMedia.url("raw/synthetic_rggb_12bit.dng")))
        let rawIdentifier = LocalIdentifier.make(.asset)
        try harness.library.apply(ChangeBatch(operations: [.createAsset(NewAsset(identifier: rawIdentifier, resources: [NewResource(type: .photo, source: .data(dng))]))]))
        let id = String(rawIdentifier.prefix(36))
        let client = harness.client("admin")   // the photos were not uploaded by a member

        let darker = try await client.post("/api/assets/\(id)/preview", Self.development(["inputEV": -1]))
        let brighter = try await client.post("/api/assets/\(id)/preview", Self.development(["inputEV": 1]))
        #expect(darker.status == 200 && brighter.status == 200, "\(String(decoding: brighter.body, as: UTF8.self))")
        #expect(try Self.meanLevel(brighter.body) > Self.meanLevel(darker.body) + 20, "the preview develops with the settings")

        let first = try await client.post("/api/assets/\(id)/edit/filters", ["filters": [
            ["name": "CIRAWFilter", "parameters": ["inputEV": 1]], ["name": "CIVignette", "parameters": ["inputIntensity": 1]],
        ]])
        #expect(first.status == 200 && first.json["renderedFrom"] as? String == "original", "\(first.status) \(String(decoding: first.body, as: UTF8.self))")
        let second = try await client.post("/api/assets/\(id)/edit/filters", Self.development(["inputNeutralTint": 10]))
        #expect(second.json["filters"] as? Int == 2, "the development merges; the vignette stays")
        let state = try await client.get("/api/assets/\(id)/edit")
        let adjustment = try #require(state.json["adjustment"] as? [String: Any])
        let chain = try #require(try JSONSerialization.jsonObject(with: Data(base64Encoded: adjustment["data"] as! String)!) as? [String: Any])
        let filters = try #require(chain["filters"] as? [[String: Any]])
        #expect(filters.compactMap { $0["name"] as? String } == ["CIRAWFilter", "CIVignette"])
        let settings = try #require(filters[0]["parameters"] as? [String: Any])
        #expect(settings["inputEV"] as? Double == 1 && settings["inputNeutralTint"] as? Double == 10)
        #expect(settings["inputDecoderVersion"] as? String == "PhotoKitLinux.2")

        // A photo without a RAW, and settings out of range or unknown.
        #expect(try await client.post("/api/assets/\(jpeg)/preview", Self.development(["inputEV": 1])).status == 409)
        #expect(try await client.post("/api/assets/\(jpeg)/edit/filters", Self.development(["inputEV": 1])).status == 409)
        for bad in [["inputEV": 99], ["inputWarmth": 1], ["inputEV": "bright"]] as [[String: Any]] {
            #expect(try await client.post("/api/assets/\(id)/preview", Self.development(bad)).status == 400, "\(bad)")
        }
        #expect(try await client.post("/api/assets/\(id)/edit/filters", ["filters": [
            ["name": "CISepiaTone", "parameters": [String: Any]()], ["name": "CIRAWFilter", "parameters": ["inputEV": 1]],
        ]]).status == 200, "a development given after a filter still goes first")
    }
}

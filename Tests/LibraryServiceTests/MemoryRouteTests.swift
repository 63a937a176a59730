import Foundation
import LibraryService
import PhotoLibrary
import Testing
import _TestSupport

/// `GET /api/memories` and `GET /api/memories/{id}` over HTTP: a trip made from located, dated photos.
@Suite(.serialized) struct MemoryRouteTests {
    @Test func aTripIsListedAndShownWithItsCurationLevels() async throws {
        let harness = try await ServiceHarness(photos: 0)
        defer { Task { await harness.stop() } }
        let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522), tokyo = GeoPoint(latitude: 35.6762, longitude: 139.6503)
        var operations: [ChangeOperation] = []
        var trip: [String] = []
        for index in 0..<16 {
            let identifier = LocalIdentifier.make(.asset)
            let away = index >= 10
            if away { trip.append(identifier) }
            let date = away ? Date(timeIntervalSince1970: 1_686_000_000 + Double(index) * 3600) : Date(timeIntervalSince1970: 1_672_531_200 + Double(index) * 86_400 * 9)
            operations.append(.createAsset(NewAsset(identifier: identifier, resources: [
                NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 32, height: 24, seed: 40 + index)), originalFilename: "P\(index).JPG"),
            ], edits: AssetEdits(creationDate: .some(date), location: .some(away ? tokyo : paris)))))
        }
        try harness.library.apply(ChangeBatch(operations: operations))

        #expect(try await HTTPClient(base: harness.baseURL, token: nil).get("/api/memories").status == 401)
        let client = harness.client("viewer")
        let list = try await client.get("/api/memories")
        #expect(list.status == 200)
        let memories = list.json["memories"] as? [[String: Any]] ?? []
        #expect(memories.count == 1, "\(memories)")
        let memory = try #require(memories.first)
        #expect(memory["kind"] as? String == "trip" && memory["count"] as? Int == 6 && memory["sections"] == nil)
        #expect(trip.contains(memory["keyAsset"] as? String ?? ""))

        let identifier = try #require(memory["identifier"] as? String)
        let shown = try await client.get("/api/memories/\(identifier.lowercased())")
        #expect(shown.status == 200)
        let sections = shown.json["sections"] as? [[String: Any]] ?? []
        #expect(sections.count == 1)
        let summary = Set(sections.first?["summary"] as? [String] ?? []), curated = Set(sections.first?["curated"] as? [String] ?? []),
            all = sections.first?["all"] as? [String] ?? []
        #expect(Set(all) == Set(trip) && summary.isSubset(of: curated) && curated.isSubset(of: Set(all)) && !summary.isEmpty)

        #expect(try await client.get("/api/memories/not-a-memory").status == 400)
        #expect(try await client.get("/api/memories/\(UUID().uuidString)").problemType == "not-found")
        #expect(try await client.get("/api/memories?limit=0").status == 400)
    }
}

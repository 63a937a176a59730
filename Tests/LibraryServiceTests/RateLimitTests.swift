import Foundation
import LibraryService
import PhotoLibrary
import Testing

/// Request rates: anonymous requests per address, changes per account; signed-in reads are not counted.
@Suite(.serialized) struct RateLimitTests {
    static let small = RateLimits(anonymous: .init(rate: 1, burst: 5), changes: .init(rate: 1, burst: 4))

    @Test func anonymousRequestsAreLimitedPerAddress() async throws {
        let harness = try await ServiceHarness(photos: 1, rateLimits: Self.small)
        defer { Task { await harness.stop() } }
        let visitor = harness.client()
        var statuses: [Int] = []
        for _ in 0..<8 { statuses.append(try await visitor.get("/api/health").status) }
        #expect(statuses.prefix(5).allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(statuses.suffix(2).allSatisfy { $0 == 429 }, "\(statuses)")
        let refused = try await visitor.get("/api/health")
        #expect(refused.problemType == "rate-limited")
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        // Sign-in attempts without credentials count too (on top of the failed-sign-in throttle).
        #expect(try await visitor.post("/api/session", ["username": "viewer", "password": ServiceHarness.password]).status == 429)
        // The web app's own files are never limited.
        #expect(try await visitor.get("/").status == 200)
        // A signed-in account reading is not counted, however fast.
        let viewer = harness.client("viewer")
        for _ in 0..<20 { #expect(try await viewer.get("/api/health").status == 200) }
        // After a quiet second, one more anonymous request is allowed.
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(try await visitor.get("/api/health").status == 200)
    }

    @Test func changesAreLimitedPerAccountAndLeaveTheLibraryAsItWas() async throws {
        let harness = try await ServiceHarness(photos: 1, rateLimits: Self.small)
        defer { Task { await harness.stop() } }
        let asset = try harness.assetIdentifiers()[0]
        let member = harness.client("member")
        var statuses: [Int] = []
        for index in 0..<6 {
            statuses.append(try await member.post("/api/changes", ["operations": [["op": "editAsset", "asset": asset, "isFavorite": index % 2 == 0]]]).status)
        }
        #expect(statuses.prefix(4).allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(statuses.suffix(2).allSatisfy { $0 == 429 }, "\(statuses)")
        // The refused changes were never applied: the fourth (index 3, not favourite) is the last state.
        let record = try harness.library.assets(rowIDs: try harness.library.assetRowIDs(identifiers: [asset])).values.first
        #expect(record?.isFavorite == false)
        // Reads by the same account go on; another account's changes have their own bucket.
        #expect(try await member.get("/api/assets/\(asset.prefix(36))").status == 200)
        #expect(try await harness.client("admin").post("/api/changes", ["operations": [["op": "editAsset", "asset": asset, "isFavorite": true]]]).status == 200)
    }
}

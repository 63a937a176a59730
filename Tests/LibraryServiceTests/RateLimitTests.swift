import Foundation
@testable import LibraryService
import PhotoLibrary
import Testing

/// Request rates: anonymous requests per address, changes per account; signed-in reads are not counted.
@Suite(.serialized) struct RateLimitTests {
    /// Small bursts, and refills slow enough that a loaded machine running the test slowly adds no token.
    static let small = RateLimits(anonymous: .init(rate: 0.01, burst: 5), changes: .init(rate: 0.01, burst: 4))

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
    }

    @Test func bucketsRefillAtTheirRate() {
        let buckets = TokenBuckets()
        let limit = RateLimits.Bucket(rate: 2, burst: 3)
        #expect((0..<3).map { _ in buckets.take("a", limit: limit, now: 100) } == [nil, nil, nil])
        #expect(buckets.take("a", limit: limit, now: 100) == 1)        // empty: a token in half a second, said as 1 s
        #expect(buckets.take("b", limit: limit, now: 100) == nil)      // another key has its own bucket
        #expect(buckets.take("a", limit: limit, now: 100.6) == nil)    // 0.6 s at 2/s refilled one
        #expect(buckets.take("a", limit: limit, now: 100.6) != nil)
        #expect((0..<3).map { _ in buckets.take("a", limit: limit, now: 200) } == [nil, nil, nil])   // full again, never above the burst
        #expect(buckets.take("a", limit: limit, now: 200) != nil)
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
        // PhotoKit's reads are POSTs only to carry their queries and row ids: they are reads, not changes.
        let query = try WireJSON.encode(ObservedQuery.assets(AssetQuery(scope: .all)))
        #expect(try await member.request("POST", "/api/photokit/fetch", body: query, headers: ["Content-Type": "application/json"]).status == 200)
        #expect(try await member.post("/api/photokit/changes", ["operations": [[String: Any]]()]).status == 429, "PhotoKit's changes are changes")
        #expect(try await harness.client("admin").post("/api/changes", ["operations": [["op": "editAsset", "asset": asset, "isFavorite": true]]]).status == 200)
    }
}

import Foundation
import LibraryService
import PhotoLibrary
import Testing

/// The Server-Sent Events change stream: live changes with fetch details, and resuming without loss.
@Suite(.serialized) struct ChangeStreamTests {
    @Test func aRegisteredFetchReceivesCollectionViewDetails() async throws {
        let harness = try await ServiceHarness(photos: 4)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let made = try await client.post("/api/fetches", ["entity": "assets", "predicate": "isFavorite == YES"])
        let fetch = try #require(made.json["id"] as? String)
        #expect(made.json["count"] as? Int == 0)
        let stream = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream?fetch=\(fetch)",
                                   headers: ["Authorization": "Bearer \(harness.tokens["viewer"]!)"])
        #expect(try await stream.events(until: "ready").last?.name == "ready")

        let assets = try harness.assetIdentifiers()
        let outcome = try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: assets[2], AssetEdits(isFavorite: true))]))
        let event = try #require(try await stream.events(until: "change").last)
        #expect(event.id == outcome.token)
        let details = try #require((event.data["details"] as? [[String: Any]])?.first)
        #expect(details["fetch"] as? String == fetch)
        #expect(details["inserted"] as? [Int] == [0])
        #expect(details["count"] as? Int == 1)
        // The snapshot moved with the change: its first page now holds the favourite.
        let page = try await client.get("/api/fetches/\(fetch)")
        #expect((page.json["assets"] as? [[String: Any]])?.first?["localIdentifier"] as? String == assets[2])
    }

    @Test func aFetchThatFellBehindIsBroughtUpToDateWhenItIsRegistered() async throws {
        let harness = try await ServiceHarness(photos: 3)
        defer { Task { await harness.stop() } }
        let client = harness.client("viewer")
        let fetch = try #require(try await client.post("/api/fetches", ["entity": "assets", "predicate": "isFavorite == YES"]).json["id"] as? String)
        let assets = try harness.assetIdentifiers()
        // Two changes while no stream is open: the snapshot still says "no favourites".
        try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: assets[0], AssetEdits(isFavorite: true))]))
        try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: assets[2], AssetEdits(isFavorite: true))]))
        #expect(try await client.get("/api/fetches/\(fetch)").json["count"] as? Int == 0)
        let stream = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream?fetch=\(fetch)",
                                   headers: ["Authorization": "Bearer \(harness.tokens["viewer"]!)"])
        let events = try await stream.events(until: "details")
        let details = try #require((events.last?.data["fetches"] as? [[String: Any]])?.first)
        #expect(details["inserted"] as? [Int] == [0, 1])
        #expect(details["count"] as? Int == 2)
        #expect(try await client.get("/api/fetches/\(fetch)").json["count"] as? Int == 2)
        // Someone else's fetch cannot be registered.
        await #expect(throws: (any Error).self) {
            _ = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream?fetch=\(fetch)",
                              headers: ["Authorization": "Bearer \(harness.tokens["member"]!)"])
        }
    }

    @Test func resumingWithLastEventIDDeliversExactlyWhatWasMissed() async throws {
        let harness = try await ServiceHarness(photos: 3)
        defer { Task { await harness.stop() } }
        let headers = ["Authorization": "Bearer \(harness.tokens["viewer"]!)"]
        var stream: SSEClient? = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream", headers: headers)
        let asset = try harness.assetIdentifiers()[0]
        let first = try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: asset, AssetEdits(isFavorite: true))]))
        let seen = try #require(try await stream!.events(until: "change").last)
        #expect(seen.id == first.token)
        stream = nil   // disconnect

        // 1,000 changes while the client is away.
        for index in 0..<1000 {
            try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: asset, AssetEdits(isFavorite: index % 2 == 0))]))
        }
        let resumed = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream", headers: headers.merging(["Last-Event-ID": "\(seen.id!)"]) { a, _ in a })
        let events = try await resumed.events(until: "ready").filter { $0.name == "change" }
        let history = try harness.library.changeLogEntries(after: seen.id!)
        #expect(events.count == 1000)
        #expect(events.map(\.id) == history.map(\.token))
        #expect(events.allSatisfy { (($0.data["change"] as? [String: Any])?["assets"] as? [String: Any])?["updated"] as? [String] == [asset] })

        // Then live again.
        let live = try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: asset, AssetEdits(isHidden: true))]))
        #expect(try await resumed.events(until: "change").last?.id == live.token)
    }

    @Test func aTokenOlderThanTheKeptHistoryIsExpired() async throws {
        let harness = try await ServiceHarness(photos: 1)
        defer { Task { await harness.stop() } }
        let asset = try harness.assetIdentifiers()[0]
        for index in 0..<5 { try harness.library.apply(ChangeBatch(operations: [.editAsset(identifier: asset, AssetEdits(isFavorite: index % 2 == 0))])) }
        try harness.library.trimChangeLog(keeping: 2)
        let stream = try await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream?since=1",
                                   headers: ["Authorization": "Bearer \(harness.tokens["viewer"]!)"])
        #expect(try await stream.events(until: "expired").last?.name == "expired")
        let anonymous = try? await SSEClient.open(port: harness.baseURL.port!, path: "/api/changes/stream", headers: [:])
        #expect(anonymous == nil)
    }
}

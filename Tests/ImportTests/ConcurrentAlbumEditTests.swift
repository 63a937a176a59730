import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Several writers editing one album at once, each with its own `Library` on the same directory (as separate
/// processes would have): adds, inserts at an index, removals and moves by index, read from a state another writer
/// may already have changed. The album must end exactly as the committed edits give when replayed one after
/// another in commit order on a fresh library — no lost update, no duplicate member, positions 0…n−1.
struct ConcurrentAlbumEditTests {
    /// One writer's random edit, from what it last saw of the album.
    static func edit(_ random: inout SplitMix, assets: [String], seen: Int) -> MemberEdit {
        func someAssets() -> [String] { (0..<(1 + random.next(3))).map { _ in assets[random.next(assets.count)] } }
        switch random.next(4) {
        case 0: return .add(someAssets())
        case 1: return .insert([assets[random.next(assets.count)]], at: IndexSet(integer: random.next(seen + 1)))
        case 2: return .remove(someAssets())
        default: return .move(IndexSet(integer: random.next(max(seen, 1))), to: random.next(max(seen, 1)))
        }
    }

    @Test func concurrentEditsEqualTheirReplayInCommitOrder() throws {
        let dir = TemporaryDirectory()
        let url = dir.appending("Shared.photoslibrary")
        let setup = try Library.open(at: url)
        let assets = (0..<24).map { _ in LocalIdentifier.make(.asset) }
        let album = LocalIdentifier.make(.assetCollection)
        let creations: [ChangeOperation] = assets.enumerated().map { index, id in
            .createAsset(NewAsset(identifier: id, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 16, height: 12, seed: index)))]))
        }
        try setup.apply(ChangeBatch(operations: creations + [.createAlbum(identifier: album, title: "Shared")]))
        let albumRow = try #require(try setup.collectionRowIDs(CollectionQuery(scope: .identifiers([album], kind: nil))).first)

        let writers = 4, editsEach = 40
        let log = CommitLog()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for writer in 0..<writers {
            let library = try Library.open(at: url)
            done.enter()
            Thread {
                start.wait()
                var random = SplitMix(seed: UInt64(writer + 1))
                for _ in 0..<editsEach {
                    let seen = (try? library.assetRowIDs(AssetQuery(scope: .collection(albumRow))).count) ?? 0
                    let edit = Self.edit(&random, assets: assets, seen: seen)
                    if let outcome = try? library.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: nil, members: [edit])])),
                       let token = outcome.token {
                        log.append(token, edit)
                    }
                }
                done.leave()
            }.start()
        }
        for _ in 0..<writers { start.signal() }
        done.wait()

        let final = try setup.assetRowIDs(AssetQuery(scope: .collection(albumRow)))
        let records = try setup.assets(rowIDs: final)
        let members = final.map { records[$0]!.identifier }
        #expect(Set(members).count == members.count, "no asset is in the album twice")
        let positions = try setup.read { try Int.fetchAll($0, sql: "SELECT position FROM album_asset WHERE collection_id = ? ORDER BY position", arguments: [albumRow]) }
        #expect(positions == Array(0..<members.count), "positions are 0…n−1")
        #expect(log.entries.count > writers * editsEach / 2, "most edits committed (\(log.entries.count))")

        // The same committed edits, one after another in commit order, on a fresh library with the same objects.
        let replay = try Library.open(at: dir.appending("Replay.photoslibrary"))
        try replay.apply(ChangeBatch(operations: creations + [.createAlbum(identifier: album, title: "Shared")]))
        for (_, edit) in log.entries.sorted(by: { $0.0 < $1.0 }) {
            _ = try replay.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: nil, members: [edit])]))
        }
        let replayRow = try #require(try replay.collectionRowIDs(CollectionQuery(scope: .identifiers([album], kind: nil))).first)
        let replayed = try replay.assetRowIDs(AssetQuery(scope: .collection(replayRow)))
        let replayRecords = try replay.assets(rowIDs: replayed)
        #expect(replayed.map { replayRecords[$0]!.identifier } == members, "the concurrent result is a serial one")
    }
}

/// Committed edits with their change-log tokens, appended from worker threads.
private final class CommitLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(Int64, MemberEdit)] = []
    var entries: [(Int64, MemberEdit)] { lock.lock(); defer { lock.unlock() }; return storage }
    func append(_ token: Int64, _ edit: MemberEdit) { lock.lock(); storage.append((token, edit)); lock.unlock() }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
}

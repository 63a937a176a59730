import XCTest
import GRDB
import FetchPredicates
@testable import PhotoLibrary
import _TestSupport

/// Persisted fetch snapshots (`FetchSnapshotStore`) must give exactly what running the query gives — ids,
/// order (ties included), count, token — and must never be used for another library state or when damaged.
final class FetchSnapshotTests: LibraryTestCase {
    private var savedMinimum = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        savedMinimum = FetchSnapshotStore.minimumCount.load(ordering: .relaxed)
        FetchSnapshotStore.minimumCount.store(1, ordering: .relaxed)
        try library.fill(count: 20_000, seed: 5)
    }

    override func tearDown() {
        FetchSnapshotStore.minimumCount.store(savedMinimum, ordering: .relaxed)
        super.tearDown()
    }

    private var snapshotFolder: URL { libraryURL.appendingPathComponent("database/fetch-snapshots") }

    private func snapshotFiles() -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: snapshotFolder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "ids" }
    }

    /// The ids the query selects when run directly (the path without snapshots).
    private func slowIDs(_ query: AssetQuery, in library: Library? = nil) throws -> [Int64] {
        try (library ?? self.library).read { db in
            let (sql, arguments) = try query.sql(db)
            return try Library.fetchIDs(db, sql: sql, arguments: arguments)
        }
    }

    private func slowIDs(_ query: CollectionQuery) throws -> [Int64] {
        try library.read { db in
            let (sql, arguments) = try query.sql(db)
            return try Library.fetchIDs(db, sql: sql, arguments: arguments)
        }
    }

    private func sort(_ key: String, _ ascending: Bool) throws -> SortKey {
        try SortKey.resolve(key, ascending: ascending, in: PredicateSchemas.asset)
    }

    private func predicate(_ format: String, _ arguments: [Any] = []) throws -> CompiledPredicate {
        try PredicateCompiler.compile(format: format, arguments: arguments, schema: PredicateSchemas.asset)
    }

    private func smartAlbum(_ subtype: Int) throws -> Int64 {
        try XCTUnwrap(try library.read { try Int64.fetchOne($0, sql: "SELECT id FROM collection WHERE type = 2 AND subtype = ?", arguments: [subtype]) })
    }

    private func assetQueries() throws -> [(String, AssetQuery)] {
        let album = try XCTUnwrap(try library.read { try Int64.fetchOne($0, sql: "SELECT id FROM collection WHERE type = 1 ORDER BY id") })
        let moment = try XCTUnwrap(try library.read {
            try Int64.fetchOne($0, sql: "SELECT moment_id FROM asset WHERE moment_id IS NOT NULL GROUP BY moment_id ORDER BY count(*) DESC LIMIT 1")
        })
        return [
            ("all, natural order", AssetQuery(scope: .all)),
            ("all by creationDate", AssetQuery(scope: .all, sort: [try sort("creationDate", true)])),
            ("all newest first", AssetQuery(scope: .all, sort: [try sort("creationDate", false)])),
            ("images by pixelWidth (many ties)", AssetQuery(scope: .mediaType(.image), sort: [try sort("pixelWidth", false)])),
            ("videos by duration then date", AssetQuery(scope: .mediaType(.video), sort: [try sort("duration", true), try sort("creationDate", false)])),
            ("favourites predicate", AssetQuery(scope: .all, predicate: try predicate("favorite == YES"))),
            ("Live Photos predicate", AssetQuery(scope: .all, predicate: try predicate("(mediaSubtypes & %d) != 0", [8]))),
            ("wide images predicate", AssetQuery(scope: .mediaType(.image), predicate: try predicate("pixelWidth > %d", [3000]), sort: [try sort("modificationDate", false)])),
            ("Favorites smart album", AssetQuery(scope: .collection(try smartAlbum(203)))),
            ("Videos smart album", AssetQuery(scope: .collection(try smartAlbum(202)))),
            ("Hidden smart album", AssetQuery(scope: .collection(try smartAlbum(205)))),
            ("a user album", AssetQuery(scope: .collection(album))),
            ("a moment", AssetQuery(scope: .collection(moment))),
            ("hidden and burst frames included", AssetQuery(scope: .all, includeHiddenAssets: true, includeAllBurstAssets: true)),
            ("limit", AssetQuery(scope: .all, sort: [try sort("creationDate", false)], limit: 100)),
        ]
    }

    func testSnapshotsGiveExactlyWhatTheQueryGives() throws {
        for (name, query) in try assetQueries() {
            let expected = try slowIDs(query)
            let first = try library.fetchRowIDs(query)
            XCTAssertFalse(first.isFromSnapshot, name)
            XCTAssertEqual(first.ids, expected, name)
            let second = try library.fetchRowIDs(query)
            XCTAssertTrue(second.isFromSnapshot, name)
            XCTAssertEqual(second.ids, expected, name)
            XCTAssertEqual(second.token, first.token, name)
            XCTAssertEqual(try library.assetRowIDs(query), expected, name)
            // Positions, from the file or built in memory, agree with a scan (present and absent ids).
            let positions = second.positions ?? RowPositions.build(second.list)
            for index in stride(from: 0, to: expected.count, by: max(1, expected.count / 97)) {
                XCTAssertEqual(positions.index(of: expected[index], in: second.list), index, name)
            }
            XCTAssertNil(positions.index(of: -5, in: second.list), name)
            XCTAssertNil(positions.index(of: Int64.max, in: second.list), name)
        }
        let collections: [(String, CollectionQuery)] = [
            ("moments", CollectionQuery(scope: .assetCollections(type: CollectionRaw.moment, subtype: nil))),
            ("albums", CollectionQuery(scope: .assetCollections(type: CollectionRaw.album, subtype: nil))),
        ]
        for (name, query) in collections {
            let expected = try slowIDs(query)
            XCTAssertEqual(try library.fetchRowIDs(query).ids, expected, name)
            let second = try library.fetchRowIDs(query)
            XCTAssertTrue(second.isFromSnapshot, name)
            XCTAssertEqual(second.ids, expected, name)
        }
    }

    func testRecentlyAddedIsNeverPersisted() throws {
        let query = AssetQuery(scope: .collection(try smartAlbum(206)))
        _ = try library.fetchRowIDs(query)
        let again = try library.fetchRowIDs(query)
        XCTAssertFalse(again.isFromSnapshot)
        XCTAssertEqual(again.ids, try slowIDs(query))
    }

    func testSnapshotIsNotUsedAfterAChangeFromAnotherConnection() throws {
        let query = AssetQuery(scope: .all, sort: [try sort("creationDate", false)])
        let before = try library.fetchRowIDs(query)
        XCTAssertTrue(try library.fetchRowIDs(query).isFromSnapshot)

        // Another handle (its own connections, as another process has) hides an asset and favourites another.
        let other = try Library.open(at: libraryURL)
        let records = try other.assets(rowIDs: [before.ids[10], before.ids[20]])
        try other.apply(ChangeBatch(operations: [
            .editAsset(identifier: records[before.ids[10]]!.identifier, AssetEdits(isHidden: true)),
            .editAsset(identifier: records[before.ids[20]]!.identifier, AssetEdits(isFavorite: true)),
        ]))

        let after = try library.fetchRowIDs(query)
        XCTAssertFalse(after.isFromSnapshot)
        XCTAssertGreaterThan(after.token, before.token)
        XCTAssertEqual(after.ids, try slowIDs(query))
        XCTAssertEqual(after.ids.count, before.ids.count - 1)
        XCTAssertFalse(after.ids.contains(before.ids[10]))
        // The favourites fetch follows too, and the stale file of the first state is gone.
        let favourites = AssetQuery(scope: .all, predicate: try predicate("favorite == YES"))
        XCTAssertTrue(try library.fetchRowIDs(favourites).ids.contains(before.ids[20]))
        XCTAssertFalse(snapshotFiles().contains { $0.lastPathComponent.hasSuffix("-\(before.token).ids") })
    }

    func testTruncatedOrDamagedSnapshotIsIgnored() throws {
        let query = AssetQuery(scope: .all, sort: [try sort("creationDate", true)])
        let expected = try slowIDs(query)
        _ = try library.fetchRowIDs(query)
        XCTAssertEqual(snapshotFiles().count, 1)
        let file = try XCTUnwrap(snapshotFiles().first)
        let intact = try Data(contentsOf: file)

        func check(_ damaged: Data, _ name: String) throws {
            try damaged.write(to: file, options: .atomic)
            let fetched = try library.fetchRowIDs(query)
            XCTAssertFalse(fetched.isFromSnapshot, name)
            XCTAssertEqual(fetched.ids, expected, name)
            // The fetch wrote a good snapshot again.
            XCTAssertTrue(try library.fetchRowIDs(query).isFromSnapshot, name)
        }
        try check(intact.prefix(intact.count - 4), "truncated")
        try check(intact.prefix(40), "header only")
        try check(Data(), "empty")
        var flipped = intact
        flipped[intact.count / 3] ^= 0x40   // inside the ids
        try check(flipped, "a flipped bit in the ids")
        var header = intact
        header[9] ^= 0x01                   // the token
        try check(header, "a changed token")

        // A damaged position table is used only where it agrees with the ids: answers stay exact.
        var table = intact
        let tableStart = intact.count - (Int(expected.max()! - expected.min()!) + 1) * 4
        for offset in stride(from: tableStart, to: intact.count, by: 7) { table[offset] ^= 0x5A }
        try table.write(to: file, options: .atomic)
        let fetched = try library.fetchRowIDs(query)
        XCTAssertTrue(fetched.isFromSnapshot)
        let positions = try XCTUnwrap(fetched.positions)
        for index in stride(from: 0, to: expected.count, by: 13) {
            XCTAssertEqual(positions.index(of: expected[index], in: fetched.list), index)
        }
    }

    func testPositionsOfSparseAndRepeatedIds() {
        let sparse: RowIDList = [9_000_000, 5, 77, 1_000_000_000]
        let table = RowPositions.build(sparse)
        for (index, id) in sparse.enumerated() { XCTAssertEqual(table.index(of: id, in: sparse), index) }
        XCTAssertNil(table.index(of: 6, in: sparse))
        let repeated: RowIDList = [4, 2, 4, 3, 2]
        let first = RowPositions.build(repeated)
        XCTAssertEqual(first.index(of: 4, in: repeated), 0)
        XCTAssertEqual(first.index(of: 2, in: repeated), 1)
        XCTAssertEqual(first.index(of: 3, in: repeated), 3)
        XCTAssertNil(RowPositions.build([]).index(of: 1, in: []))
    }
}

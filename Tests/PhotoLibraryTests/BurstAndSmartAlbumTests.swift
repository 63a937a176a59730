import XCTest
import GRDB
@testable import PhotoLibrary

final class BurstAndSmartAlbumTests: LibraryTestCase {
    func testBurstShowsOnlyItsRepresentativeByDefault() throws {
        let ids = try addPhotos([date(0), date(0.001), date(0.002), date(5)])
        try library.write { db in
            try db.execute(sql: "UPDATE asset SET burst_identifier = 'B1' WHERE identifier IN (?, ?, ?)", arguments: [ids[0], ids[1], ids[2]])
            try BurstRules.refresh("B1", db)
        }
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[0], ids[3]])
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all, includeAllBurstAssets: true)), ids)
        XCTAssertEqual(try identifiers(AssetQuery(scope: .burst("B1"))), [ids[0]])
        XCTAssertEqual(try identifiers(AssetQuery(scope: .burst("B1"), includeAllBurstAssets: true)), Array(ids.prefix(3)))
        let bursts = try library.read { try Int64.fetchOne($0, sql: "SELECT id FROM collection WHERE type = 2 AND subtype = 207")! }
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(bursts))), [ids[0]])
        // Trashing the representative promotes the next frame.
        try library.apply(ChangeBatch(operations: [.trashAssets([ids[0]])]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .burst("B1"))), [ids[1]])
    }

    func testUserPicksRepresentTheBurstAndShowInFetches() throws {
        let ids = try addPhotos([date(0), date(0.001), date(0.002)])
        try library.write { db in
            try db.execute(sql: "UPDATE asset SET burst_identifier = 'B2' WHERE identifier IN (?, ?, ?)", arguments: [ids[0], ids[1], ids[2]])
            try BurstRules.refresh("B2", db)
        }
        let rows = try library.assetRowIDs(identifiers: ids)
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[0]])
        // Picking the last frame: it shows on its own and represents the burst; the earlier representative is now
        // an extra frame, so the outcome (what change observation starts from) names both.
        let outcome = try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[2], AssetEdits(isBurstPick: true))]))
        XCTAssertEqual(outcome.updatedAssets, [rows[0], rows[2]])
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[2]])
        XCTAssertEqual(try library.read { try Int.fetchAll($0, sql: "SELECT burst_selection FROM asset ORDER BY id") }, [0, 0, 2])
        // A second pick shows too; the first pick by date represents the burst.
        try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[1], AssetEdits(isBurstPick: true))]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[1], ids[2]])
        XCTAssertEqual(try library.read { try Int64.fetchAll($0, sql: "SELECT id FROM asset WHERE represents_burst = 1") }, [rows[1]])
        // Unpicking both returns to the earliest frame alone.
        try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[1], AssetEdits(isBurstPick: false)),
                                                   .editAsset(identifier: ids[2], AssetEdits(isBurstPick: false))]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[0]])
    }

    func testOnlyBurstFramesCanBePicks() throws {
        let ids = try addPhotos([date(0)])
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[0], AssetEdits(isBurstPick: true))]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .changeNotSupported)
            XCTAssertTrue("\(error)".contains("not part of a burst"))
        }
        XCTAssertEqual(try library.read { try Int.fetchOne($0, sql: "SELECT burst_selection FROM asset")! }, 0, "nothing written")
    }

    func testSmartAlbumMembershipFollowsProperties() throws {
        let ids = try addPhotos([date(0), date(1), date(2)])
        let favorites = try library.read { try Int64.fetchOne($0, sql: "SELECT id FROM collection WHERE type = 2 AND subtype = 203")! }
        let hidden = try library.read { try Int64.fetchOne($0, sql: "SELECT id FROM collection WHERE type = 2 AND subtype = 205")! }
        try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[1], AssetEdits(isFavorite: true)), .editAsset(identifier: ids[2], AssetEdits(isHidden: true))]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(favorites))), [ids[1]])
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(hidden))), [ids[2]])
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[0], ids[1]], "hidden assets are left out")
        XCTAssertEqual(try identifiers(AssetQuery(scope: .identifiers([ids[2]]))), [ids[2]], "fetching by identifier includes hidden assets")
        try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[1], AssetEdits(isFavorite: false))]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(favorites))), [])
        let containing = try library.collectionRowIDs(CollectionQuery(scope: .containingAsset(try library.assetRowIDs(identifiers: [ids[2]])[0], type: 2)))
        let subtypes = try library.collections(rowIDs: containing).values.map(\.subtype)
        XCTAssertEqual(Set(subtypes), [205], "a hidden photo is in the Hidden smart album only")
    }

    func testInvalidIdentifiersAreClearErrors() throws {
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editAsset(identifier: "nonsense", AssetEdits(isFavorite: true))]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .invalidIdentifier)
            XCTAssertTrue("\(error)".contains("nonsense"))
        }
        let unknown = LocalIdentifier.make(.asset)
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.trashAssets([unknown])]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .identifierNotFound)
            XCTAssertTrue("\(error)".contains(unknown))
        }
    }
}

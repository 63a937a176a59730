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

import XCTest
import GRDB
@testable import PhotoLibrary

final class CollectionTests: LibraryTestCase {
    func testAlbumMemberEditsKeepOrderAndUniqueness() throws {
        let a = try addPhotos([date(0), date(1), date(2), date(3)])
        let album = LocalIdentifier.make(.assetCollection)
        try library.apply(ChangeBatch(operations: [
            .createAlbum(identifier: album, title: "Trip"),
            .editCollection(identifier: album, title: nil, members: [.add([a[0], a[1], a[0]]), .insert([a[2]], at: IndexSet(integer: 0))]),
        ]))
        let albumRow = try library.read { try Int64.fetchOne($0, sql: "SELECT id FROM collection WHERE identifier = ?", arguments: [album])! }
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(albumRow))), [a[2], a[0], a[1]])
        try library.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: "Renamed", members: [.move(IndexSet(integer: 0), to: 2), .replace(IndexSet(integer: 0), with: [a[3]])])]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(albumRow))), [a[3], a[1], a[2]])
        try library.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: nil, members: [.removeAt(IndexSet(integer: 1)), .remove([a[3]])])]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(albumRow))), [a[2]])
        XCTAssertEqual(try count("SELECT cached_count FROM collection WHERE id = \(albumRow)"), 1)
        XCTAssertEqual(try count("SELECT count(*) FROM asset"), 4, "removing from an album never deletes assets")
    }

    func testOutOfRangeIndexesChangeNothing() throws {
        let a = try addPhotos([date(0)])
        let album = LocalIdentifier.make(.assetCollection)
        try library.apply(ChangeBatch(operations: [.createAlbum(identifier: album, title: "A"), .editCollection(identifier: album, title: nil, members: [.add(a)])]))
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [
            .editCollection(identifier: album, title: "B", members: [.removeAt(IndexSet(integer: 5))]),
        ]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .changeNotSupported)
        }
        XCTAssertEqual(try library.read { try String.fetchOne($0, sql: "SELECT title FROM collection WHERE identifier = ?", arguments: [album]) }, "A")
    }

    func testFoldersNestAndRefuseCycles() throws {
        let outer = LocalIdentifier.make(.collectionList), inner = LocalIdentifier.make(.collectionList), album = LocalIdentifier.make(.assetCollection)
        try library.apply(ChangeBatch(operations: [
            .createFolder(identifier: outer, title: "Outer"), .createFolder(identifier: inner, title: "Inner"), .createAlbum(identifier: album, title: "Album"),
            .editCollection(identifier: inner, title: nil, members: [.add([album])]),
            .editCollection(identifier: outer, title: nil, members: [.add([inner])]),
        ]))
        let top = try library.read { try String.fetchAll($0, sql: "SELECT title FROM collection WHERE parent_id IS NULL AND (type = 1 OR (kind = 2 AND type = 2)) AND kind IN (1, 2) AND NOT (kind = 1 AND type != 1)") }
        XCTAssertEqual(top, ["Outer"])
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editCollection(identifier: inner, title: nil, members: [.add([outer])])])))
        try library.apply(ChangeBatch(operations: [.deleteCollections([outer])]))
        XCTAssertEqual(try count("SELECT count(*) FROM collection WHERE kind = 2 AND type = 2"), 0, "deleting a folder deletes what it holds")
        XCTAssertEqual(try count("SELECT count(*) FROM collection WHERE type = 1 AND kind = 1"), 0)
    }

    func testSmartAlbumsCannotBeEdited() throws {
        let favorites = try library.read { try String.fetchOne($0, sql: "SELECT identifier FROM collection WHERE type = 2 AND subtype = 203")! }
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editCollection(identifier: favorites, title: "Mine", members: [])]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .changeNotSupported)
        }
    }
}

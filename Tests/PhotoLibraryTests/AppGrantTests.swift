import XCTest
@testable import PhotoLibrary
import _TestSupport

/// Applications' grants in the core: asking and deciding, the binding to an executable's bytes, what a limited
/// or add-only application reads (`ReadScope` in queries and change entries) and changes (`ActingApp`), and the
/// selection growing as a logged change.
final class AppGrantTests: LibraryTestCase {
    func testAskingDecidingAndTheExecutablesBytes() throws {
        let asked = try library.requestAppAccess(identifier: "org.example.A", name: "A", executablePath: "/usr/bin/a", executableSHA256: "aa", level: .readWrite)
        XCTAssertEqual(asked.status, .pending)
        XCTAssertEqual(asked.requestedLevel, .readWrite)
        XCTAssertEqual(asked.readScope, .nothing)
        XCTAssertNil(asked.changeScope)
        XCTAssertEqual(try library.decideAppAccess(identifier: "org.example.A", status: .full).status, .full)
        // Asking again changes nothing once decided; other bytes under the same name are asked about again.
        XCTAssertEqual(try library.requestAppAccess(identifier: "org.example.A", name: "A", executablePath: "/usr/bin/a", executableSHA256: "aa", level: .readWrite).status, .full)
        let changed = try library.requestAppAccess(identifier: "org.example.A", name: "A", executablePath: "/usr/bin/a", executableSHA256: "bb", level: .readWrite)
        XCTAssertEqual(changed.status, .pending)
        XCTAssertEqual(changed.executableSHA256, "bb")
        // Granted in advance: bound to the first bytes that present the identifier, the decision kept.
        try library.decideAppAccess(identifier: "org.example.B", status: .limited, name: "B")
        try library.bindAppExecutable(identifier: "org.example.B", executablePath: "/opt/b", executableSHA256: "cc")
        try library.bindAppExecutable(identifier: "org.example.B", executablePath: "/opt/other", executableSHA256: "dd")
        let bound = try XCTUnwrap(try library.appGrant(identifier: "org.example.B"))
        XCTAssertEqual(bound.status, .limited)
        XCTAssertEqual(bound.executableSHA256, "cc")
        // Add-only asking to read is a new question; the add-only grant stays in force meanwhile.
        try library.decideAppAccess(identifier: "org.example.A", status: .addOnly)
        let upgrade = try library.requestAppAccess(identifier: "org.example.A", name: "A", executablePath: "/usr/bin/a", executableSHA256: "bb", level: .readWrite)
        XCTAssertEqual(upgrade.status, .addOnly)
        XCTAssertEqual(upgrade.requestedLevel, .readWrite)
        XCTAssertTrue(upgrade.isAskingToRead && upgrade.isWaitingForOwner, "add-only asking to read is a question for the owner")
        XCTAssertTrue(asked.isWaitingForOwner, "undecided")
        XCTAssertFalse(try library.decideAppAccess(identifier: "org.example.A", status: .addOnly).isWaitingForOwner, "answered")
        XCTAssertThrowsError(try library.decideAppAccess(identifier: "org.example.A", status: .full, selection: ["x"]))
        XCTAssertThrowsError(try library.requestAppAccess(identifier: "", name: "", executablePath: "", executableSHA256: "", level: .readWrite))
        try library.forgetApp(identifier: "org.example.A")
        XCTAssertNil(try library.appGrant(identifier: "org.example.A"))
    }

    func testALimitedSelectionScopesQueriesAndChangesAndGrowsAsAChange() throws {
        let ids = try addPhotos([date(0), date(1), date(2)])
        let grant = try library.decideAppAccess(identifier: "org.example.L", status: .limited, selection: [ids[0]])
        XCTAssertEqual(grant.selectionCount, 1)
        var query = AssetQuery(scope: .all)
        query.readScope = grant.readScope
        XCTAssertEqual(try identifiers(query), [ids[0]])
        query.scope = .identifiers(ids)
        XCTAssertEqual(try identifiers(query), [ids[0]])
        query.readScope = .nothing
        XCTAssertEqual(try identifiers(query), [])

        // Changes: within the selection; outside it, as if the asset did not exist; creations join the selection.
        let app = try XCTUnwrap(grant.changeScope)
        let before = try library.currentChangeToken()
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.trashAssets([ids[1]])], actingApp: app))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .identifierNotFound)
        }
        XCTAssertEqual(try library.currentChangeToken(), before)
        let album = LocalIdentifier.make(.assetCollection)
        try library.apply(ChangeBatch(operations: [.createAlbum(identifier: album, title: "Mine"), .editCollection(identifier: album, title: nil, members: [.add([ids[0]])])],
                                      actingApp: app))
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: nil, members: [.add([ids[2]])])], actingApp: app)))
        var albums = CollectionQuery(scope: .assetCollections(type: CollectionRaw.album, subtype: nil))
        albums.readScope = grant.readScope
        XCTAssertEqual(try library.collectionRowIDs(albums).count, 1)
        XCTAssertEqual(try library.assetCount(collectionRowID: try library.collectionRowIDs(albums)[0], readScope: grant.readScope), 1)

        // The selection grows: a logged change naming the new asset, filtered to what the application sees.
        let token = try library.currentChangeToken()
        XCTAssertEqual(try library.addToAppSelection(identifier: "org.example.L", assets: [ids[1], ids[0]]), [ids[1]])
        let entries = try library.changeLogEntries(after: token, limit: 10)
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(Set(entries[0].changes.assets.updated.values), [ids[1]])
        query.readScope = grant.readScope
        query.scope = .all
        XCTAssertEqual(Set(try identifiers(query)), [ids[0], ids[1]])
        // Someone else's change to an unselected asset is invisible to it.
        try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[2], AssetEdits(isFavorite: true))]))
        let later = try library.changeLogEntries(after: token, limit: 10)
        XCTAssertEqual(later.count, 2)
        XCTAssertEqual(try library.entries(later, visibleIn: grant.readScope).count, 1)
        XCTAssertThrowsError(try library.addToAppSelection(identifier: "org.example.L", assets: ["nope/L0/001"]))
    }

    func testAddOnlyCreatesAndChangesNothingElse() throws {
        let ids = try addPhotos([date(0)])
        let grant = try library.decideAppAccess(identifier: "org.example.W", status: .addOnly)
        let app = try XCTUnwrap(grant.changeScope)
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[0], AssetEdits(isFavorite: true))], actingApp: app))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .notPermitted)
        }
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.createAlbum(identifier: LocalIdentifier.make(.assetCollection), title: "No")], actingApp: app)))
        let created = LocalIdentifier.make(.asset)
        try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(identifier: created, resources: [
            NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: 5)), originalFilename: "new.jpg"),
        ]))], actingApp: app))
        XCTAssertEqual(try library.assetRowIDs(identifiers: [created]).count, 1)
        XCTAssertEqual(try library.resourceHashesPresent([ContentDigest.sha256Hex(FixtureImages.jpeg(seed: 5))], visibleIn: grant.readScope), [])
    }
}

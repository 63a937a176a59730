import XCTest
import GRDB
@testable import PhotoLibrary
import _TestSupport

/// Projects as stored by the core (migration v8): an album with project attributes, changed only as a project.
final class ProjectStorageTests: LibraryTestCase {
    private func makeProject(_ assets: [String], title: String = "Book") throws -> String {
        let project = NewProject(title: title, assets: assets, projectType: "org.example.book", extensionIdentifier: "org.example.photobook",
                                 plan: Data("{\"sections\":[]}".utf8))
        try library.apply(ChangeBatch(operations: [.createProject(project)]))
        return project.identifier
    }

    private func record(_ identifier: String) throws -> CollectionRecord {
        let rows = try library.collectionRowIDs(CollectionQuery(scope: .identifiers([identifier], kind: nil)))
        return try XCTUnwrap(try library.collections(rowIDs: rows)[rows.first ?? -1])
    }

    func testProjectIsAnAlbumOfItsAssetsWithAttributes() throws {
        let a = try addPhotos([date(0), date(1), date(2)])
        let project = try makeProject([a[2], a[0], a[2]])
        let stored = try record(project)
        XCTAssertEqual(stored.project?.projectType, "org.example.book")
        XCTAssertEqual(stored.project?.extensionIdentifier, "org.example.photobook")
        XCTAssertEqual(stored.project?.hasPreview, false)
        XCTAssertEqual(stored.cachedCount, 2)
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(stored.rowID))), [a[2], a[0]], "members in order, once each")
        XCTAssertEqual(try library.projectPlanData(identifier: project), Data("{\"sections\":[]}".utf8))
        // Only `.projects` lists it: albums and the top level do not.
        XCTAssertEqual(try library.collectionRowIDs(CollectionQuery(scope: .projects)), [stored.rowID])
        XCTAssertFalse(try library.collectionRowIDs(CollectionQuery(scope: .topLevelUserCollections)).contains(stored.rowID))
        XCTAssertFalse(try library.collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.album, subtype: nil))).contains(stored.rowID))
    }

    func testEditsChangeTitleDataPreviewKeyAssetAndRemoveAssets() throws {
        let a = try addPhotos([date(0), date(1), date(2)])
        let project = try makeProject(a)
        let preview = FixtureImages.jpeg(width: 32, height: 32)
        try library.apply(ChangeBatch(operations: [.editProject(identifier: project, ProjectEdits(
            title: "Summer", extensionData: Data([1, 2, 3]), preview: preview, keyAsset: a[1], removedAssets: [a[0]]))]))
        let stored = try record(project)
        XCTAssertEqual(stored.title, "Summer")
        XCTAssertEqual(stored.project?.extensionData, Data([1, 2, 3]))
        XCTAssertEqual(stored.project?.hasPreview, true)
        XCTAssertEqual(try library.projectPreview(identifier: project), preview)
        XCTAssertEqual(stored.cachedCount, 2)
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(stored.rowID))), [a[1], a[2]])
        XCTAssertEqual(try count("SELECT count(*) FROM asset"), 3, "removing from a project never deletes assets")
        // Removing the key asset clears it.
        try library.apply(ChangeBatch(operations: [.editProject(identifier: project, ProjectEdits(removedAssets: [a[1]]))]))
        XCTAssertNil(try record(project).project?.keyAssetRowID)
    }

    func testTooMuchExtensionDataIsRefusedAndChangesNothing() throws {
        let a = try addPhotos([date(0)])
        let project = try makeProject(a)
        let tooMuch = Data(count: ProjectAttributes.extensionDataLimit + 1)
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editProject(identifier: project, ProjectEdits(title: "New", extensionData: tooMuch))]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .changeNotSupported)
            XCTAssertTrue("\(error)".contains("1 MB"), "\(error)")
        }
        let stored = try record(project)
        XCTAssertEqual(stored.title, "Book", "the whole batch was refused")
        XCTAssertEqual(stored.project?.extensionData, Data())
        // Exactly the limit is accepted.
        try library.apply(ChangeBatch(operations: [.editProject(identifier: project, ProjectEdits(extensionData: Data(count: ProjectAttributes.extensionDataLimit)))]))
        XCTAssertEqual(try record(project).project?.extensionData.count, ProjectAttributes.extensionDataLimit)
    }

    func testProjectsRefuseAddingAssetsFoldersAndNonJPEGPreviews() throws {
        let a = try addPhotos([date(0), date(1)])
        let project = try makeProject([a[0]])
        let folder = LocalIdentifier.make(.collectionList)
        let attempts: [ChangeOperation] = [
            .editCollection(identifier: project, title: nil, members: [.add([a[1]])]),
            .editProject(identifier: project, ProjectEdits(preview: Data("not an image".utf8))),
            .editProject(identifier: project, ProjectEdits(keyAsset: a[1])),
        ]
        for attempt in attempts {
            XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [attempt])), "\(attempt)")
        }
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.createFolder(identifier: folder, title: "F"),
                                                                         .editCollection(identifier: folder, title: nil, members: [.add([project])])])))
        // An album edit is not a project edit either.
        let album = LocalIdentifier.make(.assetCollection)
        try library.apply(ChangeBatch(operations: [.createAlbum(identifier: album, title: "Album")]))
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.editProject(identifier: album, ProjectEdits(title: "x"))])))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(try record(project).rowID))), [a[0]])
        // Deleting a project deletes its row and keeps the assets.
        try library.apply(ChangeBatch(operations: [.deleteCollections([project])]))
        XCTAssertEqual(try count("SELECT count(*) FROM project"), 0)
        XCTAssertEqual(try count("SELECT count(*) FROM asset"), 2)
    }

    func testViewHoldsOnlyTheProjectAndCarriesBackItsChanges() throws {
        let a = try addPhotos([date(0), date(1), date(2)])
        let project = try makeProject([a[0], a[1]])
        let viewURL = directory.appending("View.photoslibrary")
        let view = try library.makeProjectView(project: project, in: viewURL)
        XCTAssertEqual(try view.read { try String.fetchAll($0, sql: "SELECT identifier FROM asset ORDER BY id") }, [a[0], a[1]])
        XCTAssertEqual(try view.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM collection WHERE type != 2") }, 1, "the project, no moments")
        // The files are copies: same bytes, different inodes.
        let resource = try XCTUnwrap(try view.resources(assetRowID: try view.assetRowIDs(identifiers: [a[0]])[0]).first)
        let copy = view.fileURL(for: resource), original = library.fileURL(for: resource)
        XCTAssertEqual(try Data(contentsOf: copy), try Data(contentsOf: original))
        let copyInode = try FileManager.default.attributesOfItem(atPath: copy.path)[.systemFileNumber] as? Int
        let originalInode = try FileManager.default.attributesOfItem(atPath: original.path)[.systemFileNumber] as? Int
        XCTAssertNotEqual(copyInode, originalInode)

        try view.apply(ChangeBatch(operations: [.editProject(identifier: project, ProjectEdits(title: "From the extension", extensionData: Data("state".utf8),
                                                                                               removedAssets: [a[1]]))]))
        let edits = try library.projectEdits(fromView: view, project: project)
        XCTAssertEqual(edits.title, "From the extension")
        XCTAssertEqual(edits.extensionData, Data("state".utf8))
        XCTAssertEqual(edits.removedAssets, [a[1]])
        XCTAssertNil(edits.preview)
        try library.apply(ChangeBatch(operations: [.editProject(identifier: project, edits)]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .collection(try record(project).rowID))), [a[0]])
        XCTAssertEqual(try count("SELECT count(*) FROM asset"), 3)
    }
}

import XCTest
import Photos
import PhotoLibrary
import UIKit
import _TestSupport

/// `PHProject` and `PHProjectChangeRequest` through the façade (on a library directory, and over the service when
/// the suite runs served): creation, fetching, changes, the data limit, change observation.
final class PHProjectTests: PhotosTestCase {
    private func createProject(_ assets: [PHAsset], title: String = "Cards") throws -> PHProject {
        var identifier = ""
        try library.performChangesAndWait {
            identifier = PHProjectChangeRequest.creationRequestForProject(withTitle: title, assets: assets, projectType: "org.example.card",
                                                                          extensionIdentifier: "org.example.cards")
                .placeholderForCreatedProject.localIdentifier
        }
        return try XCTUnwrap(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [identifier], options: nil).firstObject as? PHProject)
    }

    func testProjectsAreAssetCollectionsFetchedApartFromAlbums() throws {
        let photos = try makePhotos([day(0), day(1), day(2)])
        let project = try createProject([photos[1], photos[0]])
        XCTAssertEqual(project.assetCollectionType, .album)
        XCTAssertEqual(project.assetCollectionSubtype, .albumRegular)
        XCTAssertEqual(project.localizedTitle, "Cards")
        XCTAssertEqual(project.projectTypeIdentifier, "org.example.card")
        XCTAssertEqual(project.extensionIdentifier, "org.example.cards")
        XCTAssertEqual(project.projectExtensionData, Data())
        XCTAssertFalse(project.hasProjectPreview)
        XCTAssertEqual(PHAsset.fetchAssets(in: project, options: nil).objects(at: IndexSet(integersIn: 0..<2)).map(\.localIdentifier),
                       [photos[1].localIdentifier, photos[0].localIdentifier])
        XCTAssertEqual(PHProject.fetchProjects(with: nil).firstObject?.localIdentifier, project.localIdentifier)
        XCTAssertEqual(PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).count, 0, "albums do not include projects")
        XCTAssertEqual(PHCollection.fetchTopLevelUserCollections(with: nil).count, 0)
        XCTAssertTrue(project.canPerform(.removeContent))
        XCTAssertFalse(project.canPerform(.addContent))
        XCTAssertNil(PHAssetCollectionChangeRequest(for: project), "an album change request cannot add to a project")
    }

    func testChangesAreObservedAndTheDataLimitIsKept() throws {
        let photos = try makePhotos([day(0), day(1)])
        let project = try createProject(photos)
        let projects = PHProject.fetchProjects(with: nil)
        let recorder = ChangeRecorder()
        library.register(recorder)
        defer { library.unregisterChangeObserver(recorder) }
        let red = try XCTUnwrap(UIImage(data: FixtureImages.jpeg(width: 32, height: 32)))
        try library.performChangesAndWait {
            let request = PHProjectChangeRequest(project: project)
            request.title = "Birthday cards"
            request.projectExtensionData = Data("layout v1".utf8)
            request.setProjectPreviewImage(red)
            request.removeAssets([photos[0]])
        }
        let changes = recorder.waitForCurrentState(of: library)
        let details = try XCTUnwrap(changes.lazy.compactMap { $0.changeDetails(for: projects) }.first)
        let changed = try XCTUnwrap(details.changedObjects.first)
        XCTAssertEqual(changed.localizedTitle, "Birthday cards")
        XCTAssertEqual(changed.projectExtensionData, Data("layout v1".utf8))
        XCTAssertTrue(changed.hasProjectPreview)
        XCTAssertEqual(changed.estimatedAssetCount, 1)
        XCTAssertEqual(PHAsset.fetchAssets(with: nil).count, 2, "removing from a project keeps the photo")

        // More than 1 MB fails the whole block; the project is as it was.
        XCTAssertThrowsError(try library.performChangesAndWait {
            let request = PHProjectChangeRequest(project: changed)
            request.title = "Too much"
            request.projectExtensionData = Data(count: (1 << 20) + 1)
        }) { error in XCTAssertTrue("\(error)".contains("1 MB"), "\(error)") }
        let after = try XCTUnwrap(PHProject.fetchProjects(with: nil).firstObject)
        XCTAssertEqual(after.localizedTitle, "Birthday cards")
        XCTAssertEqual(after.projectExtensionData, Data("layout v1".utf8))

        try library.performChangesAndWait { PHAssetCollectionChangeRequest.deleteAssetCollections([after] as NSArray) }
        XCTAssertEqual(PHProject.fetchProjects(with: nil).count, 0)
        XCTAssertEqual(PHAsset.fetchAssets(with: nil).count, 2)
    }
}

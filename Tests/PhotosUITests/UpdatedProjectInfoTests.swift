import XCTest
import Photos
@testable import PhotosUI
import PhotoLibrary
import _TestSupport

/// `PHProjectExtensionContext.updatedProjectInfo(from:completion:)`: content brought up to date with the project.
final class UpdatedProjectInfoTests: XCTestCase {
    func testRemovedPhotosLeaveTheContentAndNewOnesGetASection() throws {
        let directory = TemporaryDirectory(prefix: "photos-updated-info")
        let library = try PHPhotoLibrary(url: directory.appending("Library.photoslibrary"))
        var identifiers: [String] = []
        try library.performChangesAndWait {
            for index in 0..<6 {
                let request = PHAssetCreationRequest.forAsset()
                request.addResource(with: .photo, data: FixtureImages.jpeg(width: 60, height: 40, seed: index + 1), options: nil)
                request.creationDate = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)
                identifiers.append(request.placeholderForCreatedAsset!.localIdentifier)
            }
        }
        let options = PHFetchOptions()
        options.photoLibrary = library
        let fetched = PHAsset.fetchAssets(withLocalIdentifiers: identifiers, options: options)
        let assets = fetched.objects(at: IndexSet(integersIn: 0..<fetched.count)).sorted { $0.creationDate! < $1.creationDate! }
        // Content made from the first four; the project holds all six.
        let info = try PHProjectInfo.projectInfo(for: .assets(Array(assets.prefix(4))), in: library)
        var projectID = ""
        try library.performChangesAndWait {
            projectID = PHProjectChangeRequest.creationRequestForProject(withTitle: "P", assets: assets, projectType: "")
                .placeholderForCreatedProject.localIdentifier
        }
        var project = try XCTUnwrap(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [projectID], options: options).firstObject as? PHProject)
        try library.performChangesAndWait { PHProjectChangeRequest(project: project).removeAssets([assets[0]]) }
        project = try XCTUnwrap(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [projectID], options: options).firstObject as? PHProject)
        let context = PHProjectExtensionContext(project: project, photoLibrary: library, outputDirectory: directory.url)

        func mentioned(_ info: PHProjectInfo?) -> Set<String> {
            let clouds = info?.sections.flatMap(\.sectionContents).flatMap(\.cloudAssetIdentifiers) ?? []
            return Set(library.localIdentifierMappings(for: clouds).values.compactMap { try? $0.get() })
        }
        let updated = try wait { context.updatedProjectInfo(from: info, completion: $0) }
        XCTAssertEqual(mentioned(updated), Set(assets.dropFirst().map(\.localIdentifier)), "the removed photo is gone, the two new ones are in")
        XCTAssertEqual(updated?.sections.count, info.sections.count + 1, "a section for the photos the content did not mention")
        let fresh = try wait { context.updatedProjectInfo(from: nil, completion: $0) }
        XCTAssertEqual(mentioned(fresh), Set(assets.dropFirst().map(\.localIdentifier)))
    }

    private func wait(_ start: (@escaping @Sendable (PHProjectInfo?) -> Void) -> Progress) throws -> PHProjectInfo? {
        let done = DispatchSemaphore(value: 0)
        let box = LockedBox<PHProjectInfo?>(nil)
        _ = start { info in box.value = info; done.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        return box.value
    }
}

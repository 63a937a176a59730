import Foundation
import Photos
import PhotosUI

/// The photo book: begins by laying the project content out as pages (kept in `projectExtensionData`), renders
/// them to `<title>.pdf` in the output directory and sets a preview; resumes by rendering the kept pages again
/// with the photos still in the project.
final class PhotoBookController: NSObject, PHProjectExtensionController {
    var supportedProjectTypes: [PHProjectTypeDescription] {
        BookFormat.allCases.map { PHProjectTypeDescription(projectType: PHProjectType(rawValue: $0.rawValue), title: $0.title, description: $0.summary, image: nil) }
    }

    func beginProject(with extensionContext: PHProjectExtensionContext, projectInfo: PHProjectInfo,
                      completion: @escaping @Sendable ((any Error)?) -> Void) {
        let library = extensionContext.photoLibrary
        let identifiers = library.localIdentifierMappings(for: projectInfo.sections.flatMap(\.sectionContents).flatMap(\.cloudAssetIdentifiers))
        let state = BookPlanner.plan(projectInfo, format: BookFormat(projectType: extensionContext.project.projectType),
                                     title: extensionContext.project.localizedTitle ?? "") { element in
            try? identifiers[element.cloudAssetIdentifier]?.get()
        }
        completion(Self.make(state, in: extensionContext))
    }

    func resumeProject(with extensionContext: PHProjectExtensionContext, completion: @escaping @Sendable ((any Error)?) -> Void) {
        guard let kept = BookState(data: extensionContext.project.projectExtensionData) else {
            completion(BookError("the project holds no photo book (its extension data is missing or from another extension)"))
            return
        }
        let options = PHFetchOptions()
        options.photoLibrary = extensionContext.photoLibrary
        var present = Set<String>()
        PHAsset.fetchAssets(in: extensionContext.project, options: options).enumerateObjects { asset, _, _ in present.insert(asset.localIdentifier) }
        var state = kept.keeping(present)
        state.title = extensionContext.project.localizedTitle ?? state.title
        completion(Self.make(state, in: extensionContext))
    }

    func finishProject(completionHandler completion: @escaping @Sendable () -> Void) {
        // Everything is saved as soon as it is made.
        completion()
    }

    /// Renders the book, then keeps its state and preview in the project; returns the error that stopped it.
    private static func make(_ state: BookState, in context: PHProjectExtensionContext) -> (any Error)? {
        do {
            let renderer = BookRenderer(library: context.photoLibrary)
            let name = state.title.map { "/\\:".contains($0) ? "-" : $0 }.prefix(80)
            try renderer.render(state, to: context.outputDirectory.appendingPathComponent(String(name) + ".pdf"))
            let data = try state.encoded()
            let preview = renderer.preview(state)
            try context.photoLibrary.performChangesAndWait {
                let request = PHProjectChangeRequest(project: context.project)
                request.projectExtensionData = data
                if let preview { request.setProjectPreviewImage(preview) }
            }
            return nil
        } catch {
            return error
        }
    }
}

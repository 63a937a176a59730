import Foundation
import PhotoLibrary

/// A project made with a project extension (a book, calendar, card, slideshow…): an asset collection of the
/// photos it was made from, with the extension's own data and a preview.
///
/// Its `assetCollectionType` is `.album` and its subtype `.albumRegular`; fetch its assets with
/// `PHAsset.fetchAssets(in:options:)`. Projects are not among the albums that
/// `fetchAssetCollections(with:subtype:options:)` and `fetchTopLevelUserCollections(with:)` return; fetch them
/// with `PHProject.fetchProjects(with:)` (Linux addition) or by local identifier. Change them with
/// `PHProjectChangeRequest`.
public final class PHProject: PHAssetCollection, @unchecked Sendable {
    private var attributes: ProjectAttributes {
        record?.project ?? ProjectAttributes(projectType: "")
    }

    /// Whether a preview image was set (`PHProjectChangeRequest.setProjectPreviewImage(_:)`).
    public var hasProjectPreview: Bool { attributes.hasPreview }

    /// The project extension's own data: at most 1 MB (`ProjectAttributes.extensionDataLimit`, the limit of
    /// Apple's header; Apple's web page says 5 MB). Empty until the extension stores some.
    public var projectExtensionData: Data { attributes.extensionData }

    /// The raw value of the project's `PHProjectType` (Linux addition; PhotosUI's `projectType` wraps it).
    public var projectTypeIdentifier: String { attributes.projectType }

    /// The bundle identifier of the project extension that made the project, if one did (Linux addition).
    public var extensionIdentifier: String? { attributes.extensionIdentifier }

    /// Every project in the library, oldest first (Linux addition: on macOS, Photos lists projects itself).
    public class func fetchProjects(with options: PHFetchOptions?) -> PHFetchResult<PHProject> {
        runCollectionFetch(.projects, options, options.library(), PredicateSchemas.assetCollection)
    }
}

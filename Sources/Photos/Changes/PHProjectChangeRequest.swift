import Foundation
import PhotoLibrary
import UIKit

/// A request to change a project, valid only inside a change block: its title, the extension's data, its
/// preview, its key asset, and assets taken out of it.
///
/// Creating a project is a Linux addition (`creationRequestForProject(withTitle:assets:projectType:)`; on macOS
/// only Photos makes projects). Storing more than 1 MB of `projectExtensionData` makes the whole change block
/// fail with an error naming the limit, as Apple's header documents.
public final class PHProjectChangeRequest: PHChangeRequest {
    let identifier: String
    private let project: PHProject?
    private var creation: NewProject?
    private var edits = ProjectEdits()

    /// A request changing `project`.
    public init(project: PHProject) {
        self.identifier = project.localIdentifier
        self.project = project
        super.init()
    }

    private init(creation: NewProject) {
        self.identifier = creation.identifier
        self.project = nil
        self.creation = creation
        super.init()
    }

    /// A request creating a project of `assets` (Linux addition). `projectType` is a `PHProjectType` raw value;
    /// `extensionIdentifier` names the project extension the project belongs to, and `projectContent` is the
    /// project content it was made from (PhotosUI's `creationRequestForProject(with:title:extensionIdentifier:)`
    /// passes a `PHProjectInfo`'s).
    public class func creationRequestForProject(withTitle title: String, assets: [PHAsset], projectType: String,
                                                extensionIdentifier: String? = nil, projectContent: Data? = nil) -> PHProjectChangeRequest {
        PHProjectChangeRequest(creation: NewProject(title: title, assets: assets.map(\.localIdentifier), projectType: projectType,
                                                    extensionIdentifier: extensionIdentifier, plan: projectContent))
    }

    /// A request creating the project the core describes (PhotosUI's creation from a `PHProjectInfo` uses it).
    package class func creationRequest(for project: NewProject) -> PHProjectChangeRequest {
        PHProjectChangeRequest(creation: project)
    }

    /// A placeholder for the project being created (Linux addition, like the album's).
    public var placeholderForCreatedProject: PHObjectPlaceholder { PHObjectPlaceholder(localIdentifier: identifier) }

    /// The project's title.
    public var title: String {
        get { edits.title ?? creation?.title ?? project?.localizedTitle ?? "" }
        set {
            checkUsable()
            if creation != nil { creation?.title = newValue } else { edits.title = newValue }
        }
    }

    /// The extension's data to store (at most 1 MB: more fails the change block). Don't store images that can
    /// be made again; keep it to compressed, project-specific state.
    public var projectExtensionData: Data {
        get { edits.extensionData ?? project?.projectExtensionData ?? Data() }
        set { checkUsable(); edits.extensionData = newValue }
    }

    /// Sets the project's preview, shown where projects are listed (Apple: a 1024 × 1024 rendering; takes an
    /// `NSImage` on macOS, a `UIImage` here). Stored as JPEG; an image that cannot be encoded fails the change block.
    public func setProjectPreviewImage(_ previewImage: UIImage) {
        checkUsable()
        edits.preview = previewImage.jpegData(compressionQuality: 0.85) ?? Data()
    }

    /// Sets the preview from JPEG bytes (what a project extension's view carries back).
    package func setProjectPreviewJPEG(_ data: Data) {
        checkUsable()
        edits.preview = data
    }

    /// Takes on edits made elsewhere (a project extension's view library, checked by its host).
    package func merge(_ other: ProjectEdits) {
        checkUsable()
        if let title = other.title { edits.title = title }
        if let data = other.extensionData { edits.extensionData = data }
        if let preview = other.preview { edits.preview = preview }
        if let key = other.keyAsset { edits.keyAsset = key; edits.clearsKeyAsset = false }
        if other.clearsKeyAsset { edits.keyAsset = nil; edits.clearsKeyAsset = true }
        edits.removedAssets += other.removedAssets
    }

    /// Sets (or clears, with nil) the asset that represents the project. Deprecated on macOS in favour of
    /// `setProjectPreviewImage(_:)`; the asset must be in the project.
    public func setKeyAsset(_ keyAsset: PHAsset?) {
        checkUsable()
        if let keyAsset { edits.keyAsset = keyAsset.localIdentifier; edits.clearsKeyAsset = false } else { edits.keyAsset = nil; edits.clearsKeyAsset = true }
    }

    /// Takes assets out of the project (they stay in the library).
    public func removeAssets<T: Collection>(_ assets: T) where T.Element == PHAsset {
        checkUsable()
        edits.removedAssets += assets.map(\.localIdentifier)
    }

    /// Takes the assets of a fetch result out of the project.
    public func removeAssets(_ assets: PHFetchResult<PHAsset>) {
        removeAssets(assets.objects(at: IndexSet(integersIn: 0..<assets.count)))
    }

    /// Takes assets (or their local identifiers' objects) out of the project, as the Objective-C
    /// `removeAssets:` with any fast enumeration.
    public func removeAssets(_ assets: NSFastEnumeration) {
        checkUsable()
        edits.removedAssets += assets.localIdentifiers(of: "PHAsset objects", in: "removeAssets")
    }

    override func operations() -> [ChangeOperation] {
        var operations: [ChangeOperation] = []
        if let creation { operations.append(.createProject(creation)) }
        if !edits.isEmpty { operations.append(.editProject(identifier: identifier, edits)) }
        return operations
    }
}

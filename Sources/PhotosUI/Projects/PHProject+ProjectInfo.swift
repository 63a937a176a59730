import Foundation
import Photos
import PhotoLibrary

extension PHProject {
    /// The type of project the person chose (`projectTypeIdentifier` as a `PHProjectType`).
    public var projectType: PHProjectType { PHProjectType(rawValue: projectTypeIdentifier) }
}

extension PHProjectChangeRequest {
    /// A request creating a project from `projectInfo` (Linux addition; on macOS only Photos makes projects): its
    /// assets are every photo the content refers to, at any curation level, in order; the content itself is kept
    /// with the project (`PHProjectInfo.projectInfo(of:)`). The title defaults to the content's.
    public class func creationRequestForProject(with projectInfo: PHProjectInfo, title: String? = nil,
                                                extensionIdentifier: String? = nil) -> PHProjectChangeRequest {
        creationRequest(for: projectInfo.projectCreation(title: title, extensionIdentifier: extensionIdentifier))
    }
}

extension PHProjectInfo {
    /// The core's creation of a project from this content (the service makes it in a batch of its own, under the
    /// acting account): every photo it refers to, in order, and the content kept with it.
    package func projectCreation(title: String?, extensionIdentifier: String?) -> NewProject {
        var seen = Set<String>()
        let assets = plan.sections.flatMap(\.contents).flatMap(\.elements).compactMap { element -> String? in
            guard case .asset(let asset) = element, seen.insert(asset.localIdentifier).inserted else { return nil }
            return asset.localIdentifier
        }
        return NewProject(title: title ?? plan.title, assets: assets, projectType: projectType.rawValue,
                          extensionIdentifier: extensionIdentifier, plan: try? JSONEncoder().encode(plan))
    }
}

extension PHProjectInfo {
    /// The project content `project` was created from (Linux addition), or nil when it was made without one.
    /// Throws for a served library (its projects' content is not read over the service yet).
    public static func projectInfo(of project: PHProject) throws -> PHProjectInfo? {
        guard let core = project.photoLibrary?.backend as? Library else {
            throw PHPhotosError(.requestNotSupportedForAsset, userInfo: [NSLocalizedDescriptionKey: "A project's content is read from a library directory, not yet over the service"])
        }
        do {
            guard let data = try core.projectPlanData(identifier: project.localIdentifier),
                  let plan = try? JSONDecoder().decode(ProjectPlan.self, from: data) else { return nil }
            return PHProjectInfo(plan: plan, projectType: project.projectType)
        } catch let error as LibraryError {
            throw PHPhotosError(libraryError: error)
        }
    }
}

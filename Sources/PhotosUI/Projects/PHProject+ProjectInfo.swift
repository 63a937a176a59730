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
        var seen = Set<String>()
        let assets = projectInfo.plan.sections.flatMap(\.contents).flatMap(\.elements).compactMap { element -> String? in
            guard case .asset(let asset) = element, seen.insert(asset.localIdentifier).inserted else { return nil }
            return asset.localIdentifier
        }
        return creationRequestForProject(withTitle: title ?? projectInfo.plan.title, assetIdentifiers: assets,
                                         projectType: projectInfo.projectType.rawValue, extensionIdentifier: extensionIdentifier,
                                         projectContent: try? JSONEncoder().encode(projectInfo.plan))
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

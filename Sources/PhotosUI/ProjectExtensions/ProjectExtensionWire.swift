import Foundation
import UIKit

/// The contract between a host and a project extension's executable (both sides are this module).
///
/// The host runs the executable, sandboxed, with one of:
/// - `manifest`: print the Info.plist (XML) on standard output;
/// - `types CATEGORY`: print the project types the extension offers in that category (`ProjectTypeListing`
///   JSON: the data source's root types and, where a type can provide them, its subtypes);
/// - `begin FILE` / `resume FILE`: FILE is a `ProjectExtensionRequest` (property list). The extension opens the
///   request's view library, runs `beginProject`/`resumeProject` then `finishProject`, and exits 0; what it makes
///   is left in the output directory.
///
/// Exit statuses are the editing extensions' (`EditingExtensionWire.ExitStatus`): 4 when the controller reported
/// an error (its text on standard error), 143 after SIGTERM (a cancellation: `finishProject` is called first).
enum ProjectExtensionWire {
    static let manifestCommand = "manifest"
    static let typesCommand = "types"
    static let beginCommand = "begin"
    static let resumeCommand = "resume"
}

/// What a host asks a project extension to do.
struct ProjectExtensionRequest: Codable, Sendable {
    /// The project's view library (`Library.makeProjectView`).
    var viewLibrary: String
    /// The project's local identifier.
    var project: String
    /// The project content (`ProjectPlan` JSON) for `begin`.
    var projectContent: Data?
    var projectType: String
    var outputDirectory: String
}

/// One project type as an extension reports it to the host.
struct ProjectTypeListing: Codable, Sendable, Equatable {
    var projectType: String
    var title: String
    var description: String?
    /// PNG bytes.
    var image: Data?
    var canProvideSubtypes: Bool
    var subtypes: [ProjectTypeListing]

    @MainActor
    init(_ description: PHProjectTypeDescription, source: any PHProjectTypeDescriptionDataSource, depth: Int) {
        projectType = description.projectType.rawValue
        title = description.localizedTitle
        self.description = description.localizedDescription
        image = description.image?.pngData()
        canProvideSubtypes = description.canProvideSubtypes
        let children = description.subtypeDescriptions.isEmpty && description.canProvideSubtypes && depth < 4
            ? source.subtypes(for: description.projectType) : description.subtypeDescriptions
        subtypes = children.map { ProjectTypeListing($0, source: source, depth: depth + 1) }
    }

    /// The description it stands for.
    var typeDescription: PHProjectTypeDescription {
        PHProjectTypeDescription(projectType: PHProjectType(rawValue: projectType), title: title, description: description,
                                 image: image.flatMap { UIImage(data: $0) }, subtypeDescriptions: subtypes.map(\.typeDescription))
    }
}

import Foundation

/// What a project extension's principal object adopts: the project types it offers, and its life cycle —
/// begin a new project, resume one made earlier, finish (save its state with `PHProjectChangeRequest`).
///
/// On Linux the extension is a program (`PHProjectExtensionMain.run(manifest:controller:)`) that the host runs
/// in a sandbox for each step; there is no view, so a controller makes its product (a PDF, a movie) in
/// `PHProjectExtensionContext.outputDirectory`, and the host hands it to whoever asked. Every call is on the
/// main actor; completion handlers may be called from any thread.
@preconcurrency @MainActor
public protocol PHProjectExtensionController: NSObjectProtocol {
    /// The project types the extension offers (deprecated on macOS in favour of
    /// `typeDescriptionDataSource(for:invalidator:)`, whose default answers with these). Empty by default.
    var supportedProjectTypes: [PHProjectTypeDescription] { get }

    /// The data source giving the project picker the extension's types for a category.
    func typeDescriptionDataSource(for category: PHProjectCategory,
                                   invalidator: any PHProjectTypeDescriptionInvalidator) -> any PHProjectTypeDescriptionDataSource

    /// Sets up a new project from `projectInfo`; call `completion` with nil when done, or with the error that
    /// stopped it (the host then deletes the new project: nothing half-made stays).
    func beginProject(with extensionContext: PHProjectExtensionContext, projectInfo: PHProjectInfo,
                      completion: @escaping @Sendable ((any Error)?) -> Void)

    /// Restores a project made earlier (from its `projectExtensionData`) and brings it up to date.
    func resumeProject(with extensionContext: PHProjectExtensionContext, completion: @escaping @Sendable ((any Error)?) -> Void)

    /// The project is being left: save what must be kept with a `PHProjectChangeRequest`, then call `completion`.
    func finishProject(completionHandler completion: @escaping @Sendable () -> Void)
}

extension PHProjectExtensionController {
    /// No types.
    public var supportedProjectTypes: [PHProjectTypeDescription] { [] }

    /// A data source answering with `supportedProjectTypes` (and their subtypes given up front).
    public func typeDescriptionDataSource(for category: PHProjectCategory,
                                          invalidator: any PHProjectTypeDescriptionInvalidator) -> any PHProjectTypeDescriptionDataSource {
        StaticProjectTypes(supportedProjectTypes)
    }
}

/// The default data source: a fixed tree of type descriptions.
@MainActor
final class StaticProjectTypes: NSObject, PHProjectTypeDescriptionDataSource {
    let roots: [PHProjectTypeDescription]
    init(_ roots: [PHProjectTypeDescription]) { self.roots = roots }

    func subtypes(for projectType: PHProjectType) -> [PHProjectTypeDescription] {
        projectType == .undefined ? roots : find(projectType, in: roots)?.subtypeDescriptions ?? []
    }
    func typeDescription(for projectType: PHProjectType) -> PHProjectTypeDescription? { find(projectType, in: roots) }
    func footerText(forSubtypesOf projectType: PHProjectType) -> NSAttributedString? { nil }

    private func find(_ type: PHProjectType, in list: [PHProjectTypeDescription]) -> PHProjectTypeDescription? {
        for item in list {
            if item.projectType == type { return item }
            if let found = find(type, in: item.subtypeDescriptions) { return found }
        }
        return nil
    }
}

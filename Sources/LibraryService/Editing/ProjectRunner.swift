import Foundation
import Photos
import PhotosUI
import PhotoLibrary
import Synchronization

/// Project extensions for the service: the ones installed for the library (or the server's user), run by PhotosUI's
/// host as `photos project create` runs them, on the service's PhotoKit library (`ExtensionRunner.library()`).
///
/// A project is made by the core in a batch under the acting account (so a member owns what it makes), then begun
/// by the extension; if the extension does not begin it well the project is deleted again. What the extension makes
/// (a PDF) is kept in `<library>/products/<project UUID>/` — derived data: opening the project makes it again.
final class ProjectRunner: Sendable {
    private let library: Library
    private let extensions: ExtensionRunner
    /// Seconds an extension may run before it is stopped.
    static let deadline: TimeInterval = 600
    /// Each installed extension's project types, asked once per bundle and version (asking runs the extension).
    private let typeCache = Mutex<[String: [PHProjectTypeDescription]]>([:])

    init(library: Library, extensions: ExtensionRunner) {
        self.library = library
        self.extensions = extensions
    }

    /// The installed project extensions, with the project types each offers (asked of the extension, in its sandbox).
    func installed() throws -> [(PHProjectExtension, [PHProjectTypeDescription])] {
        let photos = try extensions.library()
        return try PHProjectExtension.installed(for: photos).extensions.map { ($0, try types(of: $0, in: photos)) }
    }

    /// The project types an extension offers (cached by its bundle and version).
    private func types(of projectExtension: PHProjectExtension, in photos: PHPhotoLibrary) throws -> [PHProjectTypeDescription] {
        let key = "\(projectExtension.bundleURL.path)\n\(projectExtension.manifest.version)"
        if let cached = typeCache.withLock({ $0[key] }) { return cached }
        let types = try PHProjectExtensionHost(library: photos).projectTypes(of: projectExtension)
        typeCache.withLock { $0[key] = types }
        return types
    }

    /// Where the files of a project's extension are kept.
    func productsDirectory(_ projectIdentifier: String) -> URL {
        library.url.appendingPathComponent("products", isDirectory: true).appendingPathComponent(IdentifierPath.uuid(of: projectIdentifier), isDirectory: true)
    }

    /// The names of the files kept for a project.
    func products(_ projectIdentifier: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: productsDirectory(projectIdentifier).path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Makes a project of memory `memory` with `extensionID` (type `type`, or the extension's first) for `account`.
    func create(memory: String, extensionID: String, type: String?, title: String?, account: ActingAccount?) throws -> PHProject {
        let photos = try extensions.library()
        let projectExtension = try PHProjectExtension.named(extensionID, for: photos)
        let host = PHProjectExtensionHost(library: photos, deadline: Self.deadline)
        let projectType = try type.map(PHProjectType.init(rawValue:)) ?? types(of: projectExtension, in: photos).first?.projectType ?? .undefined
        let info = try PHProjectInfo.projectInfo(for: .memory(identifier: memory), projectType: projectType, in: photos)
        let creation = info.projectCreation(title: title, extensionIdentifier: projectExtension.id)
        try library.apply(ChangeBatch(operations: [.createProject(creation)], actingAccount: account))
        do {
            let project = try fetch(creation.identifier, in: photos)
            let outcome = try host.beginProject(project, projectInfo: info, with: projectExtension, deliveringTo: staging(creation.identifier))
            try keep(outcome, for: creation.identifier)
            return outcome.project
        } catch {
            _ = try? library.apply(ChangeBatch(operations: [.deleteCollections([creation.identifier])]))
            try? FileManager.default.removeItem(at: staging(creation.identifier))
            throw error
        }
    }

    /// Opens (resumes) a project with the extension that made it; its files are made again.
    func open(_ identifier: String) throws -> PHProject {
        let photos = try extensions.library()
        let project = try fetch(identifier, in: photos)
        guard let extensionID = project.extensionIdentifier else {
            throw Problem(.conflict, "change-not-supported", "This project was not made by a project extension")
        }
        let projectExtension = try PHProjectExtension.named(extensionID, for: photos)
        let outcome = try PHProjectExtensionHost(library: photos, deadline: Self.deadline)
            .resumeProject(project, with: projectExtension, deliveringTo: staging(identifier))
        try keep(outcome, for: identifier)
        return outcome.project
    }

    /// Replaces the kept files of a project with a run's (staged beside them, then swapped by renaming).
    private func keep(_ outcome: PHProjectExtensionHost.Outcome, for identifier: String) throws {
        let final = productsDirectory(identifier), staged = staging(identifier)
        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: staged.path) { try fileManager.createDirectory(at: staged, withIntermediateDirectories: true) }
        let retired = final.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).retired")
        if fileManager.fileExists(atPath: final.path) { try fileManager.moveItem(at: final, to: retired) }
        try fileManager.moveItem(at: staged, to: final)
        try? fileManager.removeItem(at: retired)
    }

    /// Where a run's files land before they replace the kept ones.
    private func staging(_ identifier: String) -> URL {
        library.url.appendingPathComponent("products", isDirectory: true).appendingPathComponent(".\(IdentifierPath.uuid(of: identifier)).staging", isDirectory: true)
    }

    /// Removes kept files of projects that no longer exist.
    func removeOrphans(keeping identifiers: [String]) {
        let root = library.url.appendingPathComponent("products", isDirectory: true)
        let live = Set(identifiers.map { IdentifierPath.uuid(of: $0) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where !name.hasPrefix(".") && !live.contains(name) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }

    private func fetch(_ identifier: String, in photos: PHPhotoLibrary) throws -> PHProject {
        let options = PHFetchOptions()
        options.photoLibrary = photos
        guard let project = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [identifier], options: options).firstObject as? PHProject else {
            throw Problem.notFound("No project \(identifier)")
        }
        return project
    }
}

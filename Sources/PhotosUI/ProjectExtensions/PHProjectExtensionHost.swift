import Foundation
import DurableFiles
import Photos
import PhotoLibrary

/// Runs project extensions on a library's projects (Linux addition: the part of Photos that hosts them).
///
/// A run goes: make the project's view library (`Library.makeProjectView`: the project, its assets and copies
/// of their files, nothing else) in a working directory → run the extension in its own sandboxed process, which
/// can read and write only that view and an output directory → when it exits well, carry the project changes it
/// made in the view back to the library, checked by the core (1 MB of `projectExtensionData`, a JPEG preview,
/// assets only taken out) in one change batch → move the files it made to the caller's destination. An
/// extension that fails, crashes, passes the deadline, is cancelled or stores too much changes nothing, and
/// the working directory is removed. Library directories only (a served library throws `launchFailed`).
public final class PHProjectExtensionHost: Sendable {
    public let library: PHPhotoLibrary
    /// How long one run (begin or resume, with finish) may take before it is stopped.
    public let deadline: TimeInterval
    /// How long a cancelled extension gets to finish before it is killed.
    public let cancellationGrace: TimeInterval
    /// The most files one run may hand over.
    public static let productLimit = 64

    public init(library: PHPhotoLibrary = .shared(), deadline: TimeInterval = 600, cancellationGrace: TimeInterval = 2) {
        self.library = library
        self.deadline = deadline
        self.cancellationGrace = cancellationGrace
    }

    /// What a run left: the project as committed, and the files the extension made, at their destination.
    public struct Outcome: Sendable {
        public let project: PHProject
        public let products: [URL]
    }

    /// The project types `projectExtension` offers in `category` (its data source's tree, subtypes included).
    public func projectTypes(of projectExtension: PHProjectExtension, category: PHProjectCategory = .undefined) throws -> [PHProjectTypeDescription] {
        let output = try ExtensionProcess.run(name: projectExtension.manifest.displayName, executable: projectExtension.executableURL,
                                              bundle: projectExtension.bundleURL, arguments: [ProjectExtensionWire.typesCommand, category.rawValue],
                                              readable: fontConfiguration, writable: [], deadline: 30, cancellationGrace: cancellationGrace,
                                              progress: Progress(totalUnitCount: 1))
        guard let listing = try? JSONDecoder().decode([ProjectTypeListing].self, from: output) else {
            throw PHEditingExtensionError.invalidOutput(extension: projectExtension.manifest.displayName, reason: "its project types are not readable")
        }
        return listing.map { $0.typeDescription }
    }

    /// Makes a project from `projectInfo` for `projectExtension` and begins it. If the extension does not begin
    /// it well, the new project is deleted again: the library is as it was.
    public func createProject(from projectInfo: PHProjectInfo, title: String? = nil, with projectExtension: PHProjectExtension,
                              deliveringTo destination: URL, progress: Progress? = nil) throws -> Outcome {
        var identifier = ""
        try library.performChangesAndWait {
            let request = PHProjectChangeRequest.creationRequestForProject(with: projectInfo, title: title, extensionIdentifier: projectExtension.id)
            identifier = request.placeholderForCreatedProject.localIdentifier
        }
        guard let project = fetchProject(identifier) else {
            throw PHPhotosError(.identifierNotFound, userInfo: [NSLocalizedDescriptionKey: "The new project \(identifier) is gone"])
        }
        do {
            return try beginProject(project, projectInfo: projectInfo, with: projectExtension, deliveringTo: destination, progress: progress)
        } catch {
            try? library.performChangesAndWait { PHAssetCollectionChangeRequest.deleteAssetCollections([project] as NSArray) }
            throw error
        }
    }

    /// Runs the extension's `beginProject` (then `finishProject`) on `project`.
    public func beginProject(_ project: PHProject, projectInfo: PHProjectInfo, with projectExtension: PHProjectExtension,
                             deliveringTo destination: URL, progress: Progress? = nil) throws -> Outcome {
        let content = try JSONEncoder().encode(projectInfo.plan)
        return try run(ProjectExtensionWire.beginCommand, project: project, content: content, with: projectExtension,
                       deliveringTo: destination, progress: progress ?? Progress(totalUnitCount: 3))
    }

    /// Runs the extension's `resumeProject` (then `finishProject`) on `project`.
    public func resumeProject(_ project: PHProject, with projectExtension: PHProjectExtension, deliveringTo destination: URL,
                              progress: Progress? = nil) throws -> Outcome {
        try run(ProjectExtensionWire.resumeCommand, project: project, content: nil, with: projectExtension,
                deliveringTo: destination, progress: progress ?? Progress(totalUnitCount: 3))
    }

    private func run(_ command: String, project: PHProject, content: Data?, with projectExtension: PHProjectExtension,
                     deliveringTo destination: URL, progress: Progress) throws -> Outcome {
        let name = projectExtension.manifest.displayName
        guard let core = library.localLibrary else {
            throw PHEditingExtensionError.launchFailed(extension: name, reason: "project extensions run on a library directory, not over the service")
        }
        progress.totalUnitCount = 3
        let workspace = try ExtensionWorkspace(library: library)
        defer { workspace.remove() }
        let viewURL = workspace.root.appendingPathComponent("view", isDirectory: true)
        do {
            try core.makeProjectView(project: project.localIdentifier, in: viewURL)
        } catch {
            throw PHPhotosError(libraryError: error)
        }
        progress.completedUnitCount = 1
        let request = ProjectExtensionRequest(viewLibrary: viewURL.path, project: project.localIdentifier, projectContent: content,
                                              projectType: project.projectTypeIdentifier, outputDirectory: workspace.output.path)
        let requestFile = try workspace.write(request)
        try ExtensionProcess.run(name: name, executable: projectExtension.executableURL, bundle: projectExtension.bundleURL,
                                 arguments: [command, requestFile.path], readable: [requestFile] + fontConfiguration,
                                 writable: [workspace.output, viewURL], deadline: deadline, cancellationGrace: cancellationGrace,
                                 progress: progress)
        guard !progress.isCancelled else { throw PHEditingExtensionError.cancelled(extension: name) }
        progress.completedUnitCount = 2
        FaultPoint.projectExtensionFinished.reach()

        let products = try collectProducts(in: workspace, extensionName: name)
        try carryBack(viewURL: viewURL, core: core, project: project, extensionName: name)
        let delivered = try deliver(products, to: destination, extensionName: name)
        progress.completedUnitCount = 3
        return Outcome(project: fetchProject(project.localIdentifier) ?? project, products: delivered)
    }

    /// Applies what the extension changed in its view to the project, in one checked change batch.
    private func carryBack(viewURL: URL, core: Library, project: PHProject, extensionName: String) throws {
        let edits: ProjectEdits
        do {
            let view = try Library.openProjectView(at: viewURL)
            edits = try core.projectEdits(fromView: view, project: project.localIdentifier)
        } catch {
            throw PHEditingExtensionError.invalidOutput(extension: extensionName, reason: "its project library is not readable: \(error)")
        }
        guard !edits.isEmpty else { return }
        do {
            try library.performChangesAndWait { PHProjectChangeRequest(project: project).merge(edits) }
        } catch {
            throw PHEditingExtensionError.invalidOutput(extension: extensionName, reason: "its project changes were refused: \(error)")
        }
    }

    /// The regular files the extension left in its output directory (no links, no hidden files, at most `productLimit`).
    private func collectProducts(in workspace: ExtensionWorkspace, extensionName: String) throws -> [URL] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: workspace.output.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        guard names.count <= Self.productLimit else {
            throw PHEditingExtensionError.invalidOutput(extension: extensionName, reason: "it made \(names.count) files; at most \(Self.productLimit) are taken")
        }
        return names.map { workspace.output.appendingPathComponent($0) }.filter { workspace.isPlainFile($0) }
    }

    /// Moves each product into `destination` under its own name, replacing a file of that name there atomically
    /// (copied under a temporary name first when the destination is on another file system).
    private func deliver(_ products: [URL], to destination: URL, extensionName: String) throws -> [URL] {
        guard !products.isEmpty else { return [] }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        return try products.map { product in
            let target = destination.appendingPathComponent(product.lastPathComponent)
            if rename(product.path, target.path) == 0 { return target }
            let staging = destination.appendingPathComponent(".\(product.lastPathComponent).\(UUID().uuidString).partial")
            do {
                try FileManager.default.copyItem(at: product, to: staging)
                let handle = try FileHandle(forWritingTo: staging)
                try handle.synchronize()
                try handle.close()
                guard rename(staging.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw PHEditingExtensionError.invalidOutput(extension: extensionName, reason: "cannot place \(product.lastPathComponent) in \(destination.path): \(error)")
            }
            return target
        }
    }

    private func fetchProject(_ identifier: String) -> PHProject? {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [identifier], options: options).firstObject as? PHProject
    }

    /// Fontconfig's configuration and cache, so an extension can draw text.
    private var fontConfiguration: [URL] {
        ["/etc/fonts", "/var/cache/fontconfig"].filter { FileManager.default.fileExists(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }
}

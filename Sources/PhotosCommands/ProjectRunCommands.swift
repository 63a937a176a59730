import ArgumentParser
import Foundation
import Photos
import PhotosUI
import PhotoLibrary

/// `photos project create`: makes a project from a memory, an album or photos and begins it with a project
/// extension, which runs sandboxed; the files it makes (a PDF book, …) are placed in `--output`.
struct ProjectCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Make a project with a project extension (e.g. a photo book PDF).",
        discussion: "Give one of --from-memory, --from-album, or asset identifiers, and --extension. If the extension fails, the new project is deleted again.")
    @OptionGroup var libraryOptions: LibraryOptions
    @Option(name: .customLong("from-memory"), help: "A memory's identifier (photos memories).") var memory: String?
    @Option(name: .customLong("from-album"), help: "An album's or moment's identifier, or an album's name.") var album: String?
    @Argument(help: "Asset identifiers (a selection).") var assets: [String] = []
    @Option(name: .customLong("extension"), help: "The project extension: identifier or name (photos extensions list).") var extensionName: String
    @Option(help: "The project type, among the extension's (photos project types --extension NAME); default: its first.") var type: String?
    @Option(help: "The project's title (default: the memory's or album's).") var title: String?
    @Option(help: "Where the files the extension makes go (default: the current directory).") var output: String = "."
    @Option(help: "Seconds the extension may take.") var deadline: Double = 600
    @Flag(help: "Print the result as JSON.") var json = false

    func validate() throws {
        guard [memory != nil, album != nil, !assets.isEmpty].filter({ $0 }).count == 1 else {
            throw ValidationError("Give exactly one of --from-memory, --from-album, or asset identifiers")
        }
        guard deadline > 0 else { throw ValidationError("--deadline must be positive") }
    }

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let projectExtension = try PHProjectExtension.named(extensionName, for: photos)
        let host = PHProjectExtensionHost(library: photos, deadline: deadline)
        let projectType: PHProjectType
        if let type { projectType = PHProjectType(rawValue: type) } else {
            projectType = try host.projectTypes(of: projectExtension).first?.projectType ?? .undefined
        }
        let info = try PHProjectInfo.projectInfo(for: try source(photos), projectType: projectType, in: photos)
        let outcome = try ProjectRun.run("Making the project with \(projectExtension.manifest.displayName)") { progress in
            try host.createProject(from: info, title: title, with: projectExtension,
                                   deliveringTo: URL(fileURLWithPath: output, isDirectory: true), progress: progress)
        }
        ProjectRun.report(outcome, json: json, verb: "Made")
    }

    private func source(_ photos: PHPhotoLibrary) throws -> PHProjectInfo.Source {
        if let memory { return .memory(identifier: memory) }
        let options = PHFetchOptions()
        options.photoLibrary = photos
        if let album {
            let record = try photos.library.album(album)
            guard let collection = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [record.identifier], options: options).firstObject else {
                throw CommandError("No album \(album)")
            }
            return .collection(collection)
        }
        let identifiers = try assets.map { try photos.library.asset($0).identifier }
        let fetched = PHAsset.fetchAssets(withLocalIdentifiers: identifiers, options: options)
        return .assets(fetched.objects(at: IndexSet(integersIn: 0..<fetched.count)))
    }
}

/// `photos project open ID`: resumes a project with the extension that made it (or `--extension`), placing the
/// files it makes in `--output`.
struct ProjectOpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Resume a project with its project extension.")
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The project's identifier (photos projects).") var identifier: String
    @Option(name: .customLong("extension"), help: "Another project extension than the one that made it.") var extensionName: String?
    @Option(help: "Where the files the extension makes go (default: the current directory).") var output: String = "."
    @Option(help: "Seconds the extension may take.") var deadline: Double = 600
    @Flag(help: "Print the result as JSON.") var json = false

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let project = try ProjectRun.project(identifier, in: photos)
        guard let name = extensionName ?? project.extensionIdentifier else {
            throw CommandError("\(project.localIdentifier) was not made by a project extension: give --extension")
        }
        let projectExtension = try PHProjectExtension.named(name, for: photos)
        let host = PHProjectExtensionHost(library: photos, deadline: deadline)
        let outcome = try ProjectRun.run("Opening the project with \(projectExtension.manifest.displayName)") { progress in
            try host.resumeProject(project, with: projectExtension, deliveringTo: URL(fileURLWithPath: output, isDirectory: true), progress: progress)
        }
        ProjectRun.report(outcome, json: json, verb: "Opened")
    }
}

/// `photos project types --extension NAME`: the project types an extension offers.
struct ProjectTypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "types", abstract: "List the project types a project extension offers.")
    @OptionGroup var libraryOptions: LibraryOptions
    @Option(name: .customLong("extension"), help: "The project extension: identifier or name.") var extensionName: String
    @Option(help: "The category: book, calendar, card, prints, slideshow, wallDecor, other.") var category: String = "undefined"
    @Flag(help: "Print the types as JSON.") var json = false

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let projectExtension = try PHProjectExtension.named(extensionName, for: photos)
        let types = try PHProjectExtensionHost(library: photos).projectTypes(of: projectExtension, category: PHProjectCategory(rawValue: category))
        func tree(_ list: [PHProjectTypeDescription]) -> [[String: Any]] {
            list.map { ["type": $0.projectType.rawValue, "title": $0.localizedTitle, "description": $0.localizedDescription as Any? ?? NSNull(),
                        "subtypes": tree($0.subtypeDescriptions)] }
        }
        if json { Output.printJSON(tree(types)); return }
        func show(_ list: [PHProjectTypeDescription], indent: String) {
            for item in list {
                print("\(indent)\(item.projectType.rawValue)  \(item.localizedTitle)\(item.localizedDescription.map { " — \($0)" } ?? "")")
                show(item.subtypeDescriptions, indent: indent + "  ")
            }
        }
        show(types, indent: "")
    }
}

/// `photos project preview ID --output FILE`: writes the preview image a project extension set (JPEG).
struct ProjectPreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "preview", abstract: "Write a project's preview image (JPEG).")
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The project's identifier.") var identifier: String
    @Option(help: "The JPEG file to write.") var output: String

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let project = try ProjectRun.project(identifier, in: photos)
        guard let data = try photos.library.projectPreview(identifier: project.localIdentifier) else {
            throw CommandError("\(project.localIdentifier) has no preview")
        }
        try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        print("Wrote \(output) (\(data.count) bytes)")
    }
}

/// `photos projects`: every project, with its type, extension, photo count and stored data.
struct ProjectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "projects", abstract: "List projects (made with project extensions).")
    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(help: "Print the projects as JSON.") var json = false

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let options = PHFetchOptions()
        options.photoLibrary = photos
        let projects = PHProject.fetchProjects(with: options)
        var rows: [[String: Any]] = []
        projects.enumerateObjects { project, _, _ in rows.append(ProjectRun.json(project)) }
        if json { Output.printJSON(rows); return }
        if rows.isEmpty { print("No projects (photos project create --from-memory ID --extension NAME).") }
        projects.enumerateObjects { project, _, _ in
            print("\(project.localIdentifier)  \(project.localizedTitle ?? "")  \(project.estimatedAssetCount) photos  type \(project.projectTypeIdentifier.isEmpty ? "-" : project.projectTypeIdentifier)  extension \(project.extensionIdentifier ?? "-")  data \(project.projectExtensionData.count) B\(project.hasProjectPreview ? "  preview" : "")")
        }
    }
}

/// What the project commands share.
enum ProjectRun {
    static func project(_ identifier: String, in photos: PHPhotoLibrary) throws -> PHProject {
        let options = PHFetchOptions()
        options.photoLibrary = photos
        let id = Library.normalized(identifier, kind: .assetCollection)
        guard let project = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [id], options: options).firstObject as? PHProject else {
            throw CommandError("No project with identifier \(identifier) (see `photos projects`)")
        }
        return project
    }

    /// Runs `body` with a progress line; a failure becomes the command's error.
    static func run(_ label: String, _ body: (Progress) throws -> PHProjectExtensionHost.Outcome) throws -> PHProjectExtensionHost.Outcome {
        let progress = Progress(totalUnitCount: 3)
        let reporter = ProgressReporter(progress: progress, label: label, unit: "steps")
        reporter.start()
        defer { reporter.stop() }
        do { return try body(progress) } catch { throw CommandError("\(error)") }
    }

    static func report(_ outcome: PHProjectExtensionHost.Outcome, json: Bool, verb: String) {
        if json {
            var row = self.json(outcome.project)
            row["products"] = outcome.products.map(\.path)
            Output.printJSON(row)
            return
        }
        let project = outcome.project
        print("\(verb) project \(project.localIdentifier) '\(project.localizedTitle ?? "")' (\(project.estimatedAssetCount) photos, \(project.projectExtensionData.count) bytes of extension data\(project.hasProjectPreview ? ", preview set" : ""))")
        for product in outcome.products { print("Wrote \(product.path)") }
    }

    static func json(_ project: PHProject) -> [String: Any] {
        ["localIdentifier": project.localIdentifier, "title": project.localizedTitle ?? "", "projectType": project.projectTypeIdentifier,
         "extension": project.extensionIdentifier as Any? ?? NSNull(), "assetCount": project.estimatedAssetCount,
         "extensionDataBytes": project.projectExtensionData.count, "hasProjectPreview": project.hasProjectPreview]
    }
}

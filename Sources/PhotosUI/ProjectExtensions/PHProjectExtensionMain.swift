import Foundation
import Photos
import PhotoLibrary

/// Turns a `PHProjectExtensionController` into a project extension's executable (Linux addition: what the
/// app-extension runtime does on macOS).
///
/// ```swift
/// @main struct PhotoBookExtension {
///     @MainActor static func main() {
///         PHProjectExtensionMain.run(manifest: .init(bundleIdentifier: "com.example.photobook", displayName: "Photo Book",
///                                                    version: "1.0", extensionPointIdentifier: PHEditingExtensionManifest.photoProjectExtensionPoint,
///                                                    definesProjectTypes: true)) { PhotoBookController() }
///     }
/// }
/// ```
/// Install the built executable with `photos extensions install PATH`; make a project with
/// `photos project create --from-memory ID --extension NAME`. See `ProjectExtensionWire` for the command line it answers.
public enum PHProjectExtensionMain {
    /// Serves one host request and exits; never returns.
    @MainActor
    public static func run<Controller: PHProjectExtensionController>(
        manifest: PHEditingExtensionManifest, controller makeController: @escaping @MainActor () -> Controller
    ) -> Never {
        var manifest = manifest
        manifest.extensionPointIdentifier = PHEditingExtensionManifest.photoProjectExtensionPoint
        if manifest.executableName.isEmpty {
            manifest.executableName = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.count) {
        case (ProjectExtensionWire.manifestCommand, 1):
            do {
                FileHandle.standardOutput.write(try manifest.propertyListData())
                exit(0)
            } catch {
                PHEditingExtensionMain.fail("cannot write the manifest: \(error)", status: EditingExtensionWire.ExitStatus.failure)
            }
        case (ProjectExtensionWire.typesCommand, 2):
            let source = makeController().typeDescriptionDataSource(for: PHProjectCategory(rawValue: arguments[1]), invalidator: IgnoredInvalidator())
            let listing = source.subtypes(for: .undefined).map { ProjectTypeListing($0, source: source, depth: 1) }
            source.extensionWillDiscardDataSource()
            do {
                FileHandle.standardOutput.write(try JSONEncoder().encode(listing))
                exit(0)
            } catch {
                PHEditingExtensionMain.fail("cannot write the project types: \(error)", status: EditingExtensionWire.ExitStatus.failure)
            }
        case (ProjectExtensionWire.beginCommand, 2), (ProjectExtensionWire.resumeCommand, 2):
            ProjectExtensionSession(requestPath: arguments[1], begins: arguments[0] == ProjectExtensionWire.beginCommand,
                                    controller: makeController()).start()
            let keepAlive = Timer(timeInterval: 86_400, repeats: true) { _ in }
            RunLoop.main.add(keepAlive, forMode: .default)
            while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        default:
            PHEditingExtensionMain.fail("""
                \(manifest.displayName) \(manifest.version): a photo project extension (\(manifest.bundleIdentifier)).
                Install it with `photos extensions install \(CommandLine.arguments[0])`, then use `photos project create --from-memory ID --extension \(manifest.displayName)`.
                """, status: EditingExtensionWire.ExitStatus.usage)
        }
    }
}

/// The glue lists types once and exits, so invalidations have no one to tell.
@MainActor
private final class IgnoredInvalidator: NSObject, PHProjectTypeDescriptionInvalidator {
    func invalidateTypeDescription(for projectType: PHProjectType) {}
    func invalidateFooterText(forSubtypesOf projectType: PHProjectType) {}
}

/// One begin or resume inside an extension process: open the view library, drive the controller (begin or
/// resume, then finish), exit. SIGTERM from the host finishes the project (waiting at most a second) and exits.
@MainActor
final class ProjectExtensionSession<Controller: PHProjectExtensionController> {
    let requestPath: String
    let begins: Bool
    let controller: Controller

    init(requestPath: String, begins: Bool, controller: Controller) {
        self.requestPath = requestPath
        self.begins = begins
        self.controller = controller
    }

    func start() {
        let request: ProjectExtensionRequest
        let library: PHPhotoLibrary
        do {
            request = try PropertyListDecoder().decode(ProjectExtensionRequest.self, from: Data(contentsOf: URL(fileURLWithPath: requestPath)))
            library = try PHPhotoLibrary(url: URL(fileURLWithPath: request.viewLibrary, isDirectory: true))
        } catch {
            PHEditingExtensionMain.fail("cannot read the project request \(requestPath): \(error)", status: EditingExtensionWire.ExitStatus.failure)
        }
        let options = PHFetchOptions()
        options.photoLibrary = library
        guard let project = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [request.project], options: options).firstObject as? PHProject else {
            PHEditingExtensionMain.fail("the view library holds no project \(request.project)", status: EditingExtensionWire.ExitStatus.failure)
        }
        let context = PHProjectExtensionContext(project: project, photoLibrary: library,
                                                outputDirectory: URL(fileURLWithPath: request.outputDirectory, isDirectory: true))
        handleTermination()
        let finish: @Sendable ((any Error)?) -> Void = { [controller = UncheckedBox(controller)] error in
            if let error {
                PHEditingExtensionMain.fail("\(error)", status: EditingExtensionWire.ExitStatus.failure)
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { controller.value.finishProject { exit(0) } }
            }
        }
        if begins {
            guard let content = request.projectContent, let plan = try? JSONDecoder().decode(ProjectPlan.self, from: content) else {
                PHEditingExtensionMain.fail("the request has no project content to begin with", status: EditingExtensionWire.ExitStatus.failure)
            }
            controller.beginProject(with: context, projectInfo: PHProjectInfo(plan: plan, projectType: PHProjectType(rawValue: request.projectType)),
                                    completion: finish)
        } else {
            controller.resumeProject(with: context, completion: finish)
        }
    }

    /// SIGTERM: let the controller finish (on the main actor, at most a second), then exit with `cancelled`.
    private func handleTermination() {
        let controller = UncheckedBox(controller)
        TerminationRequest.install {
            let finished = DispatchSemaphore(value: 0)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { controller.value.finishProject { finished.signal() } }
            }
            _ = finished.wait(timeout: .now() + 1)
            _exit(EditingExtensionWire.ExitStatus.cancelled)
        }
    }
}

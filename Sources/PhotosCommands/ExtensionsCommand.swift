import ArgumentParser
import Foundation
import Photos
import PhotosUI
import ExtensionSandbox

/// `photos extensions`: lists the editing extensions installed for the library and for the user; `install`
/// and `remove` manage them.
struct ExtensionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extensions",
        abstract: "List, install or remove photo editing extensions.",
        subcommands: [ExtensionsListCommand.self, ExtensionsInstallCommand.self, ExtensionsRemoveCommand.self],
        defaultSubcommand: ExtensionsListCommand.self
    )
}

struct ExtensionsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List installed editing extensions (with their parameters) and project extensions.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = try PHPhotoLibrary(url: libraryOptions.url)
        let (extensions, problems) = PHEditingExtension.installed(for: library)
        let projectExtensions = PHProjectExtension.installed(for: library).extensions
        if output.json {
            Output.printJSON([
                "extensions": extensions.map(Self.json),
                "projectExtensions": projectExtensions.map {
                    ["bundleIdentifier": $0.id, "displayName": $0.manifest.displayName, "version": $0.manifest.version,
                     "scope": $0.scope.rawValue, "path": $0.bundleURL.path]
                },
                "problems": problems,
                "sandbox": SandboxedProcess.capabilities.description,
            ] as [String: Any])
            return
        }
        print("Sandbox: \(SandboxedProcess.capabilities.description)")
        if extensions.isEmpty { print("No editing extensions installed (photos extensions install PATH).") }
        for item in extensions {
            let manifest = item.manifest
            let types = manifest.supportedMediaTypes.map { "\($0)" }.sorted().joined(separator: ", ")
            print("\(manifest.displayName) \(manifest.version)  \(manifest.bundleIdentifier)  [\(item.scope.rawValue); edits \(types)]")
            for parameter in manifest.parameters {
                print("    \(parameter.name)=\(parameter.acceptedValues)  (default \(parameter.defaultValue))  \(parameter.summary)")
            }
        }
        for item in projectExtensions {
            print("\(item.manifest.displayName) \(item.manifest.version)  \(item.id)  [\(item.scope.rawValue); project extension: photos project types --extension \(item.id)]")
        }
        for problem in problems { print("Skipped \(problem)") }
    }

    static func json(_ item: PHEditingExtension) -> [String: Any] {
        let manifest = item.manifest
        return [
            "bundleIdentifier": manifest.bundleIdentifier, "displayName": manifest.displayName, "version": manifest.version,
            "scope": item.scope.rawValue, "path": item.bundleURL.path,
            "supportedMediaTypes": manifest.supportedMediaTypes.map { "\($0)" }.sorted(),
            "parameters": manifest.parameters.map {
                ["name": $0.name, "values": $0.acceptedValues, "default": $0.defaultValue, "summary": $0.summary]
            },
        ]
    }
}

struct ExtensionsInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Install an editing or project extension executable (for the user, or for one library with --for-library).")
    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(name: .customLong("for-library"), help: "Install into the library's extensions directory instead of the user's.")
    var forLibrary = false
    @Argument(help: ArgumentHelp("The extension's executable (built with PHEditingExtensionMain or PHProjectExtensionMain).", valueName: "path"))
    var executable: String

    func run() throws {
        let library = forLibrary ? try PHPhotoLibrary(url: libraryOptions.url) : nil
        let installed = try PHEditingExtension.install(executable: URL(fileURLWithPath: executable), scope: forLibrary ? .library : .user,
                                                      library: library)
        let kind = installed.manifest.isProjectExtension ? "project extension" : "editing extension"
        print("Installed \(kind) \(installed.manifest.displayName) \(installed.manifest.version) (\(installed.id)) in \(installed.bundleURL.path)")
    }
}

struct ExtensionsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an installed editing or project extension.")
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The extension's identifier or name.") var name: String

    func run() throws {
        let library = try PHPhotoLibrary(url: libraryOptions.url)
        if let project = try? PHProjectExtension.named(name, for: library) {
            try FileManager.default.removeItem(at: project.bundleURL)
            print("Removed \(project.manifest.displayName) (\(project.id)) from \(project.bundleURL.deletingLastPathComponent().path)")
            return
        }
        let item = try PHEditingExtension.named(name, for: library)
        try item.uninstall()
        print("Removed \(item.manifest.displayName) (\(item.id)) from \(item.bundleURL.deletingLastPathComponent().path)")
    }
}

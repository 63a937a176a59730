import Foundation
import ExtensionSandbox

extension PHEditingExtension {
    /// Installs an extension executable for `library` (scope `.library`) or for the user: asks it for its manifest (running it sandboxed,
    /// with access to nothing but itself), validates the manifest, and places `Info.plist` and a copy of the
    /// executable in `<identifier>.photoextension`, replacing an older install of the same identifier.
    /// The bundle appears complete or not at all (built under a temporary name, then renamed).
    public static func install(executable: URL, scope: Scope, library: PHPhotoLibrary?,
                               userDirectory: URL = userDirectory) throws -> PHEditingExtension {
        let directory: URL
        switch scope {
        case .user: directory = userDirectory
        case .library:
            guard let library else { throw PHEditingExtensionError.invalidManifest("installing for a library needs the library") }
            guard let own = libraryDirectory(for: library) else {
                throw PHEditingExtensionError.launchFailed(extension: executable.lastPathComponent,
                                                           reason: "\(library.url.absoluteString) is served: install for it on its machine (photos extensions install --for-library --library DIR), or for the user")
            }
            directory = own
        }
        let source = executable.resolvingSymlinksInPath()
        guard FileManager.default.isExecutableFile(atPath: source.path) else {
            throw PHEditingExtensionError.launchFailed(extension: executable.lastPathComponent, reason: "\(source.path) is not an executable file")
        }
        let name = source.lastPathComponent
        let process: SandboxedProcess
        do {
            process = try SandboxedProcess.launch(executable: source, arguments: [EditingExtensionWire.manifestCommand],
                                                  environment: ExtensionProcess.environment(home: nil),
                                                  policy: SandboxPolicy(executable: [source]))
        } catch {
            throw PHEditingExtensionError.launchFailed(extension: name, reason: "\(error)")
        }
        let termination = process.waitUntilExit(deadline: Date().addingTimeInterval(30))
        guard termination == .exited(0) else {
            throw PHEditingExtensionError.invalidManifest("\(name) did not print a manifest (\(termination)): \(ExtensionProcess.tail(process.standardError))")
        }
        var manifest = try PHEditingExtensionManifest(propertyListData: process.standardOutput)
        if manifest.executableName.isEmpty { manifest.executableName = name }

        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let final = directory.appendingPathComponent("\(manifest.bundleIdentifier).\(bundleExtension)", isDirectory: true)
        let staging = directory.appendingPathComponent(".\(getpid())-\(UUID().uuidString).installing", isDirectory: true)
        let retired = directory.appendingPathComponent(".\(getpid())-\(UUID().uuidString).retired", isDirectory: true)
        defer {
            try? fileManager.removeItem(at: staging)
            try? fileManager.removeItem(at: retired)
        }
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        try fileManager.copyItem(at: source, to: staging.appendingPathComponent(manifest.executableName))
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: staging.appendingPathComponent(manifest.executableName).path)
        try manifest.propertyListData().write(to: staging.appendingPathComponent("Info.plist"))
        if fileManager.fileExists(atPath: final.path) { try fileManager.moveItem(at: final, to: retired) }
        try fileManager.moveItem(at: staging, to: final)
        return try PHEditingExtension(bundleURL: final, scope: scope)
    }

    /// Removes the installed bundle.
    public func uninstall() throws {
        try FileManager.default.removeItem(at: bundleURL)
    }
}

/// How hosts start extension processes.
enum ExtensionProcess {
    /// A minimal environment: nothing of the host's leaks into the extension.
    static func environment(home: URL?) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let home {
            environment["HOME"] = home.path
            environment["TMPDIR"] = home.path
        }
        return environment
    }

    /// Runs an extension executable sandboxed — it may read `readable` and its bundle, write `writable` (home and
    /// working directory: the first of them), no network — and returns its standard output; throws for every
    /// outcome but exit 0. Cancelling `progress` stops it (`cancellationGrace` to clean up, then killed).
    static func run(name: String, executable: URL, bundle: URL, arguments: [String], readable: [URL], writable: [URL],
                    deadline: TimeInterval, cancellationGrace: TimeInterval, progress: Progress) throws -> Data {
        let policy = SandboxPolicy(readable: readable, executable: [bundle], writable: writable,
                                   allowsNetwork: false, maximumFileSize: 2 << 30)
        let process: SandboxedProcess
        do {
            process = try SandboxedProcess.launch(executable: executable, arguments: arguments,
                                                  environment: environment(home: writable.first),
                                                  policy: policy, currentDirectory: writable.first)
        } catch {
            throw PHEditingExtensionError.launchFailed(extension: name, reason: "\(error)")
        }
        progress.cancellationHandler = { process.terminate(grace: cancellationGrace) }
        if progress.isCancelled { process.terminate(grace: cancellationGrace) }
        let termination = process.waitUntilExit(deadline: Date().addingTimeInterval(deadline))
        progress.cancellationHandler = nil
        let message = tail(process.standardError)
        switch termination {
        case .exited(0) where !progress.isCancelled: return process.standardOutput
        case .cancelled, .exited(EditingExtensionWire.ExitStatus.cancelled), .exited(0):
            throw PHEditingExtensionError.cancelled(extension: name)
        case .exited(EditingExtensionWire.ExitStatus.invalidParameter):
            throw PHEditingExtensionError.invalidParameter(message)
        case .exited(EditingExtensionWire.ExitStatus.noOutput):
            throw PHEditingExtensionError.noOutput(extension: name)
        case .exited(let status):
            throw PHEditingExtensionError.failed(extension: name, status: status, message: message)
        case .signalled(let signal):
            throw PHEditingExtensionError.crashed(extension: name, signal: signal, message: message)
        case .timedOut:
            throw PHEditingExtensionError.timedOut(extension: name, seconds: deadline)
        }
    }

    /// The last lines of an extension's standard error, for error messages.
    static func tail(_ data: Data, limit: Int = 600) -> String {
        let text = String(decoding: data.suffix(limit), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text
    }
}

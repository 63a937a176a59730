import Foundation

/// A launch request checked and flattened into plain strings, ready to be handed to C before the fork.
struct SpawnPlan: Sendable {
    /// One Landlock rule.
    struct Rule: Sendable, Equatable {
        enum Access: Sendable { case read, execute, write, device }
        var path: String
        var access: Access
        /// Skipped when the path does not exist (system locations).
        var optional: Bool
    }

    var executable: String
    /// argv, argv[0] included.
    var arguments: [String]
    /// "NAME=value" entries.
    var environment: [String]
    var currentDirectory: String?
    var rules: [Rule]
    var requiresLandlock: Bool
    var deniesNetwork: Bool
    var usesNetworkNamespace: Bool
    var requiresNetworkIsolation: Bool
    /// Negative: unlimited.
    var maximumFileSize: Int64

    /// Checks that every named path exists with the right kind, so a mistake is reported by name before forking.
    init(executable: URL, arguments: [String], environment: [String: String], policy: SandboxPolicy,
         currentDirectory: URL?, capabilities: SandboxCapabilities) throws {
        let executablePath = executable.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: executablePath, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SandboxError(.executableNotFound, "cannot launch \(executablePath): no such file", errorNumber: ENOENT)
        }
        guard access(executablePath, X_OK) == 0 else {
            throw SandboxError(.executableNotFound, "cannot launch \(executablePath): not executable", errorNumber: EACCES)
        }
        if let size = policy.maximumFileSize, size < 0 {
            throw SandboxError(.invalidRequest, "sandbox policy: maximumFileSize must not be negative (\(size))")
        }
        self.executable = executablePath
        self.arguments = [executablePath] + arguments
        self.environment = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        for name in environment.keys where name.isEmpty || name.contains("=") {
            throw SandboxError(.invalidRequest, "environment variable name \"\(name)\" is empty or contains \"=\"")
        }
        for text in self.arguments + self.environment where text.utf8.contains(0) {
            throw SandboxError(.invalidRequest, "argument or environment entry contains a NUL byte: \(text.debugDescription)")
        }
        if let currentDirectory {
            self.currentDirectory = try Self.existing(currentDirectory, directory: true, role: "working directory")
        }
        rules = try Self.policyRules(policy) + [Rule(path: executablePath, access: .execute, optional: false)]
        rules += Self.systemRules()
        requiresLandlock = policy.requiresIsolation
        deniesNetwork = !policy.allowsNetwork
        usesNetworkNamespace = policy.usesNetworkNamespace && capabilities.networkNamespace
        requiresNetworkIsolation = policy.requiresIsolation
        maximumFileSize = policy.maximumFileSize ?? -1
    }

    private static func policyRules(_ policy: SandboxPolicy) throws -> [Rule] {
        var rules: [Rule] = []
        for url in policy.readable {
            rules.append(Rule(path: try existing(url, directory: nil, role: "readable path"), access: .read, optional: false))
        }
        for url in policy.executable {
            rules.append(Rule(path: try existing(url, directory: nil, role: "executable path"), access: .execute, optional: false))
        }
        for url in policy.writable {
            rules.append(Rule(path: try existing(url, directory: true, role: "writable directory"), access: .write, optional: false))
        }
        return rules
    }

    /// The loader, libc and Swift runtime locations, plus the directories of the host's own libraries.
    static func systemRules() -> [Rule] {
        SystemLocations.executable.map { Rule(path: $0, access: .execute, optional: true) }
            + SystemLocations.hostLibraryDirectories().map { Rule(path: $0, access: .execute, optional: true) }
            + SystemLocations.readable.map { Rule(path: $0, access: .read, optional: true) }
            + SystemLocations.devices.map { Rule(path: $0, access: .device, optional: true) }
    }

    /// The path of `url`, which must exist (and be a directory when `directory` is true).
    private static func existing(_ url: URL, directory: Bool?, role: String) throws -> String {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SandboxError(.invalidRequest, "sandbox policy: the \(role) \(path) does not exist", errorNumber: ENOENT)
        }
        if directory == true, !isDirectory.boolValue {
            throw SandboxError(.invalidRequest, "sandbox policy: the \(role) \(path) is not a directory", errorNumber: ENOTDIR)
        }
        if path.utf8.contains(0) {
            throw SandboxError(.invalidRequest, "sandbox policy: the \(role) \(path.debugDescription) contains a NUL byte")
        }
        return path
    }
}

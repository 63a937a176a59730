import Foundation

/// What a sandboxed process may touch.
///
/// Everything not listed is denied by Landlock: the child reads only `readable`, `executable` and the
/// system locations the dynamic loader and the Swift runtime need (``SystemLocations``), writes only
/// beneath `writable`, and cannot open TCP connections unless `allowsNetwork`.
/// The executable given to ``SandboxedProcess/launch(executable:arguments:environment:policy:currentDirectory:)``
/// is always allowed to be read and executed.
package struct SandboxPolicy: Sendable, Equatable {
    /// Files or directories the child may read (directories recursively).
    package var readable: [URL]
    /// Files or directories the child may read and execute (e.g. the extension bundle).
    package var executable: [URL]
    /// Directories the child may create, write, rename and delete files and directories in (recursively).
    /// Files there cannot be executed.
    package var writable: [URL]
    /// Whether the child may use the network. When false, TCP bind/connect are denied by Landlock (ABI 4+)
    /// and, where the kernel allows, the child runs in an empty network namespace (no interfaces up).
    package var allowsNetwork: Bool
    /// RLIMIT_FSIZE for the child in bytes (a larger write fails and raises SIGXFSZ); nil = unlimited.
    package var maximumFileSize: Int64?
    /// When true (the default) ``SandboxedProcess/launch(executable:arguments:environment:policy:currentDirectory:)``
    /// throws if the kernel offers no Landlock, or no way to deny the network when `allowsNetwork` is false.
    /// Set false only for trusted programs: they then run with whatever isolation is available.
    package var requiresIsolation: Bool = true
    /// With `allowsNetwork == false`, also move the child into an empty network namespace when the kernel
    /// allows (root, or unprivileged user namespaces). Landlock's TCP rules apply either way; tests turn this
    /// off to check those rules alone.
    package var usesNetworkNamespace: Bool = true

    /// Creates a policy; by default the child reads and writes nothing of its own and has no network.
    package init(readable: [URL] = [], executable: [URL] = [], writable: [URL] = [], allowsNetwork: Bool = false, maximumFileSize: Int64? = nil) {
        self.readable = readable
        self.executable = executable
        self.writable = writable
        self.allowsNetwork = allowsNetwork
        self.maximumFileSize = maximumFileSize
    }
}

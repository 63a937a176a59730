internal import CSandbox

/// What the kernel offers for isolating a process, probed once per host process.
package struct SandboxCapabilities: Sendable, Equatable, CustomStringConvertible {
    /// The Landlock ABI version (0 = no Landlock: processes cannot be isolated).
    package var landlockABI: Int
    /// Whether a child can be given an empty network namespace (as root, or through an unprivileged user namespace).
    package var networkNamespace: Bool
    /// Whether the network can be denied at all: a network namespace, or Landlock TCP rules (ABI 4+).
    package var networkIsolation: Bool { networkNamespace || landlockABI >= 4 }

    /// Creates a description of capabilities (tests; normally read ``SandboxedProcess/capabilities``).
    package init(landlockABI: Int, networkNamespace: Bool) {
        self.landlockABI = landlockABI
        self.networkNamespace = networkNamespace
    }

    /// E.g. "Landlock ABI 7, network namespace", for `photos extensions` to print.
    package var description: String {
        guard landlockABI > 0 else { return "no Landlock: editing extensions cannot be isolated" }
        var parts = ["Landlock ABI \(landlockABI)"]
        if networkNamespace {
            parts.append("network namespace")
        } else if landlockABI >= 4 {
            parts.append("network denied by Landlock TCP rules (no network namespace)")
        } else {
            parts.append("no network isolation")
        }
        if landlockABI >= 6 { parts.append("signal and abstract-socket scoping") }
        return parts.joined(separator: ", ")
    }

    /// Probed on first use: asks the kernel for its Landlock ABI and tries a network namespace in a probe child.
    static let current = SandboxCapabilities(
        landlockABI: Int(csb_landlock_abi()), networkNamespace: csb_network_namespace_available() != 0)
}

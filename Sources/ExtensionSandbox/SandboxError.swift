/// Why a sandboxed process could not be started.
package struct SandboxError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kind of failure.
    package enum Code: Sendable, Equatable {
        /// The executable does not exist, is a directory, or is not executable.
        case executableNotFound
        /// The policy, working directory, arguments or environment are unusable (a missing path, a NUL byte…).
        case invalidRequest
        /// The kernel cannot isolate the process as required (no Landlock, or no way to deny the network).
        case isolationUnavailable
        /// Creating pipes or forking failed.
        case launchFailed
        /// A step between fork and exec failed (process group, rlimits, namespaces, Landlock rules…).
        case sandboxSetupFailed
        /// execve failed (e.g. a script's interpreter is missing or not allowed by the policy).
        case execFailed
    }

    /// The kind of failure.
    package var code: Code
    /// A sentence naming the problem: the step and the path involved.
    package var message: String
    /// The errno behind the failure, when there is one.
    package var errorNumber: Int32?

    /// Creates an error.
    package init(_ code: Code, _ message: String, errorNumber: Int32? = nil) {
        self.code = code
        self.message = message
        self.errorNumber = errorNumber
    }

    /// The message.
    package var description: String { message }
}

/// How a sandboxed process ended.
package enum SandboxTermination: Sendable, Equatable {
    /// It exited normally with this status.
    case exited(Int32)
    /// A signal it did not survive ended it (a crash such as SIGSEGV/SIGABRT/SIGILL, SIGXFSZ past the file-size
    /// limit, or SIGKILL from outside the host's control).
    case signalled(Int32)
    /// The deadline given to ``SandboxedProcess/waitUntilExit(deadline:)`` passed; the whole group was killed.
    case timedOut
    /// ``SandboxedProcess/terminate(grace:)`` was called while it ran, and the group was stopped.
    case cancelled

    /// Whether it exited normally with status 0.
    package var isSuccess: Bool { self == .exited(0) }
}

extension SandboxTermination: CustomStringConvertible {
    package var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "killed by signal \(signal)"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        }
    }
}

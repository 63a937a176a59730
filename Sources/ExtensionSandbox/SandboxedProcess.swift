import Foundation

/// An untrusted program (an editing extension) running in a sandbox.
///
/// The child runs in its own process group with exactly the given environment, /dev/null as stdin, stdout and
/// stderr captured (up to ``outputLimit`` bytes each, the excess dropped), no inherited file descriptors, no core
/// dumps, no_new_privs, and a Landlock domain that allows only its ``SandboxPolicy`` (plus ``SystemLocations``).
/// It is killed if the host process dies, and when this handle is released while it still runs.
///
/// Threading: all members may be called from any thread. A dedicated monitor thread per process forks it,
/// drains its output and reaps it; ``waitUntilExit(deadline:)`` may be called by several threads at once.
package final class SandboxedProcess: Sendable {
    /// The child's pid, which is also its process-group id.
    package let processIdentifier: Int32
    private let shared: ProcessShared

    /// Bytes of stdout and of stderr kept (each).
    package static var outputLimit: Int { ProcessMonitor.outputLimit }

    private init(processIdentifier: Int32, shared: ProcessShared) {
        self.processIdentifier = processIdentifier
        self.shared = shared
    }

    deinit {
        // Nobody can wait for it any more: an untrusted process must not outlive its handle.
        if shared.requestStop(.cancelled, signal: SIGKILL) { shared.killGroup() }
    }

    /// Launches `executable` with `arguments` (argv[1...]) and exactly `environment` (nothing inherited), with
    /// `policy` applied between fork and exec. Returns once the exec has succeeded.
    ///
    /// Throws ``SandboxError`` naming the problem when the executable or a policy path is missing, when the
    /// kernel cannot isolate the child as the policy requires (no Landlock: "Landlock is not available: editing
    /// extensions cannot be isolated"), or when a sandbox step or the exec fails in the child.
    package static func launch(executable: URL, arguments: [String], environment: [String: String], policy: SandboxPolicy,
                               currentDirectory: URL? = nil) throws -> SandboxedProcess {
        let plan = try SpawnPlan(executable: executable, arguments: arguments, environment: environment, policy: policy,
                                 currentDirectory: currentDirectory, capabilities: capabilities)
        let shared = ProcessShared()
        let pid = try ProcessMonitor.start(plan: plan, shared: shared)
        return SandboxedProcess(processIdentifier: pid, shared: shared)
    }

    /// Asks the group to stop: SIGTERM to the process group now, SIGKILL to the group after `grace` seconds if
    /// the leader has not exited by then. Idempotent (only the first call acts) and callable from any thread at
    /// any moment; the termination then reports ``SandboxTermination/cancelled`` unless it had already exited.
    package func terminate(grace: TimeInterval) {
        guard shared.requestStop(.cancelled, signal: SIGTERM) else { return }
        guard grace > 0 else { return shared.killGroup() }
        DispatchQueue.global().asyncAfter(deadline: .now() + min(grace, 86_400)) { [shared] in shared.killGroup() }
    }

    /// Blocks until the process has exited and been reaped, the rest of its group killed and its output
    /// collected; or until `deadline` passes, then SIGKILLs the group and reports ``SandboxTermination/timedOut``.
    package func waitUntilExit(deadline: Date?) -> SandboxTermination {
        if let deadline {
            let seconds = min(max(0, deadline.timeIntervalSinceNow), 1e9)
            if shared.finished.wait(timeout: .now() + seconds) == .timedOut {
                _ = shared.requestStop(.timedOut, signal: SIGKILL)
                shared.killGroup()
                shared.finished.wait()
            }
        } else {
            shared.finished.wait()
        }
        return termination!
    }

    /// How it ended, or nil while it (or the cleanup of its group) is still running. Does not block.
    package var termination: SandboxTermination? { shared.state.withLock { $0.termination } }

    /// What it wrote to stdout (at most ``outputLimit`` bytes); complete once it has been waited for, empty before.
    package var standardOutput: Data { shared.state.withLock { $0.standardOutput } }

    /// What it wrote to stderr (at most ``outputLimit`` bytes); complete once it has been waited for, empty before.
    package var standardError: Data { shared.state.withLock { $0.standardError } }

    /// Bytes of stdout plus stderr beyond ``outputLimit`` that were read and dropped.
    package var discardedOutputByteCount: Int { shared.state.withLock { $0.discardedOutputByteCount } }

    /// What the kernel offers here, e.g. "Landlock ABI 7, network namespace" (probed once).
    package static var capabilities: SandboxCapabilities { SandboxCapabilities.current }
}

import Foundation
import Synchronization

/// The state a sandboxed process's monitor thread shares with the ``SandboxedProcess`` handle.
///
/// Threading: every field is guarded by `state`'s lock. Signals to the group are sent while holding it and only
/// while the leader is unreaped, so its pid (the group id) cannot have been reused by an unrelated process.
/// `finished` is entered at creation and left exactly once, by the monitor, after `termination` is set.
final class ProcessShared: Sendable {
    struct State {
        var pid: Int32 = 0
        /// The monitor saw the leader exit (it may not be reaped yet).
        var leaderExited = false
        /// The leader was reaped: its pid must not be signalled any more.
        var reaped = false
        /// Why the host stopped it (.cancelled or .timedOut), first request wins.
        var stopReason: SandboxTermination?
        var termination: SandboxTermination?
        var standardOutput = Data()
        var standardError = Data()
        /// Output beyond the per-stream limit, read and dropped.
        var discardedOutputByteCount = 0
    }

    let state = Mutex(State())
    let finished = DispatchGroup()

    init() { finished.enter() }

    /// Records why the host stops the process and signals its group; false (and nothing sent) when it had
    /// already exited or a stop was already requested.
    func requestStop(_ reason: SandboxTermination, signal: Int32) -> Bool {
        state.withLock { state in
            guard state.pid > 0, !state.leaderExited, state.stopReason == nil else { return false }
            state.stopReason = reason
            kill(-state.pid, signal)
            return true
        }
    }

    /// SIGKILLs the group unless the leader has been reaped.
    func killGroup() {
        state.withLock { state in
            if state.pid > 0, !state.reaped { kill(-state.pid, SIGKILL) }
        }
    }
}

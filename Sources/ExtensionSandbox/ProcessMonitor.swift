internal import CSandbox
import Foundation
import Synchronization

/// The thread behind each ``SandboxedProcess``: it forks the child (so PR_SET_PDEATHSIG, which fires when the
/// forking *thread* exits, ties the child to a thread that lives exactly as long as it), drains its output,
/// reaps it, kills what is left of its process group, and publishes the termination.
///
/// It waits on a pidfd together with the pipes (or polls every 50 ms where pidfds are unavailable), and
/// waits only for its own pid, never for any child.
enum ProcessMonitor {
    /// Output kept per stream.
    static let outputLimit = 1 << 20
    /// How long output is still drained after the group was killed (a process that escaped the group may hold the pipes).
    static let drainGrace: Duration = .seconds(2)
    /// How long to wait for the killed group's members to die.
    static let groupGrace: Duration = .seconds(2)

    /// Starts the monitor thread and returns the child's pid once it has exec'd, or throws why it could not start.
    static func start(plan: SpawnPlan, shared: ProcessShared) throws -> Int32 {
        let handoff = Handoff()
        let thread = Thread { run(plan: plan, shared: shared, handoff: handoff) }
        thread.name = "ExtensionSandbox.monitor"
        thread.start()
        return try handoff.wait().get()
    }

    private static func run(plan: SpawnPlan, shared: ProcessShared, handoff: Handoff) {
        let started: SpawnPlan.Started
        switch plan.spawn() {
        case .failure(let error):
            shared.state.withLock { $0.termination = .exited(126) }
            shared.finished.leave()
            handoff.resolve(.failure(error))
            return
        case .success(let value):
            started = value
        }
        let pid = started.pid
        shared.state.withLock { $0.pid = pid }
        handoff.resolve(.success(pid))

        let output = OutputCollector(standardOutput: started.standardOutput, standardError: started.standardError, limit: outputLimit)
        let pidfd = csb_pidfd_open(pid)
        defer { if pidfd >= 0 { close(pidfd) } }
        let clock = ContinuousClock()
        var exit: (kind: Int32, value: Int32)?
        var drainDeadline = clock.now
        while true {
            let timeout: Int32 = exit == nil
                ? (pidfd >= 0 ? -1 : 50)
                : Int32(max(0, min(1000, milliseconds(drainDeadline - clock.now))))
            _ = output.poll(extra: exit == nil ? pidfd : -1, timeout: timeout)
            if exit == nil, csb_has_exited(pid) != 0 {
                exit = reapAndKillGroup(pid, shared: shared)
                drainDeadline = clock.now + drainGrace
            }
            if exit != nil, output.isDone || clock.now >= drainDeadline { break }
        }
        output.closeAll()
        let groupDeadline = clock.now + groupGrace
        while csb_group_alive(pid) != 0, clock.now < groupDeadline { usleep(5000) }

        shared.state.withLock { state in
            let natural: SandboxTermination = exit!.kind == Int32(CSB_SIGNALLED.rawValue) ? .signalled(exit!.value) : .exited(exit!.value)
            state.termination = state.stopReason ?? natural
            state.standardOutput = output.streams[0].data
            state.standardError = output.streams[1].data
            state.discardedOutputByteCount = output.streams.reduce(0) { $0 + $1.droppedByteCount }
        }
        shared.finished.leave()
    }

    /// The leader exited (still a zombie, so its pid is reserved): SIGKILL the rest of its group, then reap it.
    private static func reapAndKillGroup(_ pid: Int32, shared: ProcessShared) -> (kind: Int32, value: Int32) {
        shared.state.withLock { state in
            state.leaderExited = true
            kill(-pid, SIGKILL)
        }
        var kind: Int32 = 0, value: Int32 = 0
        if csb_reap(pid, &kind, &value) != 0 { (kind, value) = (Int32(CSB_EXITED.rawValue), 127) }
        shared.state.withLock { $0.reaped = true }
        return (kind, value)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

/// Hands the spawn result from the monitor thread to the launching thread.
private final class Handoff: Sendable {
    private let result = Mutex<Result<Int32, SandboxError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func resolve(_ value: Result<Int32, SandboxError>) {
        result.withLock { $0 = value }
        ready.signal()
    }

    func wait() -> Result<Int32, SandboxError> {
        ready.wait()
        return result.withLock { $0! }
    }
}

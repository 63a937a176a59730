import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and reports what it cost: its peak resident memory and its wall-clock time.
/// Output goes to files, so a chatty child never blocks on a pipe.
///
/// The peak is the child's own `VmHWM` (`/proc/<pid>/status`), sampled every few milliseconds while it runs:
/// `wait4`'s `ru_maxrss` cannot be used, because `posix_spawn` runs the child in the parent's memory until it
/// execs and the kernel then records the parent's high-water mark as the child's (a large test process would
/// make every child look large). Only a process too short to be sampled falls back to `ru_maxrss`.
public struct MeasuredProcess: Sendable {
    /// The exit status (128 + the signal number when a signal ended it).
    public let status: Int32
    /// What it wrote to standard output.
    public let stdout: String
    /// The same bytes, as written (for binary output such as raw frames).
    public let stdoutData: Data
    /// What it wrote to standard error.
    public let stderr: String
    /// The child's peak resident set size in bytes.
    public let peakResidentBytes: Int
    /// Wall-clock seconds from start to exit.
    public let seconds: Double

    /// Peak RSS in megabytes (10^6 bytes), for messages.
    public var peakMegabytes: Int { peakResidentBytes / 1_000_000 }

    /// Runs `executable` with `arguments` (and the current environment plus `environment`), waiting for it.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredProcess {
        let directory = TemporaryDirectory()
        let outPath = directory.appending("stdout").path, errPath = directory.appending("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let sampler = HighWaterSampler(pid: pid, name: executable.lastPathComponent)
        let samplerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread { sampler.run(); samplerDone.signal() }
        var raw: Int32 = 0
        var usage = rusage()
        while wait4(pid, &raw, 0, &usage) < 0 {
            guard errno == EINTR else { sampler.stop(); throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        let seconds = Date().timeIntervalSince(started)
        sampler.stop()
        samplerDone.wait()
        let sampled = sampler.peakBytes
        let signal = raw & 0x7f
        let status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        let output = FileManager.default.contents(atPath: outPath) ?? Data()
        return MeasuredProcess(status: status, stdout: String(decoding: output, as: UTF8.self), stdoutData: output, stderr: read(errPath),
                               peakResidentBytes: sampled > 0 ? sampled : Int(usage.ru_maxrss) * 1024, seconds: seconds)
    }
}

/// Reads a running process's `VmHWM` until stopped, keeping the largest value seen.
private final class HighWaterSampler: @unchecked Sendable {
    private let path: String
    /// The status `Name:` once the child has exec'd (before that it runs in, and reports, the parent's memory).
    private let name: String
    private let lock = NSLock()
    private var stopped = false
    private var peak = 0

    init(pid: pid_t, name: String) {
        path = "/proc/\(pid)/status"
        self.name = String(name.prefix(15))
    }

    /// The largest `VmHWM` read, in bytes (0 when none was read).
    var peakBytes: Int { lock.lock(); defer { lock.unlock() }; return peak }

    func stop() { lock.lock(); stopped = true; lock.unlock() }

    func run() {
        while true {
            lock.lock()
            let done = stopped
            lock.unlock()
            if done { return }
            if let status = try? String(contentsOfFile: path, encoding: .utf8),
               status.split(separator: "\n").first == "Name:\t\(name)"[...],
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                lock.lock(); peak = max(peak, kilobytes * 1024); lock.unlock()
            }
            usleep(5_000)
        }
    }
}

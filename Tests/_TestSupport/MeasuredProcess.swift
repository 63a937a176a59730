import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and reports what it cost: its peak resident memory (the kernel's `ru_maxrss`
/// from `wait4`, which `Process` cannot give because it reaps the child itself) and its wall-clock time.
/// Output goes to files, so a chatty child never blocks on a pipe.
public struct MeasuredProcess: Sendable {
    /// The exit status (128 + the signal number when a signal ended it).
    public let status: Int32
    /// What it wrote to standard output.
    public let stdout: String
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
        var raw: Int32 = 0
        var usage = rusage()
        while wait4(pid, &raw, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        let seconds = Date().timeIntervalSince(started)
        let signal = raw & 0x7f
        let status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return MeasuredProcess(status: status, stdout: read(outPath), stderr: read(errPath),
                               peakResidentBytes: Int(usage.ru_maxrss) * 1024, seconds: seconds)
    }
}

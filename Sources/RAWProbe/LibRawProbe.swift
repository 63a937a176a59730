import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs LibRaw on a file's bytes in a child process (`photokit-raw-probe`) before this process does, so that a
/// file LibRaw crashes or hangs on is refused with a reason instead of stopping the importer, a render or the
/// service. Debian's LibRaw 0.20 has wild reads and a `strcat` overflow in its TIFF parsers (found by the fuzz
/// target `media-inspection`, kept in `Fuzz/Unfixed`); any hostile upload reached them.
///
/// LibRaw is deterministic for the same bytes, so bytes the probe read safely up to a step are then read here.
/// Verdicts are remembered by a keyed hash of the bytes (the last 1,024 files), so a file is probed once per step.
/// Where the probe executable is not found (a program that did not build it), LibRaw runs in this process as
/// before, and a warning says so once.
package enum LibRawProbe {
    /// How far LibRaw is asked to go: every step opens the file first; develop unpacks before developing.
    package enum Step: Int, Sendable, CaseIterable {
        case open, unpack, thumbnail, develop
        var argument: String { ["open", "unpack", "thumbnail", "develop"][rawValue] }
    }

    /// Why a file was refused.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// The longest LibRaw may take over one step in the probe.
    package static let timeLimit: Duration = .seconds(30)

    /// Returns when LibRaw may read `bytes` up to `step` in this process (it read them in the probe without
    /// crashing, or refused them with an error this process's LibRaw will give too); throws when it crashed or
    /// hung there, or when the probe could not be run.
    package static func check(_ bytes: UnsafeRawBufferPointer, upTo step: Step) throws(Failure) {
        guard let tool = executable else { return }
        if let vouched = Vouched.current, vouched.base == bytes.baseAddress, vouched.count == bytes.count, vouched.step.includes(step) { return }
        let key = digest(bytes)
        if verdicts.withLock({ $0.passed(key, step) }) { return }
        let outcome = run(tool, bytes, step)
        if let failure = failure(outcome) { throw failure }
        verdicts.withLock { $0.record(key, step) }
    }

    /// Runs `body` with `bytes` counted as probed up to `step` on this thread: ``check(_:upTo:)`` of exactly
    /// these bytes (same memory, same length) returns at once instead of hashing them to look the verdict up.
    /// For a caller that holds the bytes unchanged throughout and has just had them probed (a RAW file unpacked
    /// through ``sensor(_:maxBytes:stateSize:unpack:)`` is then read for its properties).
    package static func vouching<R>(for bytes: UnsafeRawBufferPointer, upTo step: Step, _ body: () throws -> R) rethrows -> R {
        try Vouched.$current.withValue(Vouched(base: bytes.baseAddress, count: bytes.count, step: step), operation: body)
    }

    struct Vouched: Sendable {
        nonisolated(unsafe) var base: UnsafeRawPointer?
        var count: Int
        var step: Step
        @TaskLocal static var current: Vouched?
    }

    /// The probe executable: `PHOTOKIT_RAW_PROBE`, else `photokit-raw-probe` beside this program's executable.
    package static let executable: String? = {
        if let path = ProcessInfo.processInfo.environment["PHOTOKIT_RAW_PROBE"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = me.deletingLastPathComponent().appendingPathComponent("photokit-raw-probe").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        FileHandle.standardError.write(Data("warning: photokit-raw-probe was not found beside \(me.path); RAW files are read by LibRaw in this process, where a damaged file can crash it (build it with `swift build --product photokit-raw-probe`, or set PHOTOKIT_RAW_PROBE)\n".utf8))
        return nil
    }()

    enum Outcome: Equatable { case passed, crashed(Int32), timedOut, unavailable(String) }

    /// A temporary file unlinked at once (in /dev/shm where there is one), open for reading and writing.
    static func anonymousFile() -> Int32? {
        let directory = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(directory)/photokit-raw-probe-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)   // other programs this process starts meanwhile do not inherit it
        return fd
    }

    /// Spawns the probe for `step` with `bytes` as its standard input.
    static func run(_ tool: String, _ bytes: UnsafeRawBufferPointer, _ step: Step) -> Outcome {
        run(tool, bytes, arguments: [step.argument], output: nil)
    }

    /// Spawns the probe with `arguments`, `bytes` as its standard input (a temporary file: a pipe would raise
    /// SIGPIPE here when LibRaw crashes before reading everything) and standard output into `output` (else
    /// discarded).
    static func run(_ tool: String, _ bytes: UnsafeRawBufferPointer, arguments: [String], output: Int32?) -> Outcome {
        guard let input = anonymousFile() else { return .unavailable("cannot make a temporary file (errno \(errno))") }
        defer { close(input) }
        var written = 0
        while written < bytes.count {
            let n = write(input, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 { if errno == EINTR { continue }; return .unavailable("writing the bytes failed (errno \(errno))") }
            written += n
        }
        guard lseek(input, 0, SEEK_SET) == 0 else { return .unavailable("lseek failed (errno \(errno))") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) } else { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { return .unavailable("\(tool) could not be started (errno \(spawned))") }

        // Wait, polling: the probe usually takes milliseconds; a hung LibRaw is killed at the time limit.
        let deadline = ContinuousClock.now + timeLimit
        var pause: useconds_t = 100
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR { return .unavailable("waitpid failed (errno \(errno))") }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return .timedOut
            }
            usleep(pause)
            pause = min(pause * 2, 1_000)   // at most 1 ms late: the caller waits on this
        }
        let signal = status & 0x7F
        if signal != 0 { return .crashed(signal) }
        let exit = (status >> 8) & 0xFF
        // 0: read that far; 10…13: LibRaw's own error at a step, which this process's LibRaw reports too.
        if exit == 0 || (output == nil && (10...13).contains(exit)) { return .passed }
        return .unavailable("\(tool) failed with status \(exit)")
    }

    /// The failure for an outcome other than `.passed`.
    static func failure(_ outcome: Outcome) -> Failure? {
        switch outcome {
        case .passed: nil
        case .crashed(let signal):
            Failure(description: "LibRaw crashed reading this file (signal \(signal), in the separate process that reads RAW files first); the file was not read")
        case .timedOut:
            Failure(description: "LibRaw did not finish reading this file within \(timeLimit.components.seconds) s; the file was not read")
        case .unavailable(let reason):
            Failure(description: "the RAW file could not be read in a separate process: \(reason)")
        }
    }

    /// The key a file's verdicts are kept under: its length and a 64-bit SipHash of its bytes (from 8 MB up, one
    /// of each half, hashed on two threads). Swift's `Hasher` is seeded at random per process, so no one can make
    /// a file collide with one already probed (ten times faster than SHA-256 here: a 36 MB DNG hashes in about
    /// 7 ms on two threads).
    static func digest(_ bytes: UnsafeRawBufferPointer) -> Key {
        guard bytes.count >= 8 << 20 else { return Key(count: bytes.count, hash: hash(bytes), secondHash: 0) }
        let middle = bytes.count / 2
        let halves = Mutex<(Int, Int)>((0, 0))
        nonisolated(unsafe) let shared = bytes   // read-only, and valid until concurrentPerform returns
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let value = hash(UnsafeRawBufferPointer(rebasing: half == 0 ? shared[..<middle] : shared[middle...]))
            halves.withLock { if half == 0 { $0.0 = value } else { $0.1 = value } }
        }
        let (first, second) = halves.withLock { $0 }
        return Key(count: bytes.count, hash: first, secondHash: second)
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    struct Key: Hashable { var count: Int; var hash: Int; var secondHash: Int }

    /// The steps each recently probed file passed.
    struct Verdicts {
        var passedSteps: [Key: Set<Step>] = [:]
        func passed(_ digest: Key, _ step: Step) -> Bool {
            passedSteps[digest]?.contains { $0.includes(step) } ?? false
        }
        mutating func record(_ digest: Key, _ step: Step) {
            if passedSteps.count >= 1024, passedSteps[digest] == nil { passedSteps.removeAll(keepingCapacity: true) }
            passedSteps[digest, default: []].insert(step)
        }
    }

    static let verdicts = Mutex(Verdicts())
}

extension LibRawProbe.Step {
    /// Whether passing this step means LibRaw also passes `other` (every step opens; develop unpacks).
    func includes(_ other: Self) -> Bool { self == other || other == .open || (self == .develop && other == .unpack) }
}

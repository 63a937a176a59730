import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
internal import COpenSSLCrypto

/// Runs LibRaw on a file's bytes in a child process (`photokit-raw-probe`) before this process does, so that a
/// file LibRaw crashes or hangs on is refused with a reason instead of stopping the importer, a render or the
/// service. Debian's LibRaw 0.20 has wild reads and a `strcat` overflow in its TIFF parsers (found by the fuzz
/// target `media-inspection`, kept in `Fuzz/Unfixed`); any hostile upload reached them.
///
/// LibRaw is deterministic for the same bytes, so bytes the probe read safely up to a step are then read here.
/// Verdicts are remembered by the bytes' SHA-256 (the last 1,024 files), so a file is probed once per step.
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
        let digest = sha256(bytes)
        if verdicts.withLock({ $0.passed(digest, step) }) { return }
        switch run(tool, bytes, step) {
        case .passed:
            verdicts.withLock { $0.record(digest, step) }
        case .crashed(let signal):
            throw Failure(description: "LibRaw crashed reading this file (signal \(signal), in the separate process that reads RAW files first); the file was not read")
        case .timedOut:
            throw Failure(description: "LibRaw did not finish reading this file within \(timeLimit.components.seconds) s; the file was not read")
        case .unavailable(let reason):
            throw Failure(description: "the RAW file could not be checked before reading: \(reason)")
        }
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

    /// Spawns the probe with `bytes` as its standard input: a temporary file unlinked at once (a pipe would
    /// raise SIGPIPE here when LibRaw crashes before reading everything).
    static func run(_ tool: String, _ bytes: UnsafeRawBufferPointer, _ step: Step) -> Outcome {
        let directory = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(directory)/photokit-raw-probe-XXXXXX".utf8CString)
        let input = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard input >= 0 else { return .unavailable("cannot make a temporary file in \(directory) (errno \(errno))") }
        _ = fcntl(input, F_SETFD, FD_CLOEXEC)   // other programs this process starts meanwhile do not inherit it
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
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
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let arguments = [tool, step.argument]
        let argv = arguments.map { strdup($0) } + [nil]
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
            pause = min(pause * 2, 20_000)
        }
        let signal = status & 0x7F
        if signal != 0 { return .crashed(signal) }
        let exit = (status >> 8) & 0xFF
        // 0: read that far; 10…13: LibRaw's own error at a step, which this process's LibRaw reports too.
        if exit == 0 || (10...13).contains(exit) { return .passed }
        return .unavailable("\(tool) failed with status \(exit)")
    }

    static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard let context = EVP_MD_CTX_new() else { return digest }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        if let base = bytes.baseAddress, bytes.count > 0 { EVP_DigestUpdate(context, base, bytes.count) }
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest
    }

    /// The steps each recently probed file passed.
    struct Verdicts {
        var passedSteps: [[UInt8]: Set<Step>] = [:]
        func passed(_ digest: [UInt8], _ step: Step) -> Bool {
            passedSteps[digest]?.contains { $0.includes(step) } ?? false
        }
        mutating func record(_ digest: [UInt8], _ step: Step) {
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

import ExtensionSandbox
import Foundation
import XCTest
import _TestSupport

/// What the child starts with: environment, working directory, file descriptors, limits.
final class ProcessSetupTests: SandboxTestCase {
    func testEnvironmentIsExactlyTheGivenOne() throws {
        setenv("SANDBOX_HOST_SECRET", "leaked", 1)
        defer { unsetenv("SANDBOX_HOST_SECRET") }
        let process = try SandboxedProcess.launch(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [],
                                                  environment: ["ONLY": "this one", "PATH": "/usr/bin"], policy: lenientPolicy)
        XCTAssertEqual(process.waitUntilExit(deadline: Date(timeIntervalSinceNow: 30)), .exited(0))
        let lines = String(decoding: process.standardOutput, as: UTF8.self).split(separator: "\n").sorted()
        XCTAssertEqual(lines, ["ONLY=this one", "PATH=/usr/bin"])
    }

    func testKeepsTheHostsUserAndGroupInsideTheNetworkNamespace() throws {
        try requireLandlock()
        // Not root, the network namespace comes with a user namespace that must map the ids to themselves.
        let outcome = try run("id -u; id -g", policy: SandboxPolicy())
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        XCTAssertEqual(outcome.output, "\(geteuid())\n\(getegid())\n")
    }

    func testRunsInTheGivenWorkingDirectoryAndItsOwnProcessGroup() throws {
        let work = try directory("work")
        let outcome = try run("pwd; cut -d' ' -f5 /proc/$$/stat", policy: lenientPolicy, currentDirectory: work)
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        let lines = outcome.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.first, work.path)
        XCTAssertEqual(lines.last, String(outcome.process.processIdentifier), "its pid is its process group")
    }

    func testStandardInputIsDevNullAndNoHostDescriptorLeaks() throws {
        let leaked = try file(temporary.appending("host-open.txt"), "host data")
        let descriptor = open(leaked.path, O_RDONLY) // deliberately without O_CLOEXEC
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        // `ls` lists the shell's descriptors (not its own): exactly 0, 1 and 2.
        let outcome = try run("cat; ls /proc/$$/fd; readlink /proc/$$/fd/0 /proc/$$/fd/1", policy: lenientPolicy)
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, outcome.output)
        XCTAssertEqual(Array(lines.prefix(4)), ["0", "1", "2", "/dev/null"], outcome.output)
        XCTAssertTrue(lines.last?.hasPrefix("pipe:") == true, outcome.output)
        XCTAssertFalse(outcome.output.contains(leaked.path))
    }

    func testCoreDumpsAreDisabledAndACrashLeavesNoCoreFile() throws {
        let work = try directory("work")
        var policy = lenientPolicy
        policy.writable = [work]
        let limits = try run("ulimit -c", policy: policy)
        XCTAssertEqual(limits.output, "0\n")
        let crash = try run("kill -SEGV $$", policy: policy, currentDirectory: work)
        XCTAssertEqual(crash.termination, .signalled(SIGSEGV))
        XCTAssertEqual(TemporaryDirectory.files(under: work), [], "a core file was written")
    }

    func testFileSizeLimitIsEnforced() throws {
        try requireLandlock()
        let work = try directory("work")
        let big = work.appendingPathComponent("big")
        let outcome = try run("exec head -c 1000000 /dev/zero > '\(big.path)'",
                              policy: SandboxPolicy(writable: [work], maximumFileSize: 100_000))
        XCTAssertEqual(outcome.termination, .signalled(SIGXFSZ))
        let size = try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int
        XCTAssertEqual(size, 100_000)
    }

    func testHugeOutputOnBothStreamsDoesNotDeadlock() throws {
        let script = "yes err | head -c 5000000 >&2 & yes | head -c 10000000; wait"
        let started = Date()
        let outcome = try run(script, policy: lenientPolicy, timeout: 60)
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error.suffix(200).description)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(outcome.process.standardOutput.count, SandboxedProcess.outputLimit)
        XCTAssertEqual(outcome.process.standardError.count, SandboxedProcess.outputLimit)
        XCTAssertEqual(outcome.process.discardedOutputByteCount, 15_000_000 - 2 * SandboxedProcess.outputLimit)
        XCTAssertTrue(outcome.output.hasPrefix("y\ny\n"))
    }
}

import ExtensionSandbox
import Foundation
import XCTest
import _TestSupport

/// Shared helpers: run shell snippets in the sandbox and read their results.
class SandboxTestCase: XCTestCase {
    /// A fresh temporary directory per test (removed afterwards).
    var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory(prefix: "sandbox-test")
    }

    override func tearDown() {
        temporary = nil
    }

    /// The only environment the children get.
    let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]

    /// A result with output decoded as text.
    struct Outcome {
        var termination: SandboxTermination
        var output: String
        var error: String
        var process: SandboxedProcess
    }

    /// Skips the test where the kernel has no Landlock (the sandbox then refuses to isolate anything).
    func requireLandlock(abi minimum: Int = 1) throws {
        let capabilities = SandboxedProcess.capabilities
        guard capabilities.landlockABI >= minimum else {
            throw XCTSkip("Landlock ABI \(minimum)+ is not available here (\(capabilities)): skipping an isolation test")
        }
    }

    /// A directory inside the test's temporary directory, created.
    func directory(_ name: String) throws -> URL {
        let url = temporary.appending(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file and returns its URL.
    @discardableResult
    func file(_ url: URL, _ text: String, executable: Bool = false) throws -> URL {
        try Data(text.utf8).write(to: url)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        return url
    }

    /// Launches `/bin/sh -c script`.
    func launch(_ script: String, policy: SandboxPolicy, currentDirectory: URL? = nil) throws -> SandboxedProcess {
        try SandboxedProcess.launch(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
                                    environment: environment, policy: policy, currentDirectory: currentDirectory)
    }

    /// Runs `/bin/sh -c script` to the end (30 s at most).
    func run(_ script: String, policy: SandboxPolicy, currentDirectory: URL? = nil, timeout: TimeInterval = 30) throws -> Outcome {
        let process = try launch(script, policy: policy, currentDirectory: currentDirectory)
        let termination = process.waitUntilExit(deadline: Date(timeIntervalSinceNow: timeout))
        return Outcome(termination: termination, output: String(decoding: process.standardOutput, as: UTF8.self),
                       error: String(decoding: process.standardError, as: UTF8.self), process: process)
    }

    /// A policy for tests about process handling: isolation is applied where available but not required.
    var lenientPolicy: SandboxPolicy {
        var policy = SandboxPolicy()
        policy.requiresIsolation = false
        return policy
    }

    /// Whether `pid` is gone: no such process, or only a zombie waiting for a reaper that is not us.
    func isGone(_ pid: Int32) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/stat"),
              let data = try? handle.readToEnd() else { return true }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state == "Z" || state == "X"
    }
}

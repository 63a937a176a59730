import ExtensionSandbox
import Foundation
import XCTest

/// Launch failures are thrown with a message naming the problem; nothing runs unsandboxed by accident.
final class LaunchErrorTests: SandboxTestCase {
    private func launchError(_ body: () throws -> SandboxedProcess) -> SandboxError? {
        do {
            _ = try body()
            return nil
        } catch let error as SandboxError {
            return error
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
    }

    func testAMissingExecutableIsNamed() {
        let missing = URL(fileURLWithPath: "/nonexistent/extensions/Filtster")
        let error = launchError { try SandboxedProcess.launch(executable: missing, arguments: [], environment: [:], policy: lenientPolicy) }
        XCTAssertEqual(error?.code, .executableNotFound)
        XCTAssertTrue(error?.description.contains(missing.path) == true, String(describing: error))
    }

    func testANonExecutableFileIsRefused() throws {
        let plain = try file(temporary.appending("plain.txt"), "text")
        let error = launchError { try SandboxedProcess.launch(executable: plain, arguments: [], environment: [:], policy: lenientPolicy) }
        XCTAssertEqual(error?.code, .executableNotFound)
        XCTAssertTrue(error?.description.contains("not executable") == true, String(describing: error))
    }

    func testAMissingPolicyPathIsNamed() {
        let missing = temporary.appending("no-such-input")
        let error = launchError { try self.launch("true", policy: SandboxPolicy(readable: [missing])) }
        XCTAssertEqual(error?.code, .invalidRequest)
        XCTAssertTrue(error?.description.contains(missing.path) == true, String(describing: error))
    }

    func testAWritableFileIsRefused() throws {
        let plain = try file(temporary.appending("plain.txt"), "text")
        let error = launchError { try self.launch("true", policy: SandboxPolicy(writable: [plain])) }
        XCTAssertEqual(error?.code, .invalidRequest)
        XCTAssertTrue(error?.description.contains("not a directory") == true, String(describing: error))
    }

    func testAnExecFailureInTheChildIsThrown() throws {
        let script = try file(temporary.appending("broken"), "#!/nonexistent/interpreter\n", executable: true)
        let error = launchError { try SandboxedProcess.launch(executable: script, arguments: [], environment: [:], policy: lenientPolicy) }
        XCTAssertEqual(error?.code, .execFailed)
        XCTAssertEqual(error?.errorNumber, ENOENT)
        XCTAssertTrue(error?.description.contains(script.path) == true, String(describing: error))
    }

    func testAnInterpreterOutsideThePolicyIsReported() throws {
        try requireLandlock()
        let tools = try directory("tools")
        let interpreter = tools.appendingPathComponent("mysh")
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path, toPath: interpreter.path)
        let script = try file(temporary.appending("script"), "#!\(interpreter.path)\necho hi\n", executable: true)
        let error = launchError { try SandboxedProcess.launch(executable: script, arguments: [], environment: [:], policy: SandboxPolicy()) }
        XCTAssertEqual(error?.code, .execFailed)
        XCTAssertEqual(error?.errorNumber, EACCES)
        let allowed = try SandboxedProcess.launch(executable: script, arguments: [], environment: [:], policy: SandboxPolicy(executable: [tools]))
        XCTAssertEqual(allowed.waitUntilExit(deadline: Date(timeIntervalSinceNow: 30)), .exited(0))
    }

    func testArgumentsWithNULBytesAreRefused() {
        let error = launchError { try self.launch("true\0false", policy: lenientPolicy) }
        XCTAssertEqual(error?.code, .invalidRequest)
    }

    func testWithoutLandlockARequiredSandboxRefusesToLaunch() throws {
        guard SandboxedProcess.capabilities.landlockABI == 0 else {
            throw XCTSkip("Landlock is available here: the refusal path only runs where it is absent")
        }
        let error = launchError { try self.launch("true", policy: SandboxPolicy()) }
        XCTAssertEqual(error?.code, .isolationUnavailable)
        XCTAssertEqual(error?.description, "Landlock is not available: editing extensions cannot be isolated")
    }
}

import ExtensionSandbox
import Foundation
import XCTest
import _TestSupport

/// Landlock's filesystem rules: what the child may read, write and execute.
final class FilesystemIsolationTests: SandboxTestCase {
    func testReadsAFileInAReadableDirectory() throws {
        try requireLandlock()
        let input = try directory("input")
        try file(input.appendingPathComponent("photo.txt"), "hello from the host")
        let outcome = try run("cat '\(input.path)/photo.txt'", policy: SandboxPolicy(readable: [input]))
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        XCTAssertEqual(outcome.output, "hello from the host")
    }

    func testCannotReadOutsideThePolicy() throws {
        try requireLandlock()
        let input = try directory("input")
        let elsewhere = TemporaryDirectory(prefix: "sandbox-elsewhere")
        let secret = try file(elsewhere.appending("secret.txt"), "not for extensions")
        XCTAssertTrue(FileManager.default.isReadableFile(atPath: secret.path), "the host itself can read it")
        let outcome = try run("cat '\(secret.path)'", policy: SandboxPolicy(readable: [input]))
        XCTAssertNotEqual(outcome.termination, .exited(0))
        XCTAssertTrue(outcome.error.contains("Permission denied"), outcome.error)
        XCTAssertEqual(outcome.output, "")
    }

    func testAReadableFileDoesNotOpenItsSiblings() throws {
        try requireLandlock()
        let folder = try directory("folder")
        let allowed = try file(folder.appendingPathComponent("allowed.txt"), "yes")
        let sibling = try file(folder.appendingPathComponent("sibling.txt"), "no")
        let outcome = try run("cat '\(allowed.path)'; cat '\(sibling.path)'", policy: SandboxPolicy(readable: [allowed]))
        XCTAssertEqual(outcome.output, "yes")
        XCTAssertTrue(outcome.error.contains("Permission denied"), outcome.error)
        XCTAssertEqual(outcome.termination, .exited(1))
    }

    func testWritesInsideTheWritableDirectory() throws {
        try requireLandlock()
        let work = try directory("work")
        let script = "cd '\(work.path)' && echo one > a && mkdir d && echo two > d/b && mv a d/a2 && rm d/b && cat d/a2"
        let outcome = try run(script, policy: SandboxPolicy(writable: [work]))
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        XCTAssertEqual(outcome.output, "one\n")
        XCTAssertEqual(TemporaryDirectory.files(under: work), ["d/a2"])
    }

    func testCannotWriteBesideTheWritableDirectoryOrInTmp() throws {
        try requireLandlock()
        let work = try directory("work")
        let beside = temporary.appending("beside.txt")
        let inTmp = URL(fileURLWithPath: "/tmp/sandbox-escape-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: inTmp) }
        for target in [beside, inTmp] {
            let outcome = try run("echo escaped > '\(target.path)'", policy: SandboxPolicy(writable: [work]))
            XCTAssertNotEqual(outcome.termination, .exited(0), target.path)
            XCTAssertTrue(outcome.error.contains("Permission denied"), outcome.error)
            XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "\(target.path) was created")
        }
    }

    func testCannotDeleteOrTruncateReadableFiles() throws {
        try requireLandlock()
        let input = try directory("input")
        let photo = try file(input.appendingPathComponent("photo.txt"), "original")
        let outcome = try run("rm -f '\(photo.path)'; : > '\(photo.path)'; echo more >> '\(photo.path)'",
                              policy: SandboxPolicy(readable: [input]))
        XCTAssertNotEqual(outcome.termination, .exited(0))
        XCTAssertEqual(try String(contentsOf: photo, encoding: .utf8), "original")
    }

    func testRunsProgramsFromTheExecutableBundleButNotFromTheWritableDirectory() throws {
        try requireLandlock()
        let bundle = try directory("Extension.bundle")
        let tool = try file(bundle.appendingPathComponent("tool"), "#!/bin/sh\necho tool ran\n", executable: true)
        let work = try directory("work")
        let dropped = try file(work.appendingPathComponent("dropped"), "#!/bin/sh\necho dropped ran\n", executable: true)
        let policy = SandboxPolicy(executable: [bundle], writable: [work])
        let outcome = try run("'\(tool.path)'; '\(dropped.path)'", policy: policy)
        XCTAssertEqual(outcome.output, "tool ran\n")
        XCTAssertTrue(outcome.error.contains("Permission denied"), outcome.error)
    }

    func testTheLaunchedExecutableIsAllowedWithoutBeingListed() throws {
        try requireLandlock()
        let bundle = try directory("Extension.bundle")
        let tool = try file(bundle.appendingPathComponent("tool"), "#!/bin/sh\necho \"args: $*\"\n", executable: true)
        let process = try SandboxedProcess.launch(executable: tool, arguments: ["a", "b c"], environment: environment, policy: SandboxPolicy())
        XCTAssertEqual(process.waitUntilExit(deadline: Date(timeIntervalSinceNow: 30)), .exited(0))
        XCTAssertEqual(String(decoding: process.standardOutput, as: UTF8.self), "args: a b c\n")
    }
}

import ExtensionSandbox
import Foundation
import XCTest

/// Exit statuses, crashes, deadlines, cancellation and the process group.
final class LifecycleTests: SandboxTestCase {
    func testReportsExitStatuses() throws {
        for status: Int32 in [0, 1, 3, 125] {
            XCTAssertEqual(try run("exit \(status)", policy: lenientPolicy).termination, .exited(status))
        }
    }

    func testACrashIsReportedAsTheSignal() throws {
        XCTAssertEqual(try run("kill -SEGV $$", policy: lenientPolicy).termination, .signalled(SIGSEGV))
        XCTAssertEqual(try run("kill -ABRT $$", policy: lenientPolicy).termination, .signalled(SIGABRT))
    }

    func testADeadlineKillsTheGroupQuickly() throws {
        let process = try launch("sleep 100", policy: lenientPolicy)
        let started = Date()
        XCTAssertEqual(process.waitUntilExit(deadline: started.addingTimeInterval(1)), .timedOut)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(kill(process.processIdentifier, 0), -1, "the leader was reaped")
        XCTAssertEqual(errno, ESRCH)
        XCTAssertEqual(process.termination, .timedOut)
    }

    func testTerminateMidRunReportsCancelled() throws {
        let process = try launch("sleep 100", policy: lenientPolicy)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { process.terminate(grace: 5) }
        let started = Date()
        XCTAssertEqual(process.waitUntilExit(deadline: started.addingTimeInterval(30)), .cancelled)
        XCTAssertLessThan(Date().timeIntervalSince(started), 4, "SIGTERM alone should have stopped it")
    }

    func testTerminateEscalatesToKillAfterTheGrace() throws {
        // SIG_IGN is inherited through exec, so neither the shell nor sleep stops on SIGTERM.
        let process = try launch("trap '' TERM; sleep 100; echo survived", policy: lenientPolicy)
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        process.terminate(grace: 0.5)
        XCTAssertEqual(process.waitUntilExit(deadline: started.addingTimeInterval(30)), .cancelled)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(elapsed, 0.45)
        XCTAssertLessThan(elapsed, 5)
        XCTAssertEqual(process.standardOutput, Data())
    }

    func testTerminateIsIdempotentFromManyThreadsAndAfterExit() throws {
        let running = try launch("sleep 100", policy: lenientPolicy)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in running.terminate(grace: 1) }
        XCTAssertEqual(running.waitUntilExit(deadline: Date(timeIntervalSinceNow: 30)), .cancelled)
        running.terminate(grace: 0)
        XCTAssertEqual(running.termination, .cancelled)

        let finished = try launch("exit 5", policy: lenientPolicy)
        XCTAssertEqual(finished.waitUntilExit(deadline: nil), .exited(5))
        finished.terminate(grace: 0)
        XCTAssertEqual(finished.waitUntilExit(deadline: nil), .exited(5), "terminating after exit changes nothing")
    }

    func testAGrandchildDiesWithTheGroupWhenTheLeaderExits() throws {
        let outcome = try run("sleep 100 & echo $!", policy: lenientPolicy)
        XCTAssertEqual(outcome.termination, .exited(0))
        let grandchild = try XCTUnwrap(Int32(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(isGone(grandchild), "sleep \(grandchild) survived its group leader")
    }

    func testAGrandchildDiesWithTheGroupOnTimeout() throws {
        let process = try launch("sleep 100 & echo $!; wait", policy: lenientPolicy)
        XCTAssertEqual(process.waitUntilExit(deadline: Date(timeIntervalSinceNow: 1)), .timedOut)
        let text = String(decoding: process.standardOutput, as: UTF8.self)
        let grandchild = try XCTUnwrap(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(isGone(grandchild), "sleep \(grandchild) survived the timeout")
    }

    func testReleasingTheHandleKillsTheProcess() throws {
        var process: SandboxedProcess? = try launch("sleep 100", policy: lenientPolicy)
        let pid = try XCTUnwrap(process?.processIdentifier)
        process = nil
        let deadline = Date(timeIntervalSinceNow: 5)
        while !isGone(pid), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(isGone(pid))
    }

    func testManyConcurrentProcesses() throws {
        let results = Array(repeating: SandboxTermination?.none, count: 8)
        let box = ResultsBox(results)
        let (environment, policy) = (environment, lenientPolicy)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let process = try? SandboxedProcess.launch(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit \(index)"],
                                                       environment: environment, policy: policy)
            box.set(index, process?.waitUntilExit(deadline: Date(timeIntervalSinceNow: 30)))
        }
        XCTAssertEqual(box.values, (0..<8).map { .exited(Int32($0)) })
    }
}

/// Collects results written by concurrent iterations.
private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [SandboxTermination?]
    init(_ values: [SandboxTermination?]) { storage = values }
    func set(_ index: Int, _ value: SandboxTermination?) { lock.withLock { storage[index] = value } }
    var values: [SandboxTermination?] { lock.withLock { storage } }
}

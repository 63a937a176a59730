import XCTest
import PhotosUI
import PhotoLibrary
import _TestSupport

/// An extension that crashes, is killed, hangs, is cancelled mid-render or writes something unusable changes
/// nothing: same asset, same files, same change token, no temporary file.
final class ExtensionFailureTests: ExtensionTestCase {
    /// Runs `body`, expects it to throw an error matching `expected`, and checks that nothing changed.
    func assertNothingChanges(_ asset: PHAsset, _ expected: (PHEditingExtensionError) -> Bool,
                              file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) throws {
        let files = try librarySnapshot()
        let token = library.currentChangeToken
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard let error = error as? PHEditingExtensionError else { return XCTFail("unexpected \(error)", file: file, line: line) }
            XCTAssertTrue(expected(error), "unexpected \(error)", file: file, line: line)
            XCTAssertFalse(error.description.isEmpty)
        }
        let fresh = try XCTUnwrap(refetch(asset.localIdentifier))
        XCTAssertEqual(fresh.hasAdjustments, asset.hasAdjustments, file: file, line: line)
        XCTAssertEqual(fresh.modificationDate, asset.modificationDate, file: file, line: line)
        XCTAssertEqual(try librarySnapshot(), files, "library files", file: file, line: line)
        XCTAssertEqual(library.currentChangeToken, token, "nothing was committed", file: file, line: line)
        XCTAssertEqual(editingLeftovers(), [], "no temporary file", file: file, line: line)
    }

    func run(_ behavior: String, on asset: PHAsset, deadline: TimeInterval = 60, progress: Progress? = nil) throws {
        try PHEditingExtensionHost(library: library, deadline: deadline).edit(asset, with: misbehaving, parameters: ["behavior": behavior], progress: progress)
    }

    func testCrashMidWriteChangesNothing() throws {
        let asset = try makePhoto()
        try assertNothingChanges(asset, { if case .crashed(_, SIGABRT, _) = $0 { true } else { false } }) { try run("crash", on: asset) }
    }

    func testProcessKilledFromOutsideChangesNothing() throws {
        let asset = try makePhoto()
        let executable = misbehaving.executableURL.resolvingSymlinksInPath().path
        let staging = self.staging
        // Kill the extension (whatever its pid) once its partial render exists.
        let killer = DispatchWorkItem {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                for pid in ExtensionProcesses.pids(runningExecutable: executable) where ExtensionProcesses.hasPartialRender(inStaging: staging) { kill(pid, SIGKILL); return }
                usleep(20_000)
            }
        }
        DispatchQueue.global().async(execute: killer)
        try assertNothingChanges(asset, { if case .crashed(_, SIGKILL, _) = $0 { true } else { false } }) { try run("slow", on: asset) }
        killer.wait()
    }

    func testHangPastDeadlineChangesNothing() throws {
        let asset = try makePhoto()
        let started = Date()
        try assertNothingChanges(asset, { if case .timedOut = $0 { true } else { false } }) { try run("hang", on: asset, deadline: 2) }
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the deadline stops it")
    }

    func testCancelMidRenderLeavesNoTemporaryFile() throws {
        let asset = try makePhoto()
        let progress = Progress(totalUnitCount: 3)
        let staging = self.staging
        DispatchQueue.global().async {
            while !ExtensionProcesses.hasPartialRender(inStaging: staging) { usleep(10_000) }
            progress.cancel()
        }
        try assertNothingChanges(asset, { if case .cancelled = $0 { true } else { false } }) { try run("slow", on: asset, progress: progress) }
    }

    func testCancelBeforeStartChangesNothing() throws {
        let asset = try makePhoto()
        let progress = Progress(totalUnitCount: 3)
        progress.cancel()
        try assertNothingChanges(asset, { if case .cancelled = $0 { true } else { false } }) { try run("invert", on: asset, progress: progress) }
    }

    func testUnusableOutputsChangeNothing() throws {
        let asset = try makePhoto()
        let cases: [(String, (PHEditingExtensionError) -> Bool)] = [
            ("garbage", { if case .invalidOutput = $0 { true } else { false } }),
            ("truncated", { if case .invalidOutput = $0 { true } else { false } }),
            // Making the link is refused by the sandbox (the extension then fails) or the host refuses the link.
            ("symlink", { switch $0 { case .invalidOutput, .failed: true; default: false } }),
            ("noAdjustment", { if case .invalidOutput = $0 { true } else { false } }),
            ("nilOutput", { if case .noOutput = $0 { true } else { false } }),
        ]
        for (behavior, expected) in cases {
            try assertNothingChanges(asset, expected) { try run(behavior, on: asset) }
        }
    }

    func testBadParametersAreRefusedBeforeRunning() throws {
        let asset = try makePhoto()
        let host = PHEditingExtensionHost(library: library)
        try assertNothingChanges(asset, { if case .invalidParameter(let why) = $0 { why.contains("colour") } else { false } }) {
            try host.edit(asset, with: filtster, parameters: ["colour": "red"])
        }
        try assertNothingChanges(asset, { if case .invalidParameter(let why) = $0 { why.contains("vignette=7") } else { false } }) {
            try host.edit(asset, with: filtster, parameters: ["vignette": "7"])
        }
        try assertNothingChanges(asset, { if case .invalidParameter(let why) = $0 { why.contains("sepia|noir") || why.contains("sepia, noir") } else { false } }) {
            try host.edit(asset, with: filtster, parameters: ["filter": "vivid"])
        }
    }
}

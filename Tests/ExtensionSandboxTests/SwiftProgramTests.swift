import ExtensionSandbox
import Foundation
import XCTest
import _TestSupport

/// A real Swift program (Foundation, the Swift runtime from the toolchain, C libraries) starts in an empty policy:
/// the system locations and the host's library directories are enough.
final class SwiftProgramTests: SandboxTestCase {
    func testTheBuiltPhotosCommandRunsSandboxed() throws {
        try requireLandlock()
        guard let photos = PhotosBinary.url else { throw XCTSkip(PhotosBinary.missingMessage) }
        let process = try SandboxedProcess.launch(executable: photos, arguments: ["--help"], environment: environment, policy: SandboxPolicy())
        let termination = process.waitUntilExit(deadline: Date(timeIntervalSinceNow: 60))
        let error = String(decoding: process.standardError, as: UTF8.self)
        XCTAssertEqual(termination, .exited(0), error)
        XCTAssertTrue(String(decoding: process.standardOutput, as: UTF8.self).contains("USAGE"), error)
    }

    func testASwiftProgramWritesOnlyWhereItMay() throws {
        try requireLandlock()
        guard let photos = PhotosBinary.url else { throw XCTSkip(PhotosBinary.missingMessage) }
        let elsewhere = TemporaryDirectory(prefix: "sandbox-library")
        let work = try directory("work")
        func initialize(_ library: URL) throws -> SandboxedProcess {
            let process = try SandboxedProcess.launch(executable: photos, arguments: ["init", "--library", library.path],
                                                      environment: environment, policy: SandboxPolicy(writable: [work]))
            _ = process.waitUntilExit(deadline: Date(timeIntervalSinceNow: 60))
            return process
        }
        // Creating a library (SQLite, directories) outside the policy fails and leaves nothing behind…
        let denied = try initialize(elsewhere.appending("Test.photoslibrary"))
        XCTAssertNotEqual(denied.termination, .exited(0))
        XCTAssertEqual(TemporaryDirectory.files(under: elsewhere.url), [])
        // …and works in the writable directory.
        let allowed = try initialize(work.appendingPathComponent("Test.photoslibrary"))
        XCTAssertEqual(allowed.termination, .exited(0), String(decoding: allowed.standardError, as: UTF8.self))
        XCTAssertTrue(TemporaryDirectory.files(under: work).contains("Test.photoslibrary/database/Photos.sqlite"),
                      TemporaryDirectory.files(under: work).description)
    }
}

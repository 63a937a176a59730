@testable import ExtensionSandbox
import Foundation
import XCTest

/// The capability probe and the system locations every child gets.
final class CapabilitiesTests: XCTestCase {
    func testDescribesWhatTheKernelOffers() {
        let capabilities = SandboxedProcess.capabilities
        if capabilities.landlockABI > 0 {
            XCTAssertTrue(capabilities.description.hasPrefix("Landlock ABI \(capabilities.landlockABI)"), capabilities.description)
        } else {
            XCTAssertEqual(capabilities.description, "no Landlock: editing extensions cannot be isolated")
        }
        XCTAssertEqual(capabilities.networkIsolation, capabilities.networkNamespace || capabilities.landlockABI >= 4)
        XCTAssertEqual(SandboxCapabilities(landlockABI: 7, networkNamespace: true).description,
                       "Landlock ABI 7, network namespace, signal and abstract-socket scoping")
        XCTAssertEqual(SandboxCapabilities(landlockABI: 3, networkNamespace: false).description,
                       "Landlock ABI 3, no network isolation")
        XCTAssertFalse(SandboxCapabilities(landlockABI: 3, networkNamespace: false).networkIsolation)
    }

    func testFindsLibraryDirectoriesInAMapsFile() {
        let maps = """
        55d0c0a00000-55d0c0a01000 r--p 00000000 08:01 1234   /work/.build/debug/photos
        7f1c00000000-7f1c00100000 r-xp 00000000 08:01 2345   /opt/swift/usr/lib/swift/linux/libswiftCore.so
        7f1c00200000-7f1c00300000 r-xp 00000000 08:01 2346   /opt/swift/usr/lib/swift/linux/libFoundation.so
        7f1c00400000-7f1c00500000 r-xp 00000000 08:01 3456   /usr/lib/x86_64-linux-gnu/libc.so.6
        7f1c00600000-7f1c00700000 r-xp 00000000 08:01 4567   /home/me/lib dir/libcustom.so.1.2
        7f1c00800000-7f1c00900000 rw-p 00000000 00:00 0      [heap]
        7f1c00a00000-7f1c00b00000 r-xp 00000000 00:01 99     /memfd:jit (deleted)
        """
        XCTAssertEqual(SystemLocations.libraryDirectories(inMaps: maps), ["/opt/swift/usr/lib/swift/linux", "/home/me/lib dir"])
    }

    func testTheHostsOwnLibrariesAreFound() {
        // The test process maps libc and (dynamically linked) the Swift runtime; libc's folder is under /usr.
        let directories = SystemLocations.hostLibraryDirectories()
        XCTAssertTrue(directories.allSatisfy { $0.hasPrefix("/") && !$0.hasPrefix("/usr/") })
        if let runtime = directories.first(where: { FileManager.default.fileExists(atPath: $0 + "/libswiftCore.so") }) {
            XCTAssertTrue(SpawnPlan.systemRules().contains { $0.path == runtime && $0.access == .execute })
        }
    }
}

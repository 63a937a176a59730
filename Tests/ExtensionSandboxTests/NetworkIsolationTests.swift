import ExtensionSandbox
import Foundation
import XCTest

/// The child cannot reach a TCP listener on the host's loopback unless the policy allows the network.
final class NetworkIsolationTests: SandboxTestCase {
    /// A listening TCP socket on 127.0.0.1 with a kernel-chosen port.
    private struct Listener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw XCTSkip("cannot create a TCP socket here") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, pointer, &length) == 0
                }
            }
            guard bound else {
                close(descriptor)
                throw XCTSkip("cannot listen on 127.0.0.1 here")
            }
            self.descriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
        }
    }

    private func connectScript(_ port: UInt16) -> String {
        "exec /bin/bash -c 'exec 3<>/dev/tcp/127.0.0.1/\(port) && echo connected'"
    }

    func testConnectsWhenTheNetworkIsAllowed() throws {
        let listener = try Listener()
        defer { close(listener.descriptor) }
        let outcome = try run(connectScript(listener.port), policy: SandboxPolicy(allowsNetwork: true))
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        XCTAssertEqual(outcome.output, "connected\n")
    }

    func testCannotConnectToALoopbackListener() throws {
        try requireLandlock()
        let listener = try Listener()
        defer { close(listener.descriptor) }
        let outcome = try run(connectScript(listener.port), policy: SandboxPolicy())
        XCTAssertNotEqual(outcome.termination, .exited(0))
        XCTAssertEqual(outcome.output, "")
        XCTAssertFalse(outcome.error.isEmpty)
    }

    func testLandlockAloneDeniesTCPWithoutANetworkNamespace() throws {
        try requireLandlock(abi: 4)
        let listener = try Listener()
        defer { close(listener.descriptor) }
        var policy = SandboxPolicy()
        policy.usesNetworkNamespace = false
        let outcome = try run(connectScript(listener.port), policy: policy)
        XCTAssertNotEqual(outcome.termination, .exited(0))
        XCTAssertEqual(outcome.output, "")
        XCTAssertTrue(outcome.error.contains("Permission denied"), outcome.error)
    }

    func testTheNetworkNamespaceHasOnlyLoopback() throws {
        try requireLandlock()
        guard SandboxedProcess.capabilities.networkNamespace else {
            throw XCTSkip("no network namespace here (\(SandboxedProcess.capabilities)): skipping")
        }
        let outcome = try run("exec cat /proc/self/net/dev", policy: SandboxPolicy())
        XCTAssertEqual(outcome.termination, .exited(0), outcome.error)
        let interfaces = outcome.output.split(separator: "\n").dropFirst(2).map { $0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(interfaces, ["lo"])
    }
}

import Foundation
import PhotoLibrary

/// With `PHOTOS_TEST_BACKEND=served`, each test's library is served by a real `photos serve --no-tcp --socket`
/// process and opened as `PHPhotoLibrary(url: unix:…)`: the same suites check that both back ends behave alike
/// (scripts/test.sh runs the fetch, change, observation, history, image and editing suites both ways).
public final class ServedTestLibrary: @unchecked Sendable {
    /// Why a served library could not be made (no `photos` binary, or it did not start): tests skip on it.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    public static var isRequested: Bool { ProcessInfo.processInfo.environment["PHOTOS_TEST_BACKEND"] == "served" }

    public let socketURL: URL
    /// The library directory opened in this process too, as another program (the `photos` command) would: for
    /// what PhotoKit has no API for (burst picks, recovering from Recently Deleted, filling, trimming history).
    public let core: Library
    /// The test account's API token (an admin: it answers as the library's owner).
    public let ownerToken: String
    /// The web address when started with `webAddress: true` (`http://127.0.0.1:PORT`, `https://` with `tls`).
    public private(set) var webURL: URL?
    private let server: Process

    /// Creates the library at `directory`, an account with an API token for this process (given to the client in
    /// `PHOTOS_LIBRARY_TOKEN`), and starts the service on a socket beside it (and, with `webAddress`, on a free
    /// loopback port too: over TLS with `tls`, a PEM certificate and key).
    public init(directory: URL, socketPath: String, webAddress: Bool = false, tls: (certificate: String, key: String)? = nil) throws {
        guard let photos = PhotosBinary.url else { throw Unavailable(description: PhotosBinary.missingMessage) }
        core = try Library.open(at: directory)
        // A token-only account: "!" is no bcrypt hash, so no password ever signs in as it.
        let account = try core.createAccount(username: "tests", passwordHash: "!", role: .admin)
        let token = try core.createCredential(.token, accountID: account.rowID, name: "served tests").secret
        Self.environmentLock.withLock { setenv("PHOTOS_LIBRARY_TOKEN", token, 1) }
        ownerToken = token
        socketURL = URL(string: "unix:" + socketPath)!
        server = Process()
        server.executableURL = photos
        server.arguments = ["serve", "--exit-with-parent", "--no-analysis", "--library", directory.path, "--socket", socketPath] + (webAddress ? ["--listen", "127.0.0.1:0"] : ["--no-tcp"])
            + (tls.map { ["--tls-cert", $0.certificate, "--tls-key", $0.key] } ?? [])
        let output = Pipe()
        server.standardOutput = webAddress ? output : FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let deadline = Date().addingTimeInterval(30)
        // Until it accepts connections (the socket's file appears when it is bound, a moment before it listens).
        while !Self.accepts(socketPath) {
            guard server.isRunning, Date() < deadline else { throw Unavailable(description: "photos serve did not start on \(socketPath)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if webAddress {
            // "Serving … at http(s)://127.0.0.1:PORT" is printed once the port is bound.
            var printed = ""
            while webURL == nil, Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
                if let range = printed.range(of: #"at https?://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                    webURL = URL(string: String(printed[range].dropFirst(3)))
                }
            }
            guard webURL != nil else { throw Unavailable(description: "photos serve printed no web address: \(printed)") }
        }
    }

    /// Whether something listens on the Unix socket at `path`.
    static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    /// Held while the token is in the environment for a client being opened: tests running in parallel each
    /// open their own library with their own token.
    private static let environmentLock = NSLock()

    /// Runs `open` (which opens a client of this library, reading `PHOTOS_LIBRARY_TOKEN`) with this library's owner
    /// token in the environment, while no other test's library opens.
    public func withOwnerToken<T>(_ open: () throws -> T) rethrows -> T {
        try Self.environmentLock.withLock {
            setenv("PHOTOS_LIBRARY_TOKEN", ownerToken, 1)
            return try open()
        }
    }

    /// Stops the server (SIGKILL: a test process's children inherit its blocked SIGTERM; the library recovers
    /// from being killed anyway).
    public func stop() {
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }
}

import Foundation
import LibraryService
import Logging
import PhotoLibrary
import _TestSupport

/// A real `photos serve` in this process: a temporary library with a few imported photos, accounts of every
/// role with API tokens, and the server listening on a free loopback port.
final class ServiceHarness: @unchecked Sendable {
    let directory = TemporaryDirectory(prefix: "photos-serve-test")
    let library: Library
    let service: PhotosService
    let baseURL: URL
    private let task: Task<Void, any Error>
    /// The Unix socket the server also listens on, when asked for (programs there are applications).
    let socketPath: String?
    /// API tokens by role name ("admin", "member", "viewer").
    private(set) var tokens: [String: String] = [:]
    static let password = "correct horse battery"

    /// Starts a server; `accounts` (admin, member, viewer) are created unless false, then `photos` JPEGs are
    /// imported as the member's uploads.
    init(photos: Int = 4, accounts: Bool = true, rateLimits: RateLimits = .standard, socket: Bool = false) async throws {
        library = try Library.open(at: directory.appending("Test.photoslibrary"))
        var logger = Logger(label: "test.serve")
        logger.logLevel = .critical
        service = PhotosService(library: library, bcryptCost: 4, rateLimits: rateLimits, logger: logger)
        if accounts {
            for role in AccountRole.allCases {
                try await AccountAdministration.createAccount(in: library, username: role.rawValue, password: Self.password, role: role, cost: 4)
                let account = try library.account(named: role.rawValue)!.account
                tokens[role.rawValue] = try library.createCredential(.token, accountID: account.rowID, name: "test").secret
            }
        }
        if photos > 0 {
            let folder = directory.appending("import")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<photos {
                _ = try FixtureImages.writeJPEG(to: folder.appendingPathComponent("photo-\(index).jpg"), width: 640 + index * 8, height: 480, seed: index)
            }
            // The photos are the member's uploads (members change only what they uploaded).
            var importer = Importer(library: library)
            if let member = try library.account(named: "member")?.account {
                importer.actingAccount = ActingAccount(accountID: member.rowID, username: member.username, changesAnything: false)
            }
            _ = try importer.importItems(at: [folder])
        }
        var listeners: [LibraryServer.Listener] = [.init(.tcp(host: "127.0.0.1", port: 0))]
        socketPath = socket ? directory.appending("serve.sock").path : nil
        if let socketPath { listeners.append(.init(.unixSocket(path: socketPath))) }
        let server = LibraryServer(service: service, listeners: listeners, logger: logger)
        let (stream, continuation) = AsyncStream<String>.makeStream()
        task = Task { try await server.run(gracefulShutdownSignals: []) { continuation.yield($0) } }
        var iterator = stream.makeAsyncIterator()
        var url: String?
        for _ in listeners.indices {
            guard let address = await iterator.next() else { throw HarnessError("The server did not start") }
            if address.hasPrefix("http") { url = address }
        }
        guard let url else { throw HarnessError("The server did not start") }
        baseURL = URL(string: url)!
    }

    func client(_ role: String? = nil) -> HTTPClient { HTTPClient(base: baseURL, token: role.flatMap { tokens[$0] }) }

    /// Stops the server (graceful shutdown) and waits for it.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    /// The library's asset identifiers in creation-date order.
    func assetIdentifiers() throws -> [String] {
        let ids = try library.assetRowIDs(AssetQuery(scope: .all))
        let records = try library.assets(rowIDs: ids)
        return ids.map { records[$0]!.identifier }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import Logging
import PhotoLibrary
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Raw bytes to a real server, for the fuzz target `Fuzz/service-http` (Docs/Fuzzing.md): HTTP/1.1 framing as a
/// client's socket delivers it — request lines, headers, chunked and fixed-length bodies, pipelined requests, bytes
/// cut anywhere — through SwiftNIO's parser, Hummingbird's router and this service's middleware and routes.
///
/// The server starts once per process, on a loopback port, over a scratch library with two photos, an album and an
/// owner whose API token replaces `@TOKEN@` in each input (`@ASSETID@` and `@ALBUMID@` become local identifiers of
/// that library, `@ASSET@` and `@ALBUM@` the same percent-encoded as path segments), so mutated requests stay signed in. Rate limits are off. Each input is written on a new connection,
/// which is then half-closed; the answer is read until the server closes or stays silent (2 s before its first byte,
/// 300 ms after). Anything that stops the process is a bug; a refused request is a correct answer.
package enum ServiceHTTPFuzzing {
    struct Server: Sendable {
        let port: UInt16
        let token: String
        let asset: String
        let album: String
    }

    private static let server: Result<Server, any Error> = Result { try start() }

    /// Sends one input; returns the bytes the server answered. It blocks: call it from a thread of its own, not from
    /// Swift's cooperative pool, which the server's handlers need.
    ///
    /// `expectedAnswers` (for tests) is how many responses to wait for, up to 10 s, before half-closing: the server
    /// closes a connection when its client does, and may do so before it has answered every pipelined request on a
    /// busy machine.
    @discardableResult
    package static func run(_ data: Data, expectedAnswers: Int = 0) -> Data {
        let server: Server
        switch Self.server {
        case .success(let started): server = started
        case .failure(let error):
            FileHandle.standardError.write(Data("service-http: the server did not start: \(error)\n".utf8))
            exit(2)
        }
        var text = data
        let markers = [("@TOKEN@", server.token), ("@ASSETID@", server.asset), ("@ALBUMID@", server.album),
                       ("@ASSET@", pathSegment(server.asset)), ("@ALBUM@", pathSegment(server.album))]
        for (marker, value) in markers { text = text.replacing(Data(marker.utf8), with: Data(value.utf8)) }
        return exchange(text, port: server.port, expectedAnswers: expectedAnswers)
    }

    /// The scratch library's folder, removed when the process exits.
    static let scratchFolder = ServiceRequestFuzzing.makeScratchFolder(named: "http")

    /// Starts the server over a scratch library.
    private static func start() throws -> Server {
        atexit { try? FileManager.default.removeItem(at: ServiceHTTPFuzzing.scratchFolder) }
        let library = try Library.open(at: scratchFolder.appendingPathComponent("Fuzz.photoslibrary", isDirectory: true))
        let owner = try library.createAccount(username: "fuzz-owner", passwordHash: "unused", role: .admin)
        let token = try library.createCredential(.token, accountID: owner.rowID, name: "fuzz").secret
        let jpeg = Data(base64Encoded: tinyJPEG)!
        let assets = [LocalIdentifier.make(.asset), LocalIdentifier.make(.asset)]
        let album = LocalIdentifier.make(.assetCollection)
        var operations: [ChangeOperation] = assets.map { identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(jpeg))]))
        }
        operations.append(.createAlbum(identifier: album, title: "Fuzz"))
        operations.append(.editCollection(identifier: album, title: nil, members: [.add(assets)]))
        try library.apply(ChangeBatch(operations: operations))

        var logger = Logger(label: "fuzz.serve")
        logger.logLevel = .critical
        let unlimited = RateLimits.Bucket(rate: 1e9, burst: 1e9)
        let service = PhotosService(library: library, bcryptCost: 4, rateLimits: RateLimits(anonymous: unlimited, changes: unlimited), logger: logger)
        let listening = Mutex<String?>(nil), started = DispatchSemaphore(value: 0)
        let server = LibraryServer(service: service, listeners: [.init(.tcp(host: "127.0.0.1", port: 0))], logger: logger)
        Task.detached {
            try await server.run(gracefulShutdownSignals: []) { url in
                listening.withLock { $0 = url }
                started.signal()
            }
        }
        guard started.wait(timeout: .now() + 30) == .success, let url = listening.withLock({ $0 }), let port = URL(string: url)?.port else {
            throw LibraryError(.io, "The fuzz server did not start listening")
        }
        return Server(port: UInt16(port), token: token, asset: assets[0], album: album)
    }

    /// Writes `request` on a new connection, half-closes it and reads the answer.
    private static func exchange(_ request: Data, port: UInt16, expectedAnswers: Int) -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return Data() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return Data() }
        request.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                offset += n
            }
        }
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let answersDeadline = Date().addingTimeInterval(10)
        while responseCount(answer) < expectedAnswers, Date() < answersDeadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 1_000) >= 0 else { break }
            guard poller.revents != 0 else { continue }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            answer.append(contentsOf: chunk[0..<n])
        }
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Date().addingTimeInterval(expectedAnswers > 0 ? 15 : 5)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // The first bytes may take a while on a busy machine; after them, 300 ms of silence ends the answer.
            guard poll(&poller, 1, answer.isEmpty ? 2_000 : 300) > 0 else { break }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            answer.append(contentsOf: chunk[0..<n])
        }
        return answer
    }

    /// How many final responses (status lines other than 100 Continue) `answer` holds so far.
    private static func responseCount(_ answer: Data) -> Int {
        let text = String(decoding: answer, as: UTF8.self)
        return text.components(separatedBy: "HTTP/1.1 ").dropFirst().filter { !$0.hasPrefix("100 ") }.count
    }

    /// A local identifier as one path segment (its slashes percent-encoded).
    private static func pathSegment(_ identifier: String) -> String {
        identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-"))) ?? identifier
    }

    /// A 16 × 16 JPEG (FFmpeg's test pattern), the scratch library's two photos.
    private static let tinyJPEG = "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgKCgsKCw0NDQ0NDRAPEBAQEBAQEBAQEBASEhIVFRUSEhIQEBISFBQVFRcXFxUVFRUXFxkZGR4eHBwjIyQrKzP/xABrAAEBAQAAAAAAAAAAAAAAAAAFAwcBAQEAAAAAAAAAAAAAAAAAAAAGEAABAwMDBQEBAQAAAAAAAAACEgMBERMEIQAFQRQiI1EVMTMRAAICAgICAwEAAAAAAAAAAAIBEgMEETIAYUFRBiIT/8AAEQgAEAAQAwEiAAIRAAMRAP/aAAwDAQACEQMRAD8Ay4pzHclxpjVIrmqIEBgYkiIzoIjH0piOm7cb+rg5Ui14Hbh5XpJu0kvZclTSKTRSqV0rXbOAQSfIs0uGfamLVaS6LUqMRn6npHl8jaLDjMcbGBaS/q/2S5uQ1ORLsNL/AKu1qn/Wmqdsj7HnWnagmIGYKH9CKAWKTN/oUwDjxQ/JLtBmYQOzIrKwjiOSHgtyB1aiemYetttPg13/2Q=="
}

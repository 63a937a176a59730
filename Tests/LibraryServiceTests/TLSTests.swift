import Foundation
import LibraryService
import Logging
import PhotoLibrary
import Testing
import _TestSupport

/// `photos serve` over TLS with a certificate made for the test (openssl), checked with curl.
@Suite(.serialized) struct TLSTests {
    @Test func servesHTTPSWithTheGivenCertificate() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            Issue.record("openssl and curl are needed for the TLS test (apt-get install openssl curl)")
            return
        }
        let directory = TemporaryDirectory(prefix: "photos-serve-tls")
        let certificate = directory.appending("cert.pem").path, key = directory.appending("key.pem").path
        #expect(try runProcess(URL(fileURLWithPath: "/usr/bin/openssl"), ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                                            "-keyout", key, "-out", certificate]).status == 0)
        let library = try Library.open(at: directory.appending("T.photoslibrary"))
        var logger = Logger(label: "test.tls")
        logger.logLevel = .critical
        let service = PhotosService(library: library, usesTLS: true, bcryptCost: 4, logger: logger)
        let server = LibraryServer(service: service, listeners: [.init(.tcp(host: "127.0.0.1", port: 0))], tls: (certificate, key), logger: logger)
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let task = Task { try await server.run(gracefulShutdownSignals: []) { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = stream.makeAsyncIterator()
        let url = try #require(await iterator.next())
        #expect(url.hasPrefix("https://"))
        let reply = try runProcess(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--cacert", certificate, "\(url)/api/health"])
        #expect(reply.status == 0, "\(reply.output)")
        #expect(reply.output.contains("\"needsSetup\":true"))
        // Plain HTTP to the TLS port is not answered as HTTP.
        #expect(try runProcess(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--max-time", "5", url.replacingOccurrences(of: "https://", with: "http://") + "/api/health"]).status != 0)
        // The session cookie is Secure over TLS.
        let setup = try runProcess(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "-i", "--cacert", certificate, "-H", "Content-Type: application/json", "-d",
                                              "{\"setupToken\":\"\(service.setupToken)\",\"username\":\"owner\",\"password\":\"a long password\"}",
                                              "\(url)/api/setup"])
        #expect(setup.output.contains("HttpOnly; SameSite=Strict; Secure"))
    }
}

import Foundation
import PhotoLibrary
import Testing
import _TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `photos serve` process: it prints where it listens, serves, and stops cleanly on SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    @Test func servesThenStopsGracefullyOnSIGTERM() async throws {
        guard let photos = PhotosBinary.url else { Issue.record(Comment(rawValue: PhotosBinary.missingMessage)); return }
        let directory = TemporaryDirectory(prefix: "photos-serve-cli")
        let libraryPath = directory.appending("Served.photoslibrary").path
        _ = try Library.open(at: URL(fileURLWithPath: libraryPath))

        // An admin from the command line, with a token.
        let add = try runProcess(photos, ["user", "add", "owner", "--role", "admin", "--password-stdin", "--library", libraryPath], input: "a long password\n")
        #expect(add.status == 0, "\(add.output)")
        let token = try runProcess(photos, ["user", "token", "owner", "--library", libraryPath]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count >= 40)

        let socket = directory.appending("serve.sock").path
        let server = try ServeProcess(photos: photos, library: libraryPath, extraArguments: ["--socket", socket], waitingFor: ["at unix:"])
        let base = server.url
        #expect(FileManager.default.fileExists(atPath: socket))

        var request = URLRequest(url: base.appendingPathComponent("api/session"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"owner\""))

        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.output.contains("Stopped."))
    }
}

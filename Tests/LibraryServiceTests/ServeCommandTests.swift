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
        let add = try run(photos, ["user", "add", "owner", "--role", "admin", "--password-stdin", "--library", libraryPath], input: "a long password\n")
        #expect(add.status == 0, "\(add.output)")
        let token = try run(photos, ["user", "token", "owner", "--library", libraryPath]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count >= 40)

        let socket = directory.appending("serve.sock").path
        let process = Process()
        process.executableURL = photos
        process.arguments = ["serve", "--library", libraryPath, "--listen", "127.0.0.1:0", "--socket", socket]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = ""
        var url: URL?
        let deadline = Date().addingTimeInterval(60)
        while (url == nil || !printed.contains("at unix:")), Date() < deadline {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
            if let line = printed.split(separator: "\n").first(where: { $0.contains(" at http://") }) {
                url = URL(string: String(line[line.range(of: "http://")!.lowerBound...]))
            }
        }
        let base = try #require(url, "serve printed: \(printed)")
        #expect(FileManager.default.fileExists(atPath: socket))

        var request = URLRequest(url: base.appendingPathComponent("api/session"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"owner\""))

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        printed += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("Stopped."))
    }

    private func run(_ executable: URL, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

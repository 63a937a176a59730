import ArgumentParser
import Foundation
import LibraryService
import PhotoAnalysis
import Logging
import PhotoLibrary

/// `photos serve`: the library service (HTTP API, change stream, accounts) on TCP and/or a Unix socket.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the library over HTTP (API, change stream, accounts).",
        discussion: """
            Listens on --listen (default 127.0.0.1:8080; port 0 picks a free one) and, with --socket, on a Unix socket \
            for local programs. The first start of a library without accounts prints a one-time setup token: POST it \
            to /api/setup with the owner's name and password (or run `photos user add NAME --role admin`). \
            SIGTERM or Ctrl-C stops gracefully. The API is described at /api/openapi.json.
            """)
    @OptionGroup var libraryOptions: LibraryOptions
    @Option(help: ArgumentHelp("TCP address to listen on.", valueName: "host:port")) var listen = "127.0.0.1:8080"
    @Flag(name: .customLong("no-tcp"), help: "Listen only on the Unix socket.") var noTCP = false
    @Option(help: ArgumentHelp("Also listen on this Unix socket.", valueName: "path")) var socket: String?
    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("PEM certificate chain: serve HTTPS.", valueName: "file")) var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: ArgumentHelp("PEM private key for --tls-cert.", valueName: "file")) var tlsKey: String?
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.") var logLevel = "info"
    /// For test and benchmark harnesses: the server stops when the process that started it is gone (even one that
    /// crashed, which could not stop it), rather than living on as an orphan.
    @Flag(name: .customLong("exit-with-parent"), help: .hidden) var exitWithParent = false
    @Flag(name: .customLong("no-analysis"), help: "Do not analyse photos in the background (quality, faces and people, near-duplicates: see `photos analyze`).")
    var noAnalysis = false

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if noTCP && socket == nil { throw ValidationError("--no-tcp needs --socket") }
        if !noTCP { _ = try Self.hostPort(listen) }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("Unknown --log-level '\(logLevel)'") }
    }

    /// Ends this process (at once: the library recovers as from any kill) once its parent has gone, which Linux
    /// shows as a new parent process id. Polled twice a second: `PR_SET_PDEATHSIG` would fire when the parent's
    /// spawning *thread* ends, not the parent.
    private static func exitWhenOrphaned() {
        let parent = getppid()
        let watcher = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                if getppid() != parent { _exit(0) }
            }
        }
        watcher.name = "photos serve: parent watcher"
        watcher.start()
    }

    static func hostPort(_ text: String) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw ValidationError("--listen takes host:port, e.g. 127.0.0.1:8080 or [::1]:8080")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host.isEmpty ? "0.0.0.0" : host, port)
    }

    func run() throws {
        if exitWithParent { Self.exitWhenOrphaned() }
        let library = try libraryOptions.open()
        var logger = Logger(label: "photos.serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let service = PhotosService(library: library, usesTLS: tlsCert != nil, logger: logger)
        // New and edited photos are analysed as they arrive, one at a time at background priority.
        let analysis = noAnalysis || library.isReadOnly ? nil : BackgroundAnalysis(library: library)
        analysis?.start()
        defer { analysis?.stop() }
        var listeners: [LibraryServer.Listener] = []
        if !noTCP { let (host, port) = try Self.hostPort(listen); listeners.append(.init(.tcp(host: host, port: port))) }
        if let socket { listeners.append(.init(.unixSocket(path: socket))) }
        let server = LibraryServer(service: service, listeners: listeners, tls: tlsCert.map { ($0, tlsKey!) }, logger: logger)
        let needsSetup = service.needsSetup, token = service.setupToken, path = library.url.path
        let waiting = ((try? library.appGrants()) ?? []).filter { $0.status == .pending }.count
        let failure = BlockingTask.run {
            try await server.run { url in
                print("Serving \(path) at \(url)")
                if url.hasPrefix("unix:") {
                    // Programs there are applications (Docs/AppAccess.md): say how they get in.
                    print("Programs connecting there are applications: each reaches the library once you allow it "
                          + "(photos access pending\(waiting > 0 ? " — \(waiting) waiting now" : ""); photos access grant APP --level full|limited|add-only)")
                }
                if needsSetup, url.hasPrefix("http") {
                    print("""
                        First run: this library has no accounts. Open \(url) in a browser and enter the setup token
                          \(token)
                        or create the owner with
                          curl -X POST \(url)/api/setup -H 'Content-Type: application/json' \\
                               -d '{"setupToken":"\(token)","username":"NAME","password":"PASSWORD"}'
                        or run: photos user add NAME --role admin --library '\(path)'
                        """)
                }
                fflush(nil)   // every stream: the URL must reach a pipe at once
            }
        }
        if let failure { throw CommandError("The server stopped: \(failure)") }
        print("Stopped.")
    }
}

/// Runs async work to completion from synchronous code (the command's main thread), returning its error.
enum BlockingTask {
    static func run(_ work: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        let done = DispatchSemaphore(value: 0)
        let box = ErrorBox()
        Task.detached {
            do { try await work() } catch { box.error = error }
            done.signal()
        }
        done.wait()
        return box.error
    }

    private final class ErrorBox: @unchecked Sendable { var error: (any Error)? }
}

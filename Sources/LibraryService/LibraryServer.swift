import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import PhotoLibrary
import ServiceLifecycle
import UnixSignals

/// Runs a `PhotosService` on TCP (browsers, remote programs; TLS when given a certificate) and/or a Unix
/// socket (local programs), with graceful shutdown on SIGTERM/SIGINT: listeners stop accepting, change streams
/// end, in-flight requests finish. A change batch is one transaction, so shutdown can never half-commit one.
public struct LibraryServer: Sendable {
    /// Where to listen.
    public struct Listener: Sendable {
        public enum Address: Sendable {
            case tcp(host: String, port: Int)
            case unixSocket(path: String)
        }
        public var address: Address
        public init(_ address: Address) { self.address = address }
    }

    public let service: PhotosService
    public let listeners: [Listener]
    /// PEM certificate chain and key for TLS on the TCP listeners.
    public let tls: (certificate: String, key: String)?
    public let logger: Logger
    /// Seconds in-flight requests get to finish after a shutdown signal before they are cancelled.
    public let shutdownGracePeriod: Int64

    public init(service: PhotosService, listeners: [Listener], tls: (certificate: String, key: String)? = nil, logger: Logger,
                shutdownGracePeriod: Int64 = 10) {
        self.service = service; self.listeners = listeners; self.tls = tls; self.logger = logger; self.shutdownGracePeriod = shutdownGracePeriod
    }

    /// Serves until a shutdown signal (or until the surrounding task is cancelled). `onListening` is called
    /// with the bound address of each listener (a TCP port of 0 picks a free port).
    public func run(gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
                    onListening: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        MetricsBootstrap.bootstrapOnce()
        let router = service.makeRouter()
        let responder = router.buildResponder()
        var services: [any Service] = []
        let service = self.service
        for listener in listeners {
            let address: BindAddress
            var builder: HTTPServerBuilder = .http1()
            var scheme = "http"
            switch listener.address {
            case .tcp(let host, let port):
                address = .hostname(host, port: port)
                if let tls {
                    let configuration = TLSConfiguration.makeServerConfiguration(
                        certificateChain: try NIOSSLCertificate.fromPEMFile(tls.certificate).map { .certificate($0) },
                        privateKey: .privateKey(try NIOSSLPrivateKey(file: tls.key, format: .pem)))
                    builder = try .tls(.http1(), tlsConfiguration: configuration)
                    scheme = "https"
                }
            case .unixSocket(let path):
                unlink(path)   // a socket left by a killed server
                address = .unixDomainSocket(path: path)
            }
            let urlScheme = scheme
            let app = Application(responder: responder, server: builder,
                                  configuration: ApplicationConfiguration(address: address, serverName: "photos"),
                                  onServerRunning: { channel in
                                      if let local = channel.localAddress {
                                          if let port = local.port {
                                              let url = "\(urlScheme)://\(Self.hostText(local)):\(port)"
                                              service.noteWebAddress(url)
                                              onListening(url)
                                          }
                                          else { onListening("unix:\(local.pathname ?? "")") }
                                      }
                                  },
                                  logger: logger)
            services.append(app)
        }
        services.append(StreamCloser(broadcaster: service.broadcaster))
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
        // A client that stalls mid-upload must not hold the server up: after this, in-flight requests are
        // cancelled (an unfinished upload keeps what arrived and resumes later; nothing half-commits).
        configuration.maximumGracefulShutdownDuration = .seconds(shutdownGracePeriod)
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
    }

    static func hostText(_ address: SocketAddress) -> String {
        guard let ip = address.ipAddress else { return "localhost" }
        if case .v6 = address { return "[\(ip)]" }
        return ip
    }
}

/// Ends every change stream when graceful shutdown begins, so the listeners' in-flight requests can finish.
struct StreamCloser: Service {
    let broadcaster: ChangeBroadcaster
    func run() async throws {
        try? await gracefulShutdown()
        broadcaster.close()
    }
}

import Foundation
import NIOSSL
import PhotoLibrary

extension ServedLibrary {
    /// Whether `url` names a served library rather than a directory: `unix:/path/to.sock`, `https://host[:port]`,
    /// or `http://` on the loopback interface.
    public static func isServiceURL(_ url: URL) -> Bool {
        ["unix", "https", "http"].contains(url.scheme?.lowercased() ?? "")
    }

    /// Where `url` says the service listens. `https://host[:port]` (port 443 by default) verifies the service's
    /// certificate against the system's roots and, when given, the PEM certificates in `certificateAuthority`
    /// (a self-signed service's own certificate, or its CA); `http://` is refused except on the loopback interface,
    /// where no one else can read the token. A path, query or user in the URL is refused: a service is a host.
    static func endpoint(of url: URL, certificateAuthority: String?) throws(LibraryError) -> ServiceEndpoint {
        let scheme = url.scheme?.lowercased()
        if scheme == "unix" {
            guard let path = socketPath(of: url) else {
                throw LibraryError(.invalidIdentifier, "A served library's unix: URL names its socket's absolute path (unix:/path/to.sock), not \(url.absoluteString)")
            }
            return .unixSocket(path: path)
        }
        guard scheme == "https" || scheme == "http", let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw LibraryError(.invalidIdentifier, "A served library's URL is unix:/path/to.sock or https://host[:port], not \(url.absoluteString)")
        }
        guard url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil, url.fragment == nil else {
            throw LibraryError(.invalidIdentifier, "A served library's URL names only the service's host and port (https://host[:port]), not \(url.absoluteString)")
        }
        // URL keeps an IPv6 literal's brackets in `host`; the socket layer wants the bare address.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard scheme == "https" else {
            guard isLoopback(bare) else {
                throw LibraryError(.notPermitted, "http://\(host) would send the library's token across the network unencrypted: use https:// (photos serve --tls-cert FILE --tls-key FILE), or http:// only on this machine (127.0.0.1, ::1, localhost)")
            }
            return .tcp(host: bare, port: url.port ?? 80, tls: nil)
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let certificateAuthority, !certificateAuthority.isEmpty {
            do {
                configuration.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMFile(certificateAuthority))]
            } catch {
                throw LibraryError(.invalidResource, "Cannot read the certificate authority \(certificateAuthority) (PEM certificates): \(error)")
            }
        }
        do {
            return .tcp(host: bare, port: url.port ?? 443, tls: try NIOSSLContext(configuration: configuration))
        } catch {
            throw LibraryError(.io, "Cannot set up TLS for \(url.absoluteString): \(error)")
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || (host.hasPrefix("127.") && host.isIPAddress)
    }

    /// The socket path of a `unix:` URL (`unix:/run/photos.sock` or `unix:///run/photos.sock`), else nil.
    public static func socketPath(of url: URL) -> String? {
        guard url.scheme == "unix" else { return nil }
        let text = url.absoluteString.dropFirst("unix:".count)
        let path = text.hasPrefix("//") ? String(text.dropFirst(2)) : String(text)
        guard path.hasPrefix("/"), let decoded = path.removingPercentEncoding else { return nil }
        return decoded
    }
}

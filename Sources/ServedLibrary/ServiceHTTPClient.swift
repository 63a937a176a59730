import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization

/// Where a served library's service listens: its Unix-domain socket (programs on the same machine), or a TCP
/// address — HTTPS for a remote one, plain HTTP only on the loopback interface.
package enum ServiceEndpoint: Sendable, CustomStringConvertible {
    case unixSocket(path: String)
    /// `tls` is nil for plain HTTP.
    case tcp(host: String, port: Int, tls: NIOSSLContext?)

    package var description: String {
        switch self {
        case .unixSocket(let path): "unix:\(path)"
        case .tcp(_, _, let tls): "\(tls == nil ? "http" : "https")://\(hostHeader)"
        }
    }

    /// What the `Host` header names: `host:port`, an IPv6 address in brackets.
    var hostHeader: String {
        switch self {
        case .unixSocket: "localhost"
        case .tcp(let host, let port, _): "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        }
    }
}

/// A blocking HTTP/1.1 client for one service endpoint (a Unix-domain socket, or TCP with TLS), keeping idle
/// connections for reuse (NIO's HTTP codec; PhotoKit's synchronous API waits on it from the caller's thread,
/// never from an event loop).
package final class ServiceHTTPClient: Sendable {
    /// One response: status, headers and the whole body.
    package struct Response: Sendable {
        package var status: Int
        package var headers: HTTPHeaders
        package var body: Data
    }

    enum Failure: Error, CustomStringConvertible {
        case connect(String, any Error)
        case transport(String, any Error)
        case tls(String, any Error)
        case tooLarge(Int)

        var description: String {
            switch self {
            case .connect(let endpoint, let error): "Cannot connect to the photo library service at \(endpoint): \(error)"
            case .transport(let what, let error): "The photo library service stopped answering (\(what)): \(error)"
            case .tls(let endpoint, let error):
                "The TLS handshake with the photo library service at \(endpoint) failed: \(error) (for a certificate this "
                    + "system does not trust, give its CA's PEM file in PHOTOS_LIBRARY_CA)"
            case .tooLarge(let limit): "The photo library service sent a response larger than \(limit) bytes"
            }
        }
    }

    let endpoint: ServiceEndpoint
    /// The largest response body accepted.
    let maximumBody: Int
    private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    private let idle = Mutex<[any Channel]>([])

    package init(endpoint: ServiceEndpoint, maximumBody: Int = 1 << 30) {
        self.endpoint = endpoint
        self.maximumBody = maximumBody
    }

    deinit {
        for channel in idle.withLock({ $0 }) { channel.close(promise: nil) }
    }

    /// Sends a request and waits for its whole response. Connection failures are retried once on a new
    /// connection when the request was on a reused one (the service closes idle connections).
    package func send(_ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: Data? = nil, timeout: TimeAmount = .seconds(120)) throws -> Response {
        let reused = idle.withLock { $0.popLast() }
        if let reused {
            if let response = try? exchange(on: reused, method, path, headers, body, timeout) { return response }
            reused.close(promise: nil)
        }
        let channel = try connect()
        do {
            return try exchange(on: channel, method, path, headers, body, timeout)
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    private func connect() throws -> any Channel {
        let endpoint = self.endpoint
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(30))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if case .tcp(let host, _, let tls?) = endpoint {
                        // SNI and the certificate's name for a host name; an address is checked against the
                        // certificate's IP addresses.
                        let name = host.isIPAddress ? nil : host
                        try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: name))
                        try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(promise: channel.eventLoop.makePromise()))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector())
                }
            }
        let channel: any Channel
        do {
            switch endpoint {
            case .unixSocket(let path): channel = try bootstrap.connect(unixDomainSocketPath: path).wait()
            case .tcp(let host, let port, _): channel = try bootstrap.connect(host: host, port: port).wait()
            }
        } catch {
            throw Failure.connect(endpoint.description, error)
        }
        // Over TLS, a certificate this program does not trust is a connection failure, named as such.
        if case .tcp(_, _, _?) = endpoint {
            let handshake = channel.pipeline.handler(type: HandshakeWaiter.self).flatMap { $0.handshake }
            let timer = channel.eventLoop.scheduleTask(in: .seconds(30)) { channel.close(promise: nil) }
            defer { timer.cancel() }
            do { try handshake.wait() } catch {
                channel.close(promise: nil)
                throw Failure.tls(endpoint.description, error)
            }
        }
        return channel
    }

    private func exchange(on channel: any Channel, _ method: HTTPMethod, _ path: String, _ headers: [(String, String)], _ body: Data?,
                          _ timeout: TimeAmount) throws -> Response {
        let promise = channel.eventLoop.makePromise(of: Response.self)
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: endpoint.hostHeader)
        head.headers.add(name: "Content-Length", value: String(body?.count ?? 0))
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let request = PendingRequest(head: head, body: body, promise: promise, maximumBody: maximumBody)
        channel.writeAndFlush(request, promise: nil)
        let timer = channel.eventLoop.scheduleTask(in: timeout) { promise.fail(ChannelError.connectTimeout(timeout)) }
        defer { timer.cancel() }
        let response: Response
        do {
            response = try promise.futureResult.wait()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.transport("\(method) \(path.prefix(80))", error)
        }
        if response.headers["Connection"].contains(where: { $0.lowercased() == "close" }) {
            channel.close(promise: nil)
        } else {
            idle.withLock { $0.append(channel) }
        }
        return response
    }
}

/// What the collector writes: the request, and where its response goes.
private struct PendingRequest {
    var head: HTTPRequestHead
    var body: Data?
    var promise: EventLoopPromise<ServiceHTTPClient.Response>
    var maximumBody: Int
}

/// Completes `handshake` when the TLS handshake has, or fails it with the handshake's error (or when the
/// connection closes first).
private final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private let promise: EventLoopPromise<Void>
    private var pending = true
    var handshake: EventLoopFuture<Void> { promise.futureResult }

    init(promise: EventLoopPromise<Void>) { self.promise = promise }

    private func complete(_ result: Result<Void, any Error>) {
        guard pending else { return }
        pending = false
        promise.completeWith(result)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event { complete(.success(())) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        complete(.failure(error))
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        complete(.failure(ChannelError.ioOnClosedChannel))
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { complete(.failure(ChannelError.ioOnClosedChannel)) }
}

/// Writes one request at a time and assembles its response.
private final class ResponseCollector: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = PendingRequest
    typealias OutboundOut = HTTPClientRequestPart

    private var pending: PendingRequest?
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        pending = request
        head = nil
        body = nil
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        if let bytes = request.body, !bytes.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: bytes)))), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received
            // One buffer of the announced size, so a large body is copied once as it arrives.
            let length = received.headers["Content-Length"].first.flatMap { Int($0) } ?? 0
            body = context.channel.allocator.buffer(capacity: Swift.min(length, pending?.maximumBody ?? 0))
        case .body(var buffer):
            guard let pending else { return }
            if (body?.readableBytes ?? 0) + buffer.readableBytes > pending.maximumBody {
                self.pending = nil
                pending.promise.fail(ServiceHTTPClient.Failure.tooLarge(pending.maximumBody))
                context.close(promise: nil)
                return
            }
            body?.writeBuffer(&buffer)
        case .end:
            guard let pending, let head else { return }
            self.pending = nil
            let bytes = body.map { Data($0.readableBytesView) } ?? Data()
            body = nil
            pending.promise.succeed(ServiceHTTPClient.Response(status: Int(head.status.code), headers: head.headers, body: bytes))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        pending?.promise.fail(error)
        pending = nil
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.promise.fail(ChannelError.ioOnClosedChannel)
        pending = nil
        context.fireChannelInactive()
    }
}

extension String {
    /// Whether this is an IPv4 or IPv6 address rather than a host name.
    var isIPAddress: Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, self, &v4) == 1 || inet_pton(AF_INET6, self, &v6) == 1
    }
}

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A blocking HTTP/1.1 client for one Unix-domain socket, keeping idle connections for reuse (NIO's HTTP codec;
/// PhotoKit's synchronous API waits on it from the caller's thread, never from an event loop).
final class UnixHTTPClient: Sendable {
    /// One response: status, headers and the whole body.
    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    enum Failure: Error, CustomStringConvertible {
        case connect(String, any Error)
        case transport(String, any Error)
        case tooLarge(Int)

        var description: String {
            switch self {
            case .connect(let path, let error): "Cannot connect to the photo library service at \(path): \(error)"
            case .transport(let what, let error): "The photo library service stopped answering (\(what)): \(error)"
            case .tooLarge(let limit): "The photo library service sent a response larger than \(limit) bytes"
            }
        }
    }

    let socketPath: String
    /// The largest response body accepted.
    let maximumBody: Int
    private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    private let idle = Mutex<[any Channel]>([])

    init(socketPath: String, maximumBody: Int = 1 << 30) {
        self.socketPath = socketPath
        self.maximumBody = maximumBody
    }

    deinit {
        for channel in idle.withLock({ $0 }) { channel.close(promise: nil) }
    }

    /// Sends a request and waits for its whole response. Connection failures are retried once on a new
    /// connection when the request was on a reused one (the service closes idle connections).
    func send(_ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: Data? = nil, timeout: TimeAmount = .seconds(120)) throws -> Response {
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
        do {
            return try ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(ResponseCollector())
                    }
                }
                .connect(unixDomainSocketPath: socketPath).wait()
        } catch {
            throw Failure.connect(socketPath, error)
        }
    }

    private func exchange(on channel: any Channel, _ method: HTTPMethod, _ path: String, _ headers: [(String, String)], _ body: Data?,
                          _ timeout: TimeAmount) throws -> Response {
        let promise = channel.eventLoop.makePromise(of: Response.self)
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: "localhost")
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
    var promise: EventLoopPromise<UnixHTTPClient.Response>
    var maximumBody: Int
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
                pending.promise.fail(UnixHTTPClient.Failure.tooLarge(pending.maximumBody))
                context.close(promise: nil)
                return
            }
            body?.writeBuffer(&buffer)
        case .end:
            guard let pending, let head else { return }
            self.pending = nil
            let bytes = body.map { Data($0.readableBytesView) } ?? Data()
            body = nil
            pending.promise.succeed(UnixHTTPClient.Response(status: Int(head.status.code), headers: head.headers, body: bytes))
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

import Foundation
import CoreGraphics

/// One call of a request's result handler.
public struct ImageDelivery: @unchecked Sendable {
    /// The image (nil when cancelled or failed).
    public var image: CGImage?
    /// True for a low-quality stand-in that another delivery follows (PhotoKit's `PHImageResultIsDegradedKey`),
    /// or, for `.fastFormat`, the only delivery when nothing better was at hand.
    public var isDegraded: Bool
    /// True for the request's last delivery.
    public var isFinal: Bool
    /// True when the request was cancelled (this is then the last delivery, without an image).
    public var isCancelled: Bool
    /// What went wrong, for a failed request.
    public var error: ImageManagementError?
    /// The number of the request this delivery belongs to.
    public var requestNumber: Int32 = 0

    public init(image: CGImage?, isDegraded: Bool = false, isFinal: Bool = true, isCancelled: Bool = false, error: ImageManagementError? = nil) {
        self.image = image
        self.isDegraded = isDegraded
        self.isFinal = isFinal
        self.isCancelled = isCancelled
        self.error = error
    }
}

/// Where a request's handler runs.
public enum DeliveryTarget: Sendable {
    /// On the thread that made the request, before the request call returns (synchronous requests).
    case callerThread
    /// Asynchronously on a queue, in order (PhotoKit uses the main queue).
    case queue(DispatchQueue)
}

/// The lifecycle of one request: deliveries in order, at most one final delivery, and cancellation that turns
/// whatever has not been delivered yet into a single "cancelled" delivery.
///
/// State: `live` → (`finished` after the final delivery | `cancelled`). A delivery that reaches the target after
/// cancellation is dropped, so a handler sees: zero or more intermediate results, then either the final result,
/// an error, or the cancellation — never anything after that. Threading: thread-safe; deliveries run on the
/// target one at a time, in the order they were sent.
final class RequestState: @unchecked Sendable {
    let number: Int32
    let token = CancellationToken()
    private let target: DeliveryTarget
    private let onCancel: @Sendable () -> Void
    private let onFinish: @Sendable (Int32) -> Void
    private let lock = NSLock()
    private var finished = false

    /// A request delivering to `target`; `onCancel` is its last delivery when it is cancelled; `onFinish` runs
    /// (before the final delivery) so the owner can forget the request.
    init(number: Int32, target: DeliveryTarget, onCancel: @escaping @Sendable () -> Void, onFinish: @escaping @Sendable (Int32) -> Void) {
        self.number = number
        self.target = target
        self.onCancel = onCancel
        self.onFinish = onFinish
    }

    var isCancelled: Bool { token.isCancelled }

    /// Sends a delivery to the target; `isFinal` marks the request's last one.
    func send(isFinal: Bool, _ body: @escaping @Sendable () -> Void) {
        dispatch { self.emit(isFinal: isFinal, isCancellation: false, body) }
    }

    /// Cancels the request: its next (and last) delivery is `onCancel`. No effect once finished.
    func cancel() {
        lock.lock()
        let live = !finished
        lock.unlock()
        guard live, token.cancel() else { return }
        dispatch { self.emit(isFinal: true, isCancellation: true, self.onCancel) }
    }

    private func dispatch(_ work: @escaping @Sendable () -> Void) {
        switch target {
        case .callerThread: work()
        case .queue(let queue): queue.async(execute: work)
        }
    }

    private func emit(isFinal: Bool, isCancellation: Bool, _ body: () -> Void) {
        lock.lock()
        if finished || (token.isCancelled && !isCancellation) { lock.unlock(); return }
        if isFinal { finished = true }
        lock.unlock()
        if isFinal { onFinish(number) }
        body()
    }
}

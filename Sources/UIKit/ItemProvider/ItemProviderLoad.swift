import Foundation

/// One load of an item provider: its progress, and the rule that the completion runs exactly once — with the
/// result, or with `CocoaError(.userCancelled)` as soon as the progress is cancelled.
final class ItemProviderLoad: @unchecked Sendable {
    let progress = Progress.discreteProgress(totalUnitCount: 100)
    private let lock = NSLock()
    private var finished = false
    private var child: Progress?
    private var onCancel: (@Sendable () -> Void)?

    /// Starts a load whose cancellation calls `cancelled` (unless the load has already finished).
    init(cancelled: @escaping @Sendable () -> Void) {
        onCancel = cancelled
        progress.cancellationHandler = { [weak self] in self?.cancel() }
    }

    /// Claims the completion: true exactly once, for the first caller, and never after cancellation.
    func claim() -> Bool {
        lock.withLock {
            if finished { return false }
            finished = true
            onCancel = nil
            return true
        }
    }

    /// Claims and, if this was the first claim, completes the progress and runs `body`.
    func finish(_ body: () -> Void) {
        guard claim() else { return }
        progress.completedUnitCount = progress.totalUnitCount
        body()
    }

    /// Keeps the load handler's own progress, cancelling it at once if the load was cancelled meanwhile.
    func adopt(_ handlerProgress: Progress?) {
        guard let handlerProgress else { return }
        let cancelNow = lock.withLock { () -> Bool in
            child = handlerProgress
            return progress.isCancelled
        }
        if cancelNow { handlerProgress.cancel() }
    }

    var isCancelled: Bool { progress.isCancelled }

    private func cancel() {
        let (handler, handlerProgress) = lock.withLock { () -> ((@Sendable () -> Void)?, Progress?) in
            if finished { return (nil, child) }
            finished = true
            defer { onCancel = nil }
            return (onCancel, child)
        }
        handlerProgress?.cancel()
        handler?()
    }

    /// The error a cancelled load completes with.
    static var cancellationError: any Error { CocoaError(.userCancelled) }
}

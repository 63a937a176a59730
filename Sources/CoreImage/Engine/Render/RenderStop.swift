import Foundation
import Synchronization

/// A flag that stops renders when set: shared between whoever may cancel (another thread, a signal handler's
/// queue) and the renders that watch it.
///
/// Threading: `cancel()` and `isCancelled` may be called from any thread at any time.
package final class CancellationFlag: Sendable {
    private let state = Atomic<Bool>(false)

    package init() {}

    /// Stops every render watching this flag at its next tile; renders started later stop at once.
    package func cancel() { state.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { state.load(ordering: .relaxed) }
}

/// When a render must stop: a cancellation flag, a deadline, both or neither. The renderer checks it before
/// every tile (tiles then become no-ops) and after every phase, where it throws `RenderStopped`; long kernels
/// (wide convolutions) also check `RenderStop.currentIsDue` between bands of rows, so a stop takes effect
/// within a fraction of a tile.
package final class RenderStop: Sendable {
    /// The flag to watch.
    package let flag: CancellationFlag?
    /// The instant after which the render stops.
    package let deadline: ContinuousClock.Instant?
    /// The time limit the deadline came from (for the message).
    package let timeLimit: Double?

    /// A stop condition whose deadline (if any) starts now.
    package init(flag: CancellationFlag? = nil, timeLimit: Double? = nil) {
        self.flag = flag
        self.timeLimit = timeLimit
        if let timeLimit, timeLimit.isFinite {
            deadline = .now + .milliseconds(Int64((max(timeLimit, 0) * 1000).rounded(.up)))
        } else {
            deadline = nil
        }
    }

    /// Whether the render must stop now.
    package var isDue: Bool {
        if flag?.isCancelled == true { return true }
        if let deadline { return ContinuousClock.now >= deadline }
        return false
    }

    /// Throws `RenderStopped` when the render must stop.
    package func check() throws(RenderStopped) {
        if flag?.isCancelled == true { throw RenderStopped(reason: .cancelled, timeLimit: timeLimit) }
        if let deadline, ContinuousClock.now >= deadline { throw RenderStopped(reason: .deadline, timeLimit: timeLimit) }
    }

    /// Runs `body` (one tile) with this stop condition visible to kernels on the current thread.
    package func whileCurrent(_ body: () -> Void) {
        let previous = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, previous) }
        body()
    }

    /// Whether the render running on this thread must stop (false outside renders): kernels whose tiles take
    /// long check it between bands and return early; the renderer then throws.
    package static var currentIsDue: Bool {
        guard let raw = pthread_getspecific(key) else { return false }
        // Borrowed, not retained: kernels ask once a row, and the render holds the stop for its whole duration.
        return Unmanaged<RenderStop>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.isDue }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// A render stopped before it finished: cancelled, or past its deadline. Nothing it was writing is complete.
package struct RenderStopped: Error, CustomStringConvertible, Sendable {
    package enum Reason: Sendable { case cancelled, deadline }
    package var reason: Reason
    package var timeLimit: Double?

    package var description: String {
        switch reason {
        case .cancelled: "the render was cancelled"
        case .deadline: "the render did not finish within its time limit of \(timeLimit.map { "\($0.formatted()) s" } ?? "its deadline") and was stopped"
        }
    }
}

/// A render that would need more working memory per thread than the machine has: a region of interest grown out
/// of proportion to the image (a filter parameter far beyond it). Refused before anything is allocated.
package struct RenderTooLarge: Error, CustomStringConvertible, Sendable {
    package var floatsPerThread: Int
    package var physicalMemory: UInt64

    package var description: String {
        let gib = { (bytes: Double) in (bytes / Double(1 << 30)).formatted(.number.precision(.significantDigits(3))) }
        return "the render needs \(gib(Double(floatsPerThread) * 4)) GiB of working memory per thread, more than this machine's \(gib(Double(physicalMemory))) GiB: a filter parameter is out of proportion to the image"
    }

    /// Throws when `floats` per worker exceed the machine's physical memory.
    package static func check(_ floats: Int) throws(RenderTooLarge) {
        let memory = ProcessInfo.processInfo.physicalMemory
        if floats < 0 || UInt64(floats) > memory / 4 { throw RenderTooLarge(floatsPerThread: floats, physicalMemory: memory) }
    }
}

import Synchronization

/// Bounds expensive work (pictures made on request): at most `width` run at once, up to `maximumWaiting`
/// more wait their turn in arrival order, and beyond that a request is refused with 429 at once, so a burst
/// of requests can neither exhaust memory with concurrent decodes nor queue without end.
final class WorkGate: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }
    private let state = Mutex(State())
    let width: Int
    let maximumWaiting: Int

    init(width: Int, maximumWaiting: Int) { self.width = width; self.maximumWaiting = maximumWaiting }

    /// Runs `work` when a place is free; throws a 429 problem when too many are already waiting.
    func run<T>(_ work: () async throws -> T) async throws -> T {
        let admitted = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let decision: Bool? = state.withLock { state in
                if state.running < width { state.running += 1; return true }
                if state.waiting.count < maximumWaiting { state.waiting.append(continuation); return nil }
                return false
            }
            if let decision { continuation.resume(returning: decision) }
        }
        guard admitted else {
            var problem = Problem(.tooManyRequests, "too-many-renders", "The server is busy making pictures; try again shortly")
            problem.headers[.retryAfter] = "1"
            throw problem
        }
        defer {
            // Hand the place to the next waiter, or give it back.
            let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                if state.waiting.isEmpty { state.running -= 1; return nil }
                return state.waiting.removeFirst()
            }
            next?.resume(returning: true)
        }
        return try await work()
    }
}

import Foundation
import Synchronization

/// Limits failed sign-ins per client address and per account name: after `limit` failures within `window`
/// seconds, further attempts are refused with 429 until the window has passed (bcrypt already makes each
/// guess slow; this makes guessing at scale impossible).
final class LoginThrottle: Sendable {
    private let failures = Mutex<[String: [Date]]>([:])
    let limit: Int
    let window: TimeInterval

    init(limit: Int = 5, window: TimeInterval = 60) { self.limit = limit; self.window = window }

    /// Seconds until another attempt is allowed for any of the keys, or nil when one is allowed now.
    func retryAfter(_ keys: [String], now: Date = Date()) -> Int? {
        failures.withLock { all in
            var wait: TimeInterval = 0
            for key in keys {
                let recent = (all[key] ?? []).filter { now.timeIntervalSince($0) < window }
                all[key] = recent.isEmpty ? nil : recent
                if recent.count >= limit, let oldest = recent.first { wait = max(wait, window - now.timeIntervalSince(oldest)) }
            }
            return wait > 0 ? Int(wait.rounded(.up)) : nil
        }
    }

    func recordFailure(_ keys: [String], now: Date = Date()) {
        failures.withLock { all in
            for key in keys { all[key, default: []].append(now) }
            if all.count > 100_000 { all.removeAll() }   // bounded memory under a flood of names
        }
    }

    func recordSuccess(_ keys: [String]) { failures.withLock { all in keys.forEach { all[$0] = nil } } }
}

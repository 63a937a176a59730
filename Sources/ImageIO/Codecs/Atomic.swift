import Foundation

/// A lock-protected integer for counting across threads (used by parallel band decoding).
final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int
    init(_ value: Int) { self.value = value }
    func add(_ delta: Int) { lock.lock(); value += delta; lock.unlock() }
    func load() -> Int { lock.lock(); defer { lock.unlock() }; return value }
}

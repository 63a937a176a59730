import Foundation

/// A flag that a request's worker polls and its owner sets. Thread-safe.
public final class CancellationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    /// True once `cancel()` has been called.
    public var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled
    }

    /// Marks the request cancelled; returns false when it already was.
    @discardableResult
    public func cancel() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if cancelled { return false }
        cancelled = true
        return true
    }
}

/// Request numbers: positive, unique in the process, never 0 (PhotoKit's "invalid request" value).
public enum RequestNumbers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: Int32 = 0

    /// The next number (wraps around after `Int32.max`, skipping 0).
    public static func next() -> Int32 {
        lock.lock(); defer { lock.unlock() }
        last = last == Int32.max ? 1 : last + 1
        return last
    }
}

/// Live requests by number, so an owner can cancel one it issued. Thread-safe.
public final class RequestTable<Entry: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Int32: Entry] = [:]

    public init() {}

    /// Records a request under a fresh number and returns the number.
    public func insert(_ entry: Entry) -> Int32 {
        let number = RequestNumbers.next()
        lock.lock(); entries[number] = entry; lock.unlock()
        return number
    }

    /// Records a request under a number chosen by the caller.
    public func insert(_ entry: Entry, as number: Int32) {
        lock.lock(); entries[number] = entry; lock.unlock()
    }

    /// The live request with a number.
    public func entry(_ number: Int32) -> Entry? {
        lock.lock(); defer { lock.unlock() }
        return entries[number]
    }

    /// Forgets a finished request and returns it.
    @discardableResult
    public func remove(_ number: Int32) -> Entry? {
        lock.lock(); defer { lock.unlock() }
        return entries.removeValue(forKey: number)
    }

    /// How many requests are live.
    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }
}

import Foundation

/// A value shared with callbacks on other threads, behind a lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var value: Value { lock.withLock { stored } }
    public func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

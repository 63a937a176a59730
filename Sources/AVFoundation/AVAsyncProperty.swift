/// A property of `Root` that loads asynchronously, as AVFoundation's `AVPartialAsyncProperty`: the type the
/// static property names (`.duration`, `.tracks`, …) are declared on.
public class AVPartialAsyncProperty<Root>: @unchecked Sendable {
    /// The property's name, as Apple's key (`"duration"`).
    public let name: String
    init(name: String) { self.name = name }
}

/// A property of `Root` with a value of type `Value`, loaded with `load(_:)` (`try await asset.load(.duration)`).
public final class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {
    let read: @Sendable (Root) throws -> Value
    init(_ name: String, _ read: @escaping @Sendable (Root) throws -> Value) {
        self.read = read
        super.init(name: name)
    }
}

/// Where a property stands, as AVFoundation's `AVAsyncProperty.Status`.
public enum AVAsyncPropertyStatus<Value> {
    case notYetLoaded
    case loading
    case loaded(Value)
    case failed(any Error)
}

/// The status of a key loaded with `loadValuesAsynchronously(forKeys:completionHandler:)`. Raw values match Apple's
/// `AVKeyValueStatus`.
public enum AVKeyValueStatus: Int, Sendable {
    case unknown = 0
    case loading = 1
    case loaded = 2
    case failed = 3
    case cancelled = 4
}

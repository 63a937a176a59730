import Foundation

/// Not Apple's: stops renders from another thread. Give it to a context as `CIContextOption.renderCancellation`;
/// after `cancel()` every render of that context stops before its next tile and fails (the `CIContext` method
/// returns nil or throws "the render was cancelled"), including renders started later.
///
/// ```swift
/// let cancellation = CIRenderCancellation()
/// let context = CIContext(options: [.renderCancellation: cancellation])
/// DispatchQueue.global().asyncAfter(deadline: .now() + 1) { cancellation.cancel() }
/// let image = context.createCGImage(expensive, from: rect)   // nil once cancelled
/// ```
///
/// Threading: every member may be used from any thread.
public final class CIRenderCancellation: NSObject, Sendable {
    package let flag = CancellationFlag()

    /// A cancellation that has not been cancelled.
    public override init() { super.init() }

    /// Stops the renders watching this cancellation.
    public func cancel() { flag.cancel() }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { flag.isCancelled }
}

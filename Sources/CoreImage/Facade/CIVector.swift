import Foundation

/// A vector of numbers used for filter parameters (positions, rectangles, colour-matrix rows, transforms).
/// Immutable and thread-safe.
public final class CIVector: NSObject, @unchecked Sendable {
    private let values: [CGFloat]

    /// A vector of `count` values read from `values`.
    public init(values: UnsafePointer<CGFloat>, count: Int) { self.values = Array(UnsafeBufferPointer(start: values, count: count)) }
    /// A one-value vector.
    public init(x: CGFloat) { values = [x] }
    /// A two-value vector.
    public init(x: CGFloat, y: CGFloat) { values = [x, y] }
    /// A three-value vector.
    public init(x: CGFloat, y: CGFloat, z: CGFloat) { values = [x, y, z] }
    /// A four-value vector.
    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { values = [x, y, z, w] }
    /// A point as (x, y).
    public init(cgPoint p: CGPoint) { values = [p.x, p.y] }
    /// A rectangle as (x, y, width, height).
    public init(cgRect r: CGRect) { values = [r.origin.x, r.origin.y, r.size.width, r.size.height] }
    /// A transform as (a, b, c, d, tx, ty).
    public init(cgAffineTransform t: CGAffineTransform) { values = [t.a, t.b, t.c, t.d, t.tx, t.ty] }
    /// A vector from a string like "[1 2 3]".
    public init(string representation: String) {
        values = representation.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "[" || $0 == "]" })
            .compactMap { Double($0) }.map { CGFloat($0) }
    }
    /// A vector from Swift values (package helper).
    package init(_ values: [Double]) { self.values = values.map { CGFloat($0) } }

    /// Number of values.
    public var count: Int { values.count }
    /// The value at `index`, or 0 beyond the end.
    public func value(at index: Int) -> CGFloat { index >= 0 && index < values.count ? values[index] : 0 }
    /// Value 0.
    public var x: CGFloat { value(at: 0) }
    /// Value 1.
    public var y: CGFloat { value(at: 1) }
    /// Value 2.
    public var z: CGFloat { value(at: 2) }
    /// Value 3.
    public var w: CGFloat { value(at: 3) }
    /// Values 0 and 1 as a point.
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
    /// Values 0…3 as a rectangle.
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
    /// Values 0…5 as a transform.
    public var cgAffineTransformValue: CGAffineTransform {
        CGAffineTransform(a: value(at: 0), b: value(at: 1), c: value(at: 2), d: value(at: 3), tx: value(at: 4), ty: value(at: 5))
    }
    /// "[v0 v1 …]".
    public var stringRepresentation: String { "[" + values.map { "\($0)" }.joined(separator: " ") + "]" }

    /// The values as doubles.
    package var doubles: [Double] { values.map { Double($0) } }

    /// "<CIVector [v0 v1 …]>".
    public override var description: String { "<CIVector \(stringRepresentation)>" }
    /// Equal values.
    public override func isEqual(_ object: Any?) -> Bool { (object as? CIVector)?.values == values }
    /// A hash of the values.
    public override var hash: Int { values.hashValue }
}

import Foundation

/// A sensor's raw values over its visible area: `height` rows of `width` values, row `r` starting `rowStride`
/// values after row `r − 1`. Read-only and `Sendable`. Developed straight from the reply the RAW probe mapped
/// (no copy of the sensor data), or from values copied into storage of its own.
public struct RAWMosaic: @unchecked Sendable {
    /// Values per row and rows.
    public let width: Int
    public let height: Int
    /// Values from the start of one row to the start of the next (≥ `width`).
    public let rowStride: Int
    private let base: UnsafePointer<UInt16>
    /// Keeps the memory behind `base` alive (never written after the mosaic is made).
    private let owner: AnyObject

    /// A mosaic over memory `owner` keeps alive and never changes.
    init(width: Int, height: Int, rowStride: Int, base: UnsafePointer<UInt16>, owner: AnyObject) {
        (self.width, self.height, self.rowStride, self.base, self.owner) = (width, height, rowStride, base, owner)
    }

    /// A mosaic holding a copy of `values` (`width` per row, row-major from the top row).
    package init(width: Int, height: Int, values: [UInt16]) {
        precondition(values.count == width * height, "a mosaic needs width × height values")
        self = values.withUnsafeBufferPointer { RAWMosaic(copying: $0.baseAddress!, width: width, height: height, rowStride: width) }
    }

    /// A mosaic holding a copy of `height` rows of `width` values read `rowStride` apart from `source`.
    init(copying source: UnsafePointer<UInt16>, width: Int, height: Int, rowStride: Int) {
        let storage = Storage(count: width * height)
        for row in 0..<height { (storage.pointer + row * width).initialize(from: source + row * rowStride, count: width) }
        self.init(width: width, height: height, rowStride: width, base: UnsafePointer(storage.pointer), owner: storage)
    }

    /// The number of values (`width × height`).
    public var count: Int { width * height }

    /// The first value of sensor row `row` (0 is the top row).
    public func row(_ row: Int) -> UnsafePointer<UInt16> {
        precondition(row >= 0 && row < height, "row \(row) is outside the mosaic")
        return base + row * rowStride
    }

    /// The value at sensor `row`, `column`.
    public subscript(row: Int, column: Int) -> UInt16 {
        precondition(column >= 0 && column < width, "column \(column) is outside the mosaic")
        return self.row(row)[column]
    }

    /// Values this mosaic owns.
    private final class Storage {
        let pointer: UnsafeMutablePointer<UInt16>
        init(count: Int) { pointer = .allocate(capacity: max(count, 1)) }
        deinit { pointer.deallocate() }
    }
}

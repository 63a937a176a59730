internal import CPixelKernels
import ImageIO
import Foundation
import Synchronization

/// Serial numbers for bitmaps, so digests never confuse two bitmaps that lived at the same address.
private let bitmapSerials = Atomic<UInt64>(0)

/// Owned, 64-byte-aligned pixel memory (intermediates, rendered outputs). Immutable after it is filled, then
/// shared read-only between threads; the renderer writes disjoint tiles of it from several threads while
/// filling, which is why it is `@unchecked Sendable`.
package final class PixelBuffer: @unchecked Sendable {
    package let pointer: UnsafeMutableRawPointer
    package let byteCount: Int
    /// For large buffers: the whole mapping (``HugePageMemory``).
    private let mapping: (base: UnsafeMutableRawPointer, length: Int)?

    /// Allocates `byteCount` bytes, zero-filled when `zeroed` (large buffers are always zero-filled).
    package init(byteCount: Int, zeroed: Bool = false) {
        self.byteCount = max(byteCount, 1)
        if let huge = HugePageMemory.map(byteCount: self.byteCount) {
            pointer = huge.pointer
            mapping = (huge.base, huge.length)
        } else {
            pointer = UnsafeMutableRawPointer.allocate(byteCount: self.byteCount, alignment: 64)
            mapping = nil
            if zeroed { pointer.initializeMemory(as: UInt8.self, repeating: 0, count: self.byteCount) }
        }
    }

    deinit {
        if let mapping { munmap(mapping.base, mapping.length) } else { pointer.deallocate() }
    }

    /// The memory as `Data` without copying; the buffer stays alive as long as the `Data` does.
    package var data: Data {
        Data(bytesNoCopy: pointer, count: byteCount, deallocator: .custom { [self] _, _ in withExtendedLifetime(self) {} })
    }
}

/// Stored pixels: a 2-D array in some ``PixelFormat``, backed by `Data` (e.g. a `CGImage`'s bytes) or by a
/// ``PixelBuffer``. Rows are stored top-down (row 0 is the top, as in `CGImage`: y-up row `y` of the extent is
/// stored row `height - 1 - y`) unless `bottomUp` (engine intermediates and processor buffers, row 0 = lowest y).
/// Immutable, `Sendable`.
package final class Bitmap: Sendable {
    package enum Storage: Sendable { case data(Data), buffer(PixelBuffer) }
    package let storage: Storage
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    package let format: PixelFormat
    /// Whether colour components are premultiplied by alpha.
    package let premultiplied: Bool
    /// Whether stored row 0 is the bottom row.
    package let bottomUp: Bool
    /// A number unique to this bitmap in the process.
    package let serial: UInt64 = bitmapSerials.add(1, ordering: .relaxed).newValue

    package init(storage: Storage, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat, premultiplied: Bool,
                 bottomUp: Bool = false) {
        (self.storage, self.width, self.height, self.bytesPerRow, self.format, self.premultiplied, self.bottomUp)
            = (storage, width, height, bytesPerRow, format, premultiplied, bottomUp)
    }

    /// Whether every stored pixel has full alpha: 0 not yet scanned, 1 no, 2 yes.
    private let opacityScan = Atomic<UInt8>(0)

    /// Whether every pixel's alpha is 1 (always for formats without alpha). 8-bit formats are scanned once, on the
    /// first question, and the answer kept (bitmaps are immutable); other formats with alpha answer `false` (not
    /// scanned). Renders use it to skip premultiplication, which lets 8-bit sources decode through tables.
    package var alphaIsOpaque: Bool {
        guard format.hasAlpha else { return !format.isAlphaOnly }
        guard format.component == .uint8, isLayoutValid else { return false }
        switch opacityScan.load(ordering: .relaxed) {
        case 1: return false
        case 2: return true
        default:
            let alphaIndex = format.channels.firstIndex(of: .alpha)!
            let opaque = withBytes { base in
                pk_ci_alpha_is_opaque_u8(base.assumingMemoryBound(to: UInt8.self), bytesPerRow, width, height,
                                         Int32(format.componentCount), Int32(alphaIndex)) != 0
            }
            opacityScan.store(opaque ? 2 : 1, ordering: .relaxed)
            return opaque
        }
    }

    /// Byte offset of the stored row holding y-up row `row` (0 = bottom).
    @inline(__always)
    package func rowOffset(_ row: Int) -> Int { (bottomUp ? row : height - 1 - row) * bytesPerRow }

    package var byteCount: Int {
        switch storage { case .data(let data): data.count; case .buffer(let buffer): buffer.byteCount }
    }

    /// Whether the bytes cover every row the layout describes.
    package var isLayoutValid: Bool {
        width > 0 && height > 0 && bytesPerRow >= width * format.bytesPerPixel
            && byteCount >= bytesPerRow * (height - 1) + width * format.bytesPerPixel
    }

    /// Calls `body` with the first byte; the pointer is valid only inside `body`.
    package func withBytes<R>(_ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        switch storage {
        case .buffer(let buffer): return try withExtendedLifetime(buffer) { try body(UnsafeRawPointer(buffer.pointer)) }
        case .data(let data): return try data.withUnsafeBytes { try body($0.baseAddress!) }
        }
    }
}

/// Pins the bytes of several bitmaps at once (nesting `withBytes`) so a render can read them all.
package func withPinnedBitmaps<R>(_ bitmaps: ArraySlice<Bitmap>, _ pinned: [UnsafeRawPointer] = [],
                                  _ body: ([UnsafeRawPointer]) throws -> R) rethrows -> R {
    guard let first = bitmaps.first else { return try body(pinned) }
    return try first.withBytes { pointer in
        try withPinnedBitmaps(bitmaps.dropFirst(), pinned + [pointer], body)
    }
}

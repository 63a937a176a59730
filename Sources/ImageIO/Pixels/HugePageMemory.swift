import Foundation

/// Zero-filled memory for large pixel buffers, mapped directly with transparent huge pages requested (2 MiB
/// aligned inside a slightly larger mapping), so a 24 MP RGBA image costs ~50 page faults instead of ~25 000
/// and is unmapped as quickly when it goes. Smaller requests, and systems where the mapping fails, get `nil` and
/// use the ordinary allocator.
package enum HugePageMemory {
    /// Buffers from this size up are mapped with huge pages.
    package static let threshold = 8 << 20
    private static let hugePage = 2 << 20

    /// A mapping of at least `byteCount` zero bytes: `pointer` (2 MiB aligned) for the pixels, `base` and `length`
    /// for `munmap`. `nil` below ``threshold`` or when the system refuses the mapping.
    package static func map(byteCount: Int, threshold: Int = HugePageMemory.threshold)
        -> (pointer: UnsafeMutableRawPointer, base: UnsafeMutableRawPointer, length: Int)? {
        guard byteCount >= threshold else { return nil }
        let length = byteCount + hugePage
        guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else {
            return nil
        }
        let aligned = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1))!
        _ = madvise(aligned, byteCount, Int32(MADV_HUGEPAGE))
        return (aligned, base, length)
    }

    /// `count` zero bytes as `Data`: a huge-page mapping (unmapped when the last copy of the `Data` goes) from
    /// `threshold` (default ``threshold``) up, `Data(count:)` below it.
    package static func zeroedData(count: Int, threshold: Int = HugePageMemory.threshold) -> Data {
        guard let mapping = map(byteCount: count, threshold: threshold) else { return Data(count: count) }
        nonisolated(unsafe) let base = mapping.base
        let length = mapping.length
        return Data(bytesNoCopy: mapping.pointer, count: count, deallocator: .custom { _, _ in _ = munmap(base, length) })
    }
}

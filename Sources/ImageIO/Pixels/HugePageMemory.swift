import Foundation
import Synchronization

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
    ///
    /// With `prefault`, another thread faults the mapping's pages in from the end while the caller fills it from
    /// the start: a decoder writing rows top-down on one core (a JPEG without restart markers) then seldom waits
    /// for the kernel to zero a page (96 MB for a 24 MP RGBA image: ~5 ms here, several times that when the
    /// hypervisor backs the memory anew). The faulting stops once the `Data` is gone.
    package static func zeroedData(count: Int, threshold: Int = HugePageMemory.threshold, prefault: Bool = false) -> Data {
        guard let mapping = map(byteCount: count, threshold: threshold) else { return Data(count: count) }
        let region = Region(base: mapping.base, length: mapping.length)
        if prefault { region.prefaultBackwards(mapping.pointer, count: count) }
        return Data(bytesNoCopy: mapping.pointer, count: count, deallocator: .custom { _, _ in region.abandon() })
    }

    /// A mapping unmapped when both its `Data` and the thread prefaulting it are done with it.
    private final class Region: Sendable {
        nonisolated(unsafe) let base: UnsafeMutableRawPointer
        let length: Int
        private let references = Synchronization.Atomic<Int>(1)
        private let abandoned = Synchronization.Atomic<Bool>(false)

        init(base: UnsafeMutableRawPointer, length: Int) { (self.base, self.length) = (base, length) }

        /// The `Data` is gone.
        func abandon() {
            abandoned.store(true, ordering: .relaxed)
            release()
        }

        private func release() {
            if references.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { _ = munmap(base, length) }
        }

        /// Faults `count` bytes from `pointer` in, 2 MiB at a time from the end, on a global queue.
        func prefaultBackwards(_ pointer: UnsafeMutableRawPointer, count: Int) {
            references.add(1, ordering: .relaxed)
            nonisolated(unsafe) let start = pointer
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                defer { release() }
                var end = count
                while end > 0, !abandoned.load(ordering: .relaxed) {
                    let chunkStart = max(0, (end - 1) / hugePage * hugePage)
                    // Linux 5.14+; elsewhere nothing is faulted ahead and the caller faults as before.
                    guard madvise(start + chunkStart, end - chunkStart, 23 /* MADV_POPULATE_WRITE */) == 0 else { return }
                    end = chunkStart
                }
            }
        }
    }
}

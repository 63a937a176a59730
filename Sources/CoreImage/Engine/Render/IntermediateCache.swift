import Foundation

/// Intermediate buffers kept by a context between renders, keyed by recipe digest, region and format
/// (`CIContextOption.cacheIntermediates`). Least recently used entries go once `capacity` bytes are exceeded.
/// Thread-safe (one lock).
package final class IntermediateCache: @unchecked Sendable {
    package struct Key: Hashable, Sendable {
        package var digest: UInt64
        package var region: PixelRect
        package var format: PixelFormat
    }

    private let lock = NSLock()
    private var entries: [Key: (bitmap: Bitmap, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    package let capacity: Int

    package init(capacity: Int = 512 << 20) { self.capacity = capacity }

    package func bitmap(for key: Key) -> Bitmap? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.bitmap, clock)
        return entry.bitmap
    }

    package func store(_ bitmap: Bitmap, for key: Key) {
        lock.lock(); defer { lock.unlock() }
        guard bitmap.byteCount <= capacity else { return }
        clock += 1
        if let old = entries.updateValue((bitmap, clock), forKey: key) { bytes -= old.bitmap.byteCount }
        bytes += bitmap.byteCount
        while bytes > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.bitmap.byteCount
            entries.removeValue(forKey: oldest.key)
        }
    }

    package func removeAll() {
        lock.lock(); defer { lock.unlock() }
        entries.removeAll()
        bytes = 0
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

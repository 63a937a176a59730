/// Per-worker scratch memory for one tile: a bump allocator reset after every tile, sized once when a render
/// starts (from the schedule's estimate), so rendering allocates nothing per tile. If an estimate were ever too
/// small the arena falls back to the heap for that tile and counts it (`RenderStatistics.arenaOverflows`).
package final class Arena {
    private let base: UnsafeMutablePointer<Float>
    package let capacity: Int
    private var used = 0
    private var overflow: [UnsafeMutablePointer<Float>] = []
    package private(set) var overflowCount = 0

    /// An arena of `floats` floats (64-byte aligned).
    package init(floats: Int) {
        capacity = max(floats, 64)
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity * 4, alignment: 64).bindMemory(to: Float.self, capacity: capacity)
    }

    deinit {
        reset()
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// `count` floats, 16-float aligned, valid until `reset` (or until `rewind` to an earlier mark).
    package func take(_ count: Int) -> UnsafeMutablePointer<Float> {
        let rounded = (count + 15) & ~15
        if used + rounded <= capacity {
            defer { used += rounded }
            return base + used
        }
        overflowCount += 1
        let extra = UnsafeMutableRawPointer.allocate(byteCount: max(rounded, 16) * 4, alignment: 64).bindMemory(to: Float.self, capacity: rounded)
        overflow.append(extra)
        return extra
    }

    /// The current position, to `rewind` to after a nested stage finished with its scratch.
    package var mark: Int { used }
    package func rewind(to mark: Int) { used = mark }

    /// Frees everything taken since the start of the tile.
    package func reset() {
        used = 0
        for pointer in overflow { UnsafeMutableRawPointer(pointer).deallocate() }
        overflow.removeAll(keepingCapacity: true)
    }
}

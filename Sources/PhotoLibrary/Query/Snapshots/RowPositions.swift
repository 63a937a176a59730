import Foundation

/// Where each row id sits in an ordered list of ids: `PHFetchResult.index(of:)` and `contains(_:)` in O(1).
///
/// Built in one pass over the ids (a dense table of 32-bit positions indexed by `id - base` when the ids are
/// compact, as library row ids are; a dictionary otherwise), or read from a persisted fetch snapshot, where
/// each lookup reads one slot from the file. Every answer is exact: a slot read from a file is trusted only
/// when the id really sits at that position, and a miss there is confirmed by a scan of the ids, so a damaged
/// file can only make a lookup slower, never wrong. Immutable and thread-safe.
public final class RowPositions: Sendable {
    enum Storage: Sendable {
        case dense(base: Int64, slots: [Int32])
        case sparse([Int64: Int])
        case file(PersistedPositions)
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// The lowest index of `id` in `ids` (the list these positions describe), or nil.
    public func index(of id: Int64, in ids: RowIDList) -> Int? {
        switch storage {
        case .dense(let base, let slots):
            let offset = id &- base
            guard offset >= 0, offset < Int64(slots.count) else { return nil }
            let slot = slots[Int(offset)]
            return slot < 0 ? nil : Int(slot)
        case .sparse(let map):
            return map[id]
        case .file(let file):
            if let slot = file.slot(for: id), slot < ids.count, ids[slot] == id { return slot }
            return ids.firstIndex(of: id)
        }
    }

    /// Builds the positions of `ids` in one pass (the first occurrence wins when an id repeats).
    public static func build(_ ids: RowIDList) -> RowPositions {
        ids.withUnsafeBufferPointer { list in
            if let (base, slots) = denseSlots(list, allowDuplicates: true) { return RowPositions(storage: .dense(base: base, slots: slots)) }
            var map: [Int64: Int] = [:]
            map.reserveCapacity(list.count)
            for (index, id) in list.enumerated() where map[id] == nil { map[id] = index }
            return RowPositions(storage: .sparse(map))
        }
    }

    /// The dense table for `ids` when their span is at most a few times their count (nil otherwise, or when an
    /// id repeats and `allowDuplicates` is false). Slots hold positions, -1 for ids not in the list.
    static func denseSlots(_ ids: UnsafeBufferPointer<Int64>, allowDuplicates: Bool) -> (base: Int64, slots: [Int32])? {
        guard !ids.isEmpty, ids.count < Int(Int32.max), let low = ids.min(), let high = ids.max() else { return nil }
        guard let width = RowSpan.width(low, high), width < Int64.max else { return nil }
        let span = width + 1
        guard span > 0, span <= Int64(ids.count) * 4 + 4096 else { return nil }
        var slots = [Int32](repeating: -1, count: Int(span))
        var duplicate = false
        slots.withUnsafeMutableBufferPointer { table in
            for index in ids.indices {
                let offset = Int(ids[index] - low)
                if table[offset] >= 0 { duplicate = true; continue }
                table[offset] = Int32(truncatingIfNeeded: index)
            }
        }
        if duplicate && !allowDuplicates { return nil }
        return (low, slots)
    }
}

/// The position table of a persisted fetch snapshot, read one slot at a time (`pread`) from the open file, so
/// opening a snapshot never reads the table. The file descriptor is closed when the last result using it goes.
final class PersistedPositions: Sendable {
    private let descriptor: Int32
    private let offset: Int
    private let base: Int64
    private let count: Int

    init(descriptor: Int32, offset: Int, base: Int64, count: Int) {
        self.descriptor = descriptor; self.offset = offset; self.base = base; self.count = count
    }

    deinit { close(descriptor) }

    /// The slot stored for `id`, or nil when the id is outside the table, marked absent, or unreadable.
    func slot(for id: Int64) -> Int? {
        let index = id &- base
        guard index >= 0, index < Int64(count) else { return nil }
        var value: Int32 = -1
        let read = withUnsafeMutableBytes(of: &value) { pread(descriptor, $0.baseAddress, 4, off_t(offset + Int(index) * 4)) }
        guard read == 4 else { return nil }
        let slot = Int32(littleEndian: value)
        return slot < 0 ? nil : Int(slot)
    }
}

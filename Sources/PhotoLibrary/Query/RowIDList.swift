import Foundation

/// An ordered list of row ids: an array, the ids of a persisted fetch snapshot mapped from its file (no copy:
/// a million ids are usable in about a millisecond, and pages that are never read are never loaded), or the ids
/// of a served library's fetch arriving in pages (`PagedRowIDs`: the first page at once, the rest in the
/// background). Immutable and `Sendable`; `array` gives a plain `[Int64]` when one is needed (that copies a mapped
/// or paged list).
public struct RowIDList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral, Equatable {
    enum Storage: Sendable {
        case array([Int64])
        case mapped(MappedRowIDs)
        case paged(PagedRowIDs)
    }

    let storage: Storage

    /// A list holding `ids`.
    public init(_ ids: [Int64]) { storage = .array(ids) }

    /// A list of the given ids.
    public init(arrayLiteral elements: Int64...) { storage = .array(elements) }

    init(mapped: MappedRowIDs) { storage = .mapped(mapped) }

    /// A list whose ids arrive in pages.
    public init(paged: PagedRowIDs) { storage = .paged(paged) }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .array(let ids): ids.count
        case .mapped(let mapped): mapped.count
        case .paged(let paged): paged.count
        }
    }

    /// The id at a position.
    public subscript(position: Int) -> Int64 {
        switch storage {
        case .array(let ids): return ids[position]
        case .mapped(let mapped):
            precondition(position >= 0 && position < mapped.count, "RowIDList index \(position) out of range")
            return mapped.base[position]
        case .paged(let paged): return paged.id(at: position)
        }
    }

    /// Whether the ids are held outside an array — mapped from a file or arriving in pages — so `array` copies them.
    public var isMapped: Bool {
        if case .array = storage { return false }
        return true
    }

    /// The ids as an array (a copy when the list is mapped).
    public var array: [Int64] {
        switch storage {
        case .array(let ids): return ids
        case .mapped(let mapped): return Array(UnsafeBufferPointer(start: mapped.base, count: mapped.count))
        case .paged(let paged): return paged.withAll { Array($0) }
        }
    }

    /// The lowest position of `id`, by a scan.
    public func firstIndex(of id: Int64) -> Int? {
        switch storage {
        case .array(let ids): return ids.firstIndex(of: id)
        case .mapped(let mapped): return UnsafeBufferPointer(start: mapped.base, count: mapped.count).firstIndex(of: id)
        case .paged(let paged): return paged.withAll { $0.firstIndex(of: id) }
        }
    }

    /// Calls `body` with the ids as contiguous memory.
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Int64>) throws -> R) rethrows -> R {
        switch storage {
        case .array(let ids): return try ids.withUnsafeBufferPointer(body)
        case .mapped(let mapped): return try body(UnsafeBufferPointer(start: mapped.base, count: mapped.count))
        case .paged(let paged): return try paged.withAll(body)
        }
    }

    public static func == (lhs: RowIDList, rhs: RowIDList) -> Bool {
        lhs.withUnsafeBufferPointer { a in rhs.withUnsafeBufferPointer { b in a.elementsEqual(b) } }
    }
}

/// Ids mapped read-only from a snapshot file (`mmap`, private), unmapped when the last list using them goes.
/// Snapshot files are never modified in place (a new one is renamed over an old one), so the mapping stays valid.
final class MappedRowIDs: @unchecked Sendable {
    private let mapping: UnsafeMutableRawPointer
    private let length: Int
    let base: UnsafePointer<Int64>
    let count: Int

    /// Maps `count` ids found at `offset` (a multiple of 8) in the open file; nil when mapping fails.
    init?(descriptor: Int32, offset: Int, count: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = offset & ~(page - 1)
        let length = offset - start + count * 8
        guard count > 0,
              let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, off_t(start)),
              mapping != MAP_FAILED else { return nil }
        self.mapping = mapping
        self.length = length
        self.base = UnsafePointer((mapping + (offset - start)).assumingMemoryBound(to: Int64.self))
        self.count = count
    }

    deinit { munmap(mapping, length) }
}

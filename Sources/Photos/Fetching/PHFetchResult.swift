import Foundation
import PhotoLibrary

/// What a fetch result holds: row ids of stored objects, or the objects of a transient collection.
enum FetchSource: @unchecked Sendable {
    case assets(RowIDList)
    case collections(RowIDList)
    case objects([PHObject])

    var count: Int {
        switch self {
        case .assets(let ids), .collections(let ids): return ids.count
        case .objects(let objects): return objects.count
        }
    }
}

/// An ordered list of model objects returned by a fetch.
///
/// It holds row identifiers only; objects are materialised in batches of `batchSize` on access (four batches
/// in one read when access runs in order, as enumeration does), and at most `maximumCachedBatches` batches are
/// kept, so enumerating a million assets never holds a million objects. `contains(_:)` and `index(of:)`
/// compare identifiers without touching the database, through a position table built in one pass on first use
/// (or read from the persisted snapshot the ids came from). The result is a snapshot: it does not change when
/// the library does. Thread-safe.
///
/// Linux extra: `PHFetchResult` is a `RandomAccessCollection` (PhotoKit's is not a Sequence in Swift).
public final class PHFetchResult<ObjectType: AnyObject>: NSObject, NSCopying, @unchecked Sendable {
    let source: FetchSource
    let library: PHPhotoLibrary?
    /// The options the fetch was made with (change observation re-runs it).
    let fetchOptions: PHFetchOptions?
    /// The fetch to re-evaluate for change details (nil for transient results and fixed lists).
    let query: ObservedQuery?
    /// The change token of the library state the result reflects.
    let token: Int64

    static var batchSize: Int { 32 }
    static var maximumCachedBatches: Int { 64 }

    private let lock = NSLock()
    private var batches: [Int: [ObjectType]] = [:]
    private var batchOrder: [Int] = []
    private var lastBatch = -2
    private var positions: RowPositions?
    private var rowIDArray: [Int64]?

    init(source: FetchSource, library: PHPhotoLibrary?, options: PHFetchOptions?, query: ObservedQuery? = nil, token: Int64 = 0,
         positions: RowPositions? = nil) {
        self.source = source
        self.library = library
        self.fetchOptions = options?.copy() as? PHFetchOptions
        self.query = query
        self.token = token
        self.positions = positions
        super.init()
        if query != nil { library?.fetchResults.register(self) }
    }

    /// An empty result (Linux addition; Apple's `init()` gives the same).
    public override convenience init() { self.init(source: .objects([]), library: nil, options: nil) }

    /// Fetch results are immutable, so a copy is the result itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The number of objects.
    public var count: Int { source.count }

    /// The object at an index; traps when the index is out of range, as `NSArray` does.
    public func object(at index: Int) -> ObjectType {
        precondition(index >= 0 && index < count, "PHFetchResult index \(index) beyond bounds [0 .. \(count - 1)]")
        let batch = index / Self.batchSize
        lock.lock()
        defer { lock.unlock() }
        let previous = lastBatch
        lastBatch = batch
        if let objects = batches[batch] { return objects[index - batch * Self.batchSize] }
        // In-order access (enumeration, scrolling) reads several batches at once; random access reads one.
        let lastIndex = (count - 1) / Self.batchSize
        var first = batch, last = batch
        let sequential = Swift.max(1, (library?.backend.sequentialReadCount ?? 0) / Self.batchSize)
        if batch == previous + 1 { last = Swift.min(lastIndex, batch + sequential - 1) }
        else if batch == previous - 1 { first = Swift.max(0, batch - sequential + 1) }
        while batches[first] != nil { first += 1 }
        while batches[last] != nil { last -= 1 }
        let objects = materialize(first * Self.batchSize..<Swift.min(count, (last + 1) * Self.batchSize))
        for loaded in first...last {
            let start = (loaded - first) * Self.batchSize
            if batches[loaded] == nil { batchOrder.append(loaded) }
            batches[loaded] = Array(objects[start..<Swift.min(objects.count, start + Self.batchSize)])
        }
        while batchOrder.count > Self.maximumCachedBatches { batches[batchOrder.removeFirst()] = nil }
        return batches[batch]![index - batch * Self.batchSize]
    }

    /// The first object, or nil when empty.
    public var firstObject: ObjectType? { count > 0 ? object(at: 0) : nil }
    /// The last object, or nil when empty.
    public var lastObject: ObjectType? { count > 0 ? object(at: count - 1) : nil }

    /// The objects at the given indexes, in index order.
    public func objects(at indexes: IndexSet) -> [ObjectType] { indexes.map { object(at: $0) } }

    /// True when the result holds the object (compared by identifier, without touching the database).
    public func contains(_ anObject: ObjectType) -> Bool { index(of: anObject) != NSNotFound }

    /// The lowest index of the object, or `NSNotFound` (compared by identifier, without touching the database).
    public func index(of anObject: ObjectType) -> Int {
        switch source {
        case .objects(let objects):
            guard let target = anObject as? PHObject else { return NSNotFound }
            return objects.firstIndex { $0.localIdentifier == target.localIdentifier } ?? NSNotFound
        case .assets:
            guard let asset = anObject as? PHAsset else { return NSNotFound }
            return position(of: asset.record.rowID)
        case .collections:
            guard let collection = anObject as? PHCollection, let record = collection.record else { return NSNotFound }
            return position(of: record.rowID)
        }
    }

    /// The lowest index of the object within a range, or `NSNotFound`.
    public func index(of anObject: ObjectType, in range: NSRange) -> Int {
        let index = index(of: anObject)
        return index != NSNotFound && NSLocationInRange(index, range) ? index : NSNotFound
    }

    /// Calls `block` with each object and its index until it sets the stop flag.
    public func enumerateObjects(_ block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void) {
        enumerateObjects(options: [], using: block)
    }

    /// Enumerates with options: `.reverse` walks backwards. `.concurrent` is accepted and runs in order
    /// (differs from Apple, which may call the block concurrently).
    public func enumerateObjects(options opts: NSEnumerationOptions = [], using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void) {
        enumerateObjects(at: IndexSet(integersIn: 0..<count), options: opts, using: block)
    }

    /// Enumerates the objects at the given indexes.
    public func enumerateObjects(at s: IndexSet, options opts: NSEnumerationOptions = [], using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop: ObjCBool = false
        if opts.contains(.reverse) {
            for index in s.reversed() {
                block(object(at: index), index, &stop)
                if stop.boolValue { return }
            }
            return
        }
        for range in s.rangeView {
            for index in range {
                block(object(at: index), index, &stop)
                if stop.boolValue { return }
            }
        }
    }

    /// The number of assets of a media type in the result, counted without materialising objects.
    public func countOfAssets(with mediaType: PHAssetMediaType) -> Int {
        switch source {
        case .assets(let ids):
            guard let library else { return 0 }
            return (try? library.backend.countAssets(rowIDs: ids.array, mediaType: MediaType(rawValue: mediaType.rawValue) ?? .unknown)) ?? 0
        case .objects(let objects):
            return objects.compactMap { $0 as? PHAsset }.filter { $0.mediaType == mediaType }.count
        case .collections:
            return 0
        }
    }

    // MARK: Internals

    /// Keeps the first objects, already made (from records sent with the fetch), as the first batches: whole
    /// batches, and the last one too when the objects are all of them.
    func preload(_ objects: [ObjectType]) {
        let available = Swift.min(objects.count, count)
        lock.lock()
        defer { lock.unlock() }
        var batch = 0
        while batch * Self.batchSize < available, batch < Self.maximumCachedBatches {
            let end = (batch + 1) * Self.batchSize
            guard end <= available || available == count else { break }
            batches[batch] = Array(objects[batch * Self.batchSize..<Swift.min(end, available)])
            batchOrder.append(batch)
            batch += 1
        }
    }

    /// Row ids of the stored objects (empty for transient results).
    var rowIDList: RowIDList {
        switch source {
        case .assets(let ids), .collections(let ids): return ids
        case .objects: return []
        }
    }

    /// Row ids of the stored objects as an array (change observation diffs them; copied once from a mapped
    /// snapshot, then kept).
    var rowIDs: [Int64] {
        let list = rowIDList
        guard list.isMapped else { return list.array }
        lock.lock()
        defer { lock.unlock() }
        if let rowIDArray { return rowIDArray }
        let array = list.array
        rowIDArray = array
        return array
    }

    private func position(of rowID: Int64) -> Int {
        let ids = rowIDList
        lock.lock()
        if positions == nil { positions = RowPositions.build(ids) }
        let table = positions!
        lock.unlock()
        return table.index(of: rowID, in: ids) ?? NSNotFound
    }

    private func materialize(_ range: Range<Int>) -> [ObjectType] {
        switch source {
        case .objects(let objects):
            return objects[range].map { $0 as! ObjectType }
        case .assets(let ids):
            guard let library else { return [] }
            let slice = Array(ids[range])
            let records = (try? library.backend.orderedAssets(rowIDs: slice)) ?? slice.map { AssetRecord.vanished(rowID: $0) }
            return records.map { unsafeDowncast(PHAsset(record: $0, library: library), to: ObjectType.self) }
        case .collections(let ids):
            guard let library else { return [] }
            let slice = Array(ids[range])
            let records = (try? library.backend.collectionRecords(rowIDs: slice)) ?? [:]
            return slice.map { id in
                PHCollection.make(records[id] ?? CollectionRecord.vanished(rowID: id), library: library) as! ObjectType
            }
        }
    }
}

extension PHFetchResult: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// The object at an index (same as `object(at:)`).
    public subscript(idx: Int) -> ObjectType { object(at: idx) }
}

extension PHFetchResult: NSFastEnumeration {
    public var photosElements: [Any] { objects(at: IndexSet(integersIn: 0..<count)) }
}

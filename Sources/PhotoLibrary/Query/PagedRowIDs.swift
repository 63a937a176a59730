import Foundation
import Synchronization

/// The ids of a large fetch made by a served library's service, arriving in two parts: the first page with the
/// fetch's answer (so `count` and the first objects need no more), the rest in the background once the list has
/// been kept for `backgroundDelay` or once a read reaches `prefetchPosition` (a walk through the results: the rest
/// arrives while the first page is read) — or, at the latest, by the first read beyond the first page, which waits
/// for it. A fetch result dropped sooner (a count, a first object) costs no more than its first page, and the
/// service is told it may forget the fetch (`release`). The service keeps a fetch's ids only until the rest is
/// loaded, so a kept result never depends on the service keeping them for long.
///
/// When the rest cannot be loaded (the service went away, or dropped the fetch), its ids read as 0 — no row has
/// that id, so those objects come back as deleted ones — and the reason is written to standard error once.
public final class PagedRowIDs: @unchecked Sendable {
    /// Loads the ids at the given positions (all of them, in order).
    public typealias Loader = @Sendable (Range<Int>) throws(LibraryError) -> [Int64]

    /// How long a list waits before loading the rest of its ids in the background.
    public static let backgroundDelay: DispatchTimeInterval = .milliseconds(500)

    /// How many ids the list holds.
    public let count: Int
    private let loadedCount: Int
    private let buffer: UnsafeMutablePointer<Int64>
    private let isComplete = Atomic<Bool>(false)
    private let isLoadStarted = Atomic<Bool>(false)
    /// A read at or beyond this position starts loading the rest in the background.
    private let prefetchPosition: Int
    private let loadLock = NSLock()
    private var loader: Loader?
    private let release: (@Sendable () -> Void)?

    /// A list of `count` ids whose first ones are `firstPage`; `loader` fetches the rest (once), `release` is
    /// called when the list goes away without having loaded it.
    public init(count: Int, firstPage: [Int64], loader: @escaping Loader, release: (@Sendable () -> Void)? = nil) {
        precondition(firstPage.count <= count, "PagedRowIDs: a first page of \(firstPage.count) ids for a list of \(count)")
        self.count = count
        self.loadedCount = firstPage.count
        self.prefetchPosition = Swift.max(1, Swift.min(firstPage.count / 4, 256))
        self.release = release
        buffer = .allocate(capacity: Swift.max(1, count))
        if !firstPage.isEmpty { firstPage.withUnsafeBufferPointer { buffer.initialize(from: $0.baseAddress!, count: firstPage.count) } }
        // The rest is written before it is read (`loadRest` runs first), so it is not zeroed here.
        if firstPage.count == count {
            isComplete.store(true, ordering: .releasing)
        } else {
            self.loader = loader
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.backgroundDelay) { [weak self] in self?.startLoading() }
        }
    }

    deinit {
        if !isComplete.load(ordering: .acquiring), let release { release() }
        buffer.deallocate()
    }

    /// The id at `position` (waiting for the rest when it lies beyond the first page and has not arrived).
    func id(at position: Int) -> Int64 {
        precondition(position >= 0 && position < count, "RowIDList index \(position) out of range")
        if !isComplete.load(ordering: .acquiring) {
            if position >= loadedCount { loadRest() } else if position >= prefetchPosition { startLoading() }
        }
        return buffer[position]
    }

    /// Loads the rest on a background queue, once.
    private func startLoading() {
        guard !isComplete.load(ordering: .acquiring), !isLoadStarted.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in self?.loadRest() }
    }

    /// Calls `body` with every id (waiting for the rest first).
    func withAll<R>(_ body: (UnsafeBufferPointer<Int64>) throws -> R) rethrows -> R {
        if !isComplete.load(ordering: .acquiring) { loadRest() }
        return try body(UnsafeBufferPointer(start: buffer, count: count))
    }

    private func loadRest() {
        loadLock.lock()
        defer { loadLock.unlock() }
        guard !isComplete.load(ordering: .acquiring), let loader else { return }
        do {
            let rest = try loader(loadedCount..<count)
            guard rest.count == count - loadedCount else {
                throw LibraryError(.io, "The photo library service sent \(rest.count) of \(count - loadedCount) row ids")
            }
            rest.withUnsafeBufferPointer { (buffer + loadedCount).initialize(from: $0.baseAddress!, count: rest.count) }
        } catch {
            (buffer + loadedCount).initialize(repeating: 0, count: count - loadedCount)
            FileHandle.standardError.write(Data("PHFetchResult: \(count - loadedCount) objects of a fetch of \(count) could not be loaded; they read as deleted: \((error as? LibraryError)?.message ?? "\(error)")\n".utf8))
        }
        self.loader = nil
        isComplete.store(true, ordering: .releasing)
    }
}

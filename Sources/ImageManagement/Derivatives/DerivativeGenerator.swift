import Foundation
import CoreGraphics
import PhotoLibrary

/// Makes derivatives in the background, newest assets first, on a bounded number of threads.
///
/// Assets are queued by row id (a higher row id is a newer import, so it runs first); urgent requests (an image
/// request that found derivatives missing) run before everything else. An asset queued twice runs once. Each job
/// decodes the current rendition once, at the size of the largest missing kind, and makes the smaller kinds from
/// that image. Failures (an unreadable file) are remembered per rendition and not retried in this process.
///
/// Threading: thread-safe; jobs run on the generator's `WorkerPool` (utility quality of service).
public final class DerivativeGenerator: @unchecked Sendable {
    /// Where derivatives go.
    public let store: DerivativeStore
    private let pool: WorkerPool
    private let lock = NSLock()
    private var queued: [Int64: Int64] = [:]   // asset row id → priority of the live job
    private var failures: [String: String] = [:]
    private var generatedCount = 0

    /// Priority of urgent jobs (above any row id).
    static let urgent = Int64.max

    /// A generator for one library, running at most `maximumWorkers` jobs at once.
    public init(store: DerivativeStore, maximumWorkers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)) {
        self.store = store
        pool = WorkerPool(maximumConcurrency: maximumWorkers, qos: .utility)
    }

    /// Queues assets (by row id); newer ones run first, and `urgent` ones before all others.
    public func enqueue(_ assetRowIDs: some Sequence<Int64>, in library: any LibraryBackend, urgent: Bool = false) {
        for rowID in assetRowIDs {
            let priority = urgent ? Self.urgent : rowID
            lock.lock()
            if let existing = queued[rowID], existing >= priority { lock.unlock(); continue }
            queued[rowID] = priority
            lock.unlock()
            pool.submit(priority: priority) { [self] in
                lock.lock()
                guard queued[rowID] == priority else { lock.unlock(); return }  // superseded by an urgent copy
                queued[rowID] = nil
                lock.unlock()
                _ = try? generate(assetRowID: rowID, in: library)
            }
        }
    }

    /// Queues every still-image asset whose derivatives are missing (newest first). Returns how many were queued.
    @discardableResult
    public func enqueueAllMissing(in library: Library) throws(ImageManagementError) -> Int {
        let ids: [Int64]
        do {
            ids = try library.assetRowIDs(AssetQuery(scope: .mediaType(.image), includeHiddenAssets: true, includeAllBurstAssets: true))
        } catch { throw .library(error, "Cannot list the library's photos") }
        enqueue(ids.sorted(by: >), in: library)
        return ids.count
    }

    /// Jobs queued and not yet started.
    public var pendingCount: Int { pool.pendingCount }
    /// The most jobs running at once.
    public var maximumWorkers: Int { pool.maximumConcurrency }
    /// Derivative files written by this generator since it was created.
    public var generated: Int { lock.lock(); defer { lock.unlock() }; return generatedCount }
    /// Renditions whose derivatives could not be made, with the reason.
    public var failedRenditions: [String: String] { lock.lock(); defer { lock.unlock() }; return failures }

    /// Blocks until every queued job has finished.
    public func waitUntilIdle() { pool.waitUntilIdle() }

    /// Makes the missing derivatives of one asset's current rendition now, on the calling thread; returns the
    /// kinds written. A video's come from its poster frame (`VideoPosters`); audio has no picture and gets none.
    @discardableResult
    public func generate(assetRowID: Int64, in library: any LibraryBackend) throws(ImageManagementError) -> [DerivativeKind] {
        let resources: [ResourceRecord]
        do { resources = try library.resources(assetRowID: assetRowID) } catch { throw .library(error, "Cannot read the resources of asset \(assetRowID)") }
        if let rendition = Rendition.select(from: resources, version: .current) {
            return try generate(rendition, fileURL: ImagingContext.file(of: rendition.resource, in: library))
        }
        guard let still = try VideoPosters.still(from: resources, version: .current, library: library, store: store) else { return [] }
        return try generate(still.rendition, fileURL: still.poster)
    }

    /// Makes the missing derivatives of a rendition whose file is at `fileURL`.
    @discardableResult
    public func generate(_ rendition: Rendition, fileURL: URL) throws(ImageManagementError) -> [DerivativeKind] {
        let key = rendition.contentKey
        lock.lock()
        let failed = failures[key]
        lock.unlock()
        if let failed { throw ImageManagementError(.unreadable, failed) }
        do {
            var full = rendition.pixelSize
            if full.isEmpty { full = try PixelOps.orientedSize(of: fileURL) }
            let missing = DerivativeKind.allCases.sorted().reversed().compactMap { kind -> (DerivativeKind, PixelSize)? in
                guard let size = kind.size(for: full), store.existing(contentKey: key, kind: kind) == nil else { return nil }
                return (kind, size)
            }
            guard let largest = missing.first else { return [] }
            var source = try PixelOps.decode(fileURL, atLeast: largest.1)
            for (kind, size) in missing {
                let image = source.width == size.width && source.height == size.height ? source
                    : try PixelOps.resample(source, from: CGRect(x: 0, y: 0, width: source.width, height: source.height), to: size)
                try store.write(try PixelOps.encodeJPEG(image, quality: DerivativeKind.quality), contentKey: key, kind: kind)
                source = image
            }
            lock.lock(); generatedCount += missing.count; lock.unlock()
            return missing.map(\.0)
        } catch where error.code == .unreadable {
            lock.lock(); failures[key] = error.message; lock.unlock()
            throw error
        }
    }
}

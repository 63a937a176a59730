import Foundation
import PhotoLibrary

/// The image side of one library: its derivative store, background generator, request workers and (once
/// `watch(_:)` is called) a change-log watch that queues derivatives after commits.
///
/// There is one context per library directory in a process (`context(for:)`), so every image manager and the
/// command-line tool share one generator per library. A context holds no database connection: operations take
/// the `Library` they work on. Threading: immutable and thread-safe.
public final class ImagingContext: @unchecked Sendable {
    /// Derivative files.
    public let store: DerivativeStore
    /// Background derivative generation.
    public let generator: DerivativeGenerator
    /// Workers for image requests (at most one per core).
    public let requestPool: WorkerPool

    init(libraryURL: URL, isLibraryDirectory: Bool = true) {
        store = DerivativeStore(libraryURL: libraryURL, isLibraryDirectory: isLibraryDirectory)
        store.removeAbandonedWrites()
        generator = DerivativeGenerator(store: store)
        requestPool = WorkerPool(maximumConcurrency: ProcessInfo.processInfo.activeProcessorCount, qos: .userInitiated)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var contexts: [String: ImagingContext] = [:]

    /// The context of a library (created on first use): of its directory, or of a served library's local cache.
    public static func context(for library: any LibraryBackend) -> ImagingContext {
        let directory = library.imagingDirectory
        let key = directory.standardizedFileURL.path
        lock.lock(); defer { lock.unlock() }
        if let context = contexts[key] { return context }
        let context = ImagingContext(libraryURL: directory, isLibraryDirectory: library.ownsImagingDirectory)
        contexts[key] = context
        return context
    }

    /// The hook that keeps derivatives up to date: call after a commit with the assets it inserted or whose
    /// content changed. Queues their derivatives in the background (newest first) and returns at once; deletes
    /// the derivatives of `supersededContentKeys` (rendered versions an edit or revert replaced, and the content of
    /// purged assets: `ChangeOutcome.supersededContentHashes`) no live resource shares.
    public static func libraryDidCommit(_ library: Library, insertedOrChangedAssets rowIDs: some Collection<Int64>,
                                        supersededContentKeys: Set<String> = []) {
        let context = context(for: library)
        if !rowIDs.isEmpty { context.generator.enqueue(rowIDs.sorted(by: >), in: library) }
        // Derivatives of replaced or reverted edits and of purged assets, unless the same bytes are still a live resource.
        if !supersededContentKeys.isEmpty, let present = try? library.resourceHashesPresent(supersededContentKeys) {
            supersededContentKeys.subtracting(present).forEach(context.generator.store.remove(contentKey:))
        }
    }

    /// The same hook for a whole commit: the assets it created or whose content it changed, and the renditions it
    /// superseded (edits, reverts, purges).
    public static func libraryDidCommit(_ library: Library, outcome: ChangeOutcome) {
        libraryDidCommit(library, insertedOrChangedAssets: outcome.insertedAssets.union(outcome.contentChangedAssets),
                         supersededContentKeys: outcome.supersededContentHashes)
    }

    /// A served library's stored derivatives, copied into this context's store when first needed.
    private let servedDerivatives = ServedDerivatives()

    private let watchLock = NSLock()
    private var monitor: ChangeMonitor<[Int64]>?

    /// Keeps derivatives up to date with commits made by any process: watches the library's change log (the
    /// lead's `ChangeMonitor`) and queues the assets each commit inserts or whose content it changes. Idempotent;
    /// the watch lasts as long as the process. Long-running programs (and the `photos import` command) call it.
    public func watch(_ library: Library) {
        watchLock.lock(); defer { watchLock.unlock() }
        guard monitor == nil, let token = try? library.currentChangeToken() else { return }
        let generator = self.generator
        monitor = ChangeMonitor(library: library, after: token, queue: DispatchQueue(label: "ImagingContext.watch", qos: .utility),
                                prepare: { change, _ in Array(change.changes.assets.inserted.keys) + Array(change.changes.assets.contentChanged) },
                                deliver: { rowIDs in generator.enqueue(Set(rowIDs).sorted(by: >), in: library) })
    }

    /// The rendition of an asset for a version, with what is stored for it. With `videoPosters`, a video asset's
    /// rendition is its movie and the file standing for it is the movie's poster frame (`VideoPosters`, made now
    /// when missing); without, a video asset has no still image (data requests and exports of the still).
    public func representations(of asset: AssetRecord, version: ImageVersion, in library: any LibraryBackend,
                                videoPosters: Bool = false) throws(ImageManagementError) -> RepresentationSet {
        let resources: [ResourceRecord]
        do { resources = try library.resources(assetRowID: asset.rowID) } catch { throw .library(error, "Cannot read the resources of \(asset.identifier)") }
        if let rendition = Rendition.select(from: resources, version: version) {
            if !library.ownsImagingDirectory { servedDerivatives.fill(rendition, of: asset, full: rendition.pixelSize, from: library, into: store) }
            if library.ownsImagingDirectory {
                return RepresentationSet(rendition: rendition, full: rendition.pixelSize, fileURL: try Self.file(of: rendition.resource, in: library), store: store)
            }
            let resource = rendition.resource
            return RepresentationSet(rendition: rendition, full: rendition.pixelSize, store: store) { () throws(ImageManagementError) -> URL in
                try Self.file(of: resource, in: library)
            }
        }
        if videoPosters, let still = try VideoPosters.still(from: resources, version: version, library: library, store: store) {
            if !library.ownsImagingDirectory { servedDerivatives.fill(still.rendition, of: asset, full: still.rendition.pixelSize, from: library, into: store) }
            return RepresentationSet(rendition: still.rendition, full: still.rendition.pixelSize, fileURL: still.poster, store: store)
        }
        let kind = asset.mediaType == .video ? "a video" : asset.mediaType == .audio ? "an audio asset" : "an asset without a photo resource"
        throw ImageManagementError(.missingResource, "\(asset.identifier) is \(kind): it has no still image to decode")
    }

    /// A local file with a resource's bytes: the stored file, or a served library's verified download.
    static func file(of resource: ResourceRecord, in library: any LibraryBackend) throws(ImageManagementError) -> URL {
        do { return try library.resourceFile(resource) } catch {
            throw .library(error, "Cannot read the file of \(resource.originalFilename)")
        }
    }
}

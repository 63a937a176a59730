import ArgumentParser
import Foundation
import Photos
import PhotoLibrary

/// `photos bench changes`: change-observation latency on a large library. Ten fetch results are registered
/// (all photos by date, images newest first, favourites, the Favorites smart album, videos, a 10,000-asset
/// album, moments, user albums, top-level collections, recently modified); then a one-asset change and a
/// 10,000-asset batch import are committed and the time until an observer holds the details for all ten is
/// measured. The peer is what a client without change details must do: re-run the ten fetches.
struct ChangeBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes", abstract: "Measure change-observation latency on a large filler library.")
    @Option(help: "Assets to fill when no --library is given.") var count = 1_000_000
    @Option(help: "Benchmark an existing library instead of filling a new one.") var library: String?
    @Option(help: "Assets in the batch-import measurement.") var batch = 10_000

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-changes-\(getpid())")
        let path = library ?? scratch.appendingPathComponent("Bench.photoslibrary").path
        defer { if library == nil { try? FileManager.default.removeItem(at: scratch) } }
        if library == nil {
            print("Filling \(count) assets…")
            try Library.open(at: URL(fileURLWithPath: path)).fill(count: count, seed: 1)
        }
        let figures = try ChangeBenchFigures.measure(libraryAt: path, batch: batch)
        print("Ten fetch results registered (\(figures.photoCount) photos, album of \(figures.albumCount)).")
        report("one-asset change → details for 10 fetch results (median of 5)", figures.oneChange, target: 0.050, peer: figures.oneChangeRefetch)
        print(String(format: "  resident memory growth per one-asset change: %.1f MB (median)", figures.rssGrowthMB))
        report("\(batch)-asset batch import → details for 10 fetch results", figures.batch, target: 0.5, peer: figures.batchRefetch)
        print("  details consistent with a fresh fetch: \(figures.consistent ? "yes" : "NO")")
    }

    private func report(_ name: String, _ seconds: Double, target: Double, peer: Double) {
        let verdict = seconds <= target ? "met" : "MISSED"
        print(String(format: "  %@: %.1f ms after the commit returned (target ≤ %.0f ms, %@); re-running the ten fetches %.1f ms, ratio %.2f×",
                     name, seconds * 1000, target * 1000, verdict, peer * 1000, peer > 0 ? seconds / peer : 0))
    }
}

/// What `photos bench changes` measures (also reported by `photos bench fetch`).
struct ChangeBenchFigures {
    var photoCount = 0, albumCount = 0
    /// Median latency of a one-asset change until the ten results' details are delivered, and re-running them.
    var oneChange = 0.0, oneChangeRefetch = 0.0
    var rssGrowthMB = 0.0
    /// Latency of the batch import until details are delivered, and re-running the ten fetches after it.
    var batch = 0.0, batchRefetch = 0.0
    var consistent = false

    /// Registers the ten fetch results on the library at `path`, commits a one-asset change five times and a
    /// `batch`-asset import once, and times the deliveries.
    static func measure(libraryAt path: String, batch: Int) throws -> ChangeBenchFigures {
        var figures = ChangeBenchFigures()
        let photos = try PHPhotoLibrary(url: URL(fileURLWithPath: path))
        let results = try ChangeBenchFetches(library: photos)
        let recorder = BenchRecorder(fetches: results)
        photos.register(recorder)
        defer { photos.unregisterChangeObserver(recorder) }
        figures.photoCount = results.allPhotos.count
        figures.albumCount = results.albumCount

        // One-asset change: toggle a favourite in the middle of the library, five times.
        var latencies: [Double] = []
        var rssGrowth: [Double] = []
        for round in 0..<5 {
            let asset = results.allPhotos.object(at: results.allPhotos.count / 2 + round)
            let rss = ResidentMemory.currentMB()
            let before = recorder.count
            try photos.performChangesAndWait { PHAssetChangeRequest(for: asset).isFavorite = !asset.isFavorite }
            let returned = DispatchTime.now().uptimeNanoseconds
            let delivered = recorder.wait(after: before)
            latencies.append(Double(delivered > returned ? delivered - returned : 0) / 1e9)
            rssGrowth.append(ResidentMemory.currentMB() - rss)
        }
        figures.oneChangeRefetch = time { _ = results.refetchAll() }
        figures.oneChange = latencies.sorted()[2]
        figures.rssGrowthMB = rssGrowth.sorted()[2]

        // Batch import: `batch` new photos in one transaction.
        let jpeg = SampleMedia.jpeg
        let before = recorder.count
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        try photos.performChangesAndWait {
            for index in 0..<batch {
                let request = PHAssetCreationRequest.forAsset()
                request.addResource(with: .photo, data: jpeg, options: nil)
                request.creationDate = start.addingTimeInterval(Double(index) * 37)
            }
        }
        let returned = DispatchTime.now().uptimeNanoseconds
        let delivered = recorder.wait(after: before)
        figures.batch = Double(delivered > returned ? delivered - returned : 0) / 1e9
        figures.batchRefetch = time { _ = results.refetchAll() }
        figures.consistent = recorder.verify()
        return figures
    }

    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// The ten fetch results the change benchmark follows.
final class ChangeBenchFetches: @unchecked Sendable {
    let library: PHPhotoLibrary
    var allPhotos: PHFetchResult<PHAsset>
    var assets: [String: PHFetchResult<PHAsset>] = [:]
    var collections: [String: PHFetchResult<PHAssetCollection>] = [:]
    var lists: [String: PHFetchResult<PHCollection>] = [:]
    let album: PHAssetCollection
    var albumCount: Int { assets["album"]?.count ?? 0 }

    init(library: PHPhotoLibrary) throws {
        self.library = library
        let options = Self.options(library)
        allPhotos = PHAsset.fetchAssets(with: .image, options: options)
        let existing = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .albumRegular, options: options)
        if let found = existing.first(where: { $0.localizedTitle == "Bench 10k" }) {
            album = found
        } else {
            var identifier = ""
            let members = allPhotos.objects(at: IndexSet(integersIn: 0..<min(10_000, allPhotos.count)))
            try library.performChangesAndWait {
                let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Bench 10k")
                request.addAssets(members as NSArray)
                identifier = request.placeholderForCreatedAssetCollection.localIdentifier
            }
            let withOptions = Self.options(library)
            album = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [identifier], options: withOptions).firstObject!
        }
        refetchAll()
    }

    static func options(_ library: PHPhotoLibrary) -> PHFetchOptions {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return options
    }

    @discardableResult
    func refetchAll() -> Int {
        let plain = Self.options(library)
        let newest = Self.options(library)
        newest.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        let favorites = Self.options(library)
        favorites.predicate = NSPredicate(format: "favorite == YES")
        let modified = Self.options(library)
        modified.predicate = NSPredicate(format: "modificationDate > %@", Date(timeIntervalSinceNow: -86_400) as NSDate)
        allPhotos = PHAsset.fetchAssets(with: .image, options: plain)
        assets["newest"] = PHAsset.fetchAssets(with: .image, options: newest)
        assets["favorites"] = PHAsset.fetchAssets(with: favorites)
        assets["videos"] = PHAsset.fetchAssets(with: .video, options: plain)
        assets["album"] = PHAsset.fetchAssets(in: album, options: plain)
        assets["modified"] = PHAsset.fetchAssets(with: modified)
        if let smart = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: plain).firstObject {
            assets["favoritesAlbum"] = PHAsset.fetchAssets(in: smart, options: plain)
        }
        collections["moments"] = PHAssetCollection.fetchMoments(with: plain)
        collections["albums"] = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: plain)
        lists["topLevel"] = PHCollectionList.fetchTopLevelUserCollections(with: plain)
        return allPhotos.count
    }
}

/// Applies every change to the ten fetch results on the observer queue and timestamps it.
final class BenchRecorder: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
    let fetches: ChangeBenchFetches
    private let condition = NSCondition()
    private var deliveries: [UInt64] = []

    init(fetches: ChangeBenchFetches) { self.fetches = fetches }

    var count: Int { condition.lock(); defer { condition.unlock() }; return deliveries.count }

    func photoLibraryDidChange(_ change: PHChange) {
        if let details = change.changeDetails(for: fetches.allPhotos) { fetches.allPhotos = details.fetchResultAfterChanges }
        for (key, result) in fetches.assets { if let d = change.changeDetails(for: result) { fetches.assets[key] = d.fetchResultAfterChanges } }
        for (key, result) in fetches.collections { if let d = change.changeDetails(for: result) { fetches.collections[key] = d.fetchResultAfterChanges } }
        for (key, result) in fetches.lists { if let d = change.changeDetails(for: result) { fetches.lists[key] = d.fetchResultAfterChanges } }
        condition.lock()
        deliveries.append(DispatchTime.now().uptimeNanoseconds)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for a delivery after the `after`-th and returns its time.
    func wait(after: Int) -> UInt64 {
        condition.lock(); defer { condition.unlock() }
        while deliveries.count <= after { condition.wait() }
        return deliveries[after]
    }

    /// Whether the followed results equal fresh fetches.
    func verify() -> Bool {
        let followed = fetches.allPhotos.map(\.localIdentifier), album = fetches.assets["album"]?.map(\.localIdentifier)
        let allNow = PHAsset.fetchAssets(with: .image, options: ChangeBenchFetches.options(fetches.library)).map(\.localIdentifier)
        let albumNow = PHAsset.fetchAssets(in: fetches.album, options: ChangeBenchFetches.options(fetches.library)).map(\.localIdentifier)
        return followed == allNow && album == albumNow
    }
}

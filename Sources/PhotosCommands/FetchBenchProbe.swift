import Foundation
import Photos

/// The child-process half of `photos bench fetch`: measures one cold process and prints its figures as JSON
/// (seconds; `peakRSSMB` in MB).
enum FetchBenchProbe {
    static func run(libraryAt path: String) throws {
        var figures: [String: Double] = [:]
        var result: PHFetchResult<PHAsset>!
        func byDate(_ library: PHPhotoLibrary) -> PHFetchOptions {
            let options = PHFetchOptions()
            options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
            options.photoLibrary = library
            return options
        }
        var photos: PHPhotoLibrary!
        let opened = try time { photos = try PHPhotoLibrary(url: URL(fileURLWithPath: path)) }
        let fetched = time { result = PHAsset.fetchAssets(with: byDate(photos)) }
        let counted = time {
            _ = result.count
            _ = result.firstObject
        }
        PHPhotoLibrary.setShared(photos)
        figures["open"] = opened
        figures["fetchOnly"] = fetched
        figures["countFirst"] = counted
        figures["fetch"] = opened + fetched + counted
        let count = result.count
        figures["count"] = Double(count)
        var generator = SystemRandomNumberGenerator()
        let indexes = (0..<200).map { _ in Int.random(in: 0..<count, using: &generator) }
        var picked: [PHAsset] = []
        figures["objectAt"] = time { picked = indexes.map { result.object(at: $0) } } / Double(indexes.count)
        figures["indexOfFirst"] = time { _ = result.index(of: picked[0]) }
        var found = 0
        figures["indexOf"] = time { for asset in picked { found &+= result.index(of: asset) } } / Double(picked.count)
        figures["favorites"] = time {
            let album = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil).firstObject!
            _ = PHAsset.fetchAssets(in: album, options: nil).count
        }
        let favourites = PHFetchOptions()
        favourites.predicate = NSPredicate(format: "favorite == YES")
        figures["predicate"] = time { _ = PHAsset.fetchAssets(with: favourites).count }
        var total = 0
        let cpuBefore = threadCPUTime()
        figures["enumerate"] = time { result.enumerateObjects { asset, _, _ in total &+= asset.pixelWidth } }
        figures["enumerateCPU"] = threadCPUTime() - cpuBefore
        figures["peakRSSMB"] = Double(ResidentMemory.peakKB()) / 1024
        figures["load"] = loadAverage()
        FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: figures))
    }

    /// CPU time of this thread (the figures are also given as CPU time, since wall time on a shared machine
    /// includes waiting for a core).
    private static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The one-minute load average (how busy the machine was).
    private static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }
}

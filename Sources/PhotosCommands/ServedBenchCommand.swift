import ArgumentParser
import Foundation
import Photos
import PhotoLibrary
import Synchronization

/// `photos bench served`: PhotoKit over `photos serve`'s Unix socket against PhotoKit on the library directory, on
/// one filler library in one run (issue 13's targets): fetch + count + first object (≤ 3× in-process),
/// enumerating 100,000 assets (≤ 2×), and one change's details reaching an observer after the commit (≤ 50 ms).
struct ServedBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "served", abstract: "Measure PhotoKit over the service's Unix socket against PhotoKit in-process.")
    @Option(help: "Assets to fill when no --library is given.") var count = 1_000_000
    @Option(help: "Benchmark an existing library instead of filling a new one.") var library: String?

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-served-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = URL(fileURLWithPath: library ?? scratch.appendingPathComponent("Bench.photoslibrary").path)
        let core = try Library.open(at: path)
        if library == nil {
            print("Filling \(count) assets…")
            try core.fill(count: count, seed: 1)
            sync()
        }
        let account = try core.accounts().first { $0.username == "bench-served" }
            ?? core.createAccount(username: "bench-served", passwordHash: "!", role: .admin)
        let token = try core.createCredential(.token, accountID: account.rowID, name: "photos bench served", lifetime: 3600).secret
        let socket = scratch.appendingPathComponent("s.sock").path
        let server = Process()
        server.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        server.arguments = ["serve", "--exit-with-parent", "--no-analysis", "--library", path.path, "--no-tcp", "--socket", socket]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: socket) {
            guard server.isRunning, Date() < deadline else { throw CommandError("photos serve did not start on \(socket)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        setenv("PHOTOS_LIBRARY_TOKEN", token, 1)
        let local = try PHPhotoLibrary(url: path)
        let served = try PHPhotoLibrary(url: URL(string: "unix:" + socket)!)

        let total = PHAsset.fetchAssets(with: Self.options(local, sorted: false)).count
        print("PhotoKit over the Unix socket vs in-process, \(total) assets (medians of 5, after one warm-up):")
        let fetchLocal = try Self.median { try Self.fetchCountFirst(local) }, fetchServed = try Self.median { try Self.fetchCountFirst(served) }
        Self.report("fetchAssets by creationDate + count + firstObject", served: fetchServed, local: fetchLocal, limit: 3)
        let enumerated = min(100_000, total)
        let enumerateLocal = try Self.median { try Self.enumerate(local, enumerated) }
        let enumerateServed = try Self.median { try Self.enumerate(served, enumerated) }
        Self.report("enumerateObjects over the first \(enumerated)", served: enumerateServed, local: enumerateLocal, limit: 2)
        let changeLocal = try Self.changeLatency(local, core), changeServed = try Self.changeLatency(served, core)
        print(String(format: "  one change → details for 2 live fetch results (all %d assets, favourites), median of 5: served %.1f ms (target ≤ 50 ms, %@), in-process %.1f ms",
                     total, changeServed * 1000, changeServed <= 0.050 ? "met" : "MISSED", changeLocal * 1000))
    }

    private static func options(_ library: PHPhotoLibrary, sorted: Bool = true) -> PHFetchOptions {
        let options = PHFetchOptions()
        options.photoLibrary = library
        if sorted { options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)] }
        return options
    }

    private static func fetchCountFirst(_ library: PHPhotoLibrary) throws {
        let result = PHAsset.fetchAssets(with: options(library))
        guard result.count > 0, result.firstObject != nil else { throw CommandError("\(library.url.absoluteString) fetched no assets") }
    }

    private static func enumerate(_ library: PHPhotoLibrary, _ count: Int) throws {
        let result = PHAsset.fetchAssets(with: options(library))
        var seen = 0
        result.enumerateObjects { asset, index, stop in
            if !asset.localIdentifier.isEmpty { seen += 1 }
            if index + 1 >= count { stop.pointee = true }
        }
        guard seen == count else { throw CommandError("\(library.url.absoluteString) enumerated \(seen) of \(count) assets") }
    }

    /// Seconds from a commit (made by another handle, as another program would) to the observer's call, with an
    /// all-assets and a favourites fetch result live.
    private static func changeLatency(_ library: PHPhotoLibrary, _ core: Library) throws -> Double {
        let observer = LatencyObserver()
        let all = PHAsset.fetchAssets(with: options(library))
        let favoritesAlbum = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: options(library, sorted: false)).firstObject
        let favorites = favoritesAlbum.map { PHAsset.fetchAssets(in: $0, options: options(library)) }
        library.register(observer)
        defer { library.unregisterChangeObserver(observer) }
        Thread.sleep(forTimeInterval: 0.5)   // the monitor is listening
        let target = all.object(at: all.count / 2).localIdentifier
        var samples: [Double] = []
        for round in 0..<5 {
            let start = observer.arm()
            _ = try core.apply(ChangeBatch(operations: [.editAsset(identifier: target, AssetEdits(isFavorite: round % 2 == 0))]))
            guard let delivered = observer.wait(timeout: 30) else { throw CommandError("no change notification within 30 s") }
            samples.append(delivered.timeIntervalSince(start))
        }
        withExtendedLifetime((all, favorites)) {}
        return samples.sorted()[samples.count / 2]
    }

    private static func median(_ body: () throws -> Void) throws -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<5 {
            let start = Date()
            try body()
            samples.append(Date().timeIntervalSince(start))
        }
        return samples.sorted()[2]
    }

    private static func report(_ name: String, served: Double, local: Double, limit: Double) {
        let ratio = served / max(local, 1e-9)
        print(String(format: "  %@: served %.1f ms, in-process %.1f ms, ratio %.2f× (target ≤ %g×, %@)", name, served * 1000, local * 1000,
                     ratio, limit, ratio <= limit ? "met" : "MISSED"))
    }
}

/// Notes when the first change after `arm()` arrives.
private final class LatencyObserver: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
    private let condition = NSCondition()
    private var delivered: Date?

    func arm() -> Date {
        condition.lock(); delivered = nil; condition.unlock()
        return Date()
    }

    func photoLibraryDidChange(_ changeInstance: PHChange) {
        condition.lock()
        if delivered == nil { delivered = Date() }
        condition.broadcast()
        condition.unlock()
    }

    func wait(timeout: TimeInterval) -> Date? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while delivered == nil { if !condition.wait(until: deadline) { return nil } }
        return delivered
    }
}

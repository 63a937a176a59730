import ArgumentParser
import Foundation
import Photos
import PhotoLibrary

/// `photos bench library` (the default of `photos bench`): the library-core benchmark. Fills a fresh library (or uses `--library`), then measures
/// PhotoKit fetches in a fresh child process and prints each figure next to its target and, where there is
/// one, the same work done by the `sqlite3` command on the same database (the floor any SQLite-backed
/// library stands on), as a ratio.
struct LibraryBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "Measure fetch speed and memory on a large filler library.")
    @Option(help: "Assets to fill when no --library is given.") var count = 1_000_000
    @Option(help: "Benchmark an existing library instead of filling a new one.") var library: String?
    @Flag(help: .hidden) var probe = false

    func run() throws {
        if probe { return try runProbe() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-\(getpid())")
        let path = library ?? scratch.appendingPathComponent("Bench.photoslibrary").path
        defer { if library == nil { try? FileManager.default.removeItem(at: scratch) } }
        if library == nil {
            print("Filling \(count) assets…")
            let start = Date()
            let filled = try Library.open(at: URL(fileURLWithPath: path)).fill(count: count, seed: 1)
            report("fill --count \(count)", Date().timeIntervalSince(start), target: 60, unit: "s", peer: nil)
            _ = filled
        }
        // A fresh process measures the fetches.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: child.executableURL!.path) {
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        child.arguments = ["bench", "library", "--probe", "--library", path]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard let figures = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw ValidationError("the benchmark probe failed")
        }
        let db = URL(fileURLWithPath: path).appendingPathComponent("database/Photos.sqlite").path
        let visible = "trashed_date IS NULL AND is_hidden = 0 AND burst_extra = 0"
        let peerFetch = sqliteTime(db, "SELECT id FROM asset WHERE \(visible) AND media_type = 1 ORDER BY creation_date, id;")
        let peerFavorites = sqliteTime(db, "SELECT id FROM asset WHERE \(visible) AND is_favorite = 1 ORDER BY creation_date, id;")
        let peerAll = sqliteTime(db, "SELECT \(AssetRecord.columns) FROM asset WHERE \(visible) ORDER BY creation_date, id;")
        print("Fresh process, \(Int(figures["count"] ?? 0)) image assets:")
        report("open + fetch images by creationDate + count + firstObject", figures["fetch"]!, target: 0.010, unit: "ms", peer: peerFetch)
        report("object(at: \(min(500_000, Int(figures["count"] ?? 0) - 1)))", figures["objectAt"]!, target: 0.001, unit: "ms", peer: nil)
        report("index(of:) (first call builds the id map)", figures["indexOfFirst"]!, target: 0.001, unit: "ms", peer: nil)
        report("index(of:) (later calls)", figures["indexOf"]!, target: 0.001, unit: "ms", peer: nil)
        report("contains(_:)", figures["contains"]!, target: 0.001, unit: "ms", peer: nil)
        report("Favorites smart album fetch", figures["favorites"]!, target: 0.010, unit: "ms", peer: peerFavorites)
        report("enumerate every asset", figures["enumerate"]!, target: 2, unit: "s", peer: peerAll)
        print(String(format: "  peak RSS while enumerating: %.0f MB (target ≤ 200 MB)", figures["peakRSSMB"]!))
    }

    private func runProbe() throws {
        guard let library else { throw ValidationError("--probe needs --library") }
        var figures: [String: Double] = [:]
        func time(_ body: () throws -> Void) rethrows -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        var images: PHFetchResult<PHAsset>!
        var middle: PHAsset!
        figures["fetch"] = try time {
            let photos = try PHPhotoLibrary(url: URL(fileURLWithPath: library))
            PHPhotoLibrary.setShared(photos)
            let options = PHFetchOptions()
            options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
            images = PHAsset.fetchAssets(with: .image, options: options)
            _ = images.count
            _ = images.firstObject
        }
        figures["count"] = Double(images.count)
        let index = min(500_000, images.count - 1)
        figures["objectAt"] = time { middle = images.object(at: index) }
        figures["indexOfFirst"] = time { _ = images.index(of: middle) }
        let other = images.object(at: index / 2)
        figures["indexOf"] = time { _ = images.index(of: other) }
        figures["contains"] = time { _ = images.contains(middle) }
        figures["favorites"] = time {
            let favorites = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil).firstObject!
            _ = PHAsset.fetchAssets(in: favorites, options: nil).count
        }
        let all = PHAsset.fetchAssets(with: nil)
        var total = 0
        figures["enumerate"] = time { all.enumerateObjects { asset, _, _ in total &+= asset.pixelWidth } }
        figures["peakRSSMB"] = Double(ResidentMemory.peakKB()) / 1024
        let data = try JSONSerialization.data(withJSONObject: figures)
        FileHandle.standardOutput.write(data)
    }

    private func report(_ name: String, _ seconds: Double, target: Double, unit: String, peer: Double?) {
        let scale = unit == "ms" ? 1000.0 : 1.0
        let met = seconds <= target ? "met" : "MISSED"
        var line = String(format: "  %@: %.3f %@ (target ≤ %g %@, %@)", name, seconds * scale, unit, target * scale, unit, met)
        if let peer, peer > 0 { line += String(format: "; sqlite3 same query %.3f %@, ratio %.2f×", peer * scale, unit, seconds / peer) }
        print(line)
    }

    /// The in-process time `sqlite3` reports for a query (`.timer on`), output discarded.
    private func sqliteTime(_ database: String, _ sql: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(".output /dev/null\n.timer on\n\(sql)\n".utf8))
        input.fileHandleForWriting.closeFile()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = text.range(of: "real ") else { return nil }
        return Double(text[range.upperBound...].prefix { $0 == "." || $0.isNumber })
    }
}

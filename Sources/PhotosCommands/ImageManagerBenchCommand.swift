import ArgumentParser
import Foundation
import Photos
import PhotoLibrary
import ImageIO
import ImageManagement

/// `photos bench images`: the image manager on a library of real JPEGs. Imports `--count` distinct 3-megapixel
/// photos, makes their derivatives (reported as photos per second), then measures, warm and per request:
/// `requestImage` for a 160-px grid cell (aspect fill, exact) answered from stored derivatives, and a
/// `PHCachingImageManager` hit for the same cell after `startCachingImages`. The peer for the grid cell is Pillow
/// doing the same work (open the same derivative file, `ImageOps.fit` to 160×160) in one Python process; a cache
/// hit has no peer (it is an in-memory lookup). Build with `-c release`.
struct ImageManagerBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "images", abstract: "Measure image requests from derivatives and caches (vs Pillow).")
    @Option(help: "Photos to import.") var count = 200
    @Option(help: "Requests per measurement.") var requests = 1000

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-bench-images-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        print("Writing \(count) 2048×1536 JPEGs…")
        for index in 0..<count { try BenchPhotos.jpeg(seed: index).write(to: input.appendingPathComponent(String(format: "IMG_%04d.JPG", index))) }

        let photos = try PHPhotoLibrary(url: scratch.appendingPathComponent("Bench.photoslibrary"))
        let summary = try Importer(library: photos.library).importItems(at: [input])
        let context = ImagingContext.context(for: photos.library)
        let rowIDs = try photos.library.assetRowIDs(identifiers: summary.createdAssetIdentifiers)
        let start = DispatchTime.now().uptimeNanoseconds
        context.generator.enqueue(rowIDs, in: photos.library)
        context.generator.waitUntilIdle()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(String(format: "  derivatives (256 px + 1600 px) for %d photos: %.2f s, %.1f photos/s on %d worker(s)", rowIDs.count, seconds,
                     Double(rowIDs.count) / seconds, context.generator.maximumWorkers))

        let fetch = PHFetchOptions()
        fetch.photoLibrary = photos
        let result = PHAsset.fetchAssets(with: fetch)
        let assets = (0..<result.count).map { result.object(at: $0) }
        let cell = CGSize(width: 160, height: 160)
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.resizeMode = .exact
        options.deliveryMode = .highQualityFormat

        // Grid cell from stored derivatives (one warm-up pass first).
        for asset in assets { _ = request(.default(), asset, cell, options) }
        let grid = (0..<requests).map { request(.default(), assets[$0 % assets.count], cell, options) }
        let peer = pillowGridCell(assets: assets, store: context.store, library: photos.library)
        report("requestImage, 160-px grid cell from stored derivatives", grid, target: 0.002, peer: peer, peerName: "Pillow open + ImageOps.fit, same files")

        // PHCachingImageManager hit.
        let cache = PHCachingImageManager()
        cache.startCachingImages(for: assets, targetSize: cell, contentMode: .aspectFill, options: options)
        while cache.pendingCachingCount > 0 { usleep(1000) }
        let hits = (0..<requests).map { request(cache, assets[$0 % assets.count], cell, options) }
        report("cached PHCachingImageManager hit (synchronous)", hits, target: 0.000_050, peer: nil, peerName: "")
        print("  (\(cache.cachedImageCount) images, \(cache.cachedBytes / 1024) KiB cached)")
    }

    /// Seconds one synchronous request takes.
    private func request(_ manager: PHImageManager, _ asset: PHAsset, _ size: CGSize, _ options: PHImageRequestOptions) -> Double {
        var delivered = false
        let start = DispatchTime.now().uptimeNanoseconds
        manager.requestImage(for: asset, targetSize: size, contentMode: .aspectFill, options: options) { image, _ in delivered = image != nil }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if !delivered { FileHandle.standardError.write(Data("warning: a request delivered no image\n".utf8)) }
        return elapsed
    }

    private func report(_ name: String, _ samples: [Double], target: Double, peer: Double?, peerName: String) {
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
        let (scale, unit) = target < 0.001 ? (1e6, "µs") : (1e3, "ms")
        var line = String(format: "  %@: median %.3f %@, p95 %.3f %@ (target ≤ %g %@, %@)", name, median * scale, unit, p95 * scale, unit,
                          target * scale, unit, median <= target ? "met" : "MISSED")
        if let peer { line += String(format: "; %@ %.3f %@, ratio %.2f×", peerName, peer * scale, unit, median / peer) }
        else if !peerName.isEmpty { line += "; \(peerName) not measured (python3 with Pillow not found)" }
        print(line)
    }

    /// Pillow's median seconds per cell on the same thumbnail derivatives, or nil without python3 + PIL.
    private func pillowGridCell(assets: [PHAsset], store: DerivativeStore, library: Library) -> Double? {
        let files = assets.compactMap { asset -> String? in
            guard let resources = try? library.resources(assetRowID: asset.record.rowID),
                  let rendition = Rendition.select(from: resources, version: .current) else { return nil }
            return store.existing(contentKey: rendition.contentKey, kind: .thumbnail)?.path
        }
        let script = """
            import sys, time
            from PIL import Image, ImageOps
            paths = sys.stdin.read().split("\\n")
            n = \(requests)
            for p in paths: ImageOps.fit(Image.open(p), (160, 160), Image.LANCZOS)
            times = []
            for i in range(n):
                t = time.perf_counter(); im = ImageOps.fit(Image.open(paths[i % len(paths)]), (160, 160), Image.LANCZOS); im.load()
                times.append(time.perf_counter() - t)
            times.sort(); print(times[len(times) // 2])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(files.joined(separator: "\n").utf8))
        input.fileHandleForWriting.closeFile()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Distinct synthetic photos for benchmarks: smooth colour fields with detail, encoded by ImageIO.
enum BenchPhotos {
    static func jpeg(seed: Int, width: Int = 2048, height: Int = 1536) throws -> Data {
        let pixels = try PixelBuffer(width: width, height: height, layout: .rgbx, bitsPerComponent: 8) { (bytes) throws(ImageIOError) in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let detail = UInt8(truncatingIfNeeded: (x ^ y) &* 7 &+ seed)
                    bytes[i] = UInt8(truncatingIfNeeded: x * 255 / width &+ seed &* 37) &+ detail >> 4
                    bytes[i + 1] = UInt8(truncatingIfNeeded: y * 255 / height &+ seed &* 91) &+ detail >> 5
                    bytes[i + 2] = UInt8(truncatingIfNeeded: (x + y) * 127 / (width + height) &+ seed &* 53)
                }
            }
        }
        return try ImageWriter.encode(pixels: pixels, colorSpace: CGColorSpaceCreateDeviceRGB(), as: .jpeg, options: EncodeOptions(quality: 0.85))
    }
}

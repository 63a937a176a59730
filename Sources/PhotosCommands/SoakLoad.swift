import Foundation
import Photos
import PhotoLibrary
import FilterChains
import ImageIO
import Synchronization

/// The soak's workers: each a thread repeating one kind of change on photos the soak imported itself (so the
/// library's own photos are never touched), until the deadline.
final class SoakLoad: @unchecked Sendable {
    let photos: PHPhotoLibrary
    let scratch: URL
    private let state = Mutex(State())

    private struct State {
        var counts: [String: Int] = [:]
        var refused = 0
        var failures: [String] = []
        /// The soak's photos in the library (visible or in Recently Deleted), and those erased for good.
        var live = IdentifierPool()
        var trashed: Set<String> = []
        var erased: Set<String> = []
        var imported: Set<String> = []
        var commits = 0
    }

    init(photos: PHPhotoLibrary, scratch: URL) {
        self.photos = photos
        self.scratch = scratch
    }

    /// Starts one thread per kind of work; each signals its semaphore when the deadline has passed.
    func start(until deadline: Date) -> [DispatchSemaphore] {
        let workers = ["imports", "edits", "trash", "albums", "erase"]
        return workers.map { name in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [self] in
                while Date() < deadline {
                    do {
                        switch name {
                        case "imports": try importPhotos()
                        case "edits": try editPhoto()
                        case "trash": try trashOrRecover()
                        case "albums": try changeAlbum()
                        default: try erasePhoto()
                        }
                    } catch { record(error, in: name) }
                }
                done.signal()
            }
            return done
        }
    }

    func totals() -> [String: Int] { state.withLock { $0.counts } }
    func refusals() -> Int { state.withLock { $0.refused } }
    func failures() -> [String] { state.withLock { $0.failures } }
    func erasedCount() -> Int { state.withLock { $0.erased.count } }
    var commits: Int { state.withLock { $0.commits } }

    /// How many of the soak's photos the library holds, and how many it should (imported minus erased).
    func ownAssetsPresent() throws -> (present: Int, expected: Int) {
        let (imported, erased) = state.withLock { ($0.imported, $0.erased) }
        let present = try photos.library.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE identifier IN (SELECT value FROM json_each(?))",
                             arguments: [String(decoding: try JSONEncoder().encode(Array(imported)), as: UTF8.self)]) ?? 0
        }
        return (present, imported.count - erased.count)
    }

    func removeScratch() { try? FileManager.default.removeItem(at: scratch) }

    // MARK: Work

    /// Four new photos through the importer (inspection, duplicate check, batch commit).
    private func importPhotos() throws {
        let folder = scratch.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<4 { try SoakPhotos.unique().write(to: folder.appendingPathComponent("soak-\(index).jpg")) }
        let summary = try Importer(library: photos.library).importItems(at: [folder])
        guard summary.createdAssetIdentifiers.count == 4 else {
            throw SoakProblem("an import of 4 new photos created \(summary.createdAssetIdentifiers.count) (rejected: \(summary.rejected.count), duplicates: \(summary.duplicates.count))")
        }
        state.withLock {
            for identifier in summary.createdAssetIdentifiers { $0.live.insert(identifier) }
            $0.imported.formUnion(summary.createdAssetIdentifiers)
            $0.counts["imports", default: 0] += 4
            $0.commits += 1
        }
    }

    /// A sepia edit through PhotoKit's content-editing path (resuming the stored chain), or a revert.
    private func editPhoto() throws {
        guard let identifier = pick() else { return Thread.sleep(forTimeInterval: 0.05) }
        let record = try photos.library.asset(identifier, includeTrashed: false)
        if Int.random(in: 0..<3) == 0, try photos.library.currentEdit(assetRowID: record.rowID) != nil {
            let asset = try AssetEditing.fetch(identifier, in: photos)
            try photos.performChangesAndWait { PHAssetChangeRequest(for: asset).revertAssetContentToOriginal() }
            count("reverts")
            return
        }
        let sepia = try FilterChain.Filter(name: "CISepiaTone", text: [(key: "inputIntensity", value: String(Double.random(in: 0.2...1)))])
        let session = try ChainEditSession(record: record, photos: photos, additions: [sepia], replace: false)
        guard let image = session.source else { throw SoakProblem("\(identifier) has no image to edit") }
        let output = PHContentEditingOutput(contentEditingInput: session.input)
        _ = try session.chain.renderJPEG(imageAt: image, orientation: session.input.fullSizeImageOrientation, to: output.renderedContentURL, timeLimit: 30)
        output.adjustmentData = try session.adjustmentData()
        try session.commit(output, in: photos)
        count("edits")
    }

    /// Trashes one of the soak's photos, or brings one back from Recently Deleted.
    private func trashOrRecover() throws {
        let recover = Bool.random()
        let candidate: String? = state.withLock { s in recover ? s.trashed.randomElement() : s.live.randomElement(notIn: s.trashed) }
        guard let identifier = candidate else { return Thread.sleep(forTimeInterval: 0.05) }
        try photos.library.apply(ChangeBatch(operations: [recover ? .recoverAssets([identifier]) : .trashAssets([identifier])]))
        state.withLock {
            if recover { $0.trashed.remove(identifier) } else { $0.trashed.insert(identifier) }
            $0.counts[recover ? "recoveries" : "trashings", default: 0] += 1
            $0.commits += 1
        }
    }

    /// Makes an album of three of the soak's photos, renames it, takes one out, deletes it.
    private func changeAlbum() throws {
        let members = state.withLock { $0.live.randomSample(3) }
        guard members.count == 3 else { return Thread.sleep(forTimeInterval: 0.05) }
        let album = LocalIdentifier.make(.assetCollection)
        try photos.library.apply(ChangeBatch(operations: [.createAlbum(identifier: album, title: "Soak"),
                                                          .editCollection(identifier: album, title: nil, members: [.add(members)])]))
        try photos.library.apply(ChangeBatch(operations: [.editCollection(identifier: album, title: "Soak (renamed)", members: [.remove([members[0]])])]))
        try photos.library.apply(ChangeBatch(operations: [.deleteCollections([album])]))
        state.withLock { $0.counts["album changes", default: 0] += 3; $0.commits += 3 }
        Thread.sleep(forTimeInterval: 0.1)
    }

    /// Now and then erases one of the soak's photos for good (the only operation that deletes files).
    private func erasePhoto() throws {
        Thread.sleep(forTimeInterval: 1)
        let candidate: String? = state.withLock { $0.live.count > 40 ? $0.live.randomElement() : nil }
        guard let identifier = candidate else { return }
        try photos.library.apply(ChangeBatch(operations: [.purgeAssets([identifier])]))
        state.withLock {
            $0.live.remove(identifier)
            $0.trashed.remove(identifier)
            $0.erased.insert(identifier)
            $0.counts["erasures", default: 0] += 1
            $0.commits += 1
        }
    }

    // MARK: Helpers

    private func pick() -> String? { state.withLock { s in s.live.randomElement(notIn: s.trashed) } }

    private func count(_ kind: String) { state.withLock { $0.counts[kind, default: 0] += 1; $0.commits += 1 } }

    /// An object another worker erased (or trashed) a moment ago is refused as not found or not changeable: expected.
    private func record(_ error: any Error, in worker: String) {
        let expected: Bool
        if let error = error as? LibraryError { expected = error.code == .identifierNotFound || error.code == .changeNotSupported }
        else if let error = error as? PHPhotosError { expected = error.code == .identifierNotFound || error.code == .changeNotSupported }
        else {
            // The edit path's own errors name the photo that went missing under it.
            let text = "\(error)"
            expected = text.contains("not found") || text.contains("No asset") || text.contains("in Recently Deleted")
        }
        state.withLock { s in if expected { s.refused += 1 } else { s.failures.append("\(worker): \(error)") } }
        if !expected { Thread.sleep(forTimeInterval: 0.1) }
    }
}

struct SoakProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Photos for the soak: one noise JPEG made once, each copy made unique by a comment segment (new bytes, the same
/// picture), so every import is new content.
enum SoakPhotos {
    private static let base: Data = {
        let width = 320, height = 240
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = UInt8.random(in: 0...255); pixels[index + 1] = UInt8(index / 4 % 256); pixels[index + 2] = UInt8.random(in: 60...200)
        }
        let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                            provider: CGDataProvider(data: Data(pixels)), decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
        let data = NSMutableData()
        let destination = CGImageDestinationCreateWithData(data as CFMutableData, "public.jpeg" as CFString, 1, nil)!
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: 0.85] as CFDictionary)
        CGImageDestinationFinalize(destination)
        return data as Data
    }()

    /// The base JPEG with a unique COM segment after its SOI marker.
    static func unique() -> Data {
        let comment = Array("soak \(UUID().uuidString)".utf8)
        let length = comment.count + 2
        var out = Data(base.prefix(2))
        out.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment)
        out.append(base.dropFirst(2))
        return out
    }
}

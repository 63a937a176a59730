import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import PhotoLibrary
import ImageManagement

@Suite(.disabled(if: ServedTestLibrary.isRequested, "the library's own derivative generation in this process: over the service it runs in the service (LibraryServiceTests)"))
struct DerivativeTests {
    func context(_ test: TestLibrary) -> ImagingContext { ImagingContext.context(for: test.library) }

    func rendition(_ asset: PHAsset, _ test: TestLibrary, _ version: ImageVersion = .current) throws -> Rendition {
        try #require(Rendition.select(from: try test.library.resources(assetRowID: asset.record.rowID), version: version))
    }


    @Test func derivativesAreStoredJPEGsOfTheRightSizes() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 2400, height: 1800, seed: 1)
        let kinds = try context(test).generator.generate(assetRowID: asset.record.rowID, in: test.library)
        #expect(Set(kinds) == [.thumbnail, .screen])
        let key = try rendition(asset, test).contentKey
        let store = context(test).store
        for (kind, size) in [(DerivativeKind.thumbnail, PixelSize(width: 341, height: 256)), (.screen, PixelSize(width: 1600, height: 1200))] {
            let url = try #require(store.existing(contentKey: key, kind: kind))
            #expect(url.path.hasPrefix(test.library.url.appendingPathComponent("derivatives").path))
            let data = try Data(contentsOf: url)
            #expect(data.prefix(2) == Data([0xFF, 0xD8]))
            let header = try ImageFile(data: data).header()
            #expect(PixelSize(width: header.width, height: header.height) == size)
        }
        #expect(try context(test).generator.generate(assetRowID: asset.record.rowID, in: test.library).isEmpty, "nothing left to make")
        let leftovers = TemporaryDirectory.files(under: store.root).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func committedAssetsGetDerivativesInTheBackground() throws {
        let test = try TestLibrary()
        try test.photos.performChangesAndWait {
            PHAssetCreationRequest.forAsset().addResource(with: .photo, data: FixtureImages.jpeg(width: 1000, height: 800, seed: 8), options: nil)
        }
        test.photos.waitForDerivatives()
        let options = PHFetchOptions()
        options.photoLibrary = test.photos
        let asset = try #require(PHAsset.fetchAssets(with: options).firstObject)
        #expect(context(test).store.existing(contentKey: try rendition(asset, test).contentKey, kind: .thumbnail) != nil)
    }

    @Test func watchingTheChangeLogCatchesCommitsMadeElsewhere() async throws {
        let test = try TestLibrary()
        context(test).watch(test.library)
        // The core importer commits without the façade (as another process would).
        let asset = try test.importJPEG(width: 900, height: 700, seed: 12)
        let key = try rendition(asset, test).contentKey
        let deadline = Date().addingTimeInterval(20)
        while context(test).store.existing(contentKey: key, kind: .thumbnail) == nil && Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(context(test).store.existing(contentKey: key, kind: .thumbnail) != nil)
    }

    @Test func deletedDerivativesAreMadeAgainOnDemand() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 1200, height: 900, seed: 2)
        try context(test).generator.generate(assetRowID: asset.record.rowID, in: test.library)
        let before = try thumbnail(asset)
        try FileManager.default.removeItem(at: context(test).store.root)
        let fromOriginal = try thumbnail(asset)
        #expect(fromOriginal.width == before.width && fromOriginal.height == before.height)
        test.photos.waitForDerivatives()
        #expect(context(test).store.existing(contentKey: try rendition(asset, test).contentKey, kind: .thumbnail) != nil,
                "the request queued the missing derivatives")
    }

    @Test func anEditedRenditionHasItsOwnDerivatives() throws {
        let test = try TestLibrary()
        // An asset whose current version is a rendered edit (a fullSizePhoto resource): red original, blue edit.
        let original = FixtureImages.jpeg(width: 900, height: 600, seed: 0)
        let edit = FixtureImages.jpeg(width: 900, height: 600, seed: 3)
        try test.photos.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, data: original, options: nil)
            request.addResource(with: .fullSizePhoto, data: edit, options: nil)
        }
        test.photos.waitForDerivatives()
        let options = PHFetchOptions()
        options.photoLibrary = test.photos
        let asset = try #require(PHAsset.fetchAssets(with: options).firstObject)
        let current = try rendition(asset, test), unadjusted = try rendition(asset, test, .unadjusted)
        #expect(current.resource.type == .fullSizePhoto && unadjusted.resource.type == .photo)
        #expect(current.contentKey != unadjusted.contentKey, "derivatives are keyed by content, so an edit never reuses old ones")
        #expect(context(test).store.existing(contentKey: current.contentKey, kind: .thumbnail) != nil)
        #expect(context(test).store.existing(contentKey: unadjusted.contentKey, kind: .thumbnail) == nil)
        let blue = PixelReader(try thumbnail(asset)).mean().b, red = PixelReader(try thumbnail(asset, version: .unadjusted)).mean().b
        #expect(abs(blue - 159) < 10 && abs(red - 0) < 10, "current shows the edit (blue \(blue)), unadjusted the original (\(red))")
    }

    @Test func orphanedDerivativesAreSwept() throws {
        let test = try TestLibrary()
        let kept = try test.importJPEG(width: 800, height: 600, seed: 4)
        let gone = try test.importJPEG(width: 800, height: 600, seed: 5)
        for asset in [kept, gone] { try context(test).generator.generate(assetRowID: asset.record.rowID, in: test.library) }
        try test.photos.performChangesAndWait { PHAssetChangeRequest.deleteAssets([gone] as NSArray) }
        #expect(try context(test).store.removeOrphans(in: test.library) == 1)
        #expect(context(test).store.storedContentKeys() == [try rendition(kept, test).contentKey])
    }

    @Test func abandonedPartialFilesAreSweptWhateverPidTheyName() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 800, height: 600, seed: 7)
        try context(test).generator.generate(assetRowID: asset.record.rowID, in: test.library)
        let store = context(test).store
        let folder = try #require(store.existing(contentKey: try rendition(asset, test).contentKey, kind: .thumbnail)).deletingLastPathComponent()
        let old = Date().addingTimeInterval(-600)
        // Left by killed writers whose pids run now: ours, and pid 1 (every run in a container).
        var abandoned: [URL] = []
        for pid in [getpid(), 1] {
            let url = folder.appendingPathComponent(".x.thumbnail.jpg.\(pid)-\(UUID().uuidString).partial")
            try Data("half".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
            abandoned.append(url)
        }
        // A write in progress (its writer holds the lock), however old its file looks.
        let live = try AtomicFileWriter(destination: folder.appendingPathComponent("y.thumbnail.jpg"))
        try live.append(Data("in progress".utf8))
        let inProgress = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(".y.") })
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(inProgress).path)

        try store.removeOrphans(in: test.library)
        for url in abandoned { #expect(!FileManager.default.fileExists(atPath: url.path), "\(url.lastPathComponent) is swept") }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(inProgress).path), "a live write is kept")
        try live.commit()
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("y.thumbnail.jpg").path))
    }

    @Test func unreadableOriginalsGiveErrorsNotCrashes() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 800, height: 600, seed: 6)
        let stored = test.library.fileURL(for: try rendition(asset, test).resource)
        let bytes = try Data(contentsOf: stored)
        try Data(bytes.prefix(bytes.count / 3) + Data(repeating: 0, count: bytes.count - bytes.count / 3)).write(to: stored)
        #expect(throws: ImageManagementError.self) { try context(test).generator.generate(assetRowID: asset.record.rowID, in: test.library) }
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var info: [AnyHashable: Any]?
        var image: UIImage?
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 100, height: 100), contentMode: .aspectFit, options: options) {
            image = $0; info = $1
        }
        #expect(image == nil)
        let error = try #require(info?[PHImageErrorKey] as? NSError)
        #expect(error.domain == PHPhotosErrorDomain && error.code == PHPhotosError.Code.invalidResource.rawValue)
        #expect(error.localizedDescription.contains(stored.lastPathComponent), "\(error.localizedDescription)")
    }

    @Test func workersTakeNewestFirst() {
        let pool = WorkerPool(maximumConcurrency: 1)
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let order = Recorder<Int64>()
        pool.submit(priority: 0) { started.signal(); gate.wait() }
        started.wait()  // the only worker is busy: everything below queues
        for rowID: Int64 in [3, 9, 1, 7, 5] { pool.submit(priority: rowID) { order.append(rowID) } }
        pool.submit(priority: DerivativeGeneratorTestsUrgent) { order.append(-1) }
        gate.signal()
        pool.waitUntilIdle()
        #expect(order.values == [-1, 9, 7, 5, 3, 1])
    }
}

/// The priority the generator gives urgent (on-demand) work.
let DerivativeGeneratorTestsUrgent = Int64.max

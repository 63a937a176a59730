import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import ImageManagement

@Suite @MainActor struct PHCachingImageManagerTests {
    let cell = CGSize(width: 160, height: 160)

    func request(_ manager: PHImageManager, _ asset: PHAsset, _ size: CGSize, options: PHImageRequestOptions? = nil) async throws -> [Delivery] {
        let calls = Recorder<Delivery>()
        manager.requestImage(for: asset, targetSize: size, contentMode: .aspectFill, options: options) {
            calls.append(Delivery(image: $0, info: $1 ?? [:], onMainQueue: isOnMainQueue()))
        }
        try await waitUntil { calls.values.contains { !$0.isDegraded } }
        try await Task.sleep(nanoseconds: 30_000_000)
        return calls.values
    }

    func waitForCaching(_ manager: PHCachingImageManager) async throws {
        try await waitUntil { manager.pendingCachingCount == 0 }
    }

    @Test func requestsWithTheSameParametersAreServedFromMemory() async throws {
        let test = try TestLibrary()
        let assets = try (0..<4).map { try test.importJPEG(width: 800, height: 600, seed: $0) }
        let manager = PHCachingImageManager()
        let options = PHImageRequestOptions()
        options.resizeMode = .exact
        manager.startCachingImages(for: assets, targetSize: cell, contentMode: .aspectFill, options: options)
        try await waitForCaching(manager)
        #expect(manager.cachedImageCount == 4)
        #expect(manager.cachedBytes == 4 * 160 * 160 * 4)

        // Remove every file: only memory can answer now.
        try test.removeEveryFile()
        for asset in assets {
            let calls = try await request(manager, asset, cell, options: options)
            #expect(calls.count == 1)
            #expect(calls.first?.isDegraded == false)
            #expect(calls.first?.size == cell)
            #expect(calls.first?.onMainQueue == true)
        }
        // Another size (or options) is an ordinary request, which fails without the files.
        let other = try await request(manager, assets[0], CGSize(width: 100, height: 100), options: options)
        #expect(other.first?.image == nil)
        #expect(other.first?.error?.code == PHPhotosError.Code.invalidResource.rawValue)
        let defaultOptions = try await request(manager, assets[0], cell)
        #expect(defaultOptions.first?.image == nil, "the resize mode is part of the match")
    }

    @Test func stoppingDropsImages() async throws {
        let test = try TestLibrary()
        let assets = try (0..<3).map { try test.importJPEG(width: 400, height: 300, seed: $0) }
        let manager = PHCachingImageManager()
        manager.startCachingImages(for: assets, targetSize: cell, contentMode: .aspectFill, options: nil)
        try await waitForCaching(manager)
        #expect(manager.cachedImageCount == 3)
        manager.stopCachingImages(for: [assets[0]], targetSize: cell, contentMode: .aspectFill, options: nil)
        #expect(manager.cachedImageCount == 2)
        manager.stopCachingImages(for: [assets[1]], targetSize: CGSize(width: 10, height: 10), contentMode: .aspectFill, options: nil)
        #expect(manager.cachedImageCount == 2, "stopping other parameters changes nothing")
        manager.stopCachingImagesForAllAssets()
        #expect(manager.cachedImageCount == 0 && manager.cachedBytes == 0)
    }

    @Test func memoryIsBoundedLeastRecentlyUsedFirst() async throws {
        let test = try TestLibrary()
        let assets = try (0..<6).map { try test.importJPEG(width: 400, height: 300, seed: $0) }
        let perImage = 160 * 160 * 4
        let manager = PHCachingImageManager(cacheMemoryBudget: perImage * 3 + perImage / 2)
        let options = PHImageRequestOptions()
        options.resizeMode = .exact
        options.deliveryMode = .highQualityFormat
        for asset in assets {
            _ = try await request(manager, asset, cell, options: options)
            #expect(manager.cachedBytes <= manager.cacheMemoryBudget)
        }
        #expect(manager.cachedImageCount == 3)
        // The three most recent are held; touching the oldest of them keeps it over the next insertion.
        try test.removeEveryFile()
        #expect(try await request(manager, assets[3], cell, options: options).first?.image != nil)
        #expect(try await request(manager, assets[0], cell, options: options).first?.image == nil, "evicted")
        manager.cacheMemoryBudget = perImage
        #expect(manager.cachedImageCount == 1)
        #expect(try await request(manager, assets[3], cell, options: options).first?.image != nil, "most recently used survives")
    }

    @Test func withoutHighQualityCachingTheCachedImageIsADegradedFirstDelivery() async throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 2400, height: 1800, seed: 4)
        try ImagingContext.context(for: test.library).generator.generate(assetRowID: asset.record.rowID, in: test.library)
        let manager = PHCachingImageManager()
        manager.allowsCachingHighQualityImages = false
        let big = CGSize(width: 2000, height: 2000)
        manager.startCachingImages(for: [asset], targetSize: big, contentMode: .aspectFill, options: nil)
        try await waitForCaching(manager)
        #expect(manager.cachedImageCount == 1)
        let calls = try await request(manager, asset, big)
        #expect(calls.map(\.isDegraded) == [true, false])
        #expect(calls.first?.size == CGSize(width: 1600, height: 1200))
    }
}

import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import PhotoLibrary
import ImageManagement

/// PhotoKit's delivery rules on a 2400×1800 photo whose derivatives (341×256, 1600×1200) are stored.
@Suite @MainActor struct DeliveryModeTests {
    let test: TestLibrary
    let asset: PHAsset

    init() throws {
        test = try TestLibrary()
        asset = try test.importJPEG(width: 2400, height: 1800, seed: 11)
        let made = try ImagingContext.context(for: test.library).generator.generate(assetRowID: asset.record.rowID, in: test.library)
        #expect(made == [.screen, .thumbnail])
    }

    /// Makes a request and collects its deliveries until the final one (or `timeout`).
    func deliveries(_ target: CGSize, _ mode: PHImageContentMode = .aspectFit, options: PHImageRequestOptions,
                    manager: PHImageManager = .default()) async throws -> (id: PHImageRequestID, calls: [Delivery]) {
        let calls = Recorder<Delivery>()
        let id = manager.requestImage(for: asset, targetSize: target, contentMode: mode, options: options) { image, info in
            calls.append(Delivery(image: image, info: info ?? [:], onMainQueue: isOnMainQueue()))
        }
        try await waitUntil { calls.values.contains { !$0.isDegraded } }
        try await Task.sleep(nanoseconds: 50_000_000)  // anything after the final delivery would show up here
        return (id, calls.values)
    }

    @Test func opportunisticDeliversOnceWhenADerivativeCoversTheRequest() async throws {
        let (id, calls) = try await deliveries(CGSize(width: 300, height: 300), options: PHImageRequestOptions())
        #expect(calls.count == 1)
        #expect(calls[0].isDegraded == false)
        #expect(calls[0].requestID == id && id != PHInvalidImageRequestID)
        #expect(calls[0].onMainQueue)
        #expect(calls[0].size == CGSize(width: 341, height: 256), "resizeMode .fast delivers the thumbnail as it is")
        #expect((calls[0].info[PHImageResultIsInCloudKey] as? NSNumber)?.boolValue == false)
    }

    @Test func opportunisticDeliversADegradedImageFirstWhenTheOriginalIsNeeded() async throws {
        let options = PHImageRequestOptions()
        options.resizeMode = .exact
        let (id, calls) = try await deliveries(CGSize(width: 2000, height: 2000), options: options)
        #expect(calls.count == 2)
        #expect(calls.map(\.isDegraded) == [true, false])
        #expect(calls[0].size == CGSize(width: 1600, height: 1200), "the degraded image is the screen derivative, not resized")
        #expect(calls[1].size == CGSize(width: 2000, height: 1500))
        #expect(calls.allSatisfy { $0.requestID == id && $0.onMainQueue })
    }

    @Test func aSecondDegradedImageWhenAllowed() async throws {
        let options = PHImageRequestOptions()
        options.allowSecondaryDegradedImage = true
        let (_, calls) = try await deliveries(PHImageManagerMaximumSize, .default, options: options)
        #expect(calls.map(\.isDegraded) == [true, true, false])
        #expect(calls.map(\.size) == [CGSize(width: 341, height: 256), CGSize(width: 1600, height: 1200), CGSize(width: 2400, height: 1800)])
    }

    @Test func highQualityFormatDeliversExactlyOnce() async throws {
        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        options.resizeMode = .exact
        let (_, calls) = try await deliveries(CGSize(width: 2000, height: 2000), options: options)
        #expect(calls.count == 1)
        #expect(calls[0].isDegraded == false)
        #expect(calls[0].size == CGSize(width: 2000, height: 1500))
    }

    @Test func fastFormatDeliversOnceDegradedWhenNothingCoversTheRequest() async throws {
        let options = PHImageRequestOptions()
        options.deliveryMode = .fastFormat
        let calls = Recorder<Delivery>()
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 2000, height: 2000), contentMode: .aspectFit, options: options) {
            calls.append(Delivery(image: $0, info: $1 ?? [:], onMainQueue: isOnMainQueue()))
        }
        try await waitUntil { calls.count > 0 }
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(calls.count == 1)
        #expect(calls.values.first?.isDegraded == true)
        #expect(calls.values.first?.size == CGSize(width: 1600, height: 1200))

        let (_, covered) = try await deliveries(CGSize(width: 200, height: 200), options: options)
        #expect(covered.map(\.isDegraded) == [false])
    }

    @Test func synchronousRequestsCallBackOnceOnTheCallersThread() throws {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.resizeMode = .exact
        var calls: [Delivery] = []
        let thread = Thread.current
        var sameThread = false
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 2000, height: 2000), contentMode: .aspectFit, options: options) { image, info in
            sameThread = Thread.current == thread
            calls.append(Delivery(image: image, info: info ?? [:], onMainQueue: false))
        }
        #expect(calls.count == 1, "delivered before requestImage returned, exactly once")
        #expect(sameThread)
        #expect(calls.first?.isDegraded == false)
        #expect(calls.first?.size == CGSize(width: 2000, height: 1500))
    }

    @Test func cancellingBeforeTheFirstDelivery() async throws {
        let calls = Recorder<Delivery>()
        let id = PHImageManager.default().requestImage(for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: nil) {
            calls.append(Delivery(image: $0, info: $1 ?? [:], onMainQueue: isOnMainQueue()))
        }
        // Still on the main queue: no delivery can have run yet.
        PHImageManager.default().cancelImageRequest(id)
        try await waitUntil { calls.count > 0 }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(calls.count == 1)
        #expect(calls.values.first?.image == nil)
        #expect(calls.values.first?.isCancelled == true)
        #expect(calls.values.first?.requestID == id)
        PHImageManager.default().cancelImageRequest(id)  // a finished request: ignored
        #expect(calls.count == 1)
    }

    @Test func cancellingAfterTheFirstDelivery() async throws {
        let calls = Recorder<Delivery>()
        let manager = PHImageManager.default()
        let ids = Recorder<PHImageRequestID>()
        let id = manager.requestImage(for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: nil) { image, info in
            let delivery = Delivery(image: image, info: info ?? [:], onMainQueue: isOnMainQueue())
            calls.append(delivery)
            if delivery.isDegraded, let id = delivery.requestID { ids.append(id); manager.cancelImageRequest(id) }
        }
        try await waitUntil { calls.count >= 2 }
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(calls.count == 2)
        #expect(calls.values.first?.isDegraded == true)
        #expect(calls.values.first?.image != nil)
        #expect(calls.values.last?.isCancelled == true)
        #expect(calls.values.last?.image == nil)
        #expect(ids.values == [id])
    }

    @Test func progressReportsLoadingTheOriginalWhenNetworkAccessIsAllowed() async throws {
        let fractions = Recorder<Double>()
        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        options.isNetworkAccessAllowed = true
        options.progressHandler = { progress, error, _, _ in fractions.append(progress); #expect(error == nil) }
        _ = try await deliveries(PHImageManagerMaximumSize, options: options)
        #expect(fractions.values == [0, 1])
        let fromDerivative = Recorder<Double>()
        options.progressHandler = { progress, _, _, _ in fromDerivative.append(progress) }
        _ = try await deliveries(CGSize(width: 100, height: 100), options: options)
        #expect(fromDerivative.count == 0, "nothing is loaded from the original for a thumbnail")
    }

    @Test func stoppingFromTheProgressHandlerCancels() async throws {
        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        options.isNetworkAccessAllowed = true
        options.progressHandler = { _, _, stop, _ in stop.pointee = true }
        let calls = Recorder<Delivery>()
        PHImageManager.default().requestImage(for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: options) {
            calls.append(Delivery(image: $0, info: $1 ?? [:], onMainQueue: true))
        }
        try await waitUntil { calls.count > 0 }
        #expect(calls.values.map(\.isCancelled) == [true])
    }
}

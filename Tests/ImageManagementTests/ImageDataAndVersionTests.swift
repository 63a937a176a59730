import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import ImageManagement

@Suite @MainActor struct ImageDataAndVersionTests {
    struct Result: @unchecked Sendable {
        let value: (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?, Bool)
    }

    func data(_ asset: PHAsset, _ options: PHImageRequestOptions? = nil) async throws -> (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?, Bool) {
        let box = Recorder<Result>()
        PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) { data, uti, orientation, info in
            box.append(Result(value: (data, uti, orientation, info, isOnMainQueue())))
        }
        try await waitUntil { box.count > 0 }
        return try #require(box.values.first).value
    }

    @Test func dataComeAsStoredWithTypeAndOrientation() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let assets = try test.importCorpus(["images/orientation/orientation_6.jpg", "heic/exif_gps_below_sea_level.heic"])
        for asset in assets {
            let (bytes, uti, orientation, info, onMain) = try await data(asset)
            let stored = try Data(contentsOf: TestMedia.url(asset.record.originalFilename.hasSuffix(".jpg")
                ? "images/orientation/orientation_6.jpg" : "heic/exif_gps_below_sea_level.heic")!)
            #expect(bytes == stored)
            #expect(onMain)
            #expect((info?[PHImageResultRequestIDKey] as? NSNumber) != nil)
            if asset.record.originalFilename.hasSuffix(".jpg") {
                #expect(uti == "public.jpeg" && orientation == .right)
            } else {
                #expect(uti == "public.heic")
            }
        }
    }

    @Test func synchronousDataRequestsCallBackBeforeReturning() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 300, height: 200, seed: 9)
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var result: Data?
        PHImageManager.default().requestImageDataAndOrientation(for: asset, options: options) { data, _, orientation, _ in
            result = data
            #expect(orientation == .up)
        }
        #expect(result == FixtureImages.jpeg(width: 300, height: 200, seed: 9))
    }

    @Test func theDeprecatedImageDataRequestGivesAUIKitOrientation() async throws {
        let test = try TestLibrary()
        let stored = QuadrantImage.jpeg(orientation: .right)
        let rotated = try test.importFiles([("rotated.jpg", stored)])[0]
        let upright = try test.importJPEG(width: 120, height: 80, seed: 3)
        // As iOS apps call it: asynchronous, the handler on the main queue, once.
        let calls = Recorder<Result>()
        PHImageManager.default().requestImageData(for: rotated, options: nil) { data, dataUTI, orientation, info in
            calls.append(Result(value: (data, dataUTI, CGImagePropertyOrientation(orientation), info, isOnMainQueue())))
            #expect(orientation == .right)
        }
        try await waitUntil { calls.count > 0 }
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(calls.count == 1)
        let (data, uti, _, info, onMain) = try #require(calls.values.first).value
        #expect(data == stored && uti == "public.jpeg" && onMain)
        #expect((info?[PHImageResultRequestIDKey] as? NSNumber) != nil)
        // Synchronous, an upright file.
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        var orientation: UIImage.Orientation?
        var bytes: Data?
        PHImageManager.default().requestImageData(for: upright, options: options) { data, _, uiOrientation, _ in
            bytes = data
            orientation = uiOrientation
        }
        #expect(orientation == .up)
        #expect(bytes == FixtureImages.jpeg(width: 120, height: 80, seed: 3))
    }

    @Test func theOriginalOfARAWPlusJPEGPairIsTheRAW() async throws {
        guard let raw = TestMedia.url("raw/synthetic_rggb_12bit.dng"), FileManager.default.fileExists(atPath: raw.path) else {
            print(TestMedia.skipMessage); return
        }
        let test = try TestLibrary()
        let jpeg = FixtureImages.jpeg(width: 1536, height: 1022, seed: 1)
        let asset = try #require(try test.importFiles([("PAIR.DNG", try Data(contentsOf: raw)), ("PAIR.JPG", jpeg)]).first)
        let options = PHImageRequestOptions()
        options.version = .original
        let (original, originalUTI, _, _, _) = try await data(asset, options)
        #expect(original == (try Data(contentsOf: raw)) && originalUTI == "com.adobe.raw-image")
        let (current, currentUTI, _, _, _) = try await data(asset)
        #expect(current == jpeg && currentUTI == "public.jpeg")
    }

    @Test func videosDeliverTheirPosterFrame() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let video = try #require(try test.importCorpus(["video/h264_aac.mp4"]).first)
        let calls = Recorder<Delivery>()
        PHImageManager.default().requestImage(for: video, targetSize: CGSize(width: 100, height: 100), contentMode: .aspectFit, options: nil) {
            calls.append(Delivery(image: $0, info: $1 ?? [:], onMainQueue: isOnMainQueue()))
        }
        try await waitUntil { calls.values.contains { !$0.isDegraded } }
        // As on iOS, an image request for a video answers a still of it (here its first frame), fitted to the target.
        let final = try #require(calls.values.last { !$0.isDegraded })
        #expect(final.error == nil)
        let size = try #require(final.image?.size)
        #expect(max(size.width, size.height) == 100, "\(size)")
    }
}

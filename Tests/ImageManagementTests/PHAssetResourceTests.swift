import Foundation
import Testing
import _Testing_CoreGraphics
import _TestSupport
import Photos
import PhotoLibrary

@Suite struct PHAssetResourceTests {
    /// Reads a resource through the manager, returning the chunks and the completion error.
    private func read(_ resource: PHAssetResource, manager: PHAssetResourceManager = .default(),
                      options: PHAssetResourceRequestOptions? = nil) async -> (chunks: [Data], error: (any Error)?, onMainQueue: Bool) {
        let chunks = Recorder<Data>()
        let onMain = Recorder<Bool>()
        let error: (any Error)? = await withCheckedContinuation { continuation in
            manager.requestData(for: resource, options: options, dataReceivedHandler: { chunk in
                chunks.append(chunk)
                onMain.append(isOnMainQueue())
            }, completionHandler: { error in
                continuation.resume(returning: error.map { $0 as NSError })
            })
        }
        return (chunks.values, error, onMain.values.contains(true))
    }

    @Test func rawAndJPEGOfAPairAreSeparateResources() async throws {
        guard let raw = TestMedia.url("raw/synthetic_rggb_12bit.dng"), let jpeg = TestMedia.url("images/exif_floating_time_no_gps.jpg"),
              FileManager.default.fileExists(atPath: raw.path) else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let rawData = try Data(contentsOf: raw), jpegData = try Data(contentsOf: jpeg)
        let asset = try #require(try test.importFiles([("IMG_0042.DNG", rawData), ("IMG_0042.JPG", jpegData)]).first)
        let resources = PHAssetResource.assetResources(for: asset)
        #expect(resources.map(\.type) == [.photo, .alternatePhoto])
        #expect(resources.map(\.originalFilename) == ["IMG_0042.JPG", "IMG_0042.DNG"])
        #expect(resources.map(\.uniformTypeIdentifier) == ["public.jpeg", "com.adobe.raw-image"])
        #expect(resources.allSatisfy { $0.assetLocalIdentifier == asset.localIdentifier })
        #expect(resources[1].contentType.identifier == "com.adobe.raw-image")

        // Each streams its own bytes, in order, in chunks of the manager's size, off the main thread.
        let manager = PHAssetResourceManager()
        manager.chunkSize = 64 * 1024
        for (resource, expected) in zip(resources, [jpegData, rawData]) {
            let (chunks, error, onMain) = await read(resource, manager: manager)
            #expect(error == nil)
            #expect(!onMain)
            #expect(chunks.count == (expected.count + 65535) / 65536)
            #expect(chunks.dropLast().allSatisfy { $0.count == 65536 })
            #expect(chunks.reduce(Data(), +) == expected)
        }
    }

    @Test func livePhotoHasItsPairedVideo() throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let asset = try #require(try test.importCorpus(["livephoto/IMG_0001.HEIC", "livephoto/IMG_0001.MOV"]).first)
        let resources = PHAssetResource.assetResources(for: asset)
        #expect(resources.map(\.type) == [.photo, .pairedVideo])
        #expect(resources.map(\.originalFilename) == ["IMG_0001.HEIC", "IMG_0001.MOV"])
        #expect(resources.map(\.uniformTypeIdentifier) == ["public.heic", "com.apple.quicktime-movie"])
    }

    @Test func progressIsReportedWhenNetworkAccessIsAllowed() async throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 400, height: 300)
        let resource = try #require(PHAssetResource.assetResources(for: asset).first)
        let fractions = Recorder<Double>()
        let options = PHAssetResourceRequestOptions()
        options.progressHandler = { fractions.append($0) }
        _ = await read(resource, options: options)
        #expect(fractions.count == 0, "no progress without network access, as for data already on the device")
        options.isNetworkAccessAllowed = true
        let manager = PHAssetResourceManager()
        manager.chunkSize = 1000
        let (chunks, error, _) = await read(resource, manager: manager, options: options)
        #expect(error == nil)
        #expect(fractions.values.first == 0)
        #expect(fractions.values.last == 1)
        #expect(fractions.values == fractions.values.sorted())
        #expect(fractions.count == chunks.count + 1)
    }

    @Test func cancellingStopsTheStreamAndReportsUserCancelled() async throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 1200, height: 900, seed: 3)
        let resource = try #require(PHAssetResource.assetResources(for: asset).first)
        let manager = PHAssetResourceManager()
        manager.chunkSize = 256
        let chunks = Recorder<Int>()
        let box = Recorder<PHAssetResourceDataRequestID>()
        let error: NSError? = await withCheckedContinuation { continuation in
            let id = manager.requestData(for: resource, options: nil, dataReceivedHandler: { chunk in
                chunks.append(chunk.count)
                // Cancel from the handler at the third chunk (once the request call has returned its id).
                guard chunks.count == 3 else { return }
                for _ in 0..<1000 where box.values.isEmpty { usleep(1000) }
                if let id = box.values.first { manager.cancelDataRequest(id) }
            }, completionHandler: { continuation.resume(returning: $0.map { $0 as NSError }) })
            box.append(id)
            #expect(id != PHInvalidAssetResourceDataRequestID)
        }
        #expect(error?.domain == PHPhotosErrorDomain)
        #expect(error?.code == PHPhotosError.Code.userCancelled.rawValue)
        #expect(chunks.count == 3, "no chunk after the cancellation: \(chunks.count) chunks")
    }

    @Test func writeDataIsAtomicAndNeverOverwrites() async throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 320, height: 240, seed: 5)
        let resource = try #require(PHAssetResource.assetResources(for: asset).first)
        let output = test.directory.appending("export")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let target = output.appendingPathComponent("copy.jpg")
        try await PHAssetResourceManager.default().writeData(for: resource, toFile: target, options: nil)
        #expect(try Data(contentsOf: target) == Data(contentsOf: test.library.fileURL(for: resource.record)))
        #expect(TemporaryDirectory.files(under: output) == ["copy.jpg"], "no temporary file left behind")

        await #expect(throws: (any Error).self) {
            try await PHAssetResourceManager.default().writeData(for: resource, toFile: target, options: nil)
        }
        do {
            try await PHAssetResourceManager.default().writeData(for: resource, toFile: target, options: nil)
        } catch {
            let nsError = error as NSError
            #expect(nsError.domain == NSCocoaErrorDomain && nsError.code == CocoaError.fileWriteFileExists.rawValue)
        }
    }

    @Test func aTruncatedStoredFileIsReportedNotDelivered() async throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 320, height: 240, seed: 6)
        let resource = try #require(PHAssetResource.assetResources(for: asset).first)
        let stored = test.library.fileURL(for: resource.record)
        try Data(try Data(contentsOf: stored).prefix(100)).write(to: stored)
        let (chunks, error, _) = await read(resource)
        #expect(chunks.isEmpty)
        let nsError = try #require(error as NSError?)
        #expect(nsError.code == PHPhotosError.Code.invalidResource.rawValue)
        #expect(nsError.localizedDescription.contains("truncated"), "\(nsError.localizedDescription)")
    }
}

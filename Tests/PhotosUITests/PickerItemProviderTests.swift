import Foundation
import Testing
import PhotosUI
import PhotoLibrary
import _TestSupport

/// What a picked asset's item provider hands out in each representation mode, on real files.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)), .serialized)
@MainActor
struct PickerItemProviderTests {
    func provider(_ name: String, _ mode: PHPickerConfiguration.AssetRepresentationMode) throws -> NSItemProvider {
        let fixture = try #require(PickerFixture.shared)
        var configuration = PHPickerConfiguration(photoLibrary: fixture.photos)
        configuration.preferredAssetRepresentationMode = mode
        return try PHPickerViewController(configuration: configuration).finishPicking(withAssetIdentifiers: [try fixture.id(name)])[0].itemProvider
    }

    @Test func currentHandsOutTheStoredHEIC() async throws {
        for mode in [PHPickerConfiguration.AssetRepresentationMode.current, .automatic] {
            let provider = try provider("real_iphone8_gps.heic", mode)
            #expect(provider.registeredTypeIdentifiers == ["public.heic"])
            #expect(provider.suggestedName == "real_iphone8_gps")
            let load = await PickerLoading.file(provider, "public.heic")
            #expect(load.existedInHandler)
            #expect(load.url?.lastPathComponent == "real_iphone8_gps.heic")
            #expect(load.bytes == (try Data(contentsOf: try #require(TestMedia.url("heic/real_iphone8_gps.heic")))))
            #expect(await PickerLoading.gone(try #require(load.url)))
        }
    }

    @Test func compatibleTurnsHEICIntoJPEG() async throws {
        let provider = try provider("real_iphone8_gps.heic", .compatible)
        #expect(provider.registeredTypeIdentifiers == ["public.jpeg"])
        #expect(!provider.hasItemConformingToTypeIdentifier("public.heic"))
        let load = await PickerLoading.file(provider, "public.image")
        #expect(load.error == nil)
        let bytes = try #require(load.bytes)
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(load.url?.pathExtension == "jpg" || load.url?.pathExtension == "jpeg")
        let jpeg = try #require(UIImage(data: bytes))
        let heicURL = try #require(TestMedia.url("heic/real_iphone8_gps.heic"))
        let heic = try #require(UIImage(contentsOfFile: heicURL.path))
        #expect(jpeg.size == heic.size)
        #expect(await PickerLoading.gone(try #require(load.url)))

        let image = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: UIImage.self) { object, error in continuation.resume(returning: (object as? UIImage)?.size) }
        }
        #expect(image == heic.size)
    }

    @Test func compatibleKeepsJPEGAsStored() async throws {
        let provider = try provider("no_metadata.jpg", .compatible)
        #expect(provider.registeredTypeIdentifiers == ["public.jpeg"])
        let (data, _) = await PickerLoading.data(provider, "public.jpeg")
        #expect(data == (try Data(contentsOf: try #require(TestMedia.url("images/no_metadata.jpg")))))
    }

    @Test func livePhotoHandsOutItsStillAndBundle() async throws {
        let provider = try provider("IMG_0002.JPG", .current)
        #expect(provider.registeredTypeIdentifiers == ["public.jpeg", "com.apple.live-photo-bundle"])
        #expect(provider.canLoadObject(ofClass: UIImage.self))
        #expect(provider.canLoadObject(ofClass: PHLivePhoto.self))

        let live = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: PHLivePhoto.self) { object, error in continuation.resume(returning: object as? PHLivePhoto) }
        }
        let livePhoto = try #require(live)
        #expect(FileManager.default.fileExists(atPath: livePhoto.photoURL.path) && FileManager.default.fileExists(atPath: livePhoto.videoURL.path))
        #expect(livePhoto.size.width > 0 && livePhoto.size.height > 0)
        #expect(PHAssetResource.assetResources(for: livePhoto).count == 2)

        let contents: [String]? = await withCheckedContinuation { continuation in
            provider.loadFileRepresentation(forTypeIdentifier: "com.apple.live-photo-bundle") { url, _ in
                continuation.resume(returning: url.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path).sorted() })
            }
        }
        #expect(contents?.count == 2 && contents?.allSatisfy { $0.hasPrefix("IMG_0002.") } == true, "\(String(describing: contents))")
        // The still alone, for code that wants an image.
        let (data, _) = await PickerLoading.data(provider, "public.image")
        #expect(Array((data ?? Data()).prefix(3)) == [0xFF, 0xD8, 0xFF])
    }

    @Test func compatibleTurnsHEVCIntoH264() async throws {
        let current = try provider("hevc_portrait_rotated.mov", .current)
        #expect(current.registeredTypeIdentifiers == ["com.apple.quicktime-movie"])
        #expect(current.hasItemConformingToTypeIdentifier("public.movie"))
        let compatible = try provider("hevc_portrait_rotated.mov", .compatible)
        #expect(compatible.registeredTypeIdentifiers == ["com.apple.quicktime-movie"])
        let directory = TemporaryDirectory()
        let kept = directory.appending("kept.mov")
        let load: PickerLoading.FileLoad = await withCheckedContinuation { continuation in
            compatible.loadFileRepresentation(forTypeIdentifier: "public.movie") { url, error in
                if let url { try? FileManager.default.copyItem(at: url, to: kept) }
                continuation.resume(returning: PickerLoading.FileLoad(url: url, existedInHandler: url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false, error: error))
            }
        }
        #expect(load.error == nil && load.existedInHandler)
        let track = try #require(AVURLAsset(url: kept).tracks(withMediaType: .video).first)
        let description = try #require(track.formatDescriptions.first as? CMFormatDescription)
        #expect(CMFormatDescriptionGetMediaSubType(description) == kCMVideoCodecType_H264)
        #expect(await PickerLoading.gone(try #require(load.url)))
        // An H.264 movie stays as stored.
        let h264 = try provider("h264_aac.mp4", .compatible)
        #expect(h264.registeredTypeIdentifiers == ["public.mpeg-4"])
    }
}

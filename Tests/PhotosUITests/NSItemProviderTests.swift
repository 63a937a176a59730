import Foundation
import Testing
import PhotosUI
import _TestSupport

/// `NSItemProvider` on its own: registrations, conformance, data and file loads (the temporary file lives only
/// inside the handler), objects, and cancellation.
struct NSItemProviderTests {
    @Test func registrationsAndConformance() {
        let provider = NSItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) { completion in
            completion(FixtureImages.jpeg(), nil)
            return nil
        }
        #expect(provider.registeredTypeIdentifiers == ["public.jpeg"])
        #expect(provider.hasItemConformingToTypeIdentifier("public.image"))
        #expect(provider.hasItemConformingToTypeIdentifier("public.data"))
        #expect(!provider.hasItemConformingToTypeIdentifier("public.movie"))
        #expect(!provider.hasRepresentationConforming(toTypeIdentifier: "public.jpeg", fileOptions: .openInPlace))
        #expect(provider.canLoadObject(ofClass: UIImage.self))
        #expect(!NSItemProvider().canLoadObject(ofClass: UIImage.self))
    }

    @Test func dataAndFileLoads() async throws {
        let jpeg = FixtureImages.jpeg(width: 80, height: 60, seed: 3)
        let provider = NSItemProvider()
        provider.suggestedName = "Holiday"
        provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) { completion in
            completion(jpeg, nil)
            return nil
        }
        let (data, error) = await PickerLoading.data(provider, "public.image")
        #expect(error == nil && data == jpeg)

        let load = await PickerLoading.file(provider, "public.jpeg")
        let url = try #require(load.url)
        #expect(load.existedInHandler && load.bytes == jpeg)
        #expect(url.lastPathComponent == "Holiday.jpeg")
        #expect(await PickerLoading.gone(url), "the temporary file outlived the handler")

        let image = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: UIImage.self) { object, _ in continuation.resume(returning: (object as? UIImage)?.size) }
        }
        #expect(image == CGSize(width: 80, height: 60))
    }

    @Test func fileRepresentationsAreCopiedUnlessInPlace() async throws {
        let directory = TemporaryDirectory()
        let original = try FixtureImages.writeJPEG(to: directory.appending("Original.jpg"))
        let copy = try #require(NSItemProvider(contentsOf: original))
        #expect(copy.suggestedName == "Original")
        #expect(copy.registeredTypeIdentifiers == ["public.jpeg"])
        let load = await PickerLoading.file(copy, "public.jpeg")
        #expect(load.url != original && load.url?.lastPathComponent == "Original.jpg" && load.existedInHandler)
        #expect(load.bytes == (try Data(contentsOf: original)))
        #expect(await PickerLoading.gone(try #require(load.url)))
        #expect(FileManager.default.fileExists(atPath: original.path))

        let inPlace = NSItemProvider()
        inPlace.registerFileRepresentation(forTypeIdentifier: "public.jpeg", fileOptions: .openInPlace, visibility: .all) { completion in
            completion(original, false, nil)
            return nil
        }
        let (url, isInPlace) = await withCheckedContinuation { continuation in
            inPlace.loadInPlaceFileRepresentation(forTypeIdentifier: "public.jpeg") { url, isInPlace, _ in continuation.resume(returning: (url, isInPlace)) }
        }
        #expect(url == original && isInPlace)
        #expect(NSItemProvider(contentsOf: directory.url) == nil)
    }

    @Test func missingTypeIsAnError() async {
        let (data, error) = await PickerLoading.data(NSItemProvider(), "public.jpeg")
        #expect(data == nil)
        let nsError = error as NSError?
        #expect(nsError?.domain == NSItemProviderErrorDomain && nsError?.code == NSItemProvider.ErrorCode.itemUnavailableError.rawValue)
    }

    @Test func cancellingCompletesOnceWithUserCancelled() async throws {
        let release = DispatchSemaphore(value: 0)
        let handlerProgress = Progress.discreteProgress(totalUnitCount: 1)
        let provider = NSItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) { completion in
            DispatchQueue.global().async {
                release.wait()
                completion(FixtureImages.jpeg(), nil)   // too late: ignored
            }
            return handlerProgress
        }
        let calls = Counter()
        let outcome: (any Error)? = await withCheckedContinuation { continuation in
            let progress = provider.loadFileRepresentation(forTypeIdentifier: "public.jpeg") { url, error in
                calls.increment()
                continuation.resume(returning: url == nil ? error : nil)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { progress.cancel() }
        }
        #expect((outcome as? CocoaError)?.code == .userCancelled)
        release.signal()
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(calls.value == 1)
        #expect(handlerProgress.isCancelled)
    }
}

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

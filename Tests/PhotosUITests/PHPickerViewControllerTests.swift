import Foundation
import Testing
import PhotosUI
import PhotoLibrary
import _TestSupport

/// The picker without its view: finishing with identifiers, the checks it makes, the delegate, preselection and
/// the identifiers a configuration without a library hides.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)), .serialized)
@MainActor
struct PHPickerViewControllerTests {
    final class Recorder: PHPickerViewControllerDelegate {
        var calls: [[PHPickerResult]] = []
        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) { calls.append(results) }
    }

    @Test func defaultsAreApples() {
        let configuration = PHPickerConfiguration()
        #expect(configuration.selectionLimit == 1)
        #expect(configuration.filter == nil)
        #expect(configuration.preferredAssetRepresentationMode == .automatic)
        #expect(configuration.selection == .default)
        #expect(configuration.preselectedAssetIdentifiers.isEmpty)
        #expect(configuration.mode == .default)
        #expect(PHPickerConfiguration.AssetRepresentationMode.compatible.rawValue == 2)
        #expect(PHPickerConfiguration.Selection.continuousAndOrdered.rawValue == 3)
    }

    @Test func finishingCallsTheDelegateInOrder() throws {
        let fixture = try #require(PickerFixture.shared)
        var configuration = PHPickerConfiguration(photoLibrary: fixture.photos)
        configuration.selectionLimit = 0
        configuration.selection = .ordered
        let picker = PHPickerViewController(configuration: configuration)
        let recorder = Recorder()
        picker.delegate = recorder
        let chosen = [try fixture.id("h264_aac.mp4"), try fixture.id("no_metadata.jpg"), try fixture.id("IMG_0002.JPG")]
        let results = try picker.finishPicking(withAssetIdentifiers: chosen)
        #expect(results.map(\.assetIdentifier) == chosen)
        #expect(recorder.calls.count == 1 && recorder.calls[0] == results)
        #expect(results[0].itemProvider.registeredTypeIdentifiers == ["public.mpeg-4"])
        #expect(results[1].itemProvider.registeredTypeIdentifiers == ["public.jpeg"])
        #expect(results[1].itemProvider.suggestedName == "no_metadata")
        // A picker finishes once.
        #expect(throws: PHPickerError.self) { try picker.finishPicking(withAssetIdentifiers: []) }
    }

    @Test func selectionLimitIsEnforced() throws {
        let fixture = try #require(PickerFixture.shared)
        let two = [try fixture.id("no_metadata.jpg"), try fixture.id("panorama_4x1.jpg")]
        let picker = PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: fixture.photos))   // limit 1
        let recorder = Recorder()
        picker.delegate = recorder
        let limited = #expect(throws: PHPickerError.self) { try picker.finishPicking(withAssetIdentifiers: two) }
        #expect(limited?.code == .selectionLimitExceeded)
        #expect(recorder.calls.isEmpty)
        #expect(try picker.finishPicking(withAssetIdentifiers: [two[0]]).count == 1)
        var unlimited = PHPickerConfiguration(photoLibrary: fixture.photos)
        unlimited.selectionLimit = 0
        #expect(try PHPickerViewController(configuration: unlimited).finishPicking(withAssetIdentifiers: two).count == 2)
        let duplicate = #expect(throws: PHPickerError.self) {
            try PHPickerViewController(configuration: unlimited).finishPicking(withAssetIdentifiers: [two[0], two[0]])
        }
        #expect(duplicate?.code == .duplicateIdentifier)
    }

    @Test func assetsThePickerDoesNotShowAreRefused() throws {
        let fixture = try #require(PickerFixture.shared)
        var configuration = PHPickerConfiguration(photoLibrary: fixture.photos)
        configuration.selectionLimit = 0
        configuration.filter = .images
        let video = try fixture.id("h264_aac.mp4"), hidden = try fixture.id(PickerFixture.hiddenFile)
        let trashed = try fixture.id(PickerFixture.trashedFile), frame = try fixture.burst().others[0]
        let image = try fixture.id("no_metadata.jpg")
        for refused in [video, hidden, trashed, frame, "nope"] {
            let picker = PHPickerViewController(configuration: configuration)
            let error = #expect(throws: PHPickerError.self, "\(refused) was picked") {
                try picker.finishPicking(withAssetIdentifiers: [image, refused])
            }
            #expect(error?.code == .assetsNotPickable)
            #expect(error?.reasons.keys.sorted() == [refused])
            #expect(error?.message.contains(refused) == true)
        }
    }

    @Test func noLibraryMeansNoIdentifiers() async throws {
        let fixture = try #require(PickerFixture.shared)
        PHPhotoLibrary.setShared(fixture.photos)
        defer { PHPhotoLibrary.setShared(nil) }
        let picker = PHPickerViewController(configuration: PHPickerConfiguration())
        let results = try picker.finishPicking(withAssetIdentifiers: [try fixture.id("no_metadata.jpg")])
        #expect(results.count == 1)
        #expect(results[0].assetIdentifier == nil)
        // The bytes are still there.
        let (data, error) = await PickerLoading.data(results[0].itemProvider, "public.jpeg")
        #expect(error == nil)
        #expect(data == (try Data(contentsOf: try #require(TestMedia.url("images/no_metadata.jpg")))))

        var preselecting = PHPickerConfiguration()
        preselecting.preselectedAssetIdentifiers = [try fixture.id("no_metadata.jpg")]
        let refused = #expect(throws: PHPickerError.self) {
            try PHPickerViewController(configuration: preselecting).finishPicking(withAssetIdentifiers: [])
        }
        #expect(refused?.code == .preselectionRequiresPhotoLibrary)
    }

    @Test func preselectionAsAppleDocuments() throws {
        let fixture = try #require(PickerFixture.shared)
        let kept = try fixture.id("no_metadata.jpg"), added = try fixture.id("panorama_4x1.jpg"), dropped = try fixture.id("h264_aac.mp4")
        var configuration = PHPickerConfiguration(photoLibrary: fixture.photos)
        configuration.selectionLimit = 2
        configuration.preselectedAssetIdentifiers = [kept, dropped, try fixture.id("IMG_0002.JPG")]   // more than the limit: allowed
        let results = try PHPickerViewController(configuration: configuration).finishPicking(withAssetIdentifiers: [kept, added])
        #expect(results.map(\.assetIdentifier) == [kept, added])
        #expect(results[0].itemProvider.registeredTypeIdentifiers.isEmpty)   // stayed selected: no provider content
        #expect(results[1].itemProvider.registeredTypeIdentifiers == ["public.jpeg"])
        // Cancelling returns every preselected identifier.
        let recorder = Recorder()
        let picker = PHPickerViewController(configuration: configuration)
        picker.delegate = recorder
        let cancelled = try picker.cancelPicking()
        #expect(cancelled.map(\.assetIdentifier) == configuration.preselectedAssetIdentifiers)
        #expect(recorder.calls.count == 1)
        #expect(try PHPickerViewController(configuration: PHPickerConfiguration(photoLibrary: fixture.photos)).cancelPicking().isEmpty)
    }
}

import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import PhotoLibrary
import ImageManagement

/// Derivatives follow edits: a commit that edits or reverts an asset's content queues derivatives of the new
/// current version (so thumbnails show the edit at once, without an on-demand render) and deletes the
/// superseded rendition's derivatives.
@Suite(.disabled(if: ServedTestLibrary.isRequested, "the library's own derivative generation in this process: over the service it runs in the service (LibraryServiceTests)"))
struct EditedDerivativeTests {
    /// A 2000×1500 gradient whose blue channel is 0 (red grows left to right, green top to bottom): large enough
    /// for both derivative kinds.
    static let original = FixtureImages.jpeg(width: 2000, height: 1500, seed: 0, quality: 90)

    @Test @MainActor func editsAndRevertsRegenerateDerivativesFromTheCurrentVersion() async throws {
        let test = try TestLibrary()
        let store = ImagingContext.context(for: test.library).store
        let asset = try create(Self.original, in: test)
        test.photos.waitForDerivatives()
        let originalKey = try currentKey(asset, test)
        #expect(store.existing(contentKey: originalKey, kind: .thumbnail) != nil)
        #expect(PixelReader(try thumbnail(asset)).mean().b < 10, "the original has no blue")

        // Edit through PhotoKit: the inverted original (blue ≈ 255).
        let input = try await editingInput(for: asset)
        try commitInverted(input, asset: asset, test: test)
        let edited = try refetch(asset, test)
        #expect(edited.hasAdjustments)
        test.photos.waitForDerivatives()
        let editKey = try currentKey(edited, test)
        #expect(editKey != originalKey)
        // Checked before any image request, which would make missing derivatives on demand and hide a gap.
        for kind in DerivativeKind.allCases {
            let url = try #require(store.existing(contentKey: editKey, kind: kind), "the commit queued the edit's \(kind) derivative")
            #expect(PixelReader(try decode(url)).mean().b > 245, "the \(kind) derivative shows the edit")
        }
        let served = PixelReader(try thumbnail(edited)).mean()
        #expect(served.b > 245 && abs(served.r - 128) < 12, "the served thumbnail is the inverted image: \(served)")
        #expect(PixelReader(try thumbnail(edited, version: .unadjusted)).mean().b < 10, "unadjusted is still the original")
        #expect(try store.removeOrphans(in: test.library) == 0, "the original and the edit are both still referenced")

        // Revert: the original's derivatives serve again; the edit's are deleted by the commit.
        try test.photos.performChangesAndWait { PHAssetChangeRequest(for: edited).revertAssetContentToOriginal() }
        test.photos.waitForDerivatives()
        let reverted = try refetch(asset, test)
        #expect(!reverted.hasAdjustments)
        #expect(try currentKey(reverted, test) == originalKey)
        #expect(PixelReader(try thumbnail(reverted)).mean().b < 10, "the served thumbnail is the original again")
        #expect(store.storedContentKeys() == [originalKey], "the reverted edit's derivatives are gone, the original's kept")
        #expect(try store.removeOrphans(in: test.library) == 0, "nothing left for the sweep")
    }

    /// Two edits committed back to back (not waiting for derivatives in between) end with
    /// derivatives of the latest render: a queued job reads the asset's resources when it runs.
    @Test @MainActor func backToBackEditsEndWithTheLatestRendersDerivatives() async throws {
        let test = try TestLibrary()
        let store = ImagingContext.context(for: test.library).store
        let asset = try create(Self.original, in: test)
        let first = try await editingInput(for: asset)
        try commitInverted(first, asset: asset, test: test)
        let second = try await editingInput(for: try refetch(asset, test))   // stacks on the inverted render
        try commitInverted(second, asset: try refetch(asset, test), test: test)
        test.photos.waitForDerivatives()
        let latest = try refetch(asset, test)
        let url = try #require(store.existing(contentKey: try currentKey(latest, test), kind: .thumbnail))
        #expect(PixelReader(try decode(url)).mean().b < 12, "inverting twice gives the original's colours back")
    }

    // MARK: - Helpers

    func create(_ data: Data, in test: TestLibrary) throws -> PHAsset {
        var identifier = ""
        try test.photos.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, data: data, options: nil)
            identifier = request.placeholderForCreatedAsset!.localIdentifier
        }
        return try refetch(identifier, test)
    }

    func refetch(_ asset: PHAsset, _ test: TestLibrary) throws -> PHAsset { try refetch(asset.localIdentifier, test) }

    func refetch(_ identifier: String, _ test: TestLibrary) throws -> PHAsset {
        let options = PHFetchOptions()
        options.photoLibrary = test.photos
        return try #require(PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: options).firstObject)
    }

    func currentKey(_ asset: PHAsset, _ test: TestLibrary) throws -> String {
        try #require(Rendition.select(from: try test.library.resources(assetRowID: asset.record.rowID), version: .current)).contentKey
    }

    /// Requests an editing input; the handler runs on the main queue, which this main-actor test leaves free.
    @MainActor func editingInput(for asset: PHAsset) async throws -> PHContentEditingInput {
        let delivered = Recorder<PHContentEditingInput?>()
        asset.requestContentEditingInput(with: nil) { input, _ in delivered.append(input) }
        try await waitUntil(20) { delivered.count > 0 }
        return try #require(delivered.values.first ?? nil)
    }

    /// Renders the input image with its RGB inverted (decoded and encoded with ImageIO) and commits it.
    func commitInverted(_ input: PHContentEditingInput, asset: PHAsset, test: TestLibrary) throws {
        let image = try decode(try #require(input.fullSizeImageURL))
        #expect(image.bitsPerComponent == 8)
        var bytes = [UInt8](try #require(image.dataProvider?.data))
        let stride = image.bitsPerPixel / 8
        for row in 0..<image.height {
            for column in 0..<image.width {
                let at = row * image.bytesPerRow + column * stride
                for channel in 0..<min(3, stride) { bytes[at + channel] = 255 - bytes[at + channel] }
            }
        }
        let space = try #require(image.colorSpace)
        let inverted = try #require(CGImage(width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: image.bitsPerPixel,
                                            bytesPerRow: image.bytesPerRow, space: space, bitmapInfo: image.bitmapInfo,
                                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let output = PHContentEditingOutput(contentEditingInput: input)
        let destination = try #require(CGImageDestinationCreateWithURL(output.renderedContentURL as CFURL, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, inverted, [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        output.adjustmentData = PHAdjustmentData(formatIdentifier: "org.photokit-linux.tests.invert", formatVersion: "1", data: Data("invert".utf8))
        try test.photos.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
    }

    func decode(_ url: URL) throws -> CGImage {
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }
}

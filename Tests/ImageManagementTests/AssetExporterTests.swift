import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import ImageManagement

@Suite struct AssetExporterTests {
    @Test func sharingFormats() {
        // imageExportPreset semantics: compatible turns HEIC into JPEG, current (original) gives what is stored.
        #expect(AssetExporter.targetFormat(forStored: "public.heic", .compatible) == .jpeg)
        #expect(AssetExporter.targetFormat(forStored: "com.adobe.raw-image", .compatible) == .jpeg)
        #expect(AssetExporter.targetFormat(forStored: "public.jpeg", .compatible) == nil)
        #expect(AssetExporter.targetFormat(forStored: "public.png", .compatible) == nil)
        #expect(AssetExporter.targetFormat(forStored: "public.heic", .original) == nil)
        #expect(AssetExporter.targetFormat(forStored: "public.jpeg", .jpeg) == nil, "already JPEG: copied, not re-encoded")
        #expect(AssetExporter.targetFormat(forStored: "public.jpeg", .png) == .png)
        #expect(AssetExporter.targetFormat(forStored: "public.jpeg", .heic) == .heic)
    }

    @Test func exportsAreNamedAfterTheOriginalAndNeverReplaceFiles() throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let asset = try #require(try test.importCorpus(["heic/no_exif_portrait.heic"]).first)
        let out = test.directory.appending("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let compatible = try AssetExporter.export(asset.record, version: .current, format: .compatible, to: out, in: test.library)
        #expect(compatible.url.lastPathComponent == "no_exif_portrait.jpg" && !compatible.isCopy)
        let header = try ImageFile(contentsOf: compatible.url).header()
        #expect(header.format == .jpeg && header.width == 1024 && header.height == 1535)
        let stored = try AssetExporter.export(asset.record, version: .current, format: .original, to: out, in: test.library)
        #expect(stored.isCopy && stored.url.lastPathComponent == "no_exif_portrait.heic")
        #expect(try Data(contentsOf: stored.url) == Data(contentsOf: TestMedia.url("heic/no_exif_portrait.heic")!))
        let again = try AssetExporter.export(asset.record, version: .current, format: .compatible, to: out, in: test.library)
        #expect(again.url.lastPathComponent == "no_exif_portrait (1).jpg")
    }
}

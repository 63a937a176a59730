import Foundation
import Testing
import GRDB
@testable import PhotoLibrary
import _TestSupport

/// Non-destructive edits in the core: the rendered file becomes current, the original stays byte for byte,
/// adjustment data round-trips, revert restores, bad renders change nothing.
@Suite struct ContentEditTests {
    func makeLibrary() throws -> (Library, TemporaryDirectory, String) {
        let directory = TemporaryDirectory(prefix: "content-edit")
        let library = try Library.open(at: directory.appending("Edit.photoslibrary"))
        let identifier = LocalIdentifier.make(.asset)
        try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(identifier: identifier, resources: [
            NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 64, height: 48, seed: 1)), originalFilename: "IMG_0001.JPG"),
        ]))]))
        return (library, directory, identifier)
    }

    @Test func editRevertAndRoundTrip() throws {
        let (library, directory, identifier) = try makeLibrary()
        _ = directory
        let rowID = try #require(try library.assetRowIDs(identifiers: [identifier]).first)
        let original = try #require(try library.resources(assetRowID: rowID).first)
        let originalBytes = try Data(contentsOf: library.fileURL(for: original))
        let payload = AdjustmentPayload(formatIdentifier: "org.example.filters", formatVersion: "1.2", data: Data((0..<200).map { UInt8($0) }))

        let outcome = try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifier,
            rendered: .data(FixtureImages.jpeg(width: 32, height: 24, seed: 2)), adjustment: payload))]))
        #expect(outcome.contentChangedAssets == [rowID])
        let edit = try #require(try library.currentEdit(assetRowID: rowID))
        #expect(edit.adjustment == payload)
        #expect(edit.rendered.pixelWidth == 32)
        let asset = try #require(try library.assets(rowIDs: [rowID])[rowID])
        #expect(asset.pixelWidth == 32 && asset.hasAdjustments)
        #expect(try Data(contentsOf: library.fileURL(for: original)) == originalBytes, "the original is untouched")
        let entry = try #require(try library.changeLogEntries(after: 1).last)
        #expect(entry.changes.assets.contentChanged == [rowID])

        // A second edit replaces the first; its files go once nothing references them.
        let firstRender = library.fileURL(for: edit.rendered)
        try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifier,
            rendered: .data(FixtureImages.jpeg(width: 40, height: 30, seed: 3)), adjustment: payload))]))
        #expect(!FileManager.default.fileExists(atPath: firstRender.path))
        #expect(try library.currentEdit(assetRowID: rowID)?.rendered.pixelWidth == 40)

        try library.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        #expect(try library.currentEdit(assetRowID: rowID) == nil)
        let reverted = try #require(try library.assets(rowIDs: [rowID])[rowID])
        #expect(reverted.pixelWidth == 64 && !reverted.hasAdjustments)
        #expect(try library.resources(assetRowID: rowID).map(\.type) == [.photo])
        #expect(try Data(contentsOf: library.fileURL(for: original)) == originalBytes)
    }

    @Test func badRendersChangeNothing() throws {
        let (library, directory, identifier) = try makeLibrary()
        let payload = AdjustmentPayload(formatIdentifier: "org.example", formatVersion: "1", data: Data([1]))
        let before = try library.currentChangeToken()
        for bad in [Data(), Data("not an image".utf8), Data(FixtureImages.jpeg(seed: 1).prefix(40))] {
            #expect(throws: LibraryError.self) {
                try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifier, rendered: .data(bad), adjustment: payload))]))
            }
        }
        #expect(try library.currentChangeToken() == before)
        let rowID = try #require(try library.assetRowIDs(identifiers: [identifier]).first)
        #expect(try library.currentEdit(assetRowID: rowID) == nil)
        // No temporary or render file was left behind.
        let renders = directory.appending("Edit.photoslibrary/renders")
        #expect((try? FileManager.default.subpathsOfDirectory(atPath: renders.path).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".plist") }) ?? [] == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appending("Edit.photoslibrary/tmp").path).isEmpty)
    }
}

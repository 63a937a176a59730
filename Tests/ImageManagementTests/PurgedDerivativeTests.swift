import Foundation
import Testing
import GRDB
import _TestSupport
import Photos
@testable import PhotoLibrary
import ImageManagement

/// Purging erases a photo's pictures everywhere: the derivatives (thumbnail, screen image) of every rendition of a
/// purged asset go with it, unless a live resource still has the same bytes.
@Suite(.disabled(if: ServedTestLibrary.isRequested, "the library's own derivative store: over the service it runs in the service (LibraryServiceTests)"))
struct PurgedDerivativeTests {
    func derivativeFiles(_ store: DerivativeStore, _ key: String) -> [URL] {
        DerivativeKind.allCases.compactMap { store.existing(contentKey: key, kind: $0) }
    }

    func contentKey(_ asset: PHAsset, _ test: TestLibrary) throws -> String {
        try #require(Rendition.select(from: try test.library.resources(assetRowID: asset.record.rowID), version: .current)).contentKey
    }

    @Test func expiryFromRecentlyDeletedRemovesThePurgedPhotosDerivatives() throws {
        let test = try TestLibrary()
        let store = ImagingContext.context(for: test.library).store
        let purged = try test.importJPEG(width: 2000, height: 1500, seed: 1)
        let kept = try test.importJPEG(width: 2000, height: 1500, seed: 2)
        ImagingContext.context(for: test.library).generator.enqueue([purged.record.rowID, kept.record.rowID], in: test.library)
        test.photos.waitForDerivatives()
        let purgedKey = try contentKey(purged, test), keptKey = try contentKey(kept, test)
        #expect(derivativeFiles(store, purgedKey).count == DerivativeKind.allCases.count, "both derivatives were made")

        try test.library.apply(ChangeBatch(operations: [.trashAssets([purged.localIdentifier])]))
        // 31 days later: the next open purges it.
        try test.library.write { db in
            try db.execute(sql: "UPDATE asset SET trashed_date = ? WHERE identifier = ?",
                           arguments: [Date().timeIntervalSince1970 - 31 * 86_400, purged.localIdentifier])
        }
        let reopened = try PHPhotoLibrary(url: test.library.url)
        #expect(try reopened.library.assetRowIDs(identifiers: [purged.localIdentifier]).isEmpty, "the photo was purged")
        #expect(derivativeFiles(store, purgedKey).isEmpty, "no thumbnail or screen image of the purged photo is left")
        #expect(derivativeFiles(store, keptKey).count == DerivativeKind.allCases.count, "the other photo's are kept")
    }

    @Test func aPurgeKeepsDerivativesOfContentALiveAssetStillHas() throws {
        let test = try TestLibrary()
        let store = ImagingContext.context(for: test.library).store
        let jpeg = FixtureImages.jpeg(width: 2000, height: 1500, seed: 3)
        let ids = [LocalIdentifier.make(.asset), LocalIdentifier.make(.asset)]
        try test.library.apply(ChangeBatch(operations: ids.map { .createAsset(NewAsset(identifier: $0, resources: [NewResource(type: .photo, source: .data(jpeg))])) }))
        let rows = try test.library.assetRowIDs(identifiers: ids)
        ImagingContext.context(for: test.library).generator.enqueue(rows, in: test.library)
        test.photos.waitForDerivatives()
        let key = try #require(try test.library.resources(assetRowID: rows[0]).first?.sha256)
        #expect(!derivativeFiles(store, key).isEmpty)

        let outcome = try test.library.apply(ChangeBatch(operations: [.trashAssets([ids[0]]), .purgeAssets([ids[0]])]))
        #expect(outcome.supersededContentHashes == [key], "the purge names the purged content")
        ImagingContext.libraryDidCommit(test.library, insertedOrChangedAssets: [Int64](), supersededContentKeys: outcome.supersededContentHashes)
        #expect(derivativeFiles(store, key).count == DerivativeKind.allCases.count, "the same bytes are still a live photo")

        let second = try test.library.apply(ChangeBatch(operations: [.trashAssets([ids[1]]), .purgeAssets([ids[1]])]))
        ImagingContext.libraryDidCommit(test.library, insertedOrChangedAssets: [Int64](), supersededContentKeys: second.supersededContentHashes)
        #expect(derivativeFiles(store, key).isEmpty, "the last asset with these bytes is gone, and so are its pictures")
    }
}

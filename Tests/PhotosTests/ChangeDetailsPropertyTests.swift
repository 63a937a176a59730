import XCTest
@testable import Photos
import PhotoLibrary
import _TestSupport

/// Random sequences of library changes; after every transaction, for several fetch results with different
/// scopes, predicates and sorts, applying the change details to the before-result must give exactly the
/// after-result, and the after-result must equal a fresh fetch.
final class ChangeDetailsPropertyTests: PhotosTestCase {
    /// One fetch result followed through the changes.
    final class Tracked<T: PHObject> {
        let name: String
        let refetch: () -> PHFetchResult<T>
        var current: PHFetchResult<T>
        var incrementalSteps = 0
        init(_ name: String, _ refetch: @escaping () -> PHFetchResult<T>) { self.name = name; self.refetch = refetch; current = refetch() }

        func follow(_ changes: [PHChange], step: Int, file: StaticString = #filePath, line: UInt = #line) {
            for change in changes {
                guard let details = change.changeDetails(for: current) else { continue }
                XCTAssertTrue(details.fetchResultBeforeChanges === current, "\(name): before is the passed result")
                if details.hasIncrementalChanges {
                    incrementalSteps += 1
                    let applied = applyDetails(details, to: current.rowIDs)
                    XCTAssertEqual(applied, details.fetchResultAfterChanges.rowIDs,
                                   "\(name), step \(step): details do not rebuild the after-result\n\(details)\nchange: \(change)",
                                   file: file, line: line)
                    for index in details.changedIndexes ?? [] where index >= details.fetchResultAfterChanges.count {
                        XCTFail("\(name), step \(step): changed index \(index) out of range")
                    }
                }
                current = details.fetchResultAfterChanges
            }
            XCTAssertEqual(identifiers(current), identifiers(refetch()), "\(name), step \(step): after-result differs from a fresh fetch", file: file, line: line)
        }
    }

    func testRandomChangeSequences() throws {
        // Against a served library one sequence (each change crosses the socket twice): the three run on a directory.
        let seeds: [UInt64] = ServedTestLibrary.isRequested ? [20141] : [20141, 7, 1_000_003]
        for seed in seeds {
            tearDown()
            try setUpWithError()
            try runRandomSequence(seed: seed, steps: 70)
        }
    }

    func runRandomSequence(seed: UInt64, steps: Int) throws {
        var random = SeededGenerator(seed: seed)
        var photos = try makePhotos((0..<10).map { day(Double($0) * 2.5) }, favorite: [1, 4, 7])
        var trashed: [String] = []
        var album: PHAssetCollection!
        var folder: PHCollectionList!
        try library.performChangesAndWait {
            let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Trip")
            request.addAssets(Array(photos[2..<7]) as NSArray)
            let folderRequest = PHCollectionListChangeRequest.creationRequestForCollectionList(withTitle: "Travel")
            album = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [request.placeholderForCreatedAssetCollection.localIdentifier], options: nil).firstObject
            _ = folderRequest
        }
        album = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .albumRegular, options: nil).firstObject!
        folder = PHCollectionList.fetchCollectionLists(with: .folder, subtype: .regularFolder, options: nil).firstObject!

        let favoritesSorted = PHFetchOptions()
        favoritesSorted.predicate = NSPredicate(format: "favorite == YES")
        favoritesSorted.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        let recentByModification = PHFetchOptions()
        recentByModification.predicate = NSPredicate(format: "creationDate > %@", day(5) as NSDate)
        recentByModification.sortDescriptors = [NSSortDescriptor(key: "modificationDate", ascending: true)]
        let favoritesAlbum = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumFavorites, options: nil).firstObject!
        let tripAlbum = album!, travelFolder = folder!

        let assets: [Tracked<PHAsset>] = [
            Tracked("all photos by date") { PHAsset.fetchAssets(with: .image, options: nil) },
            Tracked("favourites newest first") { PHAsset.fetchAssets(with: favoritesSorted) },
            Tracked("recent by modification date") { PHAsset.fetchAssets(with: recentByModification) },
            Tracked("album Trip") { PHAsset.fetchAssets(in: tripAlbum, options: nil) },
            Tracked("Favorites smart album") { PHAsset.fetchAssets(in: favoritesAlbum, options: nil) },
        ]
        let collections: [Tracked<PHAssetCollection>] = [
            Tracked("moments") { PHAssetCollection.fetchMoments(with: nil) },
            Tracked("user albums") { PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil) },
        ]
        let lists: [Tracked<PHCollection>] = [
            Tracked("top level") { PHCollectionList.fetchTopLevelUserCollections(with: nil) },
            Tracked("folder Travel") { PHCollection.fetchCollections(in: travelFolder, options: nil) },
        ]

        let recorder = ChangeRecorder()
        library.register(recorder)
        defer { library.unregisterChangeObserver(recorder) }

        for step in 0..<steps {
            let live = PHAsset.fetchAssets(with: .image, options: nil)
            let albumMembers = PHAsset.fetchAssets(in: tripAlbum, options: nil)
            func anyLive() -> PHAsset? { live.count == 0 ? nil : live.object(at: Int.random(in: 0..<live.count, using: &random)) }
            let start = recorder.count
            // Now and then a change large enough for the "touched rows" strategy (more than 256 rows).
            if step % 30 == 10 {
                photos += try makePhotos((0..<(FetchDiffer.incrementalLimit + 8)).map { _ in day(Double.random(in: 0...30, using: &random)) })
            } else if step % 30 == 20, live.count > FetchDiffer.incrementalLimit {
                let chosen = (0..<live.count).shuffled(using: &random).prefix(FetchDiffer.incrementalLimit + 4).map { live.object(at: $0) }
                let dates = chosen.map { _ in day(Double.random(in: 0...30, using: &random)) }
                let favorites = chosen.map { _ in Bool.random(using: &random) }
                try library.performChangesAndWait {
                    for (index, asset) in chosen.enumerated() {
                        let request = PHAssetChangeRequest(for: asset)
                        request.creationDate = dates[index]
                        request.isFavorite = favorites[index]
                    }
                }
            } else {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: // import one or two photos
                photos += try makePhotos((0..<Int.random(in: 1...2, using: &random)).map { _ in day(Double.random(in: 0...30, using: &random)) },
                                         favorite: Bool.random(using: &random) ? [0] : [])
            case 1: // delete (to Recently Deleted)
                guard let victim = anyLive() else { continue }
                try library.performChangesAndWait { PHAssetChangeRequest.deleteAssets([victim] as NSArray) }
                trashed.append(victim.localIdentifier)
            case 2: // recover
                guard !trashed.isEmpty else { continue }
                let identifier = trashed.remove(at: Int.random(in: 0..<trashed.count, using: &random))
                try core.apply(ChangeBatch(operations: [.recoverAssets([identifier])]))
            case 3: // date edit (a move in date-sorted results)
                guard let asset = anyLive() else { continue }
                let date = day(Double.random(in: 0...30, using: &random))
                try library.performChangesAndWait { PHAssetChangeRequest(for: asset).creationDate = date }
            case 4: // favourite toggle
                guard let asset = anyLive() else { continue }
                try library.performChangesAndWait { PHAssetChangeRequest(for: asset).isFavorite = !asset.isFavorite }
            case 5: // album insert at an index
                guard let asset = anyLive(), !albumMembers.contains(asset) else { continue }
                let index = Int.random(in: 0...albumMembers.count, using: &random)
                try library.performChangesAndWait {
                    PHAssetCollectionChangeRequest(for: tripAlbum, assets: albumMembers)!.insertAssets([asset] as NSArray, at: IndexSet(integer: index))
                }
            case 6: // album move
                guard albumMembers.count > 1 else { continue }
                let from = Int.random(in: 0..<albumMembers.count, using: &random)
                let to = Int.random(in: 0..<albumMembers.count, using: &random)
                try library.performChangesAndWait {
                    PHAssetCollectionChangeRequest(for: tripAlbum, assets: albumMembers)!.moveAssets(at: IndexSet(integer: from), to: to)
                }
            case 7: // album removal
                guard albumMembers.count > 0 else { continue }
                let index = Int.random(in: 0..<albumMembers.count, using: &random)
                try library.performChangesAndWait {
                    PHAssetCollectionChangeRequest(for: tripAlbum, assets: albumMembers)!.removeAssets(at: IndexSet(integer: index))
                }
            case 8: // folder changes: a new album inside the folder, or one taken out
                let children = PHCollection.fetchCollections(in: travelFolder, options: nil)
                if children.count > 0 && Bool.random(using: &random) {
                    let child = children.object(at: Int.random(in: 0..<children.count, using: &random))
                    try library.performChangesAndWait { PHCollectionListChangeRequest(for: travelFolder, childCollections: children)!.removeChildCollections([child] as NSArray) }
                } else {
                    try library.performChangesAndWait {
                        let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Day \(step)")
                        PHCollectionListChangeRequest(for: travelFolder, childCollections: children)!
                            .addChildCollections([request.placeholderForCreatedAssetCollection] as NSArray)
                    }
                }
            default: // hide or unhide
                guard let asset = anyLive() else { continue }
                try library.performChangesAndWait { PHAssetChangeRequest(for: asset).isHidden = true }
                try library.performChangesAndWait { PHAssetChangeRequest(for: asset).isHidden = false }
            }
            }
            let changes = recorder.waitForCurrentState(of: library, after: start)
            for tracked in assets { tracked.follow(changes, step: step) }
            for tracked in collections { tracked.follow(changes, step: step) }
            for tracked in lists { tracked.follow(changes, step: step) }
            recorder.forgetAllButTheLast()
        }
        for tracked in assets where tracked.name != "album Trip" {
            XCTAssertGreaterThan(tracked.incrementalSteps, 3, "\(tracked.name) saw incremental details (seed \(seed))")
        }
    }
}

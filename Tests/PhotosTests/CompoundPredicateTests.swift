import XCTest
@testable import Photos
import _TestSupport

/// `NSCompoundPredicate` in `PHFetchOptions`: every subpredicate counts (a picker's AND/OR/NOT filters once used
/// only one of them, silently). Random AND/OR/NOT trees are fetched and checked against the same tree
/// evaluated in memory on every asset.
final class CompoundPredicateTests: PhotosTestCase {
    /// A leaf: a format predicate and how it evaluates on an asset.
    struct Leaf {
        let predicate: NSPredicate
        let holds: (PHAsset) -> Bool
    }

    func leaves() -> [Leaf] {
        var leaves = [
            Leaf(predicate: NSPredicate(format: "isFavorite == YES"), holds: { $0.isFavorite }),
            Leaf(predicate: NSPredicate(format: "favorite == NO"), holds: { !$0.isFavorite }),
            Leaf(predicate: NSPredicate(value: true), holds: { _ in true }),
            Leaf(predicate: NSPredicate(value: false), holds: { _ in false }),
        ]
        for days in [3.0, 9, 15] {
            let date = day(days)
            leaves.append(Leaf(predicate: NSPredicate(format: "creationDate > %@", date as NSDate), holds: { $0.creationDate! > date }))
            leaves.append(Leaf(predicate: NSPredicate(format: "creationDate <= %@ AND mediaType == %d", date as NSDate, PHAssetMediaType.image.rawValue),
                               holds: { $0.creationDate! <= date && $0.mediaType == .image }))
        }
        return leaves
    }

    /// A random tree over `leaves`, with its in-memory evaluation.
    func tree(_ random: inout SeededGenerator, depth: Int, leaves: [Leaf]) -> Leaf {
        if depth == 0 || random.next(upTo: 4) == 0 { return leaves[random.next(upTo: leaves.count)] }
        let count = 1 + random.next(upTo: 3)
        let children = (0..<count).map { _ in tree(&random, depth: depth - 1, leaves: leaves) }
        switch random.next(upTo: 3) {
        case 0:
            return Leaf(predicate: NSCompoundPredicate(andPredicateWithSubpredicates: children.map(\.predicate)),
                        holds: { asset in children.allSatisfy { $0.holds(asset) } })
        case 1:
            return Leaf(predicate: NSCompoundPredicate(orPredicateWithSubpredicates: children.map(\.predicate)),
                        holds: { asset in children.contains { $0.holds(asset) } })
        default:
            let child = children[0]
            return Leaf(predicate: NSCompoundPredicate(notPredicateWithSubpredicate: child.predicate), holds: { !child.holds($0) })
        }
    }

    func testRandomTreesFetchWhatTheyEvaluateTo() throws {
        try makePhotos((0..<24).map { day(Double($0)) }, favorite: [1, 2, 5, 8, 13, 21, 22])
        let all = PHAsset.fetchAssets(with: nil)
        let assets = all.objects(at: IndexSet(integersIn: 0..<all.count))
        XCTAssertEqual(assets.count, 24)
        let leaves = leaves()
        for seed in [1, 2, 3] as [UInt64] {
            var random = SeededGenerator(seed: seed)
            for _ in 0..<40 {
                let candidate = tree(&random, depth: 3, leaves: leaves)
                let options = PHFetchOptions()
                options.predicate = candidate.predicate
                options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
                let fetched = PHAsset.fetchAssets(with: options)
                let expected = assets.filter(candidate.holds).map(\.localIdentifier)
                XCTAssertEqual(fetched.objects(at: IndexSet(integersIn: 0..<fetched.count)).map(\.localIdentifier), expected,
                               "seed \(seed): \(candidate.predicate.photosFetchFormat?.format ?? "?")")
            }
        }
    }

    func testThePickerFiltersOfTheIssue() throws {
        try makePhotos((0..<6).map { day(Double($0)) }, favorite: [0, 3])
        let favorites = NSPredicate(format: "isFavorite == YES")
        let late = NSPredicate(format: "creationDate > %@", day(2) as NSDate)
        func count(_ predicate: NSPredicate) -> Int {
            let options = PHFetchOptions()
            options.predicate = predicate
            return PHAsset.fetchAssets(with: options).count
        }
        XCTAssertEqual(count(NSCompoundPredicate(andPredicateWithSubpredicates: [favorites, late])), 1)   // day 3
        XCTAssertEqual(count(NSCompoundPredicate(orPredicateWithSubpredicates: [favorites, late])), 4)    // 0, 3, 4, 5
        XCTAssertEqual(count(NSCompoundPredicate(notPredicateWithSubpredicate: favorites)), 4)
        XCTAssertEqual(count(NSCompoundPredicate(andPredicateWithSubpredicates: [])), 6)
        XCTAssertEqual(count(NSCompoundPredicate(orPredicateWithSubpredicates: [])), 0)
    }

    func testAPartMadeOtherwiseMakesTheWholePredicateUnfetchable() {
        let block = NSPredicate { _, _ in true }
        let compound = NSCompoundPredicate(andPredicateWithSubpredicates: [NSPredicate(format: "isFavorite == YES"), block])
        XCTAssertNil(compound.photosFetchFormat, "a fetch refuses it (PhotoKit raises) instead of filtering by one part")
        XCTAssertNotNil(NSCompoundPredicate(notPredicateWithSubpredicate: NSPredicate(format: "isFavorite == YES")).photosFetchFormat)
    }
}

extension SeededGenerator {
    /// A number in 0..<bound.
    mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

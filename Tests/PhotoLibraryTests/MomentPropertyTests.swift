import XCTest
import GRDB
@testable import PhotoLibrary
import _TestSupport

/// Moments are kept current one window of changed dates at a time (`MomentIndexer.reclusterWindows`); after every
/// batch of random changes the whole timeline must be exactly what a rebuild from scratch makes of it: the same
/// moments with the same members, counts, dates and places, the same cluster lists and year lists.
final class MomentPropertyTests: LibraryTestCase {
    func testRandomChangesMatchAFullRebuild() throws {
        for seed in [UInt64(1), 2, 3] {
            try runSequence(seed: seed)
        }
    }

    private func runSequence(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        // Hours over two months (so cluster lists split by month and by the 24-hour gap), places in two cities.
        let places: [GeoPoint?] = [nil, GeoPoint(latitude: 48.8566, longitude: 2.3522), GeoPoint(latitude: 48.86, longitude: 2.34),
                                   GeoPoint(latitude: 51.5074, longitude: -0.1278)]
        func randomHour() -> Double {
            [Double.random(in: 0...6, using: &random), Double.random(in: 20...30, using: &random),
             Double.random(in: 700...760, using: &random), Double(Int.random(in: 0...8, using: &random)) * 1.5][Int.random(in: 0...3, using: &random)]
        }
        var live: [String] = try addPhotos((0..<24).map { _ in date(randomHour()) }, locations: (0..<24).map { _ in places.randomElement(using: &random)! })
        var trashed: [String] = []
        for step in 0..<40 {
            var operations: [ChangeOperation] = []
            var picked = Set<String>()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let kind = Int.random(in: 0..<8, using: &random)
                if kind == 0 || live.count < 4 {
                    let id = LocalIdentifier.make(.asset)
                    operations.append(.createAsset(NewAsset(identifier: id, resources: [
                        NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: 1000 + step * 10 + operations.count)), originalFilename: "NEW.JPG"),
                    ], edits: AssetEdits(creationDate: .some(date(randomHour())), location: .some(places.randomElement(using: &random)!)))))
                    live.append(id)
                    picked.insert(id)
                    continue
                }
                guard let id = live.filter({ !picked.contains($0) }).randomElement(using: &random) else { continue }
                picked.insert(id)
                switch kind {
                case 1: operations.append(.editAsset(identifier: id, AssetEdits(creationDate: .some(date(randomHour())))))
                case 2: operations.append(.editAsset(identifier: id, AssetEdits(location: .some(places.randomElement(using: &random)!))))
                case 3: operations.append(.editAsset(identifier: id, AssetEdits(isHidden: Bool.random(using: &random))))
                case 4: operations.append(.trashAssets([id])); live.removeAll { $0 == id }; trashed.append(id)
                case 5:
                    if let back = trashed.popLast() { operations.append(.recoverAssets([back])); live.append(back); picked.insert(back) }
                case 6: operations.append(.purgeAssets([id])); live.removeAll { $0 == id }
                default: operations.append(.editAsset(identifier: id, AssetEdits(creationDate: .some(Bool.random(using: &random) ? nil : date(randomHour())))))
                }
            }
            guard !operations.isEmpty else { continue }
            try library.apply(ChangeBatch(operations: operations))
            let (incremental, rebuilt) = try library.write { db in
                let incremental = try Self.timeline(db)
                var rebuilt: Timeline?
                try db.inSavepoint {
                    try db.execute(sql: "UPDATE asset SET moment_id = NULL")
                    try db.execute(sql: "DELETE FROM collection WHERE (kind = 1 AND type = 3) OR (kind = 2 AND type = 1)")
                    try MomentIndexer.rebuildAll(db)
                    rebuilt = try Self.timeline(db)
                    return .rollback
                }
                return (incremental, rebuilt!)
            }
            XCTAssertEqual(incremental, rebuilt, "seed \(seed), step \(step): \(operations.count) operations")
            if incremental != rebuilt { return }
        }
    }

    /// Everything derived from the timeline, independent of row ids.
    struct Timeline: Equatable, CustomStringConvertible {
        struct Group: Hashable { var members: [String]; var count: Int; var start: Double?; var end: Double?; var latitude: Double?; var longitude: Double? }
        var moments: Set<Group>
        /// Each cluster list as its moments' first members.
        var clusters: Set<[String]>
        var years: Set<String>
        var strays: Int
        var description: String { "\(moments.count) moments \(moments.map { "\($0.members.count)@\($0.start ?? -1)" }.sorted()), clusters \(clusters), years \(years), strays \(strays)" }
    }

    static func timeline(_ db: Database) throws -> Timeline {
        func rounded(_ value: Double?) -> Double? { value.map { ($0 * 1e9).rounded() / 1e9 } }
        var firstMember: [Int64: String] = [:]
        var moments = Set<Timeline.Group>()
        for row in try Row.fetchAll(db, sql: "SELECT id, cached_count, start_date, end_date, latitude, longitude FROM collection WHERE kind = 1 AND type = 3") {
            let id: Int64 = row[0]
            let members = try String.fetchAll(db, sql: "SELECT identifier FROM asset WHERE moment_id = ? ORDER BY creation_date, identifier", arguments: [id])
            firstMember[id] = members.first ?? "(empty)"
            moments.insert(.init(members: members, count: row[1], start: row[2], end: row[3], latitude: rounded(row[4]), longitude: rounded(row[5])))
        }
        var clusters = Set<[String]>()
        for list in try Int64.fetchAll(db, sql: "SELECT id FROM collection WHERE kind = 2 AND type = 1 AND subtype = 1") {
            let members = try Int64.fetchAll(db, sql: "SELECT id FROM collection WHERE cluster_list_id = ? AND kind = 1 AND type = 3", arguments: [list])
            let summary = try Row.fetchOne(db, sql: "SELECT cached_count, start_date, end_date FROM collection WHERE id = ?", arguments: [list])!
            clusters.insert(members.map { firstMember[$0] ?? "?" }.sorted() + ["count \(summary[0] as Int)", "\(summary[1] as Double?) \(summary[2] as Double?)"])
        }
        let years = try Row.fetchAll(db, sql: "SELECT title, cached_count, start_date, end_date, (SELECT count(*) FROM collection m WHERE m.year_list_id = y.id) FROM collection y WHERE kind = 2 AND type = 1 AND subtype = 2")
            .map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Double?) \($0[3] as Double?) \($0[4] as Int)" }
        // Assets in a moment they should not be in (hidden, trashed, undated) or in no moment although visible and dated.
        let strays = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM asset WHERE (moment_id IS NOT NULL AND (trashed_date IS NOT NULL OR is_hidden != 0 OR creation_date IS NULL))
                OR (moment_id IS NULL AND trashed_date IS NULL AND is_hidden = 0 AND creation_date IS NOT NULL)
            """) ?? 0
        return Timeline(moments: moments, clusters: clusters, years: Set(years), strays: strays)
    }
}

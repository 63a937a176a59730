import Foundation
import GRDB
import MediaInspection
import Testing
@testable import PhotoLibrary
import _TestSupport

/// The library filler: counts, consistency of derived data, shared files.
@Suite struct FillTests {
    @Test func fillsTenThousandConsistentAssets() throws {
        let dir = TemporaryDirectory()
        let library = try Library.open(at: dir.appending("Fill.photoslibrary"))
        let progress = Progress(totalUnitCount: 0)
        let summary = try library.fill(count: 10_000, seed: 7, progress: progress)
        #expect(summary.assets == 10_000)
        #expect(progress.completedUnitCount == 10_000)

        try library.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") == 10_000)
            let favorites = try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE is_favorite = 1")!
            #expect(favorites == summary.favorites)
            #expect((100...400).contains(favorites), "about 2 % favourites, got \(favorites)")
            let videos = try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE media_type = 2")!
            #expect(videos == summary.videos)
            #expect((500...1_200).contains(videos), "about 8 % videos, got \(videos)")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE is_hidden = 1") == summary.hidden)
            #expect(summary.hidden > 0 && summary.raw > 0 && summary.livePhotos > 0 && summary.bursts > 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE media_type = 2 AND duration <= 0") == 0)
            #expect(Double(summary.withLocation) > 0.8 * 10_000)
            // Dates span years, every asset has a resource row pointing at an existing file.
            let span = try Row.fetchOne(db, sql: "SELECT max(creation_date) - min(creation_date) FROM asset")![0] as Double
            #expect(span > 365 * 86_400)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset a WHERE NOT EXISTS (SELECT 1 FROM resource r WHERE r.asset_id = a.id)") == 0)
            for path in try String.fetchAll(db, sql: "SELECT DISTINCT path FROM resource") {
                #expect(FileManager.default.fileExists(atPath: library.url.appendingPathComponent(path).path), "\(path)")
            }
            // Bursts: one representative each.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE represents_burst = 1") == summary.bursts)
            // Moments: every visible dated asset in exactly one, cached counts exact.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE is_hidden = 0 AND trashed_date IS NULL AND moment_id IS NULL") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset WHERE is_hidden = 1 AND moment_id IS NOT NULL") == 0)
            #expect(try Int.fetchOne(db, sql: """
                SELECT count(*) FROM collection c WHERE c.kind = 1 AND c.type = 3
                AND c.cached_count != (SELECT count(*) FROM asset a WHERE a.moment_id = c.id)
                """) == 0)
            let moments = try Int.fetchOne(db, sql: "SELECT count(*) FROM collection WHERE kind = 1 AND type = 3")!
            #expect(moments == summary.moments)
            #expect(moments > 20)
            #expect(try Int.fetchOne(db, sql: "SELECT sum(cached_count) FROM collection WHERE kind = 2 AND type = 1 AND subtype = 2") == moments)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM collection WHERE kind = 1 AND type = 3 AND (cluster_list_id IS NULL OR year_list_id IS NULL)") == 0)
            // Albums with members inside folders.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM collection WHERE kind = 1 AND type = 1 AND parent_id IS NOT NULL") ?? 0 > 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM album_asset") ?? 0 > 0)
        }

        // The bulk moment pass agrees with the regular indexer: re-running it changes nothing.
        let before = try momentSnapshot(library)
        try library.write { db in try MomentIndexer.rebuildAll(db) }
        #expect(try momentSnapshot(library) == before)
    }

    @Test func bulkMomentsMatchTheIndexerFromScratch() throws {
        let dir = TemporaryDirectory()
        let library = try Library.open(at: dir.appending("Fill.photoslibrary"))
        try library.fill(count: 3_000, seed: 3)
        let bulk = try membership(library)
        try library.write { db in
            try db.execute(sql: "DELETE FROM collection WHERE (kind = 1 AND type = 3) OR (kind = 2 AND type = 1)")
            try db.execute(sql: "UPDATE asset SET moment_id = NULL")
            try MomentIndexer.rebuildAll(db)
        }
        #expect(try membership(library) == bulk)
    }

    @Test func sameSeedSameShape() throws {
        let dir = TemporaryDirectory()
        let a = try Library.open(at: dir.appending("A.photoslibrary")).fill(count: 2_000, seed: 11)
        let b = try Library.open(at: dir.appending("B.photoslibrary")).fill(count: 2_000, seed: 11)
        #expect(a.favorites == b.favorites && a.videos == b.videos && a.moments == b.moments && a.bursts == b.bursts)
    }

    @Test func fillingTwiceWithOneSeedAddsBoth() throws {
        let dir = TemporaryDirectory()
        let library = try Library.open(at: dir.appending("Fill.photoslibrary"))
        let first = try library.fill(count: 1_000, seed: 4)
        let second = try library.fill(count: 1_000, seed: 4)
        #expect(first.bursts == second.bursts && first.favorites == second.favorites, "one seed, one shape")
        #expect(try library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") } == 2_000)
        #expect(try library.read { db in try Int.fetchOne(db, sql: "SELECT count(DISTINCT burst_identifier) FROM asset") } == first.bursts + second.bursts)
    }

    @Test func sharedFilesAreRealMediaAndSurvivePurges() throws {
        let dir = TemporaryDirectory()
        let library = try Library.open(at: dir.appending("Fill.photoslibrary"))
        try library.fill(count: 500, seed: 5)
        let fill = library.url.appendingPathComponent("originals/fill")
        #expect(try MediaInspector.inspect(fileAt: fill.appendingPathComponent("photo.jpg")).kind == .image)
        #expect(try MediaInspector.inspect(fileAt: fill.appendingPathComponent("video.mov")).kind == .video)
        let raw = Result { () throws(MediaInspectionError) -> MediaInfo in try MediaInspector.inspect(fileAt: fill.appendingPathComponent("raw.dng")) }
        if case .failure(let error) = raw { Issue.record("the filler's DNG is not readable: \(error)") }

        let ids = try library.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM asset LIMIT 5") }
        try library.apply(ChangeBatch(operations: [.trashAssets(ids)]))
        try library.apply(ChangeBatch(operations: [.purgeAssets(ids)]))
        #expect(FileManager.default.fileExists(atPath: fill.appendingPathComponent("photo.jpg").path))
        #expect(FileManager.default.fileExists(atPath: fill.appendingPathComponent("video.mov").path))
        // A second fill reuses the files.
        try library.fill(count: 100, seed: 6)
        #expect(TemporaryDirectory.files(under: fill).count == 3)
        #expect(TemporaryDirectory.files(under: library.url.appendingPathComponent("journal")).isEmpty)
    }

    @Test func cancelledFillChangesNothing() throws {
        let dir = TemporaryDirectory()
        let library = try Library.open(at: dir.appending("Fill.photoslibrary"))
        let progress = Progress(totalUnitCount: 0)
        progress.cancel()
        #expect(throws: LibraryError.self) { try library.fill(count: 20_000, seed: 1, progress: progress) }
        #expect(try library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") } == 0)
        #expect(TemporaryDirectory.files(under: library.url.appendingPathComponent("originals")).isEmpty)
    }

    // MARK: Helpers

    struct Moment: Hashable { let start: Double; let end: Double; let count: Int; let members: [Int64] }

    func momentSnapshot(_ library: Library) throws -> [String] {
        try library.read { db in
            try Row.fetchAll(db, sql: "SELECT id, identifier, start_date, end_date, cached_count, latitude, longitude, cluster_list_id, year_list_id FROM collection WHERE (kind = 1 AND type = 3) OR (kind = 2 AND type = 1) ORDER BY id")
                .map { $0.description }
        }
    }

    func membership(_ library: Library) throws -> Set<Moment> {
        try library.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, start_date, end_date, cached_count FROM collection WHERE kind = 1 AND type = 3")
            return Set(try rows.map { row in
                Moment(start: row[1], end: row[2], count: row[3],
                       members: try Int64.fetchAll(db, sql: "SELECT id FROM asset WHERE moment_id = ? ORDER BY id", arguments: [row[0] as Int64]))
            })
        }
    }
}

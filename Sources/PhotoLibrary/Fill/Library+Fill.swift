import Foundation
import GRDB
import DurableFiles

/// What `Library.fill` made.
public struct FillSummary: Sendable {
    public var assets = 0
    public var photos = 0
    public var videos = 0
    public var livePhotos = 0
    public var favorites = 0
    public var hidden = 0
    public var raw = 0
    public var panoramas = 0
    public var screenshots = 0
    /// Assets that are frames of a burst, and the number of bursts.
    public var burstFrames = 0
    public var bursts = 0
    public var withLocation = 0
    public var albums = 0
    public var folders = 0
    /// Moments in the library after the fill.
    public var moments = 0
    /// Wall-clock time of the whole fill.
    public var elapsed: TimeInterval = 0
    public init() {}
}

extension Library {
    /// Adds `count` realistic assets quickly (the WWDC 2017 "photo library filler"): rows sharing a few small
    /// real resource files, dated over several years in bursts of activity (busy days, trips), ~2 % favourites,
    /// some hidden, bursts, Live Photos, ~8 % videos, a few RAW, panoramas and screenshots, locations for most,
    /// and albums in folders. Moments are then rebuilt in one pass. The same `seed` gives the same library
    /// (relative to the day it is filled; identifiers are fresh on every run, so filling again, with any seed, adds
    /// more assets).
    ///
    /// Everything is one transaction: on error or cancellation (`progress.isCancelled`, checked every
    /// 10,000 assets) nothing changes. `progress.totalUnitCount` is `count`.
    ///
    /// ```swift
    /// let summary = try library.fill(count: 100_000, seed: 42)
    /// print("\(summary.assets) assets in \(summary.elapsed) s")
    /// ```
    @discardableResult
    public func fill(count: Int, seed: UInt64 = 1, progress: Progress? = nil) throws(LibraryError) -> FillSummary {
        let started = Date()
        guard count >= 0 else { throw LibraryError(.changeNotSupported, "The asset count must not be negative (got \(count))") }
        try requireWritable()
        progress?.totalUnitCount = Int64(count)
        let files = try placeFillMedia()
        do {
            var summary = try pool.write { db in
                var writer = FillWriter(db: db, seed: seed, progress: progress, files: files)
                let summary = try writer.run(count: count)
                // Bulk rows are not itemised in the change log: one reset entry tells observers to refetch.
                var reset = LibraryChanges()
                reset.isReset = true
                try ChangeLog.append(reset, db)
                FaultPoint.beforeCommit.reach()
                return summary
            }
            FaultPoint.afterCommit.reach()
            summary.elapsed = Date().timeIntervalSince(started)
            // A small fill may use only some of the shared files (no RAW among 100 assets, say): the others go.
            try? deleteUnreferencedFiles(files.intent.relativePaths)
            store.clearIntent(files.intent)
            changeSignal.post()
            return summary
        } catch {
            // Files no committed row references go; the intent is then resolved. When the commit may have held
            // (see `commitMayHaveHeld`), both stay for the next open to settle.
            if !LibraryError.commitMayHaveHeld(error) {
                try? deleteUnreferencedFiles(files.intent.relativePaths)
                store.clearIntent(files.intent)
            }
            if progress?.isCancelled ?? false { throw LibraryError(.cancelled, "The fill was cancelled; the library is unchanged") }
            throw LibraryError.wrap(error, "Filling the library failed")
        }
    }

    /// Writes the shared media files (once) under an intent, so a crash before the commit leaves nothing behind.
    private func placeFillMedia() throws(LibraryError) -> FillFiles {
        let blobs: [(String, Data)] = [
            ("originals/fill/photo.jpg", FillMedia.jpeg), ("originals/fill/video.mov", FillMedia.movie), ("originals/fill/raw.dng", FillMedia.dng),
        ]
        do {
            let intent = try store.writeIntent(blobs.map(\.0))
            var files = FillFiles(intent: intent)
            for (path, data) in blobs {
                let url = store.url(forRelativePath: path)
                if (try? Data(contentsOf: url)) != data {
                    let staged = try store.stage(.data(data))
                    try store.place(staged, at: path)
                }
                files.entries[path] = FillFiles.Entry(byteCount: data.count, sha256: SHA256Hasher.hex(of: data))
            }
            return files
        } catch {
            throw LibraryError.wrap(error, "Writing the filler's media files failed")
        }
    }
}

/// The shared files and the intent protecting them.
struct FillFiles {
    struct Entry { let byteCount: Int; let sha256: String }
    let intent: ResourceStore.Intent
    var entries: [String: Entry] = [:]
    init(intent: ResourceStore.Intent) { self.intent = intent }
}

/// Writes the filler's rows inside one transaction.
private struct FillWriter {
    let db: Database
    var random: FillRandom
    let progress: Progress?
    let files: FillFiles
    var summary = FillSummary()

    init(db: Database, seed: UInt64, progress: Progress?, files: FillFiles) {
        self.db = db
        self.random = FillRandom(seed: seed)
        self.progress = progress
        self.files = files
    }

    mutating func run(count: Int) throws -> FillSummary {
        try db.execute(sql: "PRAGMA cache_size = -262144")
        defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }

        // Drop the secondary indexes of the bulk-loaded tables; they are rebuilt from their own definitions.
        let indexes = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('asset', 'resource') AND sql IS NOT NULL")
            .map { ($0[0] as String, $0[1] as String) }
        for (name, _) in indexes { try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)") }

        // PHOTOS_FILL_TIMING=1 prints the time of each phase on stderr.
        let timing = ProcessInfo.processInfo.environment["PHOTOS_FILL_TIMING"] != nil
        var clock = Date()
        func phase(_ name: String) {
            guard timing else { return }
            FileHandle.standardError.write(Data(String(format: "fill: %@ %.2f s\n", name, Date().timeIntervalSince(clock)).utf8))
            clock = Date()
        }
        let firstRowID = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM asset") ?? 0) + 1
        var bursts = try insertAssets(count: count)
        phase("rows")
        for (_, sql) in indexes { try db.execute(sql: sql) }
        phase("indexes")
        bursts.sort()
        for burst in bursts { try BurstRules.refresh(burst, db) }
        phase("bursts")
        try makeAlbums(firstRowID: firstRowID, count: count)
        try MomentIndexer.rebuildAllBulk(db)
        phase("albums+moments")
        summary.moments = try Int.fetchOne(db, sql: "SELECT count(*) FROM collection WHERE kind = 1 AND type = \(CollectionRaw.moment)") ?? 0
        try db.execute(sql: "ANALYZE")
        phase("analyze")
        return summary
    }

    // MARK: Assets

    private mutating func insertAssets(count: Int) throws -> [String] {
        let now = Date().timeIntervalSince1970
        let end = (now / 86_400).rounded(.down) * 86_400 - 3600
        let events = FillPlan.events(count: count, end: end, random: &random)
        let asset = try BulkStatement(db, """
            INSERT INTO asset (identifier, media_type, media_subtypes, pixel_width, pixel_height, creation_date, modification_date,
                added_date, latitude, longitude, duration, is_favorite, is_hidden, playback_style, burst_identifier, burst_selection,
                is_selfie, is_raw, uti, original_filename)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let resource = try BulkStatement(db, """
            INSERT INTO resource (asset_id, type, uti, original_filename, path, byte_count, sha256, pixel_width, pixel_height)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // Identifiers: a fresh prefix per run and a counter, so the unique index grows at one end. Never drawn from the
        // seed: filling twice with one seed (or again after a fill killed once it had committed) must not collide.
        // The seeded draw the prefix once took is kept, so a seed still makes the same shape.
        _ = random.uuid()
        let runPrefix = UUID().uuidString.prefix(18)  // "XXXXXXXX-XXXX-4XXX"
        let burstPrefix = UUID().uuidString.prefix(18)
        var burstCount = 0
        var burstIDs: [String] = []
        var written = 0
        var fileNumber = random.int(1...9000)

        for event in events {
            var time = event.start
            let step = event.duration / Double(max(1, event.count))
            var remainingBurst = 0
            var burstID: String?
            var burstIndex = 0
            for _ in 0..<event.count {
                if remainingBurst > 0 {
                    time += 0.1
                    remainingBurst -= 1
                    burstIndex += 1
                } else {
                    time += random.exponential(mean: step)
                    burstID = nil
                    if random.chance(0.004) {
                        remainingBurst = random.int(4...19)
                        _ = random.uuid()
                        burstID = "\(burstPrefix)-\(String(format: "%04X-%012X", 0x8000, burstCount))"
                        burstCount += 1
                        burstIDs.append(burstID!)
                        burstIndex = 0
                        summary.bursts += 1
                    }
                }
                written += 1
                fileNumber = fileNumber % 9999 + 1

                // What kind of asset.
                var mediaType = MediaType.image, subtypes: MediaSubtypes = [], playback = PlaybackStyle.image
                var width = 4032, height = 3024, duration = 0.0
                var isRAW = false, selfie = false, located = random.chance(0.9)
                var uti = "public.heic", filename = "IMG_\(String(format: "%04d", fileNumber)).HEIC"
                var burstSelection = 0
                if let burstID, burstID.isEmpty == false {
                    uti = "public.jpeg"; filename = "IMG_\(String(format: "%04d", fileNumber)).JPG"
                    if burstIndex == 0 || random.chance(0.08) { burstSelection = 1 }
                    if random.chance(0.03) { burstSelection |= 2 }
                    summary.burstFrames += 1
                } else if random.chance(0.08) {
                    mediaType = .video; playback = .video; width = 1920; height = 1080
                    duration = min(900, max(1, exp(2.4 + 1.1 * random.normal())))
                    uti = "com.apple.quicktime-movie"; filename = "IMG_\(String(format: "%04d", fileNumber)).MOV"
                    if random.chance(0.05) { subtypes.insert(.videoHighFrameRate) }
                    else if random.chance(0.03) { subtypes.insert(.videoTimelapse); duration = min(duration, 40) }
                } else if random.chance(0.03) {
                    subtypes.insert(.photoScreenshot); width = 1170; height = 2532; located = false
                    uti = "public.png"; filename = "IMG_\(String(format: "%04d", fileNumber)).PNG"
                    summary.screenshots += 1
                } else if random.chance(0.006) {
                    subtypes.insert(.photoPanorama); width = 12_000; height = 3_000
                    uti = "public.jpeg"; filename = "IMG_\(String(format: "%04d", fileNumber)).JPG"
                    summary.panoramas += 1
                } else {
                    if random.chance(0.2) { swap(&width, &height) }
                    if random.chance(0.4) { subtypes.insert(.photoLive); playback = .livePhoto }
                    if random.chance(0.05) { subtypes.insert(.photoHDR) }
                    if random.chance(0.03) { subtypes.insert(.photoDepthEffect) }
                    selfie = random.chance(0.06)
                    if random.chance(0.012) {
                        isRAW = true; subtypes.remove(.photoLive); playback = .image
                        uti = "public.jpeg"; filename = "IMG_\(String(format: "%04d", fileNumber)).JPG"
                    }
                }
                let favorite = random.chance(0.02)
                let hidden = random.chance(0.007)
                var latitude: Double?, longitude: Double?
                if located {
                    latitude = event.latitude + random.real(-event.spread...event.spread)
                    longitude = event.longitude + random.real(-event.spread...event.spread)
                    summary.withLocation += 1
                }
                let added = min(now, time + random.exponential(mean: 86_400))

                asset.bind(1, "\(runPrefix)-\(String(format: "%04X-%012X", 0x8000 | ((written >> 48) & 0x3FFF), written & 0xFFFF_FFFF_FFFF))/L0/001")
                asset.bind(2, mediaType.rawValue); asset.bind(3, subtypes.rawValue); asset.bind(4, width); asset.bind(5, height)
                asset.bind(6, time); asset.bind(7, added); asset.bind(8, added); asset.bind(9, latitude); asset.bind(10, longitude)
                asset.bind(11, duration); asset.bind(12, favorite); asset.bind(13, hidden); asset.bind(14, playback.rawValue)
                asset.bind(15, burstID); asset.bind(16, burstSelection); asset.bind(17, selfie); asset.bind(18, isRAW)
                asset.bind(19, uti); asset.bind(20, filename)
                try asset.run(db)
                let rowID = db.lastInsertedRowID

                if mediaType == .video {
                    try addResource(resource, rowID, .video, uti, filename, "originals/fill/video.mov")
                    summary.videos += 1
                } else {
                    try addResource(resource, rowID, .photo, uti, filename, "originals/fill/photo.jpg")
                    summary.photos += 1
                    if subtypes.contains(.photoLive) {
                        try addResource(resource, rowID, .pairedVideo, "com.apple.quicktime-movie", (filename as NSString).deletingPathExtension + ".MOV", "originals/fill/video.mov")
                        summary.livePhotos += 1
                    }
                    if isRAW {
                        try addResource(resource, rowID, .alternatePhoto, "com.adobe.raw-image", (filename as NSString).deletingPathExtension + ".DNG", "originals/fill/raw.dng")
                        summary.raw += 1
                    }
                }
                if favorite { summary.favorites += 1 }
                if hidden { summary.hidden += 1 }
                summary.assets += 1

                if written % 10_000 == 0 {
                    progress?.completedUnitCount = Int64(written)
                    if progress?.isCancelled ?? false { throw LibraryError(.cancelled, "The fill was cancelled") }
                }
            }
        }
        progress?.completedUnitCount = Int64(written)
        return burstIDs
    }

    private func addResource(_ statement: BulkStatement, _ asset: Int64, _ type: ResourceType, _ uti: String, _ filename: String, _ path: String) throws {
        let file = files.entries[path]!
        statement.bind(1, asset); statement.bind(2, type.rawValue); statement.bind(3, uti); statement.bind(4, filename)
        statement.bind(5, path); statement.bind(6, file.byteCount); statement.bind(7, file.sha256)
        statement.bind(8, FillMedia.jpegWidth); statement.bind(9, FillMedia.jpegHeight)
        try statement.run(db)
    }

    // MARK: Albums and folders

    private mutating func makeAlbums(firstRowID: Int64, count: Int) throws {
        guard count > 0 else { return }
        let now = Date().timeIntervalSince1970
        var position = (try Int.fetchOne(db, sql: "SELECT max(position) + 1 FROM collection WHERE parent_id IS NULL AND ((kind = 1 AND type = 1) OR (kind = 2 AND type = 2))")) ?? 0
        func insertCollection(kind: Int, type: Int, subtype: Int, title: String, parent: Int64?, position: Int) throws -> Int64 {
            try db.execute(sql: """
                INSERT INTO collection (identifier, kind, type, subtype, title, parent_id, position, creation_date, modification_date)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [LocalIdentifier.make(kind == 1 ? .assetCollection : .collectionList), kind, type, subtype, title, parent, position, now, now])
            return db.lastInsertedRowID
        }
        let folderTitles = ["Trips", "Family", "Projects"]
        var folders: [Int64] = []
        for title in folderTitles {
            folders.append(try insertCollection(kind: 2, type: CollectionRaw.folder, subtype: CollectionRaw.regularFolder, title: title, parent: nil, position: position))
            position += 1
        }
        // One nested folder.
        folders.append(try insertCollection(kind: 2, type: CollectionRaw.folder, subtype: CollectionRaw.regularFolder, title: "Archive", parent: folders[2], position: 0))
        summary.folders = folders.count

        let albumTitles = ["Summer", "Winter Holidays", "Birthday", "Road Trip", "Best Of", "Pets", "Garden", "Food", "Concerts",
                           "Hiking", "Wedding", "Graduation", "City Walks", "Beach", "Kids", "Architecture", "Sunsets", "Friends"]
        let albumCount = min(albumTitles.count, max(3, count / 2_000))
        let member = try BulkStatement(db, "INSERT INTO album_asset (collection_id, asset_id, position) VALUES (?, ?, ?)")
        var childPositions = [Int](repeating: 0, count: folders.count)
        for index in 0..<albumCount {
            let inFolder = random.chance(0.6)
            let folderIndex = random.int(0...folders.count - 1)
            let parent: Int64? = inFolder ? folders[folderIndex] : nil
            let albumPosition: Int
            if inFolder { albumPosition = childPositions[folderIndex] + 1; childPositions[folderIndex] += 1 } else { albumPosition = position; position += 1 }
            let album = try insertCollection(kind: 1, type: CollectionRaw.album, subtype: CollectionRaw.albumRegular, title: albumTitles[index], parent: parent, position: albumPosition)
            // Members: a run of consecutive assets (an event), as people make albums.
            let size = min(count, random.int(10...400))
            let first = firstRowID + Int64(random.int(0...max(0, count - size)))
            for offset in 0..<size {
                member.bind(1, album); member.bind(2, first + Int64(offset)); member.bind(3, offset)
                try member.run(db)
            }
            try db.execute(sql: "UPDATE collection SET cached_count = ? WHERE id = ?", arguments: [size, album])
            summary.albums += 1
        }
    }
}

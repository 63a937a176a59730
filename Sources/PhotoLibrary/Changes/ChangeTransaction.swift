import Foundation
import GRDB

/// Runs the operations of one batch inside a write transaction and keeps derived data current
/// (burst representatives, moments, collection dates).
struct ChangeTransaction {
    let db: Database
    let staged: [String: StagedAsset]
    /// Staged content edits, in batch order.
    var stagedEdits: [StagedEdit] = []
    let now = Date().timeIntervalSince1970
    var outcome = ChangeOutcome()
    /// Creation dates whose moments must be re-clustered, and moments that lost members.
    var momentWork = MomentWork()
    var dirtyBursts: Set<String> = []

    init(db: Database, staged: [String: StagedAsset]) {
        self.db = db
        self.staged = staged
    }

    mutating func run(_ operation: ChangeOperation) throws {
        switch operation {
        case .createAsset(let request): try createAsset(request)
        case .editAsset(let identifier, let edits): try editAsset(identifier, edits)
        case .trashAssets(let ids): try setTrashed(ids, trashed: true)
        case .recoverAssets(let ids): try setTrashed(ids, trashed: false)
        case .purgeAssets(let ids): try purge(ids)
        case .createAlbum(let identifier, let title): try createCollection(identifier, kind: .assetCollection, type: CollectionRaw.album, subtype: CollectionRaw.albumRegular, title: title)
        case .createFolder(let identifier, let title): try createCollection(identifier, kind: .collectionList, type: CollectionRaw.folder, subtype: CollectionRaw.regularFolder, title: title)
        case .editCollection(let identifier, let title, let members): try editCollection(identifier, title: title, members: members)
        case .deleteCollections(let ids): try deleteCollections(ids)
        case .editContent(let edit): try editContent(edit)
        case .revertContent(let identifier): try revertContent(identifier)
        case .createProject(let project): try createProject(project)
        case .editProject(let identifier, let edits): try editProject(identifier, edits)
        }
    }

    /// Brings derived data up to date before the commit.
    mutating func finish() throws {
        // Frames whose visibility or representative flag the refresh changed are updates too (fetches gain or
        // lose them), unless this batch inserted or deleted them anyway.
        for burst in dirtyBursts {
            let changed = try BurstRules.refresh(burst, db)
            outcome.updatedAssets.formUnion(Set(changed).subtracting(outcome.insertedAssets).subtracting(outcome.deletedAssets))
        }
        let changedMoments = try MomentIndexer.update(db, work: momentWork)
        outcome.updatedCollections.formUnion(changedMoments.updated)
        outcome.insertedCollections.formUnion(changedMoments.inserted)
        outcome.deletedCollections.formUnion(changedMoments.deleted)
    }

    // MARK: Assets

    private mutating func createAsset(_ request: NewAsset) throws {
        guard let asset = staged[request.identifier] else { return }
        guard LocalIdentifier.kind(of: request.identifier) == .asset else {
            throw LibraryError(.invalidIdentifier, "'\(request.identifier)' is not an asset identifier")
        }
        if request.skipsDuplicateContent, try !DuplicateContent.present([asset.primary.staged.sha256], db).isEmpty {
            outcome.skippedDuplicates.insert(request.identifier)
            return
        }
        let a = AssetAttributes(asset)
        let edits = request.edits
        let creation: Date? = edits.creationDate ?? a.creationDate
        let location: GeoPoint? = edits.location ?? a.location
        try db.execute(sql: """
            INSERT INTO asset (identifier, media_type, media_subtypes, pixel_width, pixel_height, creation_date, modification_date,
                added_date, latitude, longitude, altitude, location_date, duration, is_favorite, is_hidden, source_type, playback_style,
                burst_identifier, is_selfie, is_raw, uti, original_filename, camera_make, camera_model, content_identifier)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                request.identifier, a.mediaType.rawValue, a.subtypes.rawValue, a.pixelWidth, a.pixelHeight,
                creation?.timeIntervalSince1970, now, now,
                location?.latitude, location?.longitude, location?.altitude, location?.timestamp?.timeIntervalSince1970,
                a.duration, edits.isFavorite ?? false, edits.isHidden ?? false, a.playbackStyle.rawValue,
                a.burstIdentifier, a.isSelfie, a.isRAW, a.uti, asset.primary.filename, a.cameraMake, a.cameraModel, a.contentIdentifier,
            ])
        let rowID = db.lastInsertedRowID
        if let cloud = request.cloudIdentity {
            try CloudIdentityTable.record(cloud, assetRowID: rowID, localIdentifier: request.identifier, db)
        }
        for resource in asset.resources {
            try db.execute(sql: """
                INSERT INTO resource (asset_id, type, uti, original_filename, path, byte_count, sha256, pixel_width, pixel_height)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [rowID, resource.spec.type.rawValue, resource.spec.uniformTypeIdentifier ?? resource.info.uniformTypeIdentifier,
                                 resource.filename, resource.relativePath, resource.staged.byteCount, resource.staged.sha256,
                                 resource.info.pixelWidth, resource.info.pixelHeight])
        }
        if let burst = a.burstIdentifier { dirtyBursts.insert(burst) }
        if let creation, !(edits.isHidden ?? false) {
            momentWork.dates.insert(creation.timeIntervalSince1970)
            momentWork.assets.insert(rowID)
        }
        outcome.insertedAssets.insert(rowID)
    }

    private mutating func editAsset(_ identifier: String, _ edits: AssetEdits) throws {
        guard !edits.isEmpty else { return }
        let row = try assetRow(identifier)
        var sets: [String] = ["modification_date = ?"]
        var arguments: [DatabaseValueConvertible?] = [now]
        if let favorite = edits.isFavorite { sets.append("is_favorite = ?"); arguments.append(favorite) }
        if let hidden = edits.isHidden { sets.append("is_hidden = ?"); arguments.append(hidden) }
        if let date = edits.creationDate { sets.append("creation_date = ?"); arguments.append(date?.timeIntervalSince1970) }
        if let location = edits.location {
            sets.append("latitude = ?, longitude = ?, altitude = ?, location_date = ?")
            arguments += [location?.latitude, location?.longitude, location?.altitude, location?.timestamp?.timeIntervalSince1970]
        }
        if let pick = edits.isBurstPick {
            guard let burst = row.burst else {
                throw LibraryError(.changeNotSupported, "Asset \(identifier) is not part of a burst, so it cannot be a burst pick")
            }
            sets.append("burst_selection = (burst_selection & ~\(BurstRules.userPick)) | ?")
            arguments.append(pick ? BurstRules.userPick : 0)
            dirtyBursts.insert(burst)
        }
        arguments.append(row.id)
        try db.execute(sql: "UPDATE asset SET \(sets.joined(separator: ", ")) WHERE id = ?", arguments: StatementArguments(arguments))
        if edits.isHidden != nil || edits.creationDate != nil || edits.location != nil {
            momentWork.touch(row)
            let newDate: Date? = edits.creationDate ?? row.date.map(Date.init(timeIntervalSince1970:))
            if let newDate { momentWork.dates.insert(newDate.timeIntervalSince1970) }
        }
        outcome.updatedAssets.insert(row.id)
    }

    private mutating func setTrashed(_ identifiers: [String], trashed: Bool) throws {
        for identifier in identifiers {
            let row = try assetRow(identifier, includeTrashed: true)
            guard row.trashed != trashed else { continue }
            try db.execute(sql: "UPDATE asset SET trashed_date = ? WHERE id = ?", arguments: [trashed ? now : nil, row.id])
            momentWork.touch(row)
            if let burst = row.burst { dirtyBursts.insert(burst) }
            if trashed { outcome.deletedAssets.insert(row.id) } else { outcome.insertedAssets.insert(row.id) }
        }
    }

    private mutating func purge(_ identifiers: [String]) throws {
        for identifier in identifiers {
            let row = try assetRow(identifier, includeTrashed: true)
            // Every rendition of the asset (original, edit render) may have derivatives keyed by its content hash.
            outcome.supersededContentHashes.formUnion(try String.fetchAll(db, sql: "SELECT sha256 FROM resource WHERE asset_id = ?", arguments: [row.id]))
            try db.execute(sql: "DELETE FROM asset WHERE id = ?", arguments: [row.id])
            momentWork.touch(row)
            if let burst = row.burst { dirtyBursts.insert(burst) }
            outcome.deletedAssets.insert(row.id)
        }
    }

    struct AssetRow {
        let id: Int64
        let date: Double?
        let moment: Int64?
        let trashed: Bool
        let burst: String?
    }

    func assetRow(_ identifier: String, includeTrashed: Bool = false) throws -> AssetRow {
        guard LocalIdentifier.kind(of: identifier) == .asset else {
            throw LibraryError(.invalidIdentifier, "'\(identifier)' is not a valid asset identifier")
        }
        guard let row = try Row.fetchOne(db, sql: "SELECT id, creation_date, moment_id, trashed_date, burst_identifier FROM asset WHERE identifier = ?", arguments: [identifier]),
              includeTrashed || (row[3] as Double?) == nil else {
            throw LibraryError(.identifierNotFound, "No asset with identifier \(identifier)")
        }
        return AssetRow(id: row[0], date: row[1], moment: row[2], trashed: (row[3] as Double?) != nil, burst: row[4])
    }
}

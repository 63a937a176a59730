import Foundation
import GRDB
import MediaInspection

extension ChangeTransaction {
    /// Resource types that belong to an edit (dropped when the edit is replaced or reverted).
    static let editResourceTypes: [ResourceType] = [.fullSizePhoto, .fullSizeVideo, .fullSizePairedVideo, .adjustmentData, .adjustmentBasePhoto]

    /// Replaces the asset's current edit with a new rendered version and its adjustment data.
    mutating func editContent(_ edit: ContentEdit) throws {
        guard let staged = stagedEdits.first(where: { $0.edit.identifier == edit.identifier && $0.edit.adjustment == edit.adjustment }) else { return }
        let row = try assetRow(edit.identifier)
        let mediaType = try Int.fetchOne(db, sql: "SELECT media_type FROM asset WHERE id = ?", arguments: [row.id]) ?? 0
        let expected: MediaInfo.Kind = mediaType == MediaType.video.rawValue ? .video : .image
        guard staged.renderedInfo.kind == expected else {
            throw LibraryError(.invalidResource, "The rendered content for \(edit.identifier) is \(staged.renderedInfo.kind.rawValue) but the asset is \(expected.rawValue)")
        }
        try dropEditResources(row.id)
        let uti = edit.renderedUniformTypeIdentifier ?? staged.renderedInfo.uniformTypeIdentifier
        try insertResource(row.id, type: expected == .video ? .fullSizeVideo : .fullSizePhoto, uti: uti, filename: "FullSizeRender.\((staged.renderedPath as NSString).pathExtension)",
                           path: staged.renderedPath, file: staged.rendered, width: staged.renderedInfo.pixelWidth, height: staged.renderedInfo.pixelHeight)
        if let paired = staged.pairedVideo {
            guard expected == .image else {
                throw LibraryError(.invalidResource, "The edit of \(edit.identifier) has a Live Photo movie but the asset is a video")
            }
            try insertResource(row.id, type: .fullSizePairedVideo, uti: paired.info.uniformTypeIdentifier,
                               filename: "FullSizeRender.\((paired.path as NSString).pathExtension)", path: paired.path, file: paired.file,
                               width: paired.info.pixelWidth, height: paired.info.pixelHeight)
        }
        try insertResource(row.id, type: .adjustmentData, uti: "com.apple.property-list", filename: "Adjustments.plist",
                           path: staged.adjustmentPath, file: staged.adjustment, width: 0, height: 0)
        try db.execute(sql: "UPDATE asset SET has_adjustments = 1, modification_date = ?, pixel_width = ?, pixel_height = ? WHERE id = ?",
                       arguments: [now, staged.renderedInfo.pixelWidth, staged.renderedInfo.pixelHeight, row.id])
        if let playback = edit.playback {
            try db.execute(sql: "UPDATE asset SET playback_style = ?, playback_variation = ? WHERE id = ?",
                           arguments: [playback.style.rawValue, playback.variation, row.id])
        } else {
            try Self.resetPlaybackEffect(row.id, db)
        }
        try EditHistoryTable.recordEdit(assetID: row.id, edit, pixelWidth: staged.renderedInfo.pixelWidth, pixelHeight: staged.renderedInfo.pixelHeight, date: now, db)
        outcome.updatedAssets.insert(row.id)
        outcome.contentChangedAssets.insert(row.id)
    }

    /// A Live Photo whose effect edit is replaced or reverted plays as a Live Photo again.
    static func resetPlaybackEffect(_ assetID: Int64, _ db: Database) throws {
        try db.execute(sql: """
            UPDATE asset SET playback_variation = 0, playback_style = CASE WHEN (media_subtypes & 8) != 0 THEN ? ELSE playback_style END
            WHERE id = ? AND playback_variation != 0
            """, arguments: [PlaybackStyle.livePhoto.rawValue, assetID])
    }

    /// Drops the asset's edit; the original's size becomes the asset's size again.
    mutating func revertContent(_ identifier: String) throws {
        let row = try assetRow(identifier)
        guard try Bool.fetchOne(db, sql: "SELECT has_adjustments FROM asset WHERE id = ?", arguments: [row.id]) == true else { return }
        try dropEditResources(row.id)
        let original = try Row.fetchOne(db, sql: "SELECT pixel_width, pixel_height FROM resource WHERE asset_id = ? AND type IN (1, 2, 3) ORDER BY type LIMIT 1", arguments: [row.id])
        try db.execute(sql: "UPDATE asset SET has_adjustments = 0, modification_date = ?, pixel_width = ?, pixel_height = ? WHERE id = ?",
                       arguments: [now, original?[0] as Int? ?? 0, original?[1] as Int? ?? 0, row.id])
        try Self.resetPlaybackEffect(row.id, db)
        try EditHistoryTable.recordRevert(assetID: row.id, date: now, db)
        outcome.updatedAssets.insert(row.id)
        outcome.contentChangedAssets.insert(row.id)
    }

    /// Removes the asset's edit resources, remembering the rendered versions' hashes for the derivative sweep.
    private mutating func dropEditResources(_ assetID: Int64) throws {
        let rendered = [ResourceType.fullSizePhoto, .fullSizeVideo].map { String($0.rawValue) }.joined(separator: ",")
        outcome.supersededContentHashes.formUnion(try String.fetchAll(
            db, sql: "SELECT sha256 FROM resource WHERE asset_id = ? AND type IN (\(rendered))", arguments: [assetID]))
        let types = Self.editResourceTypes.map { String($0.rawValue) }.joined(separator: ",")
        try db.execute(sql: "DELETE FROM resource WHERE asset_id = ? AND type IN (\(types))", arguments: [assetID])
    }

    private func insertResource(_ assetID: Int64, type: ResourceType, uti: String, filename: String, path: String,
                                file: ResourceStore.StagedFile, width: Int, height: Int) throws {
        try db.execute(sql: """
            INSERT INTO resource (asset_id, type, uti, original_filename, path, byte_count, sha256, pixel_width, pixel_height)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [assetID, type.rawValue, uti, filename, path, file.byteCount, file.sha256, width, height])
    }
}

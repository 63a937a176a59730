import Foundation
import GRDB

extension ChangeTransaction {
    mutating func createProject(_ project: NewProject) throws {
        guard LocalIdentifier.kind(of: project.identifier) == .assetCollection else {
            throw LibraryError(.invalidIdentifier, "'\(project.identifier)' is not a valid project identifier")
        }
        guard project.projectType.utf8.count <= 200 else {
            throw LibraryError(.changeNotSupported, "A project's type must be a name of at most 200 bytes (empty: undefined)")
        }
        if let plan = project.plan, plan.count > ProjectAttributes.planLimit {
            throw LibraryError(.changeNotSupported, "The project content is \(plan.count) bytes; at most \(ProjectAttributes.planLimit) are kept")
        }
        try createCollection(project.identifier, kind: .assetCollection, type: CollectionRaw.album, subtype: CollectionRaw.albumRegular,
                             title: project.title)
        let rowID = db.lastInsertedRowID
        try db.execute(sql: "INSERT INTO project (collection_id, project_type, extension_identifier, plan) VALUES (?, ?, ?, ?)",
                       arguments: [rowID, project.projectType, project.extensionIdentifier, project.plan])
        var seen = Set<Int64>()
        let members = try project.assets.map { try assetRow($0).id }.filter { seen.insert($0).inserted }
        try storeMembers(members, of: rowID)
    }

    mutating func editProject(_ identifier: String, _ edits: ProjectEdits) throws {
        let project = try userCollection(identifier)
        guard project.isProject else { throw LibraryError(.changeNotSupported, "'\(project.title ?? identifier)' is not a project") }
        if let title = edits.title {
            try db.execute(sql: "UPDATE collection SET title = ? WHERE id = ?", arguments: [title, project.rowID])
        }
        if let data = edits.extensionData {
            guard data.count <= ProjectAttributes.extensionDataLimit else {
                throw LibraryError(.changeNotSupported, "projectExtensionData is \(data.count) bytes; a project may store at most \(ProjectAttributes.extensionDataLimit) (1 MB)")
            }
            try db.execute(sql: "UPDATE project SET extension_data = ? WHERE collection_id = ?", arguments: [data, project.rowID])
        }
        if let preview = edits.preview {
            guard preview.count <= ProjectAttributes.previewLimit else {
                throw LibraryError(.changeNotSupported, "The project preview is \(preview.count) bytes; at most \(ProjectAttributes.previewLimit) are accepted")
            }
            guard preview.starts(with: [0xFF, 0xD8, 0xFF]) else {
                throw LibraryError(.invalidResource, "A project preview must be a JPEG image")
            }
            try db.execute(sql: "UPDATE project SET preview = ? WHERE collection_id = ?", arguments: [preview, project.rowID])
        }
        if edits.clearsKeyAsset {
            try db.execute(sql: "UPDATE project SET key_asset_id = NULL WHERE collection_id = ?", arguments: [project.rowID])
        } else if let key = edits.keyAsset {
            let row = try assetRow(key).id
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album_asset WHERE collection_id = ? AND asset_id = ?)", arguments: [project.rowID, row]) ?? false else {
                throw LibraryError(.changeNotSupported, "The key asset \(key) is not in the project")
            }
            try db.execute(sql: "UPDATE project SET key_asset_id = ? WHERE collection_id = ?", arguments: [row, project.rowID])
        }
        if !edits.removedAssets.isEmpty {
            let doomed = try edits.removedAssets.map { try assetRow($0).id }
            try db.execute(sql: "DELETE FROM album_asset WHERE collection_id = ? AND asset_id IN (SELECT value FROM json_each(?))",
                           arguments: [project.rowID, AssetQuery.jsonArray(doomed)])
            try db.execute(sql: "UPDATE project SET key_asset_id = NULL WHERE collection_id = ? AND key_asset_id IN (SELECT value FROM json_each(?))",
                           arguments: [project.rowID, AssetQuery.jsonArray(doomed)])
            try db.execute(sql: "UPDATE collection SET cached_count = (SELECT count(*) FROM album_asset WHERE collection_id = ?) WHERE id = ?",
                           arguments: [project.rowID, project.rowID])
        }
        try db.execute(sql: "UPDATE collection SET modification_date = ? WHERE id = ?", arguments: [now, project.rowID])
        outcome.updatedCollections.insert(project.rowID)
    }
}

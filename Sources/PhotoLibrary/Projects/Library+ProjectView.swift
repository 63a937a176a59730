import Foundation
import GRDB

/// A project as a project extension may see it: a library of its own, in a folder the host gives, holding only
/// the project, its assets (their rows, resources and copies of their files) and their cloud identities. An
/// extension opens it as its `PHPhotoLibrary`, so it can read exactly those objects and nothing else of the
/// library, and its changes to the project land there first; the host then carries them back
/// (`projectEdits(fromView:project:)`) after checking them.
extension Library {
    /// Makes the view of project `identifier` in `directory` (which must not exist yet or be empty). Files are
    /// copied, never linked, so nothing the extension does in its view can reach the library's originals.
    @discardableResult
    public func makeProjectView(project identifier: String, in directory: URL) throws(LibraryError) -> Library {
        let (projectRow, resources) = try read { db -> (Int64, [ResourceRecord]) in
            guard let row = try Int64.fetchOne(db, sql: "SELECT c.id FROM collection c JOIN project p ON p.collection_id = c.id WHERE c.identifier = ?",
                                               arguments: [identifier]) else {
                throw LibraryError(.identifierNotFound, "No project with identifier \(identifier)")
            }
            let resources = try ResourceRecord.fetchAll(db, sql: """
                SELECT \(ResourceRecord.columns) FROM resource WHERE asset_id IN (SELECT asset_id FROM album_asset WHERE collection_id = ?)
                """, arguments: [row])
            return (row, resources)
        }
        let view = try Library.open(at: directory)
        let source = url.appendingPathComponent("database/Photos.sqlite").path
        do {
            try view.pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source])
                defer { try? db.execute(sql: "DETACH DATABASE source") }
                try db.inTransaction {
                    let members = "(SELECT asset_id FROM source.album_asset WHERE collection_id = \(projectRow))"
                    try db.execute(sql: "INSERT INTO main.collection SELECT * FROM source.collection WHERE id = \(projectRow)")
                    try db.execute(sql: "UPDATE main.collection SET parent_id = NULL")
                    try db.execute(sql: "INSERT INTO main.project SELECT * FROM source.project WHERE collection_id = \(projectRow)")
                    try db.execute(sql: "INSERT INTO main.asset SELECT * FROM source.asset WHERE id IN \(members)")
                    // Moments are not part of the view.
                    try db.execute(sql: "UPDATE main.asset SET moment_id = NULL")
                    try db.execute(sql: "INSERT INTO main.album_asset SELECT * FROM source.album_asset WHERE collection_id = \(projectRow)")
                    try db.execute(sql: "INSERT INTO main.resource SELECT * FROM source.resource WHERE asset_id IN \(members)")
                    try db.execute(sql: "INSERT INTO main.cloud_identity SELECT * FROM source.cloud_identity WHERE asset_id IN \(members)")
                    return .commit
                }
                try db.execute(sql: "PRAGMA foreign_keys = ON")
            }
            // The rows above name these files; copies, so the view shares nothing writable with the library.
            for resource in resources {
                let from = fileURL(for: resource), to = view.fileURL(for: resource)
                try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                if !FileManager.default.fileExists(atPath: to.path) { try FileManager.default.copyItem(at: from, to: to) }
            }
        } catch {
            throw LibraryError.wrap(error, "Cannot make the view of project \(identifier) for its extension")
        }
        return view
    }

    /// Opens a view an extension has had for reading only: no migration, no crash recovery, no purge — nothing that
    /// would act on what the extension wrote there (a journal intent or a resource path naming a file outside the
    /// view is never followed).
    public static func openProjectView(at url: URL) throws(LibraryError) -> Library {
        do { return try openForReading(url.standardizedFileURL) } catch {
            throw LibraryError.wrap(error, "Cannot read the project view at \(url.path)")
        }
    }

    /// What an extension changed in its view of project `identifier`, as edits for this library: the title, the
    /// extension data, the preview, the key asset, and assets taken out. Assets the view holds that the project
    /// no longer does are ignored; nothing can be added.
    public func projectEdits(fromView view: Library, project identifier: String) throws(LibraryError) -> ProjectEdits {
        let before = try projectState(identifier)
        let after = try view.projectState(identifier, listingAssets: true)
        var edits = ProjectEdits()
        if after.title != before.title { edits.title = after.title ?? "" }
        if after.extensionData != before.extensionData { edits.extensionData = after.extensionData }
        if let preview = after.preview, preview != before.preview { edits.preview = preview }
        if after.keyAsset != before.keyAsset {
            if let key = after.keyAsset { edits.keyAsset = key } else { edits.clearsKeyAsset = true }
        }
        edits.removedAssets = before.members.filter { !after.members.contains($0) && after.viewed.contains($0) }
        return edits
    }

    /// The preview image a project extension set (JPEG bytes), if any.
    public func projectPreview(identifier: String) throws(LibraryError) -> Data? { try projectState(identifier).preview }

    /// The project content (`ProjectPlan` JSON) a project was created from, if it was.
    public func projectPlanData(identifier: String) throws(LibraryError) -> Data? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT p.plan FROM project p JOIN collection c ON c.id = p.collection_id WHERE c.identifier = ?", arguments: [identifier])
        }
    }

    private struct ProjectState {
        var title: String?
        var extensionData: Data
        var preview: Data?
        var keyAsset: String?
        var members: [String]
        /// Every asset the library holds, when asked for (a view's: the ones it was made with).
        var viewed: Set<String>
    }

    private func projectState(_ identifier: String, listingAssets: Bool = false) throws(LibraryError) -> ProjectState {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT c.id, c.title, p.extension_data, p.preview, (SELECT identifier FROM asset WHERE id = p.key_asset_id)
                FROM collection c JOIN project p ON p.collection_id = c.id WHERE c.identifier = ?
                """, arguments: [identifier]) else {
                throw LibraryError(.identifierNotFound, "No project with identifier \(identifier)")
            }
            let id: Int64 = row[0]
            let members = try String.fetchAll(db, sql: """
                SELECT a.identifier FROM album_asset m JOIN asset a ON a.id = m.asset_id WHERE m.collection_id = ? ORDER BY m.position
                """, arguments: [id])
            let viewed = listingAssets ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM asset")) : []
            return ProjectState(title: row[1], extensionData: row[2] ?? Data(), preview: row[3], keyAsset: row[4], members: members, viewed: viewed)
        }
    }
}

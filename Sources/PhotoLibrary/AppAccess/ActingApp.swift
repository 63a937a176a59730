import Foundation
import GRDB

/// An application making a change through `photos serve`, for PhotoKit's rules about what each access level
/// may change, checked inside the batch's write transaction:
///
/// - full access: anything its account may change;
/// - limited: creating assets, albums, folders and projects (of selected assets); changing, trashing or editing only assets in its selection
///   and only the albums and folders it made (adding only selected assets to them); what it creates joins its
///   selection, as on iOS;
/// - add-only: creating assets, and nothing else (Apple's add-only level cannot make albums or read back).
public struct ActingApp: Sendable, Hashable {
    public enum Rule: Sendable, Hashable { case anything, selection, addOnly }
    public var grantID: Int64
    public var name: String
    public var rule: Rule

    public init(grantID: Int64, name: String, rule: Rule) { self.grantID = grantID; self.name = name; self.rule = rule }

    /// Refuses operations outside the application's access.
    func enforce(_ operations: [ChangeOperation], _ db: Database) throws {
        switch rule {
        case .anything: return
        case .addOnly:
            for operation in operations {
                guard case .createAsset = operation else {
                    throw LibraryError(.notPermitted, "'\(name)' has add-only access: it may add photos and videos, and change nothing else")
                }
            }
        case .selection:
            var assets: [String] = []
            var collections: [String] = []
            for operation in operations {
                switch operation {
                case .editAsset(let identifier, _), .revertContent(let identifier): assets.append(identifier)
                case .trashAssets(let ids), .recoverAssets(let ids), .purgeAssets(let ids): assets += ids
                case .editContent(let edit): assets.append(edit.identifier)
                case .editCollection(let identifier, _, let members):
                    collections.append(identifier)
                    // Added members are assets (albums) or collections (folders): each must be granted as whichever it is.
                    for member in members {
                        switch member {
                        case .add(let ids), .insert(let ids, _), .replace(_, let ids): assets += ids; collections += ids
                        case .remove, .removeAt, .move: break
                        }
                    }
                case .deleteCollections(let ids): collections += ids
                // A project is made of selected assets only; a project it did not make is not its to change.
                case .createProject(let project): assets += project.assets
                case .editProject(let identifier, let edits):
                    collections.append(identifier)
                    if let key = edits.keyAsset { assets.append(key) }
                case .createAsset, .createAlbum, .createFolder: break
                }
            }
            let creations = ChangeOperation.creations(in: operations)
            let created = Set(creations.assets + creations.collections)
            let refused = try outside(Array(Set(assets).subtracting(created)), table: "asset", grantTable: "app_selection", column: "asset_id", db)
                + outside(Array(Set(collections).subtracting(created)), table: "collection", grantTable: "app_collection", column: "collection_id", db)
            guard refused.isEmpty else {
                // Objects outside the selection are reported as not found: a limited application must not learn they exist.
                throw LibraryError(.identifierNotFound, "No such object: \(refused.sorted().prefix(5).joined(separator: ", "))")
            }
        }
    }

    /// After the operations ran: what a limited application created joins its selection.
    func recordCreations(of operations: [ChangeOperation], _ db: Database) throws {
        guard rule == .selection else { return }
        let (assets, collections) = ChangeOperation.creations(in: operations)
        if !assets.isEmpty {
            try db.execute(sql: "INSERT OR IGNORE INTO app_selection (grant_id, asset_id) SELECT ?, id FROM asset WHERE identifier IN (SELECT value FROM json_each(?))",
                           arguments: [grantID, AssetQuery.jsonArray(assets)])
        }
        if !collections.isEmpty {
            try db.execute(sql: "INSERT OR IGNORE INTO app_collection (grant_id, collection_id) SELECT ?, id FROM collection WHERE identifier IN (SELECT value FROM json_each(?))",
                           arguments: [grantID, AssetQuery.jsonArray(collections)])
        }
    }

    /// Identifiers among `identifiers` that exist but are not granted to the application (unknown ones are
    /// left to the operations, which report them as not found too).
    private func outside(_ identifiers: [String], table: String, grantTable: String, column: String, _ db: Database) throws -> [String] {
        guard !identifiers.isEmpty else { return [] }
        return try String.fetchAll(db, sql: """
            SELECT t.identifier FROM \(table) t
            WHERE t.identifier IN (SELECT value FROM json_each(?)) AND t.id NOT IN (SELECT \(column) FROM \(grantTable) WHERE grant_id = ?)
            """, arguments: [AssetQuery.jsonArray(identifiers), grantID])
    }
}

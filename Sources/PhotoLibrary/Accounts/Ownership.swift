import Foundation
import GRDB

/// Who is making a change, for the one rule about what members may change: an admin (or a process acting for
/// the library's owner — the CLI, PhotoKit programs) may change anything; a member may change only the assets
/// it uploaded and the albums and folders it made — apart from marking any asset a favourite or hidden, and
/// adding any asset to its own albums. Objects made by the batch belong to the acting account.
///
/// The rule is checked inside the batch's write transaction, so no concurrent change can slip between the
/// check and the write. Assets imported before accounts existed (or by the CLI) have no owner: only admins
/// change them.
public struct ActingAccount: Sendable, Hashable {
    public var accountID: Int64
    public var username: String
    /// True for admins: the ownership rule does not apply.
    public var changesAnything: Bool

    public init(accountID: Int64, username: String, changesAnything: Bool) {
        self.accountID = accountID; self.username = username; self.changesAnything = changesAnything
    }

    /// Records the owner of what the batch created, and refuses operations on what the account does not own.
    func enforce(_ operations: [ChangeOperation], _ db: Database) throws {
        guard !changesAnything else { return }
        var assets: [String] = []
        var collections: [String] = []
        for operation in operations {
            switch operation {
            case .editAsset(let identifier, let edits):
                if edits.creationDate != nil || edits.location != nil { assets.append(identifier) }
            case .trashAssets(let ids), .recoverAssets(let ids), .purgeAssets(let ids): assets += ids
            case .editContent(let edit): assets.append(edit.identifier)
            case .revertContent(let identifier): assets.append(identifier)
            case .editCollection(let identifier, _, _), .editProject(let identifier, _): collections.append(identifier)
            case .deleteCollections(let ids): collections += ids
            case .createAsset, .createAlbum, .createFolder, .createProject: break
            }
        }
        let creations = ChangeOperation.creations(in: operations)
        let created = Set(creations.assets + creations.collections)
        let notOwnedAssets = try Self.notOwned(Array(Set(assets).subtracting(created)), table: "asset", owner: "asset_owner", column: "asset_id", accountID, db)
        let notOwnedCollections = try Self.notOwned(Array(Set(collections).subtracting(created)), table: "collection", owner: "collection_owner",
                                                    column: "collection_id", accountID, db)
        let refused = notOwnedAssets + notOwnedCollections
        guard refused.isEmpty else {
            throw LibraryError(.notPermitted, "'\(username)' may change only what it uploaded or made; not \(refused.sorted().prefix(5).joined(separator: ", "))\(refused.count > 5 ? " and \(refused.count - 5) more" : "")")
        }
    }

    /// After the operations ran: the created assets and collections belong to the acting account.
    func recordOwnership(of operations: [ChangeOperation], _ db: Database) throws {
        let (assets, collections) = ChangeOperation.creations(in: operations)
        if !assets.isEmpty {
            try db.execute(sql: "INSERT OR IGNORE INTO asset_owner (asset_id, account_id) SELECT id, ? FROM asset WHERE identifier IN (SELECT value FROM json_each(?))",
                           arguments: [accountID, AssetQuery.jsonArray(assets)])
        }
        if !collections.isEmpty {
            try db.execute(sql: "INSERT OR IGNORE INTO collection_owner (collection_id, account_id) SELECT id, ? FROM collection WHERE identifier IN (SELECT value FROM json_each(?))",
                           arguments: [accountID, AssetQuery.jsonArray(collections)])
        }
    }

    /// Identifiers among `identifiers` that exist and are not owned by the account (unknown ones are left to the
    /// operations, which report them as not found).
    static func notOwned(_ identifiers: [String], table: String, owner: String, column: String, _ accountID: Int64, _ db: Database) throws -> [String] {
        guard !identifiers.isEmpty else { return [] }
        return try String.fetchAll(db, sql: """
            SELECT t.identifier FROM \(table) t LEFT JOIN \(owner) o ON o.\(column) = t.id
            WHERE t.identifier IN (SELECT value FROM json_each(?)) AND (o.account_id IS NULL OR o.account_id != ?)
            """, arguments: [AssetQuery.jsonArray(identifiers), accountID])
    }
}

extension Library {
    /// The assets among `identifiers` that `account` may not change under the ownership rule (empty when it may
    /// change them all). For changes committed through a path that carries no account — an editing extension's
    /// output, committed by the PhotoKit façade — so the service can refuse before anything runs. Ownership is
    /// set when an asset is created and never moves, so the answer cannot go stale before the commit.
    public func assetsNotChangeable(by account: ActingAccount, _ identifiers: [String]) throws(LibraryError) -> [String] {
        guard !account.changesAnything else { return [] }
        return try read { db in
            try ActingAccount.notOwned(identifiers, table: "asset", owner: "asset_owner", column: "asset_id", account.accountID, db)
        }
    }

    /// The collections among `identifiers` that `account` may not change (those it did not make), for routes that
    /// change a collection outside a change batch (running a project extension).
    public func collectionsNotChangeable(by account: ActingAccount, _ identifiers: [String]) throws(LibraryError) -> [String] {
        guard !account.changesAnything else { return [] }
        return try read { db in
            try ActingAccount.notOwned(identifiers, table: "collection", owner: "collection_owner", column: "collection_id", account.accountID, db)
        }
    }
}

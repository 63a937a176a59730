import Foundation
import GRDB

/// An asset's global identity, the same in every library that has the asset (PhotoKit's cloud identifier, made
/// without a cloud): the UUID of the local identifier it was first given, carried to other libraries by
/// `photos export --with-metadata` (an XMP sidecar) and honoured by `photos import`.
public enum CloudIdentity {
    /// The identity an asset has unless it arrived with another: its local identifier's UUID.
    public static func own(_ localIdentifier: String) -> String {
        String(localIdentifier.prefix { $0 != "/" }).uppercased()
    }

    /// The normal spelling of a well-formed identity (upper case).
    public static func normalized(_ text: String) -> String? { UUID(uuidString: text)?.uuidString }
}

extension Library {
    /// The global identity of each asset named in `localIdentifiers` (trashed ones included), nil for those that
    /// name no asset of this library.
    public func cloudIdentities(forAssets localIdentifiers: [String]) throws(LibraryError) -> [String: String?] {
        try read { db in
            let stored = try db.tableExists("cloud_identity")
            var answer: [String: String?] = [:]
            for identifier in localIdentifiers {
                guard LocalIdentifier.kind(of: identifier) == .asset,
                      let row = try Row.fetchOne(db, sql: stored
                        ? "SELECT a.id, c.identifier FROM asset a LEFT JOIN cloud_identity c ON c.asset_id = a.id WHERE a.identifier = ?"
                        : "SELECT id, NULL FROM asset WHERE identifier = ?", arguments: [identifier]) else {
                    answer[identifier] = .some(nil)
                    continue
                }
                answer[identifier] = (row[1] as String?) ?? CloudIdentity.own(identifier)
            }
            return answer
        }
    }

    /// The local identifiers of the assets with each global identity in `cloudIdentities`: none (unknown here),
    /// one, or several (the same photo imported twice, e.g. once as exported and once edited), in row order.
    public func assetIdentifiers(forCloudIdentities cloudIdentities: [String]) throws(LibraryError) -> [String: [String]] {
        try read { db in
            let stored = try db.tableExists("cloud_identity")
            var answer: [String: [String]] = [:]
            for cloud in cloudIdentities {
                guard let normal = CloudIdentity.normalized(cloud) else { answer[cloud] = []; continue }
                // The asset whose own identity it is (unless it took another), and assets that arrived with it.
                let own = stored
                    ? "SELECT a.id, a.identifier FROM asset a WHERE a.identifier = ? AND NOT EXISTS (SELECT 1 FROM cloud_identity c WHERE c.asset_id = a.id)"
                    : "SELECT id, identifier FROM asset WHERE identifier = ?"
                var rows = try Row.fetchAll(db, sql: own, arguments: ["\(normal)/L0/\(LocalIdentifier.Kind.asset.rawValue)"])
                if stored {
                    rows += try Row.fetchAll(db, sql: """
                        SELECT a.id, a.identifier FROM cloud_identity c JOIN asset a ON a.id = c.asset_id WHERE c.identifier = ?
                        """, arguments: [normal])
                }
                answer[cloud] = rows.sorted { ($0[0] as Int64) < ($1[0] as Int64) }.map { $0[1] as String }
            }
            return answer
        }
    }
}

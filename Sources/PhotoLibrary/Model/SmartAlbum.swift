import Foundation
import GRDB

/// The smart albums every library has: live queries over asset properties, so membership follows the properties.
///
/// Each definition is an SQL condition over the asset alias `a`; nothing is ever stored per member.
public struct SmartAlbum: Sendable {
    /// `PHAssetCollectionSubtype` raw value.
    public let subtype: Int
    /// The title shown for the album.
    public let title: String
    /// SQL condition over `a` selecting the members (visibility rules are added separately).
    public let condition: String
    /// True for the Hidden album, which shows only hidden assets.
    public let showsHiddenAssets: Bool
    /// Sort used when the client gives none.
    public let defaultOrder: String

    init(_ subtype: Int, _ title: String, _ condition: String, hidden: Bool = false, order: String = "a.creation_date, a.id") {
        self.subtype = subtype; self.title = title; self.condition = condition
        self.showsHiddenAssets = hidden; self.defaultOrder = order
    }

    /// How long an asset stays in Recently Added.
    public static let recentlyAddedWindow: TimeInterval = 30 * 24 * 3600

    /// Every smart album, in the order `fetchAssetCollections(with: .smartAlbum, subtype: .any)` returns them.
    public static let all: [SmartAlbum] = [
        SmartAlbum(209, "Recents", "1"),
        SmartAlbum(203, "Favorites", "a.is_favorite = 1"),
        SmartAlbum(206, "Recently Added", "a.added_date >= :recentSince", order: "a.added_date, a.id"),
        SmartAlbum(202, "Videos", "a.media_type = 2"),
        SmartAlbum(213, "Live Photos", "(a.media_subtypes & 8) != 0"),
        SmartAlbum(201, "Panoramas", "(a.media_subtypes & 1) != 0"),
        SmartAlbum(211, "Screenshots", "(a.media_subtypes & 4) != 0"),
        SmartAlbum(210, "Selfies", "a.is_selfie = 1"),
        SmartAlbum(207, "Bursts", "a.represents_burst = 1"),
        SmartAlbum(208, "Slo-mo", "(a.media_subtypes & 131072) != 0"),
        SmartAlbum(204, "Time-lapse", "(a.media_subtypes & 262144) != 0"),
        SmartAlbum(215, "Long Exposure", "a.playback_variation = 3"),
        SmartAlbum(214, "Animated", "a.playback_style = 2"),
        SmartAlbum(217, "RAW", "a.is_raw = 1"),
        SmartAlbum(212, "Portrait", "(a.media_subtypes & 16) != 0"),
        SmartAlbum(220, "Screen Recordings", "(a.media_subtypes & 524288) != 0"),
        SmartAlbum(205, "Hidden", "a.is_hidden = 1", hidden: true),
    ]

    /// The definition for a subtype.
    public static func definition(subtype: Int) -> SmartAlbum? { all.first { $0.subtype == subtype } }

    /// Creates the smart-album rows of a new library (identifiers are made once and kept forever).
    static func insertAll(_ db: Database) throws {
        let now = Date().timeIntervalSince1970
        for (index, album) in all.enumerated() {
            try db.execute(sql: """
                INSERT INTO collection (identifier, kind, type, subtype, title, position, creation_date)
                VALUES (?, 1, 2, ?, ?, ?, ?)
                """, arguments: [LocalIdentifier.make(.assetCollection), album.subtype, album.title, index, now])
        }
    }
}

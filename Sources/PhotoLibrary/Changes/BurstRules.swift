import GRDB

/// Which frame of a burst stands for it, and which frames fetches hide.
///
/// The representative is the first frame the user picked, else the first auto-picked frame, else the
/// earliest frame. Fetches show the representative and user-picked frames; the rest need `includeAllBurstAssets`.
enum BurstRules {
    static let autoPick = 1, userPick = 2

    static func refresh(_ burst: String, _ db: Database) throws {
        let representative = try Int64.fetchOne(db, sql: """
            SELECT id FROM asset WHERE burst_identifier = ? AND trashed_date IS NULL
            ORDER BY (burst_selection & 2) DESC, (burst_selection & 1) DESC, creation_date, id LIMIT 1
            """, arguments: [burst])
        try db.execute(sql: """
            UPDATE asset SET represents_burst = (id = ?), burst_extra = (id != ? AND (burst_selection & 2) = 0)
            WHERE burst_identifier = ?
            """, arguments: [representative ?? -1, representative ?? -1, burst])
    }
}

import GRDB

/// Which frame of a burst stands for it, and which frames fetches hide.
///
/// The representative is the first frame the user picked, else the first auto-picked frame, else the
/// earliest frame. Fetches show the representative and user-picked frames; the rest need `includeAllBurstAssets`.
enum BurstRules {
    static let autoPick = 1, userPick = 2

    /// Sets the burst's representative and hidden frames from its selection; returns the frames whose flags changed.
    @discardableResult
    static func refresh(_ burst: String, _ db: Database) throws -> [Int64] {
        let representative = try Int64.fetchOne(db, sql: """
            SELECT id FROM asset WHERE burst_identifier = ? AND trashed_date IS NULL
            ORDER BY (burst_selection & 2) DESC, (burst_selection & 1) DESC, creation_date, id LIMIT 1
            """, arguments: [burst]) ?? -1
        // Only the frames whose flags change are written, and their ids returned.
        return try Int64.fetchAll(db, sql: """
            UPDATE asset SET represents_burst = (id = ?1), burst_extra = (id != ?1 AND (burst_selection & 2) = 0)
            WHERE burst_identifier = ?2 AND (represents_burst, burst_extra) IS NOT (id = ?1, id != ?1 AND (burst_selection & 2) = 0)
            RETURNING id
            """, arguments: [representative, burst])
    }
}

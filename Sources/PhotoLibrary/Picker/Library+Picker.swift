import Foundation
import GRDB

/// Why an asset cannot be picked.
public enum PickerRefusal: Sendable, Hashable, CustomStringConvertible {
    /// No asset has the identifier.
    case notFound
    /// The asset is in Recently Deleted.
    case trashed
    /// The asset is hidden.
    case hidden
    /// The asset is a burst frame the library does not show (not the burst's representative nor a user pick).
    case hiddenBurstFrame
    /// The asset is not one of the kinds the filter shows.
    case excludedByFilter

    public var description: String {
        switch self {
        case .notFound: return "no asset has this identifier"
        case .trashed: return "the asset is in Recently Deleted"
        case .hidden: return "the asset is hidden"
        case .hiddenBurstFrame: return "the asset is a burst frame the library does not show"
        case .excludedByFilter: return "the asset is not of a kind the filter shows"
        }
    }
}

extension Library {
    /// Local identifiers of the assets a picker with `filter` shows (visible assets: not trashed, not hidden, no
    /// unpicked burst frames), newest first (creation date, then row id, both descending), at most `limit`
    /// (0: no limit). A nil filter shows every kind.
    public func pickerAssetIdentifiers(matching filter: PickerFilter?, limit: Int = 0) throws(LibraryError) -> [String] {
        var query = AssetQuery(scope: .all, sort: [SortKey(sql: "a.creation_date", ascending: false)], limit: limit)
        query.pickerFilter = filter
        let rowIDs = try assetRowIDs(query)
        return try orderedAssets(rowIDs: rowIDs).filter { !$0.identifier.isEmpty }.map(\.identifier)
    }

    /// Why each of `identifiers` could not be picked with `filter`; identifiers that can be picked are absent.
    /// One read; the first reason in `PickerRefusal`'s order wins (a trashed asset of the wrong kind is `.trashed`).
    public func pickerRefusals(for identifiers: [String], filter: PickerFilter?) throws(LibraryError) -> [String: PickerRefusal] {
        guard !identifiers.isEmpty else { return [:] }
        let condition = filter?.sqlCondition ?? "1"
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.identifier, a.trashed_date IS NOT NULL, a.is_hidden, a.burst_extra, (\(condition))
                FROM asset a WHERE a.identifier IN (SELECT value FROM json_each(?))
                """, arguments: [AssetQuery.jsonArray(identifiers)])
        }
        var found: [String: PickerRefusal?] = [:]
        for row in rows {
            let identifier: String = row[0]
            let trashed: Bool = row[1], hidden: Bool = row[2], burstExtra: Bool = row[3], matches: Bool = row[4]
            let refusal: PickerRefusal? = trashed ? .trashed : hidden ? .hidden : burstExtra ? .hiddenBurstFrame : matches ? nil : .excludedByFilter
            found[identifier] = .some(refusal)
        }
        var refusals: [String: PickerRefusal] = [:]
        for identifier in identifiers {
            switch found[identifier] {
            case .none: refusals[identifier] = .notFound
            case .some(.some(let refusal)): refusals[identifier] = refusal
            case .some(.none): break
            }
        }
        return refusals
    }
}

import Foundation
import GRDB

/// One collection row: an album, smart album, moment, folder or moment list.
public struct CollectionRecord: Sendable, Hashable, Codable {
    /// Whether the row is an asset collection or a collection list.
    public enum Kind: Int, Sendable, Codable { case assetCollection = 1, collectionList = 2 }

    public var rowID: Int64
    public var identifier: String
    public var kind: Kind
    /// `PHAssetCollectionType` or `PHCollectionListType` raw value.
    public var type: Int
    /// `PHAssetCollectionSubtype` or `PHCollectionListSubtype` raw value.
    public var subtype: Int
    public var title: String?
    /// The folder holding this collection, if any.
    public var parentID: Int64?
    /// Order within the parent (or among top-level user collections).
    public var position: Int
    public var startDate: Date?
    public var endDate: Date?
    /// Approximate location (moments).
    public var location: GeoPoint?
    /// Cached member count (moments and albums); smart albums count live.
    public var cachedCount: Int
    public var creationDate: Date
    public var modificationDate: Date?
    /// Moments: the cluster list and year list holding them.
    public var clusterListID: Int64?
    public var yearListID: Int64?
    /// What makes the row a project (`PHProject`), when it is one (filled by the record readers).
    public var project: ProjectAttributes? = nil

    /// True for user albums and folders (editable by clients).
    public var isUserCollection: Bool {
        (kind == .assetCollection && type == CollectionRaw.album) || (kind == .collectionList && type == CollectionRaw.folder)
    }

    /// True for projects.
    public var isProject: Bool { project != nil }
}

extension CollectionRecord: FetchableRecord {
    /// Columns `init(row:)` expects.
    public static let columns = """
        id, identifier, kind, type, subtype, title, parent_id, position, start_date, end_date, latitude, longitude, \
        cached_count, creation_date, modification_date, cluster_list_id, year_list_id
        """

    public init(row: Row) {
        rowID = row[0]
        identifier = row[1]
        kind = Kind(rawValue: row[2]) ?? .assetCollection
        type = row[3]
        subtype = row[4]
        title = row[5]
        parentID = row[6]
        position = row[7]
        startDate = (row[8] as Double?).map(Date.init(timeIntervalSince1970:))
        endDate = (row[9] as Double?).map(Date.init(timeIntervalSince1970:))
        if let lat: Double = row[10], let lon: Double = row[11] { location = GeoPoint(latitude: lat, longitude: lon) } else { location = nil }
        cachedCount = row[12]
        creationDate = Date(timeIntervalSince1970: row[13])
        modificationDate = (row[14] as Double?).map(Date.init(timeIntervalSince1970:))
        clusterListID = row[15]
        yearListID = row[16]
    }
}

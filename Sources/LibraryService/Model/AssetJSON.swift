import Foundation
import PhotoLibrary

/// An asset as the API shows it: PhotoKit's property names, ISO 8601 dates, image URLs.
struct AssetJSON: Codable, Sendable {
    var localIdentifier: String
    /// The identifier's UUID, which names the asset in URLs.
    var id: String
    var mediaType: Int
    var mediaSubtypes: UInt
    var pixelWidth: Int
    var pixelHeight: Int
    var creationDate: Date?
    var modificationDate: Date?
    var addedDate: Date
    var location: LocationJSON?
    var duration: Double
    var isFavorite: Bool
    var isHidden: Bool
    var playbackStyle: Int
    var burstIdentifier: String?
    /// `PHAssetBurstSelectionType` bits: 1 auto pick, 2 user pick.
    var burstSelectionTypes: Int
    var representsBurst: Bool
    var hasAdjustments: Bool
    var uniformTypeIdentifier: String
    var originalFilename: String
    var trashedDate: Date?
    /// Grid and screen images (`/api/assets/{id}/image?kind=thumbnail|screen`).
    var thumbnailURL: String
    var screenURL: String

    /// `urlPrefix` is where the image URLs start (`/api`, or `/api/shared/<secret>` for a shared link's viewers).
    init(_ record: AssetRecord, urlPrefix: String = "/api") {
        localIdentifier = record.identifier
        id = IdentifierPath.uuid(of: record.identifier)
        mediaType = record.mediaType.rawValue
        mediaSubtypes = UInt(record.mediaSubtypes.rawValue)
        pixelWidth = record.pixelWidth
        pixelHeight = record.pixelHeight
        creationDate = record.creationDate
        modificationDate = record.modificationDate
        addedDate = record.addedDate
        location = record.location.map(LocationJSON.init)
        duration = record.duration
        isFavorite = record.isFavorite
        isHidden = record.isHidden
        playbackStyle = record.playbackStyle.rawValue
        burstIdentifier = record.burstIdentifier
        burstSelectionTypes = record.burstSelectionTypes
        representsBurst = record.representsBurst
        hasAdjustments = record.hasAdjustments
        uniformTypeIdentifier = record.uniformTypeIdentifier
        originalFilename = record.originalFilename
        trashedDate = record.trashedDate
        // Pictures are cached as immutable: an edited asset's URLs carry its modification time so an edit (or a
        // second one) is a new URL; a reverted asset's are the unedited URLs again, whose pictures are the original's.
        let version = record.hasAdjustments ? "&v=\(Int64(((record.modificationDate ?? record.addedDate).timeIntervalSince1970 * 1000).rounded()))" : ""
        thumbnailURL = "\(urlPrefix)/assets/\(id)/image?kind=thumbnail\(version)"
        screenURL = "\(urlPrefix)/assets/\(id)/image?kind=screen\(version)"
    }
}

/// A coordinate.
struct LocationJSON: Codable, Sendable {
    var latitude: Double
    var longitude: Double
    var altitude: Double?
    init(_ point: GeoPoint) { latitude = point.latitude; longitude = point.longitude; altitude = point.altitude }
}

/// A collection (album, smart album, moment, folder, moment list) as the API shows it.
struct CollectionJSON: Codable, Sendable {
    var localIdentifier: String
    var id: String
    /// `assetCollection` or `collectionList`.
    var kind: String
    /// `PHAssetCollectionType` / `PHCollectionListType` raw value.
    var type: Int
    var subtype: Int
    var title: String?
    var startDate: Date?
    var endDate: Date?
    var estimatedAssetCount: Int?
    var canContainAssets: Bool
    var canContainCollections: Bool

    init(_ record: CollectionRecord) {
        localIdentifier = record.identifier
        id = IdentifierPath.uuid(of: record.identifier)
        kind = record.kind == .assetCollection ? "assetCollection" : "collectionList"
        type = record.type
        subtype = record.subtype
        title = record.title
        startDate = record.startDate
        endDate = record.endDate
        estimatedAssetCount = record.kind == .assetCollection && record.type != CollectionRaw.smartAlbum ? record.cachedCount : nil
        canContainAssets = record.kind == .assetCollection
        canContainCollections = record.kind == .collectionList
    }
}

/// Identifiers in URL paths: the UUID part of a local identifier (`UUID/L0/001` → `UUID`).
enum IdentifierPath {
    static func uuid(of identifier: String) -> String {
        guard let slash = identifier.utf8.firstIndex(of: UInt8(ascii: "/")) else { return identifier }
        return String(identifier[..<slash])
    }

    /// The local identifier of an asset named in a path or body: its UUID or the whole identifier (percent-encoded
    /// in paths); 400 for anything else.
    static func asset(_ component: String) throws(Problem) -> String {
        let decoded = component.removingPercentEncoding ?? component
        if UUID(uuidString: decoded) != nil { return "\(decoded.uppercased())/L0/\(LocalIdentifier.Kind.asset.rawValue)" }
        if LocalIdentifier.kind(of: decoded) == .asset { return decoded }
        throw Problem(.badRequest, "invalid-identifier", "'\(decoded.prefix(80))' is not a valid asset identifier")
    }

    /// The local identifier of an album, smart album, moment or folder named in a path or body: the whole
    /// identifier (percent-encoded in paths); 400 for anything else.
    static func collection(_ component: String) throws(Problem) -> String {
        let decoded = component.removingPercentEncoding ?? component
        if LocalIdentifier.kind(of: decoded) == .assetCollection || LocalIdentifier.kind(of: decoded) == .collectionList { return decoded }
        throw Problem(.badRequest, "invalid-identifier", "'\(decoded.prefix(80))' is not a valid collection identifier (UUID/L0/040 or UUID/L0/060)")
    }
}

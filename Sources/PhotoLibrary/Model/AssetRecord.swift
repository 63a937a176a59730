import Foundation
import GRDB

/// One asset row: an immutable snapshot of everything PhotoKit tells about an asset.
public struct AssetRecord: Sendable, Hashable, Codable {
    /// The database row id (never shown to PhotoKit clients).
    public var rowID: Int64
    /// `UUID/L0/001`.
    public var identifier: String
    public var mediaType: MediaType
    public var mediaSubtypes: MediaSubtypes
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var creationDate: Date?
    public var modificationDate: Date?
    /// When the asset was added to the library.
    public var addedDate: Date
    public var location: GeoPoint?
    public var duration: Double
    public var isFavorite: Bool
    public var isHidden: Bool
    /// `PHAssetSourceType` raw value.
    public var sourceType: Int
    public var playbackStyle: PlaybackStyle
    /// `PHAsset.PlaybackVariation` raw value.
    public var playbackVariation: Int
    public var burstIdentifier: String?
    /// `PHAssetBurstSelectionType` raw value.
    public var burstSelectionTypes: Int
    /// True for the one asset that stands for its burst.
    public var representsBurst: Bool
    public var hasAdjustments: Bool
    /// Taken with a front camera (feeds the Selfies smart album).
    public var isSelfie: Bool
    /// Has a RAW resource (feeds the RAW smart album).
    public var isRAW: Bool
    /// UTI of the primary resource.
    public var uniformTypeIdentifier: String
    /// When the asset was moved to Recently Deleted, or nil.
    public var trashedDate: Date?
    /// Row id of the moment holding the asset, if any.
    public var momentID: Int64?
    /// The primary resource's original file name.
    public var originalFilename: String
}

/// A point on Earth with an optional altitude, as stored for assets and moments.
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    public var timestamp: Date?
    public init(latitude: Double, longitude: Double, altitude: Double? = nil, timestamp: Date? = nil) {
        self.latitude = latitude; self.longitude = longitude; self.altitude = altitude; self.timestamp = timestamp
    }

    /// Great-circle distance in metres (haversine on the mean Earth radius).
    public func distance(to other: GeoPoint) -> Double {
        let r = 6_371_008.8
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (other.longitude - longitude) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }
}

extension AssetRecord: FetchableRecord {
    /// The column list `init(row:)` expects, for `SELECT \(AssetRecord.columns) FROM asset`.
    public static let columns = """
        id, identifier, media_type, media_subtypes, pixel_width, pixel_height, creation_date, modification_date, \
        added_date, latitude, longitude, altitude, location_date, duration, is_favorite, is_hidden, source_type, \
        playback_style, playback_variation, burst_identifier, burst_selection, represents_burst, has_adjustments, \
        is_selfie, is_raw, uti, trashed_date, moment_id, original_filename
        """

    public init(row: Row) {
        rowID = row[0]
        identifier = row[1]
        mediaType = MediaType(rawValue: row[2]) ?? .unknown
        mediaSubtypes = MediaSubtypes(rawValue: row[3])
        pixelWidth = row[4]
        pixelHeight = row[5]
        creationDate = (row[6] as Double?).map(Date.init(timeIntervalSince1970:))
        modificationDate = (row[7] as Double?).map(Date.init(timeIntervalSince1970:))
        addedDate = Date(timeIntervalSince1970: row[8])
        if let lat: Double = row[9], let lon: Double = row[10] {
            location = GeoPoint(latitude: lat, longitude: lon, altitude: row[11],
                                timestamp: (row[12] as Double?).map(Date.init(timeIntervalSince1970:)))
        } else {
            location = nil
        }
        duration = row[13]
        isFavorite = row[14]
        isHidden = row[15]
        sourceType = row[16]
        playbackStyle = PlaybackStyle(rawValue: row[17]) ?? .unsupported
        playbackVariation = row[18]
        burstIdentifier = row[19]
        burstSelectionTypes = row[20]
        representsBurst = row[21]
        hasAdjustments = row[22]
        isSelfie = row[23]
        isRAW = row[24]
        uniformTypeIdentifier = row[25]
        trashedDate = (row[26] as Double?).map(Date.init(timeIntervalSince1970:))
        momentID = row[27]
        originalFilename = row[28]
    }
}

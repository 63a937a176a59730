import Foundation
import GRDB

/// One stored file of an asset (original photo, paired video, RAW alternate, …).
public struct ResourceRecord: Sendable, Hashable, Codable {
    public var rowID: Int64
    public var assetID: Int64
    public var type: ResourceType
    public var uniformTypeIdentifier: String
    public var originalFilename: String
    /// Path relative to the library directory.
    public var relativePath: String
    public var byteCount: Int64
    /// Lower-case hex SHA-256 of the bytes.
    public var sha256: String
    public var pixelWidth: Int
    public var pixelHeight: Int
}

extension ResourceRecord: FetchableRecord {
    /// Columns `init(row:)` expects.
    public static let columns = "id, asset_id, type, uti, original_filename, path, byte_count, sha256, pixel_width, pixel_height"

    public init(row: Row) {
        rowID = row[0]
        assetID = row[1]
        type = ResourceType(rawValue: row[2]) ?? .photo
        uniformTypeIdentifier = row[3]
        originalFilename = row[4]
        relativePath = row[5]
        byteCount = row[6]
        sha256 = row[7]
        pixelWidth = row[8]
        pixelHeight = row[9]
    }
}

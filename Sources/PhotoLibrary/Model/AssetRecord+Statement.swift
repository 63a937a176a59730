import Foundation
import GRDB
internal import GRDBSQLite

extension AssetRecord {
    /// Decodes the current row of a raw statement selecting `AssetRecord.columns`, reading SQLite's columns
    /// directly (the same values as `init(row:)`, several times faster; fetch results materialise through it).
    init(statement row: OpaquePointer) {
        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(row, column)) }
        func bool(_ column: Int32) -> Bool { sqlite3_column_int64(row, column) != 0 }
        func double(_ column: Int32) -> Double? {
            sqlite3_column_type(row, column) == SQLITE_NULL ? nil : sqlite3_column_double(row, column)
        }
        func date(_ column: Int32) -> Date? { double(column).map(Date.init(timeIntervalSince1970:)) }
        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(row, column) else { return nil }
            let count = Int(sqlite3_column_bytes(row, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        rowID = sqlite3_column_int64(row, 0)
        identifier = text(1) ?? ""
        mediaType = MediaType(rawValue: int(2)) ?? .unknown
        mediaSubtypes = MediaSubtypes(rawValue: int(3))
        pixelWidth = int(4)
        pixelHeight = int(5)
        creationDate = date(6)
        modificationDate = date(7)
        addedDate = Date(timeIntervalSince1970: double(8) ?? 0)
        if let latitude = double(9), let longitude = double(10) {
            location = GeoPoint(latitude: latitude, longitude: longitude, altitude: double(11), timestamp: date(12))
        } else {
            location = nil
        }
        duration = double(13) ?? 0
        isFavorite = bool(14)
        isHidden = bool(15)
        sourceType = int(16)
        playbackStyle = PlaybackStyle(rawValue: int(17)) ?? .unsupported
        playbackVariation = int(18)
        burstIdentifier = text(19)
        burstSelectionTypes = int(20)
        representsBurst = bool(21)
        hasAdjustments = bool(22)
        isSelfie = bool(23)
        isRAW = bool(24)
        uniformTypeIdentifier = text(25) ?? ""
        trashedDate = date(26)
        momentID = sqlite3_column_type(row, 27) == SQLITE_NULL ? nil : sqlite3_column_int64(row, 27)
        originalFilename = text(28) ?? ""
    }
}

import Foundation

/// Asset records in the served library's packed form (`application/x-photokit-assets`): a 4-byte tag `PKA1`, the
/// record count, then each record's fields in declaration order (64-bit little-endian numbers, doubles by bit
/// pattern, one-byte flags, optionals behind a presence flag, strings as a 32-bit length and UTF-8). About a
/// microsecond per record each way, where JSON on Linux costs tens. Decoding checks every length and value;
/// a malformed body is an `.io` error naming what is wrong.
public enum PackedAssetRecords {
    /// The content type the service sends them with.
    public static let contentType = "application/x-photokit-assets"
    private static let tag: [UInt8] = Array("PKA1".utf8)

    /// The packed bytes of `records`.
    public static func encode(_ records: [AssetRecord]) -> Data {
        var writer = WireWriter(capacity: 12 + records.count * 300)
        writer.raw(tag)
        writer.int(Int64(records.count))
        for record in records { write(record, to: &writer) }
        return Data(writer.bytes)
    }

    /// The records in `data`.
    public static func decode(_ data: Data) throws(LibraryError) -> [AssetRecord] {
        let result: Result<[AssetRecord], LibraryError> = data.withUnsafeBytes { raw in
            guard raw.count >= 12, Array(raw[0..<4]) == tag else {
                return .failure(LibraryError(.io, "The photo library service sent asset records without their PKA1 tag"))
            }
            var reader = WireReader(UnsafeRawBufferPointer(rebasing: raw[4...]))
            do throws(LibraryError) {
                let count = try reader.int()
                // Every record takes at least 122 bytes: a count beyond that is a lie, refused before allocating.
                guard count >= 0, count <= Int64(raw.count / 122) else {
                    throw LibraryError(.io, "The photo library service claims \(count) asset records in \(raw.count) bytes")
                }
                var records: [AssetRecord] = []
                records.reserveCapacity(Int(count))
                for _ in 0..<count { records.append(try read(&reader)) }
                guard reader.isAtEnd else { throw LibraryError(.io, "The photo library service sent bytes after the last asset record") }
                return .success(records)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func write(_ r: AssetRecord, to w: inout WireWriter) {
        w.int(r.rowID)
        w.string(r.identifier)
        w.int(r.mediaType.rawValue)
        w.int(r.mediaSubtypes.rawValue)
        w.int(r.pixelWidth)
        w.int(r.pixelHeight)
        w.date(r.creationDate)
        w.date(r.modificationDate)
        w.double(r.addedDate.timeIntervalSince1970)
        w.bool(r.location != nil)
        if let location = r.location {
            w.double(location.latitude)
            w.double(location.longitude)
            w.optionalDouble(location.altitude)
            w.date(location.timestamp)
        }
        w.double(r.duration)
        w.bool(r.isFavorite)
        w.bool(r.isHidden)
        w.int(r.sourceType)
        w.int(r.playbackStyle.rawValue)
        w.int(r.playbackVariation)
        w.optionalString(r.burstIdentifier)
        w.int(r.burstSelectionTypes)
        w.bool(r.representsBurst)
        w.bool(r.hasAdjustments)
        w.bool(r.isSelfie)
        w.bool(r.isRAW)
        w.string(r.uniformTypeIdentifier)
        w.date(r.trashedDate)
        w.bool(r.momentID != nil)
        if let moment = r.momentID { w.int(moment) }
        w.string(r.originalFilename)
    }

    private static func read(_ r: inout WireReader) throws(LibraryError) -> AssetRecord {
        let rowID = try r.int()
        let identifier = try r.string()
        let rawType = try r.smallInt()
        guard let mediaType = MediaType(rawValue: rawType) else { throw LibraryError(.io, "The photo library service sent media type \(rawType)") }
        let subtypes = MediaSubtypes(rawValue: try r.smallInt())
        let width = try r.smallInt(), height = try r.smallInt()
        let created = try r.date(), modified = try r.date()
        let added = Date(timeIntervalSince1970: try r.double())
        var location: GeoPoint?
        if try r.bool() {
            let latitude = try r.double(), longitude = try r.double()
            location = GeoPoint(latitude: latitude, longitude: longitude, altitude: try r.optionalDouble(), timestamp: try r.date())
        }
        let duration = try r.double()
        let favorite = try r.bool(), hidden = try r.bool()
        let sourceType = try r.smallInt()
        let rawStyle = try r.smallInt()
        guard let style = PlaybackStyle(rawValue: rawStyle) else { throw LibraryError(.io, "The photo library service sent playback style \(rawStyle)") }
        let variation = try r.smallInt()
        let burst = try r.optionalString()
        let selection = try r.smallInt()
        let representsBurst = try r.bool(), adjusted = try r.bool(), selfie = try r.bool(), raw = try r.bool()
        let uti = try r.string()
        let trashed = try r.date()
        let moment: Int64? = try r.bool() ? try r.int() : nil
        let filename = try r.string()
        return AssetRecord(rowID: rowID, identifier: identifier, mediaType: mediaType, mediaSubtypes: subtypes, pixelWidth: width,
                           pixelHeight: height, creationDate: created, modificationDate: modified, addedDate: added, location: location,
                           duration: duration, isFavorite: favorite, isHidden: hidden, sourceType: sourceType, playbackStyle: style,
                           playbackVariation: variation, burstIdentifier: burst, burstSelectionTypes: selection, representsBurst: representsBurst,
                           hasAdjustments: adjusted, isSelfie: selfie, isRAW: raw, uniformTypeIdentifier: uti, trashedDate: trashed,
                           momentID: moment, originalFilename: filename)
    }
}

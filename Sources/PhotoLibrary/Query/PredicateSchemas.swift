import FetchPredicates

/// The keys PhotoKit documents for predicates and sort descriptors, mapped to indexed columns.
public enum PredicateSchemas {
    /// `PHAsset` keys (plus the `mediaSubtype` spelling some sample code uses).
    public static let asset = PredicateSchema(entityName: "PHAsset", columns: [
        "SELF": PredicateColumn("a.identifier", .identifier),
        "localIdentifier": PredicateColumn("a.identifier", .identifier),
        "creationDate": PredicateColumn("a.creation_date", .date),
        "modificationDate": PredicateColumn("a.modification_date", .date),
        "mediaType": PredicateColumn("a.media_type", .integer),
        "mediaSubtypes": PredicateColumn("a.media_subtypes", .integer),
        "mediaSubtype": PredicateColumn("a.media_subtypes", .integer),
        "duration": PredicateColumn("a.duration", .real),
        "pixelWidth": PredicateColumn("a.pixel_width", .integer),
        "pixelHeight": PredicateColumn("a.pixel_height", .integer),
        "favorite": PredicateColumn("a.is_favorite", .boolean),
        "isFavorite": PredicateColumn("a.is_favorite", .boolean),
        "hidden": PredicateColumn("a.is_hidden", .boolean),
        "isHidden": PredicateColumn("a.is_hidden", .boolean),
        "burstIdentifier": PredicateColumn("a.burst_identifier", .text),
    ])

    /// The keys `photos serve` accepts in asset fetches (`POST /api/fetches`): every ``asset`` key plus Linux
    /// additions that PhotoKit does not offer, so the web app can search by camera and by place.
    ///
    /// - `cameraMake`, `cameraModel` (text): the camera's EXIF/QuickTime make and model as imported, e.g.
    ///   `cameraModel CONTAINS[c] "iphone"`; NULL (`nil`) for files that name no camera.
    /// - `latitude`, `longitude` (real, degrees): where the asset was taken, e.g.
    ///   `latitude >= 10 AND latitude <= 20`; NULL for assets without a location, so a range never matches them.
    ///
    /// Comparisons with a NULL column behave as `NSPredicate` evaluates `nil`: `==` and ranges are false,
    /// `!=` is true, and `key == nil` finds the rows without a value. PhotoKit's own fetches
    /// (`PHFetchOptions`) keep using ``asset``, so these keys stay unsupported there, as on Apple's platforms.
    public static let serviceAsset = PredicateSchema(entityName: "PHAsset", columns: asset.columns.merging([
        "cameraMake": PredicateColumn("a.camera_make", .text),
        "cameraModel": PredicateColumn("a.camera_model", .text),
        "latitude": PredicateColumn("a.latitude", .real),
        "longitude": PredicateColumn("a.longitude", .real),
    ]) { photoKit, _ in photoKit })

    /// `PHAssetCollection` keys.
    public static let assetCollection = PredicateSchema(entityName: "PHAssetCollection", columns: collectionColumns.merging([
        "estimatedAssetCount": PredicateColumn("c.cached_count", .integer),
    ]) { a, _ in a })

    /// `PHCollectionList` keys.
    public static let collectionList = PredicateSchema(entityName: "PHCollectionList", columns: collectionColumns)

    /// `PHCollection` keys (mixed lists and asset collections).
    public static let collection = PredicateSchema(entityName: "PHCollection", columns: collectionColumns)

    /// The collection schema of an entity name (what a served library's query names), or nil.
    public static func collectionSchema(named entityName: String) -> PredicateSchema? {
        [collection, assetCollection, collectionList].first { $0.entityName == entityName }
    }

    private static let collectionColumns: [String: PredicateColumn] = [
        "SELF": PredicateColumn("c.identifier", .identifier),
        "localIdentifier": PredicateColumn("c.identifier", .identifier),
        "localizedTitle": PredicateColumn("c.title", .text),
        "title": PredicateColumn("c.title", .text),
        "startDate": PredicateColumn("c.start_date", .date),
        "endDate": PredicateColumn("c.end_date", .date),
    ]
}

/// One sort key of a fetch, already checked against a schema.
public struct SortKey: Sendable, Equatable {
    /// The PhotoKit key it was resolved from (nil for keys made from SQL inside the core); what crosses to a
    /// served library, which resolves it again.
    public var key: String? = nil
    /// The column expression.
    public var sql: String
    public var ascending: Bool

    /// Resolves a PhotoKit sort key against a schema; unsupported keys are an error naming the key.
    public static func resolve(_ key: String, ascending: Bool, in schema: PredicateSchema) throws(LibraryError) -> SortKey {
        do {
            let column = try schema.column(for: key)
            return SortKey(key: key, sql: column.sql, ascending: ascending)
        } catch {
            throw LibraryError(.unsupportedPredicate, "Unsupported sort descriptor in fetch options: key '\(key)' is not supported for \(schema.entityName)")
        }
    }
}

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

    /// `PHAssetCollection` keys.
    public static let assetCollection = PredicateSchema(entityName: "PHAssetCollection", columns: collectionColumns.merging([
        "estimatedAssetCount": PredicateColumn("c.cached_count", .integer),
    ]) { a, _ in a })

    /// `PHCollectionList` keys.
    public static let collectionList = PredicateSchema(entityName: "PHCollectionList", columns: collectionColumns)

    /// `PHCollection` keys (mixed lists and asset collections).
    public static let collection = PredicateSchema(entityName: "PHCollection", columns: collectionColumns)

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
    /// The column expression.
    public var sql: String
    public var ascending: Bool

    /// Resolves a PhotoKit sort key against a schema; unsupported keys are an error naming the key.
    public static func resolve(_ key: String, ascending: Bool, in schema: PredicateSchema) throws(LibraryError) -> SortKey {
        do {
            let column = try schema.column(for: key)
            return SortKey(sql: column.sql, ascending: ascending)
        } catch {
            throw LibraryError(.unsupportedPredicate, "Unsupported sort descriptor in fetch options: key '\(key)' is not supported for \(schema.entityName)")
        }
    }
}

import Foundation
@testable import FetchPredicates

/// A stand-in for a PhotoKit object (PHAsset) in arguments such as `SELF IN %@`.
struct FakeAsset: PredicateIdentifiable {
    var localIdentifier: String
    var predicateIdentifier: String { localIdentifier }
}

/// A stand-in for PhotoKit's `PHAssetMediaType`.
enum FakeMediaType: Int {
    case unknown = 0, image = 1, video = 2, audio = 3
}

/// A stand-in for PhotoKit's `PHAssetMediaSubtype`.
struct FakeMediaSubtype: OptionSet {
    let rawValue: UInt
    static let photoPanorama = FakeMediaSubtype(rawValue: 1 << 0)
    static let photoHDR = FakeMediaSubtype(rawValue: 1 << 1)
    static let photoScreenshot = FakeMediaSubtype(rawValue: 1 << 2)
    static let photoLive = FakeMediaSubtype(rawValue: 1 << 3)
    static let photoDepthEffect = FakeMediaSubtype(rawValue: 1 << 4)
    static let videoHighFrameRate = FakeMediaSubtype(rawValue: 1 << 17)
    static let videoTimelapse = FakeMediaSubtype(rawValue: 1 << 18)
}

/// An argument type the parser does not support.
struct Unsupported {}

/// The PHAsset schema used throughout the tests (column names of the end-to-end table, alias `a`).
let assetSchema = PredicateSchema(entityName: "PHAsset", columns: [
    "SELF": PredicateColumn("a.local_identifier", .identifier),
    "localIdentifier": PredicateColumn("a.local_identifier", .identifier),
    "mediaType": PredicateColumn("a.media_type", .integer),
    "mediaSubtypes": PredicateColumn("a.media_subtypes", .integer),
    "mediaSubtype": PredicateColumn("a.media_subtypes", .integer),
    "isFavorite": PredicateColumn("a.is_favorite", .boolean),
    "favorite": PredicateColumn("a.is_favorite", .boolean),
    "isHidden": PredicateColumn("a.is_hidden", .boolean),
    "hidden": PredicateColumn("a.is_hidden", .boolean),
    "creationDate": PredicateColumn("a.creation_date", .date),
    "pixelWidth": PredicateColumn("a.pixel_width", .integer),
    "pixelHeight": PredicateColumn("a.pixel_height", .integer),
    "duration": PredicateColumn("a.duration", .real),
    "burstIdentifier": PredicateColumn("a.burst_identifier", .text),
    "title": PredicateColumn("a.title", .text),
    "localizedTitle": PredicateColumn("a.title", .text),
])

/// The same schema with a diacritic-folding SQL function (registered by the end-to-end tests).
let foldingSchema = PredicateSchema(
    entityName: "PHAsset", columns: assetSchema.columns, diacriticFoldingFunction: "pk_fold"
)

/// 2024-01-01T00:00:00Z.
let baseDate = Date(timeIntervalSince1970: 1_704_067_200)

/// `baseDate` plus `days` days.
func day(_ days: Double) -> Date { baseDate.addingTimeInterval(days * 86_400) }

// MARK: Tree-building shorthands

func key(_ name: String) -> FetchPredicateExpression { .key(name) }
func int(_ value: Int64) -> FetchPredicateExpression { .constant(.integer(value)) }
func dbl(_ value: Double) -> FetchPredicateExpression { .constant(.double(value)) }
func str(_ value: String) -> FetchPredicateExpression { .constant(.string(value)) }
func bool(_ value: Bool) -> FetchPredicateExpression { .constant(.bool(value)) }
let null = FetchPredicateExpression.constant(.null)

func cmp(
    _ lhs: FetchPredicateExpression, _ op: ComparisonOperator, _ rhs: FetchPredicateExpression, _ options: StringOptions = []
) -> PredicateNode {
    .comparison(lhs: lhs, op: op, rhs: rhs, options: options)
}

/// Parses with variadic arguments.
func parse(_ format: String, _ arguments: Any...) throws -> PredicateNode {
    try PredicateParser.parse(format: format, arguments: arguments)
}

/// Parses and compiles against `schema` with variadic arguments.
func compile(_ format: String, _ arguments: Any..., schema: PredicateSchema = assetSchema) throws -> CompiledPredicate {
    try PredicateCompiler.compile(PredicateParser.parse(format: format, arguments: arguments), schema: schema)
}

/// The error thrown by `body`, which must throw a `PredicateError`.
func predicateError(_ body: () throws(FetchPredicateError) -> Void) -> FetchPredicateError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The error thrown by parsing `format`.
func parseError(_ format: String, _ arguments: Any...) -> FetchPredicateError? {
    predicateError { () throws(FetchPredicateError) in _ = try PredicateParser.parse(format: format, arguments: arguments) }
}

/// The error thrown by parsing and compiling `format`.
func compileError(_ format: String, _ arguments: Any..., schema: PredicateSchema = assetSchema) -> FetchPredicateError? {
    predicateError { () throws(FetchPredicateError) in
        _ = try PredicateCompiler.compile(PredicateParser.parse(format: format, arguments: arguments), schema: schema)
    }
}

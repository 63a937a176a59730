import FetchPredicates
import Foundation
import FuzzSupport

/// A schema with one key of every column kind (and the names PhotoKit's asset keys use), so every operator and
/// comparison path of the compiler can be reached.
let schema = PredicateSchema(entityName: "PHAsset", columns: [
    "SELF": PredicateColumn("a.identifier", .identifier),
    "localIdentifier": PredicateColumn("a.identifier", .identifier),
    "creationDate": PredicateColumn("a.creation_date", .date),
    "mediaType": PredicateColumn("a.media_type", .integer),
    "mediaSubtypes": PredicateColumn("a.media_subtypes", .integer),
    "pixelWidth": PredicateColumn("a.pixel_width", .integer),
    "duration": PredicateColumn("a.duration", .real),
    "favorite": PredicateColumn("a.is_favorite", .boolean),
    "title": PredicateColumn("a.title", .text),
    "burstIdentifier": PredicateColumn("a.burst_identifier", .text),
], diacriticFoldingFunction: "fold")

/// Arguments for `%@`, `%K`, `%d`, `%f`… in the format: one of each kind the compiler accepts, and some it refuses.
nonisolated(unsafe) let arguments: [Any] = [
    "title", "text", 42, 2.5, Date(timeIntervalSince1970: 1_000_000), ["a", "b"], [1, 2, 3],
    NSNull(), true, Int64.max, Double.nan,
]

/// The fuzz body: the bytes are an `NSPredicate` format string, parsed and compiled to SQL.
/// A thrown `PredicateError` is a correct answer; anything that stops the process is a bug.
func fuzzPredicates(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let format = String(decoding: fuzzData(bytes, count), as: UTF8.self)
    _ = try? PredicateCompiler.compile(format: format, arguments: arguments, schema: schema)
    _ = try? PredicateCompiler.compile(format: format, arguments: [], schema: schema)
    return 0
}

@main enum PredicatesFuzzer {
    static func main() { runFuzzer(fuzzPredicates) }
}

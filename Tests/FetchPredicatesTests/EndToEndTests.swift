import Foundation
import Testing
@testable import FetchPredicates

/// One asset row of the end-to-end fixture, mirrored in Swift to compute expected results.
struct AssetRow: Sendable {
    var id: String
    var mediaType: Int
    var subtypes: Int
    var favorite: Bool
    var hidden: Bool
    var created: Date?
    var width: Int
    var height: Int
    var duration: Double?
    var burst: String?
    var title: String?

    var sqlValues: String {
        func text(_ s: String?) -> String { s.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL" }
        let date = created.map { "\($0.timeIntervalSince1970)" } ?? "NULL"
        let seconds = duration.map { "\($0)" } ?? "NULL"
        return "(\(text(id)), \(mediaType), \(subtypes), \(favorite ? 1 : 0), \(hidden ? 1 : 0), \(date), \(width), \(height), \(seconds), \(text(burst)), \(text(title)))"
    }
}

private func row(
    _ n: Int, _ mediaType: Int, _ subtypes: Int, fav: Bool = false, hidden: Bool = false, day d: Double?,
    _ width: Int, _ height: Int, duration: Double? = 0, burst: String? = nil, title: String?
) -> AssetRow {
    let uuid = String(format: "%08X-0000-4000-8000-%012X", n, n)
    return AssetRow(id: "\(uuid)/L0/001", mediaType: mediaType, subtypes: subtypes, favorite: fav, hidden: hidden,
                    created: d.map(day), width: width, height: height, duration: duration, burst: burst, title: title)
}

/// Twenty assets covering every column, NULLs, accents, and LIKE/GLOB metacharacters in titles.
let fixtureRows: [AssetRow] = [
    row(1, 1, 0, fav: true, day: 0, 4032, 3024, title: "Trip to Paris"),
    row(2, 1, 8, day: 1, 3024, 4032, title: "trip to rome"),
    row(3, 1, 4, day: 2, 1170, 2532, title: "Screenshot"),
    row(4, 1, 1, fav: true, day: 3, 8000, 2000, title: "Panorama 100%"),
    row(5, 1, 10, hidden: true, day: 4, 4032, 3024, title: "Café au lait"),
    row(6, 1, 0, day: 5, 100, 100, burst: "BURST-1", title: "burst_a"),
    row(7, 1, 0, fav: true, day: 5.5, 200, 200, burst: "BURST-1", title: "burst_b"),
    row(8, 1, 0, day: 6, 150, 150, burst: "BURST-2", title: "Crème brûlée"),
    row(9, 2, 0, day: 7, 1920, 1080, duration: 5.5, title: "Clip"),
    row(10, 2, 1 << 17, fav: true, day: 8, 1920, 1080, duration: 12, title: "Slow-mo"),
    row(11, 2, 1 << 18, hidden: true, day: 9, 3840, 2160, duration: 30.25, title: "Timelapse*Sunset"),
    row(12, 2, 0, day: 10, 1280, 720, duration: 10, title: "TRIP home"),
    row(13, 3, 0, day: 11, 0, 0, duration: 120, title: nil),
    row(14, 1, 8, fav: true, hidden: true, day: 12, 4032, 3024, title: "a_b"),
    row(15, 1, 16, day: 13, 640, 480, title: "50% off"),
    row(16, 1, 0, day: 14, 200, 300, title: "Tr"),
    row(17, 0, 0, day: nil, 10, 10, duration: nil, title: "Untitled"),
    row(18, 1, 24, fav: true, day: 15, 3000, 4000, title: #"It's "quoted""#),
    row(19, 1, 0, day: 16, 99, 99, title: #"back\slash"#),
    row(20, 2, 0, day: 17, 720, 1280, duration: 8, title: "trip"),
]

@Suite("End-to-end against SQLite")
struct EndToEndTests {
    let database: SQLiteDatabase

    init() throws {
        database = try SQLiteDatabase()
        try database.execute("""
            CREATE TABLE assets (
                local_identifier TEXT NOT NULL PRIMARY KEY,
                media_type INTEGER NOT NULL,
                media_subtypes INTEGER NOT NULL,
                is_favorite INTEGER NOT NULL,
                is_hidden INTEGER NOT NULL,
                creation_date REAL,
                pixel_width INTEGER NOT NULL,
                pixel_height INTEGER NOT NULL,
                duration REAL,
                burst_identifier TEXT,
                title TEXT
            );
            INSERT INTO assets VALUES \(fixtureRows.map(\.sqlValues).joined(separator: ",\n"));
            """)
        #expect(try database.strings("SELECT count(*) FROM assets") == ["20"])
    }

    /// The identifiers selected by `format`, in fixture order.
    private func select(_ format: String, _ arguments: [Any], schema: PredicateSchema = foldingSchema) throws -> [String] {
        let compiled = try PredicateCompiler.compile(PredicateParser.parse(format: format, arguments: arguments), schema: schema)
        return try database.strings(
            "SELECT a.local_identifier FROM assets AS a WHERE \(compiled.sql) ORDER BY a.rowid", compiled.arguments
        )
    }

    /// Checks that `format` selects exactly the rows for which `oracle` holds.
    private func expectRows(
        _ format: String, _ arguments: Any..., schema: PredicateSchema = foldingSchema,
        sourceLocation: SourceLocation = #_sourceLocation, where oracle: (AssetRow) -> Bool
    ) throws {
        let expected = fixtureRows.filter(oracle).map(\.id)
        let actual = try select(format, arguments, schema: schema)
        #expect(actual == expected, "\(format)", sourceLocation: sourceLocation)
    }

    /// Checks that `format` selects exactly the fixture rows numbered `numbers` (1-based).
    private func expectRows(
        _ format: String, _ arguments: Any..., schema: PredicateSchema = foldingSchema,
        sourceLocation: SourceLocation = #_sourceLocation, numbers: [Int]
    ) throws {
        let expected = numbers.map { fixtureRows[$0 - 1].id }
        let actual = try select(format, arguments, schema: schema)
        #expect(actual == expected, "\(format)", sourceLocation: sourceLocation)
    }

    private func id(_ n: Int) -> String { fixtureRows[n - 1].id }
    private func asset(_ n: Int) -> FakeAsset { FakeAsset(localIdentifier: id(n)) }

    @Test func mediaTypeAndSubtypes() throws {
        try expectRows("mediaType == %d && !((mediaSubtypes & %d) == %d)", 1, 8, 8, numbers: [1, 3, 4, 6, 7, 8, 15, 16, 19])
        try expectRows("mediaType == %d && !((mediaSubtypes & %d) == %d)", FakeMediaType.image, FakeMediaSubtype.photoLive, FakeMediaSubtype.photoLive) {
            $0.mediaType == 1 && $0.subtypes & 8 != 8
        }
        try expectRows("(mediaSubtype & %lu) != 0", FakeMediaSubtype.photoLive.rawValue, numbers: [2, 5, 14, 18])
        try expectRows("(mediaSubtypes & %d) == %d", 24, 24, numbers: [18])
        try expectRows("mediaSubtypes & 2 | 16 == 18", numbers: [5])
        try expectRows("mediaSubtypes | 8 == 8") { $0.subtypes | 8 == 8 }
        try expectRows("mediaType == 2") { $0.mediaType == 2 }
        try expectRows("mediaType IN {2, 3}") { [2, 3].contains($0.mediaType) }
        try expectRows("mediaType IN %@", NSSet(array: [0, 3]), numbers: [13, 17])
        try expectRows("mediaType NOT IN %@", [1, 2], numbers: [13, 17])
        try expectRows("(mediaSubtypes & %d) != 0", FakeMediaSubtype([.videoHighFrameRate, .videoTimelapse]).rawValue, numbers: [10, 11])
    }

    @Test func booleans() throws {
        try expectRows("isFavorite == YES", numbers: [1, 4, 7, 10, 14, 18])
        try expectRows("favorite == 1") { $0.favorite }
        try expectRows("isFavorite == %@", NSNumber(value: true)) { $0.favorite }
        try expectRows("isFavorite == %@", false) { !$0.favorite }
        try expectRows("hidden == TRUE", numbers: [5, 11, 14])
        try expectRows("isHidden != NO") { $0.hidden }
        try expectRows("mediaType == 1 AND (isFavorite == TRUE OR isHidden == FALSE)") {
            $0.mediaType == 1 && ($0.favorite || !$0.hidden)
        }
    }

    @Test func dates() throws {
        try expectRows("creationDate > %@", day(14)) { ($0.created ?? .distantPast) > day(14) }
        try expectRows("creationDate > %@", NSDate(timeIntervalSince1970: day(14).timeIntervalSince1970), numbers: [18, 19, 20])
        try expectRows("creationDate >= %@ && creationDate < %@", day(5), day(6), numbers: [6, 7])
        try expectRows("creationDate BETWEEN %@", [day(1), day(3)], numbers: [2, 3, 4])
        try expectRows("creationDate == nil", numbers: [17])
        try expectRows("%@ > creationDate", day(2), numbers: [1, 2])
        // NOT over a comparison with a NULL column is true, as in NSPredicate.
        try expectRows("NOT (creationDate >= %@)", day(1), numbers: [1, 17])
    }

    @Test func identifiersAndSelf() throws {
        try expectRows("localIdentifier IN %@", [id(3), id(5), "missing/L0/001"], numbers: [3, 5])
        try expectRows("localIdentifier IN %@", NSArray(array: [id(7)]), numbers: [7])
        try expectRows("localIdentifier IN %@", Set([id(1), id(20)]), numbers: [1, 20])
        try expectRows("localIdentifier IN %@", [String](), numbers: [])
        try expectRows("SELF IN %@", [asset(2), asset(4)], numbers: [2, 4])
        try expectRows("SELF == %@", asset(9), numbers: [9])
        try expectRows("SELF != %@", asset(9)) { $0.id != id(9) }
        try expectRows("localIdentifier == %@", id(11), numbers: [11])
        try expectRows("%K == %@", "localIdentifier", asset(12), numbers: [12])
        try expectRows("localIdentifier BEGINSWITH %@", "00000001-", numbers: [1])
        try expectRows("localIdentifier ENDSWITH[c] %@", "00000000000a/l0/001", numbers: [10])
    }

    @Test func ranges() throws {
        try expectRows("pixelWidth BETWEEN {100, 200}", numbers: [6, 7, 8, 16])
        try expectRows("pixelWidth BETWEEN %@", [100, 200]) { (100...200).contains($0.width) }
        try expectRows("pixelWidth NOT BETWEEN {100, 8000}", numbers: [13, 17, 19])
        try expectRows("duration BETWEEN {5.5, 12}", numbers: [9, 10, 12, 20])
        try expectRows("pixelWidth BETWEEN {200, 100}", numbers: [])
    }

    @Test func nilAndNotSemantics() throws {
        try expectRows("burstIdentifier != nil", numbers: [6, 7, 8])
        try expectRows("burstIdentifier == nil") { $0.burst == nil }
        try expectRows("burstIdentifier == %@", NSNull()) { $0.burst == nil }
        try expectRows("burstIdentifier == 'BURST-1'", numbers: [6, 7])
        // != matches NULLs, as nil != 'BURST-1' in NSPredicate.
        try expectRows("burstIdentifier != 'BURST-1'") { $0.burst != "BURST-1" }
        try expectRows("burstIdentifier IN {'BURST-2', nil}") { $0.burst == nil || $0.burst == "BURST-2" }
        try expectRows("NOT (duration > 10)") { !(($0.duration ?? -.infinity) > 10) }
        try expectRows("NOT (duration > 10)", numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 15, 16, 17, 18, 19, 20])
        try expectRows("duration > 10", numbers: [10, 11, 13])
        try expectRows("!(title BEGINSWITH 'T')") { !($0.title?.hasPrefix("T") ?? false) }
        try expectRows("NOT NOT (duration > 10)", numbers: [10, 11, 13])
    }

    @Test func stringOperators() throws {
        try expectRows("localizedTitle BEGINSWITH[c] 'Tr'", numbers: [1, 2, 12, 16, 20])
        try expectRows("localizedTitle BEGINSWITH 'Tr'", numbers: [1, 16])
        try expectRows("title ENDSWITH 'e'", numbers: [2, 8, 12])
        try expectRows("title ENDSWITH[c] 'E'", numbers: [2, 8, 12])
        try expectRows("title CONTAINS 'to'", numbers: [1, 2])
        try expectRows("title CONTAINS[c] 'TO'", numbers: [1, 2])
        try expectRows("title CONTAINS %@", "%", numbers: [4, 15])
        try expectRows("title CONTAINS[c] %@", "%", numbers: [4, 15])
        try expectRows("title CONTAINS '_'", numbers: [6, 7, 14])
        try expectRows("title CONTAINS[c] '_'", numbers: [6, 7, 14])
        try expectRows("title CONTAINS '*'", numbers: [11])
        try expectRows("title CONTAINS[c] '*'", numbers: [11])
        try expectRows(#"title CONTAINS '\\'"#, numbers: [19])
        try expectRows(#"title CONTAINS[c] '\\'"#, numbers: [19])
        try expectRows("title CONTAINS \"'\"", numbers: [18])
        try expectRows(#"title ENDSWITH '\"quoted\"'"#, numbers: [18])
        try expectRows("title CONTAINS '[c'", numbers: [])
        try expectRows("title BEGINSWITH %@", "", numbers: (1...20).filter { $0 != 13 })
        try expectRows("title BEGINSWITH[c] 't'") { $0.title?.lowercased().hasPrefix("t") ?? false }
        try expectRows("title CONTAINS 'a'") { $0.title?.contains("a") ?? false }
    }

    @Test func likePatterns() throws {
        try expectRows("title LIKE 'T*p'", numbers: [])
        try expectRows("title LIKE 'tr*p'", numbers: [20])
        try expectRows("title LIKE[c] 'tr*p'", numbers: [20])
        try expectRows("title LIKE 'T*'", numbers: [1, 11, 12, 16])
        try expectRows("title LIKE[c] 'T*'", numbers: [1, 2, 11, 12, 16, 20])
        try expectRows("title LIKE 'burst_?'", numbers: [6, 7])
        try expectRows("title LIKE[c] 'BURST_?'", numbers: [6, 7])
        try expectRows("title LIKE 'a?b'", numbers: [14])
        try expectRows(#"title LIKE '*\*S*'"#, numbers: [11])
        try expectRows(#"title LIKE[c] '*\*s*'"#, numbers: [11])
        try expectRows("title LIKE '*%'", numbers: [4])
        try expectRows("title LIKE[c] '?0% OFF'", numbers: [15])
        try expectRows("title NOT LIKE '*'", numbers: [13])
    }

    @Test func stringEquality() throws {
        try expectRows("title ==[c] 'trip'", numbers: [20])
        try expectRows("title ==[c] 'TRIP HOME'", numbers: [12])
        try expectRows("title == 'TRIP HOME'", numbers: [])
        try expectRows("title == 'trip'", numbers: [20])
        try expectRows("title != 'trip'") { $0.title != "trip" }
        try expectRows("title !=[c] 'TRIP'") { $0.title?.lowercased() != "trip" }
        try expectRows("title IN {'Clip', 'clip', 'TR'}", numbers: [9])
        try expectRows("title IN[c] {'clip', 'tr'}", numbers: [9, 16])
        try expectRows("title < 'C'") { ($0.title.map { $0 < "C" }) ?? false }
        try expectRows("title BETWEEN[c] {'s', 'tr'}") {
            guard let t = $0.title?.lowercased() else { return false }
            return t >= "s" && t <= "tr"
        }
    }

    @Test func diacritics() throws {
        // With a folding function, [d] ignores accents.
        try expectRows("title CONTAINS[d] 'Creme'", numbers: [8])
        try expectRows("title CONTAINS[cd] 'CAFE'", numbers: [5])
        try expectRows("title ==[cd] 'creme brulee'", numbers: [8])
        try expectRows("title BEGINSWITH[cd] 'cafe'", numbers: [5])
        try expectRows("title CONTAINS[c] 'CAFE'", numbers: [])
        try expectRows("title CONTAINS 'Café'", numbers: [5])
        // Without one, [d] is accepted and matching stays diacritic-sensitive.
        try expectRows("title CONTAINS[cd] 'CAFE'", schema: assetSchema, numbers: [])
        try expectRows("title CONTAINS[cd] 'CAFÉ'", schema: assetSchema, numbers: [])
        try expectRows("title CONTAINS[cd] 'CAF'", schema: assetSchema, numbers: [5])
    }

    @Test func numbersArithmeticAndKeyComparisons() throws {
        try expectRows("5 < pixelWidth") { 5 < $0.width }
        try expectRows("4000 <= pixelWidth", numbers: [1, 4, 5, 14])
        try expectRows("pixelWidth > pixelHeight") { $0.width > $0.height }
        try expectRows("pixelWidth == pixelHeight", numbers: [6, 7, 8, 13, 17, 19])
        try expectRows("pixelWidth * 2 == pixelHeight * 1") { $0.width * 2 == $0.height }
        try expectRows("pixelWidth / 2 + -50 >= 0") { $0.width / 2 - 50 >= 0 }
        try expectRows("pixelWidth - pixelHeight BETWEEN {-10, 10}") { abs($0.width - $0.height) <= 10 }
        try expectRows("-pixelWidth < -4000", numbers: [1, 4, 5, 14])
        try expectRows("duration > 5.25 AND duration < 0x10", numbers: [9, 10, 12, 20])
        try expectRows("duration == 30.25", numbers: [11])
        try expectRows("duration >= %f", 30.25, numbers: [11, 13])
        try expectRows("pixelWidth == %ld", 99, numbers: [19])
        try expectRows("pixelWidth == 0b1010", numbers: [17])
        try expectRows("pixelWidth > 1e3 AND pixelWidth < 0o3000", numbers: [3, 12])
    }

    @Test func constantsAndLogic() throws {
        try expectRows("TRUEPREDICATE") { _ in true }
        try expectRows("FALSEPREDICATE", numbers: [])
        try expectRows("NOT FALSEPREDICATE") { _ in true }
        try expectRows("mediaType == 2 OR TRUEPREDICATE") { _ in true }
        try expectRows("mediaType == 2 AND FALSEPREDICATE", numbers: [])
        try expectRows("(mediaType == 2 OR mediaType == 3) AND NOT (isFavorite == YES OR isHidden == YES)", numbers: [9, 12, 13, 20])
        try expectRows("mediaType == 2 or mediaType == 3 and isFavorite == no") {
            $0.mediaType == 2 || ($0.mediaType == 3 && !$0.favorite)
        }
        try expectRows("{1, 3} CONTAINS mediaType AND pixelWidth < 1000") { [1, 3].contains($0.mediaType) && $0.width < 1000 }
    }

    @Test func generatedArgumentsBindCleanly() throws {
        // Every compiled predicate must prepare and bind without error (placeholder counts match).
        let formats: [(String, [Any])] = [
            ("mediaType == %d && !((mediaSubtypes & %d) == %d)", [1, 8, 8]),
            ("burstIdentifier IN %@", [["BURST-1", NSNull(), "x"] as [Any]]),
            ("title CONTAINS[cd] %@ OR title LIKE[c] %@", ["e", "*?"]),
            ("pixelWidth - pixelHeight BETWEEN {%d, %d} AND NOT (duration IN {1, 2.5, nil})", [-1, 1]),
        ]
        for (format, arguments) in formats {
            _ = try select(format, arguments)
        }
    }
}

/// Predicates too large for SQLite's expression depth limit used to fail inside SQLite with the whole 176 KB
/// statement in the message; division by a constant zero silently matched nothing.
extension EndToEndTests {
    @Test func aLongOrChainOfEqualitiesRunsAsOneIN() throws {
        let format = (1...4000).map { "pixelWidth == \($0)" }.joined(separator: " OR ")
        try expectRows(format) { (1...4000).contains($0.width) }
        let compiled = try PredicateCompiler.compile(format: format, schema: foldingSchema)
        #expect(compiled.sql.hasPrefix("(a.pixel_width IN (") && compiled.arguments.count == 4000)
        // Mixed with other terms, and with titles: still the same rows.
        try expectRows("duration > 5 OR title == 'trip' OR title == 'Trip'") { ($0.duration ?? 0) > 5 || $0.title == "trip" || $0.title == "Trip" }
    }

    @Test func aPredicateTooDeepForSQLiteIsRefusedPlainly() throws {
        let format = (1...2000).map { "pixelWidth > \($0)" }.joined(separator: " OR ")
        let error = try #require(compileError(format, schema: foldingSchema))
        #expect(error.message.contains("The predicate is too large") && error.message.count < 300, "\(error.message.prefix(300))")
    }

    @Test func divisionByAConstantZeroIsAnError() throws {
        let error = try #require(compileError("pixelWidth / 0 > 1"))
        #expect(error.kind == .badArgument && error.message.contains("division by zero") && error.message.contains("pixelWidth"), "\(error.message)")
        #expect(compileError("pixelWidth / 0.0 > 1") != nil)
        try expectRows("pixelWidth / 2 > 1000") { $0.width / 2 > 1000 }
    }
}

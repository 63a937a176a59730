import Foundation
import Testing
@testable import FetchPredicates

@Suite("Compiler")
struct CompilerTests {
    private func expectSQL(
        _ compiled: CompiledPredicate, _ sql: String, _ arguments: [SQLValue],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(compiled.sql == sql, sourceLocation: sourceLocation)
        #expect(compiled.arguments == arguments, sourceLocation: sourceLocation)
        #expect(compiled.sql.filter { $0 == "?" }.count == compiled.arguments.count, sourceLocation: sourceLocation)
    }

    @Test func photoKitMediaSubtypeIdiom() throws {
        expectSQL(
            try compile("mediaType == %d && !((mediaSubtypes & %d) == %d)", 1, 8, 8),
            "((a.media_type = ?) AND (NOT COALESCE(((a.media_subtypes & ?) = ?), 0)))",
            [.integer(1), .integer(8), .integer(8)]
        )
        expectSQL(
            try compile("(mediaSubtype & %lu) != 0", FakeMediaSubtype.photoLive),
            "((a.media_subtypes & ?) IS NOT ?)", [.integer(8), .integer(0)]
        )
        expectSQL(try compile("mediaSubtypes | 4 == 12"), "((a.media_subtypes | ?) = ?)", [.integer(4), .integer(12)])
    }

    @Test func booleans() throws {
        expectSQL(try compile("isFavorite == YES"), "(a.is_favorite = ?)", [.integer(1)])
        expectSQL(try compile("favorite == 1"), "(a.is_favorite = ?)", [.integer(1)])
        expectSQL(try compile("isHidden == FALSE"), "(a.is_hidden = ?)", [.integer(0)])
        expectSQL(try compile("hidden != %@", true), "(a.is_hidden IS NOT ?)", [.integer(1)])
        expectSQL(try compile("isFavorite == %@", NSNumber(value: true)), "(a.is_favorite = ?)", [.integer(1)])
    }

    @Test func dates() throws {
        let date = day(2)
        expectSQL(try compile("creationDate > %@", date), "(a.creation_date > ?)", [.real(date.timeIntervalSince1970)])
        expectSQL(
            try compile("creationDate >= %@ && creationDate < %@", day(1), NSDate(timeIntervalSince1970: day(3).timeIntervalSince1970)),
            "((a.creation_date >= ?) AND (a.creation_date < ?))",
            [.real(1_704_153_600), .real(1_704_326_400)]
        )
        expectSQL(try compile("creationDate BETWEEN %@", [day(1), day(2)]), "(a.creation_date BETWEEN ? AND ?)",
                  [.real(day(1).timeIntervalSince1970), .real(day(2).timeIntervalSince1970)])
    }

    @Test func identifiersAndSelf() throws {
        let a = FakeAsset(localIdentifier: "A/L0/001")
        let b = FakeAsset(localIdentifier: "B/L0/001")
        expectSQL(try compile("localIdentifier IN %@", ["A/L0/001", "B/L0/001"]),
                  "(a.local_identifier IN (?, ?))", [.text("A/L0/001"), .text("B/L0/001")])
        expectSQL(try compile("SELF IN %@", [a, b]), "(a.local_identifier IN (?, ?))", [.text("A/L0/001"), .text("B/L0/001")])
        expectSQL(try compile("SELF == %@", a), "(a.local_identifier = ?)", [.text("A/L0/001")])
        expectSQL(try compile("localIdentifier == %@", a), "(a.local_identifier = ?)", [.text("A/L0/001")])
        expectSQL(try compile("SELF == %@", "A/L0/001"), "(a.local_identifier = ?)", [.text("A/L0/001")])
        expectSQL(try compile("SELF IN %@", NSArray(array: [a, "B/L0/001"])), "(a.local_identifier IN (?, ?))", [.text("A/L0/001"), .text("B/L0/001")])
    }

    @Test func inLists() throws {
        expectSQL(try compile("localIdentifier IN %@", [String]()), "(0)", [])
        expectSQL(try compile("mediaType IN {}"), "(0)", [])
        expectSQL(try compile("mediaType IN {1, 2}"), "(a.media_type IN (?, ?))", [.integer(1), .integer(2)])
        expectSQL(try compile("burstIdentifier IN {'B', nil}"), "((a.burst_identifier COLLATE BINARY IN (?)) OR (a.burst_identifier IS NULL))", [.text("B")])
        expectSQL(try compile("burstIdentifier IN %@", [NSNull()]), "(a.burst_identifier IS NULL)", [])
        expectSQL(try compile("title IN {'a'}"), "(a.title COLLATE BINARY IN (?))", [.text("a")])
        expectSQL(try compile("title IN[c] {'a'}"), "(a.title COLLATE NOCASE IN (?))", [.text("a")])
        expectSQL(try compile("{1, 2} CONTAINS mediaType"), "(a.media_type IN (?, ?))", [.integer(1), .integer(2)])
        expectSQL(try compile("%@ CONTAINS localIdentifier", ["x"]), "(a.local_identifier IN (?))", [.text("x")])
        expectSQL(try compile("mediaType NOT IN {1}"), "(NOT COALESCE((a.media_type IN (?)), 0))", [.integer(1)])
        expectSQL(try compile("pixelWidth IN {pixelHeight, 5}"), "(a.pixel_width IN (a.pixel_height, ?))", [.integer(5)])
    }

    @Test func between() throws {
        expectSQL(try compile("pixelWidth BETWEEN {100, 200}"), "(a.pixel_width BETWEEN ? AND ?)", [.integer(100), .integer(200)])
        expectSQL(try compile("pixelWidth BETWEEN %@", [100, 200]), "(a.pixel_width BETWEEN ? AND ?)", [.integer(100), .integer(200)])
        expectSQL(try compile("duration BETWEEN {0.5, %d}", 10), "(a.duration BETWEEN ? AND ?)", [.real(0.5), .integer(10)])
        expectSQL(try compile("title BETWEEN[c] {'a', 'm'}"), "(a.title COLLATE NOCASE BETWEEN ? AND ?)", [.text("a"), .text("m")])
    }

    @Test func nilChecks() throws {
        expectSQL(try compile("burstIdentifier != nil"), "(a.burst_identifier IS NOT NULL)", [])
        expectSQL(try compile("burstIdentifier == nil"), "(a.burst_identifier IS NULL)", [])
        expectSQL(try compile("nil == burstIdentifier"), "(a.burst_identifier IS NULL)", [])
        expectSQL(try compile("burstIdentifier == %@", NSNull()), "(a.burst_identifier IS NULL)", [])
        expectSQL(try compile("(mediaSubtypes & 2) == nil"), "((a.media_subtypes & ?) IS NULL)", [.integer(2)])
    }

    @Test func stringEqualityAndCollation() throws {
        expectSQL(try compile("title ==[c] 'trip'"), "(a.title = ? COLLATE NOCASE)", [.text("trip")])
        expectSQL(try compile("title == 'trip'"), "(a.title = ? COLLATE BINARY)", [.text("trip")])
        expectSQL(try compile("title != 'trip'"), "(a.title IS NOT ? COLLATE BINARY)", [.text("trip")])
        expectSQL(try compile("title <[c] 'm'"), "(a.title < ? COLLATE NOCASE)", [.text("m")])
        expectSQL(try compile("'trip' == title"), "(a.title = ? COLLATE BINARY)", [.text("trip")])
        expectSQL(try compile("title == localizedTitle"), "(a.title = a.title COLLATE BINARY)", [])
        // Options on numeric comparisons are accepted and have no effect.
        expectSQL(try compile("pixelWidth ==[c] 5"), "(a.pixel_width = ?)", [.integer(5)])
    }

    @Test func stringOperators() throws {
        expectSQL(try compile("localizedTitle BEGINSWITH[c] 'Tr'"), #"(a.title LIKE ? ESCAPE '\')"#, [.text("Tr%")])
        expectSQL(try compile("localizedTitle BEGINSWITH 'Tr'"), "(a.title GLOB ?)", [.text("Tr*")])
        expectSQL(try compile("title ENDSWITH[c] %@", "x"), #"(a.title LIKE ? ESCAPE '\')"#, [.text("%x")])
        expectSQL(try compile("title ENDSWITH %@", "x"), "(a.title GLOB ?)", [.text("*x")])
        expectSQL(try compile("title CONTAINS[c] '50%_x\\\\'"), #"(a.title LIKE ? ESCAPE '\')"#, [.text(#"%50\%\_x\\%"#)])
        expectSQL(try compile("title CONTAINS 'a*b?[c]'"), "(a.title GLOB ?)", [.text("*a[*]b[?][[]c]*")])
        expectSQL(try compile("title LIKE 'T*p'"), "(a.title GLOB ?)", [.text("T*p")])
        expectSQL(try compile("title LIKE[c] 'T?p%_'"), #"(a.title LIKE ? ESCAPE '\')"#, [.text(#"T_p\%\_"#)])
        expectSQL(try compile(#"title LIKE 'a\*b\?c['"#), "(a.title GLOB ?)", [.text("a[*]b[?]c[[]")])
        expectSQL(try compile(#"title LIKE[c] 'a\*b\?'"#), #"(a.title LIKE ? ESCAPE '\')"#, [.text("a*b?")])
        expectSQL(try compile("localIdentifier BEGINSWITH %@", "A/"), "(a.local_identifier GLOB ?)", [.text("A/*")])
        expectSQL(try compile("localIdentifier BEGINSWITH %@", FakeAsset(localIdentifier: "A/")), "(a.local_identifier GLOB ?)", [.text("A/*")])
        expectSQL(try compile("title NOT CONTAINS 'x'"), "(NOT COALESCE((a.title GLOB ?), 0))", [.text("*x*")])
    }

    @Test func diacriticInsensitivity() throws {
        // Without a folding function [d] is accepted but ignored.
        expectSQL(try compile("title CONTAINS[cd] %@", "e"), #"(a.title LIKE ? ESCAPE '\')"#, [.text("%e%")])
        expectSQL(try compile("title CONTAINS[d] %@", "e"), "(a.title GLOB ?)", [.text("*e*")])
        expectSQL(try compile("title ==[d] 'e'"), "(a.title = ? COLLATE BINARY)", [.text("e")])
        // With a folding function both operands are folded.
        expectSQL(try compile("title CONTAINS[cd] %@", "e", schema: foldingSchema),
                  #"(pk_fold(a.title) LIKE pk_fold(?) ESCAPE '\')"#, [.text("%e%")])
        expectSQL(try compile("title BEGINSWITH[d] 'e'", schema: foldingSchema), "(pk_fold(a.title) GLOB pk_fold(?))", [.text("e*")])
        expectSQL(try compile("title ==[cd] 'e'", schema: foldingSchema), "(pk_fold(a.title) = pk_fold(?) COLLATE NOCASE)", [.text("e")])
        expectSQL(try compile("title IN[d] {'e'}", schema: foldingSchema), "(pk_fold(a.title) COLLATE BINARY IN (pk_fold(?)))", [.text("e")])
        // [d] never applies to numbers.
        expectSQL(try compile("pixelWidth ==[d] 1", schema: foldingSchema), "(a.pixel_width = ?)", [.integer(1)])
    }

    @Test func logic() throws {
        expectSQL(try compile("NOT (duration > 10)"), "(NOT COALESCE((a.duration > ?), 0))", [.integer(10)])
        expectSQL(try compile("mediaType == 1 AND (isFavorite == TRUE OR isHidden == FALSE)"),
                  "((a.media_type = ?) AND ((a.is_favorite = ?) OR (a.is_hidden = ?)))", [.integer(1), .integer(1), .integer(0)])
        expectSQL(try compile("TRUEPREDICATE"), "(1)", [])
        expectSQL(try compile("FALSEPREDICATE"), "(0)", [])
        expectSQL(try compile("NOT TRUEPREDICATE"), "(NOT COALESCE((1), 0))", [])
        expectSQL(try PredicateCompiler.compile(.and([]), schema: assetSchema), "(1)", [])
        expectSQL(try PredicateCompiler.compile(.or([]), schema: assetSchema), "(0)", [])
        expectSQL(try PredicateCompiler.compile(.and([.constant(false)]), schema: assetSchema), "(0)", [])
    }

    @Test func keyOnTheRightIsMirrored() throws {
        expectSQL(try compile("5 < pixelWidth"), "(a.pixel_width > ?)", [.integer(5)])
        expectSQL(try compile("5 <= pixelWidth"), "(a.pixel_width >= ?)", [.integer(5)])
        expectSQL(try compile("5 > pixelWidth"), "(a.pixel_width < ?)", [.integer(5)])
        expectSQL(try compile("5 >= pixelWidth"), "(a.pixel_width <= ?)", [.integer(5)])
        expectSQL(try compile("%@ != mediaType", 1), "(a.media_type IS NOT ?)", [.integer(1)])
        expectSQL(try compile("%@ < creationDate", day(0)), "(a.creation_date > ?)", [.real(baseDate.timeIntervalSince1970)])
        expectSQL(try compile("8 == (mediaSubtypes & 8)"), "((a.media_subtypes & ?) = ?)", [.integer(8), .integer(8)])
    }

    @Test func arithmeticAndKeyToKeyComparisons() throws {
        expectSQL(try compile("pixelWidth > pixelHeight"), "(a.pixel_width > a.pixel_height)", [])
        expectSQL(try compile("pixelWidth * 2 >= pixelHeight + 1"), "((a.pixel_width * ?) >= (a.pixel_height + ?))", [.integer(2), .integer(1)])
        expectSQL(try compile("duration / 2.5 - 1 < 0"), "(((a.duration / ?) - ?) < ?)", [.real(2.5), .integer(1), .integer(0)])
        expectSQL(try compile("-pixelWidth < -10"), "((-a.pixel_width) < ?)", [.integer(-10)])
        expectSQL(try compile("pixelWidth > 1.5"), "(a.pixel_width > ?)", [.real(1.5)])
    }

    @Test func constantsWithoutKeys() throws {
        expectSQL(try compile("1 == 1"), "(? = ?)", [.integer(1), .integer(1)])
        expectSQL(try compile("'a' BEGINSWITH 'a'"), "(? GLOB ?)", [.text("a"), .text("a*")])
        expectSQL(try compile("%@ == nil", NSNull()), "(NULL IS NULL)", [])
    }

    @Test func convenienceCompileFromFormat() throws {
        let compiled = try PredicateCompiler.compile(format: "mediaType == %d", arguments: [2], schema: assetSchema)
        expectSQL(compiled, "(a.media_type = ?)", [.integer(2)])
    }
}

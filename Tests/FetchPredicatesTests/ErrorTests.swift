import Foundation
import Testing
@testable import FetchPredicates

@Suite("Errors")
struct ErrorTests {
    /// Checks kind, token, position and that the message names the token (and position, when known).
    private func expectError(
        _ error: FetchPredicateError?, _ kind: FetchPredicateError.Kind, token: String?, position: Int? = nil,
        containing fragments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error else {
            Issue.record("expected a \(kind) error, but none was thrown", sourceLocation: sourceLocation)
            return
        }
        #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.token == token, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.position == position, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.description == error.message, sourceLocation: sourceLocation)
        if let token {
            #expect(error.message.contains("'\(token)'"), "message does not name \(token): \(error.message)", sourceLocation: sourceLocation)
        }
        if let position {
            #expect(error.message.contains("(position \(position))"), "\(error.message)", sourceLocation: sourceLocation)
        }
        for fragment in fragments {
            #expect(error.message.contains(fragment), "missing \"\(fragment)\" in: \(error.message)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Syntax

    @Test func unknownIdentifierWhereAnOperatorIsExpected() {
        let error = parseError("mediaType == 1 AND pixelWidth foo 3")
        expectError(error, .syntax, token: "foo", position: 30, containing: ["expected a comparison operator"])
        #expect(error?.message.hasPrefix("Unable to parse the format string \"mediaType == 1 AND pixelWidth foo 3\" at 'foo' (position 30)") == true)
    }

    @Test func danglingOperators() {
        expectError(parseError("mediaType == 1 AND"), .syntax, token: nil, position: 18, containing: ["at end of input"])
        expectError(parseError("mediaType =="), .syntax, token: nil, position: 12, containing: ["at end of input", "after '=='"])
        expectError(parseError("mediaType == == 1"), .syntax, token: "==", position: 13, containing: ["expected a key, value or argument"])
        expectError(parseError("OR mediaType == 1"), .syntax, token: "OR", position: 0)
        expectError(parseError("mediaType"), .syntax, token: nil, position: 9, containing: ["comparison operator"])
        expectError(parseError("NOT"), .syntax, token: nil, position: 3)
        expectError(parseError("(mediaSubtypes & ) == 1"), .syntax, token: ")", position: 17)
        expectError(parseError("a IN {1,}"), .syntax, token: "}", position: 8)
    }

    @Test func unbalancedParentheses() {
        expectError(parseError("(mediaType == 1"), .syntax, token: nil, position: 15, containing: ["expected ')'", "position 0"])
        expectError(parseError("((mediaSubtypes & 8) == 8"), .syntax, token: nil, position: 25, containing: ["expected ')'"])
        expectError(parseError("mediaType == 1)"), .syntax, token: ")", position: 14, containing: ["unbalanced parentheses"])
        expectError(parseError("mediaType == (1"), .syntax, token: nil, position: 15, containing: ["expected ')'"])
        expectError(parseError("a IN {1, 2"), .syntax, token: nil, position: 10, containing: ["'}'"])
    }

    @Test func trailingGarbage() {
        expectError(parseError("mediaType == 1 isFavorite == YES"), .syntax, token: "isFavorite", position: 15, containing: ["expected AND, OR"])
    }

    @Test func unknownTokens() {
        expectError(parseError("mediaType == 1 @ 2"), .syntax, token: "@", position: 15, containing: ["unknown token"])
        expectError(parseError("mediaType ~ 1"), .syntax, token: "~", position: 10)
        expectError(parseError("mediaType == $type"), .syntax, token: "$type", position: 13, containing: ["variables are not supported"])
        expectError(parseError("mediaType == %y", 1), .syntax, token: "%y", position: 13, containing: ["unknown format specifier"])
        expectError(parseError("mediaType == 100%"), .syntax, token: "%", position: 16)
        expectError(parseError("# == 1"), .syntax, token: "#", position: 0)
    }

    @Test func badLiterals() {
        expectError(parseError("title == 'abc"), .syntax, token: "'abc", position: 9, containing: ["unterminated string"])
        expectError(parseError("title == \"abc\\"), .syntax, token: "\"abc\\", position: 9, containing: ["unterminated string"])
        expectError(parseError(#"title == '\u12'"#), .syntax, token: #"\u12"#, position: 10, containing: ["\\u escape"])
        expectError(parseError("pixelWidth == 12abc"), .syntax, token: "12abc", position: 14, containing: ["invalid number"])
        expectError(parseError("pixelWidth == 99999999999999999999"), .syntax, token: "99999999999999999999", position: 14, containing: ["out of range"])
        expectError(parseError("pixelWidth == 0x"), .syntax, token: "0x", position: 14)
        expectError(parseError("pixelWidth == 0b102"), .syntax, token: "0b102", position: 14)
        expectError(parseError("title == -'a'"), .syntax, token: "-", position: 9, containing: ["unary '-'"])
    }

    @Test func badOptions() {
        expectError(parseError("title ==[x] 'a'"), .syntax, token: "x", position: 9, containing: ["unknown comparison option 'x'"])
        expectError(parseError("title ==[c 'a'"), .syntax, token: "'a'", position: 11, containing: ["']'"])
        expectError(parseError("title ==[] 'a'"), .syntax, token: "]", position: 9)
    }

    @Test func emptyFormat() {
        expectError(parseError(""), .syntax, token: nil, position: 0, containing: ["empty"])
        expectError(parseError("   "), .syntax, token: nil, position: 3, containing: ["empty"])
    }

    // MARK: Bad arguments while parsing

    @Test func moreSpecifiersThanArguments() {
        expectError(parseError("mediaType == %d AND isFavorite == %@", 1), .badArgument, token: "%@", position: 34,
                    containing: ["missing argument", "1 argument(s)"])
        expectError(parseError("mediaType == %d"), .badArgument, token: "%d", position: 13, containing: ["0 argument(s)"])
    }

    @Test func keySubstitutionNeedsAString() {
        expectError(parseError("%K == 1", 5), .badArgument, token: "%K", position: 0, containing: ["'%K' expects a non-empty key name string", "Int"])
        expectError(parseError("%K == 1", ""), .badArgument, token: "%K", position: 0)
        expectError(parseError("%K == 1", NSNull()), .badArgument, token: "%K", position: 0)
    }

    @Test func specifierTypeMismatches() {
        expectError(parseError("pixelWidth == %d", "wide"), .badArgument, token: "%d", position: 14, containing: ["expects an integer", "String"])
        expectError(parseError("pixelWidth == %d", 2.5), .badArgument, token: "%d", position: 14)
        expectError(parseError("duration == %f", "x"), .badArgument, token: "%f", position: 12, containing: ["floating-point"])
        expectError(parseError("title == %s", 5), .badArgument, token: "%s", position: 9, containing: ["expects a string"])
        expectError(parseError("title == %@", Unsupported()), .badArgument, token: "%@", position: 9, containing: ["unsupported argument type Unsupported"])
        expectError(parseError("title IN %@", [Unsupported()]), .badArgument, token: "%@", position: 9)
        expectError(parseError("title IN %@", ["a": 1]), .badArgument, token: "%@", position: 9)
        expectError(parseError("pixelWidth == %@", UInt64.max), .badArgument, token: "%@", position: 14)
        expectError(parseError("duration == %@", Double.nan), .badArgument, token: "%@", position: 12)
    }

    @Test func betweenNeedsTwoBounds() {
        expectError(parseError("pixelWidth BETWEEN {1, 2, 3}"), .badArgument, token: "BETWEEN", position: 11, containing: ["got 3 element(s)"])
        expectError(parseError("pixelWidth BETWEEN %@", [1]), .badArgument, token: "BETWEEN", position: 11)
        expectError(parseError("pixelWidth BETWEEN 5"), .badArgument, token: "BETWEEN", position: 11)
    }

    // MARK: Unsupported operators while parsing

    @Test func quantifiers() {
        expectError(parseError("ANY keywords == 'x'"), .unsupportedOperator, token: "ANY", position: 0, containing: ["quantifiers"])
        expectError(parseError("mediaType == 1 AND none keywords == 'x'"), .unsupportedOperator, token: "none", position: 19)
    }

    // MARK: Exact messages

    @Test func exactMessagesForEachKind() {
        #expect(parseError("mediaType == 1 AND pixelWidth foo 3")?.message
            == "Unable to parse the format string \"mediaType == 1 AND pixelWidth foo 3\" at 'foo' (position 30): expected a comparison operator (==, !=, <, <=, >, >=, IN, BETWEEN, BEGINSWITH, ENDSWITH, CONTAINS, LIKE)")
        #expect(parseError("(mediaType == 1")?.message
            == "Unable to parse the format string \"(mediaType == 1\" at end of input (position 15): expected ')' to close the '(' at position 0")
        #expect(parseError("mediaType == %d AND isFavorite == %@", 1)?.message
            == "Bad argument in the format string \"mediaType == %d AND isFavorite == %@\" at '%@' (position 34): missing argument for '%@': the format string has more format specifiers than the 1 argument(s) supplied")
        #expect(parseError("%K == 1", 5)?.message
            == "Bad argument in the format string \"%K == 1\" at '%K' (position 0): '%K' expects a non-empty key name string, got Int 5")
        #expect(parseError("ANY keywords == 'x'")?.message
            == "Unsupported operator in the format string \"ANY keywords == 'x'\" at 'ANY' (position 0): collection quantifiers (ANY, ALL, SOME, NONE) are not supported")
        #expect(compileError("creationDate > %@", "yesterday")?.message
            == "Cannot compare key 'creationDate' of PHAsset, which holds date values, with the string 'yesterday'")
        #expect(compileError("creationDate BEGINSWITH 'x'")?.message
            == "BEGINSWITH is not supported for key 'creationDate' of PHAsset, which holds date values")
        let columns = ["title": PredicateColumn("c.title", .text), "SELF": PredicateColumn("c.id", .identifier)]
        #expect(compileError("foo == 1", schema: PredicateSchema(entityName: "PHAssetCollection", columns: columns))?.message
            == "Unsupported key 'foo' in a PHAssetCollection fetch predicate; supported keys: SELF, title")
    }

    @Test func constantsWithoutKeysThatCannotBeCompared() {
        let error = compileError("1 == 'a'")
        #expect(error?.kind == .badArgument)
        #expect(error?.token == nil)
        #expect(error?.message == "Cannot compare a numeric value with the string 'a'")
    }

    // MARK: Compilation

    @Test func unsupportedKeys() {
        let error = compileError("foo == 1")
        expectError(error, .unsupportedKey, token: "foo", containing: ["PHAsset", "supported keys:", "mediaType"])
        #expect(error?.message.hasPrefix("Unsupported key 'foo' in a PHAsset fetch predicate") == true)
        expectError(compileError("mediaType == 1 AND (asset.title == 'x')"), .unsupportedKey, token: "asset.title")
        expectError(compileError("%K == 1", "bogus"), .unsupportedKey, token: "bogus")
        let noSelf = PredicateSchema(entityName: "PHAssetCollection", columns: ["title": PredicateColumn("c.title", .text)])
        expectError(compileError("SELF == %@", FakeAsset(localIdentifier: "X"), schema: noSelf), .unsupportedKey, token: "SELF", containing: ["PHAssetCollection"])
        expectError(predicateError { () throws(FetchPredicateError) in _ = try assetSchema.column(for: "nope") }, .unsupportedKey, token: "nope")
    }

    @Test func typeMismatches() {
        expectError(compileError("creationDate > %@", "yesterday"), .badArgument, token: "creationDate",
                    containing: ["holds date values", "the string 'yesterday'"])
        expectError(compileError("pixelWidth == %@", day(0)), .badArgument, token: "pixelWidth", containing: ["integer", "the date"])
        expectError(compileError("creationDate > 5"), .badArgument, token: "creationDate", containing: ["the integer 5"])
        expectError(compileError("title == 5"), .badArgument, token: "title", containing: ["text", "the integer 5"])
        expectError(compileError("isFavorite == 'yes'"), .badArgument, token: "isFavorite", containing: ["boolean"])
        expectError(compileError("title == %@", FakeAsset(localIdentifier: "X")), .badArgument, token: "title", containing: ["identifier 'X'"])
        expectError(compileError("localIdentifier IN {'a', 5}"), .badArgument, token: "localIdentifier")
        expectError(compileError("pixelWidth BETWEEN {1, 'z'}"), .badArgument, token: "pixelWidth")
        expectError(compileError("creationDate > pixelWidth"), .badArgument, token: "creationDate", containing: ["'pixelWidth'", "date", "integer"])
        expectError(compileError("mediaType == %@", [1, 2]), .badArgument, token: "mediaType", containing: ["single value"])
        expectError(compileError("mediaType IN %@", [[1]]), .badArgument, token: "mediaType")
        expectError(compileError("mediaType == {1}"), .badArgument, token: "mediaType", containing: ["IN or BETWEEN"])
    }

    @Test func badCollectionShapes() {
        expectError(compileError("localIdentifier IN 'abc'"), .badArgument, token: "localIdentifier", containing: ["IN on key 'localIdentifier' of PHAsset expects a collection"])
        expectError(compileError("localIdentifier IN %@", "abc"), .badArgument, token: "localIdentifier")
        expectError(compileError("pixelWidth BETWEEN {nil, 5}"), .badArgument, token: "pixelWidth", containing: ["cannot be nil"])
        expectError(predicateError { () throws(FetchPredicateError) in
            _ = try PredicateCompiler.compile(cmp(key("pixelWidth"), .between, .aggregate([int(1)])), schema: assetSchema)
        }, .badArgument, token: "pixelWidth", containing: ["got 1 element(s)"])
    }

    @Test func nilWithOrderingOperators() {
        expectError(compileError("duration > nil"), .badArgument, token: "duration", containing: ["nil can only be compared with == or !="])
        expectError(compileError("title BEGINSWITH %@", NSNull()), .badArgument, token: "title")
    }

    @Test func badBitwiseOperands() {
        expectError(compileError("(mediaSubtypes & 1.5) == 0"), .badArgument, token: "&", containing: ["expects an integer", "1.5"])
        expectError(compileError("(mediaSubtypes & 'x') == 0"), .badArgument, token: "&")
        expectError(compileError("pixelWidth + 'x' > 0"), .badArgument, token: "+")
    }

    @Test func operatorsOnTheWrongColumnKind() {
        expectError(compileError("creationDate BEGINSWITH 'x'"), .unsupportedOperator, token: "creationDate",
                    containing: ["BEGINSWITH", "holds date values"])
        expectError(compileError("pixelWidth CONTAINS '1'"), .unsupportedOperator, token: "pixelWidth", containing: ["CONTAINS", "integer"])
        expectError(compileError("isFavorite LIKE 'Y*'"), .unsupportedOperator, token: "isFavorite")
        expectError(compileError("(title & 1) == 0"), .unsupportedOperator, token: "title", containing: ["operator '&'", "text"])
        expectError(compileError("(duration | 1) == 0"), .unsupportedOperator, token: "duration", containing: ["real-number"])
        expectError(compileError("creationDate + 1 > 0"), .unsupportedOperator, token: "creationDate")
    }

    @Test func unsupportedOperatorShapes() {
        expectError(compileError("title MATCHES 'T.*'"), .unsupportedOperator, token: "MATCHES", containing: ["regular-expression"])
        expectError(compileError("'Trip' BEGINSWITH title"), .unsupportedOperator, token: "BEGINSWITH", containing: ["key on its left-hand side"])
        expectError(compileError("title BEGINSWITH localizedTitle"), .unsupportedOperator, token: "localizedTitle", containing: ["constant string"])
        expectError(compileError("pixelWidth IN pixelHeight"), .unsupportedOperator, token: "pixelHeight", containing: ["collection"])
        expectError(compileError("title BEGINSWITH 5"), .badArgument, token: "title", containing: ["expects a string"])
    }
}

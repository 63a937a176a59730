import Foundation
import Testing
@testable import FetchPredicates

@Suite("Parser")
struct ParserTests {
    @Test func photoKitMediaSubtypeIdiom() throws {
        let node = try parse("mediaType == %d && !((mediaSubtypes & %d) == %d)", 1, 8, 8)
        #expect(node == .and([
            cmp(key("mediaType"), .equalTo, int(1)),
            .not(cmp(.bitwiseAnd(key("mediaSubtypes"), int(8)), .equalTo, int(8))),
        ]))
    }

    @Test func singularMediaSubtypeKeyIsAnOrdinaryKey() throws {
        #expect(try parse("(mediaSubtype & %d) != 0", 4)
            == cmp(.bitwiseAnd(key("mediaSubtype"), int(4)), .notEqualTo, int(0)))
    }

    @Test func booleanLiterals() throws {
        #expect(try parse("isFavorite == YES") == cmp(key("isFavorite"), .equalTo, bool(true)))
        #expect(try parse("isFavorite == yes") == cmp(key("isFavorite"), .equalTo, bool(true)))
        #expect(try parse("isFavorite == TRUE") == cmp(key("isFavorite"), .equalTo, bool(true)))
        #expect(try parse("isFavorite == true") == cmp(key("isFavorite"), .equalTo, bool(true)))
        #expect(try parse("isHidden == NO") == cmp(key("isHidden"), .equalTo, bool(false)))
        #expect(try parse("isHidden == False") == cmp(key("isHidden"), .equalTo, bool(false)))
        #expect(try parse("favorite == 1") == cmp(key("favorite"), .equalTo, int(1)))
    }

    @Test func castDatesAsNSPredicatePrintsThem() throws {
        // NSPredicate(format: "creationDate > %@", date).predicateFormat prints CAST(<seconds since 2001>, "NSDate").
        #expect(try parse("creationDate > CAST(600000000, \"NSDate\")")
            == cmp(key("creationDate"), .greaterThan, .constant(.date(Date(timeIntervalSinceReferenceDate: 600_000_000)))))
        #expect(try parse("creationDate < cast(-86400.5, \"NSDate\")")
            == cmp(key("creationDate"), .lessThan, .constant(.date(Date(timeIntervalSinceReferenceDate: -86_400.5)))))
        #expect((try? parse("creationDate > CAST(1, \"NSNumber\")")) == nil)
        #expect((try? parse("creationDate > CAST(\"x\", \"NSDate\")")) == nil)
        #expect((try? parse("creationDate > CAST(1 \"NSDate\")")) == nil)
        // A key named cast (not followed by a parenthesis) is still a key.
        #expect(try parse("cast == 1") == cmp(key("cast"), .equalTo, int(1)))
    }

    @Test func dateArguments() throws {
        let date = day(3)
        #expect(try parse("creationDate > %@", date) == cmp(key("creationDate"), .greaterThan, .constant(.date(date))))
        #expect(try parse("creationDate > %@", NSDate(timeIntervalSince1970: date.timeIntervalSince1970))
            == cmp(key("creationDate"), .greaterThan, .constant(.date(date))))
        #expect(try parse("creationDate >= %@ && creationDate < %@", day(1), day(2)) == .and([
            cmp(key("creationDate"), .greaterThanOrEqualTo, .constant(.date(day(1)))),
            cmp(key("creationDate"), .lessThan, .constant(.date(day(2)))),
        ]))
    }

    @Test func collectionArguments() throws {
        let expected = cmp(key("localIdentifier"), .in, .constant(.array([.string("A/L0/001"), .string("B/L0/001")])))
        #expect(try parse("localIdentifier IN %@", ["A/L0/001", "B/L0/001"]) == expected)
        #expect(try parse("localIdentifier IN %@", NSArray(array: ["A/L0/001", "B/L0/001"])) == expected)
        // (An `[Any]` passed straight to a variadic `Any...` would be splatted, so call the API directly.)
        #expect(try PredicateParser.parse(format: "localIdentifier IN %@", arguments: [["A/L0/001", "B/L0/001"] as [Any]]) == expected)

        let fromSet = try parse("localIdentifier IN %@", Set(["A/L0/001", "B/L0/001"]))
        guard case .comparison(_, .in, .constant(.array(let values)), _) = fromSet else {
            Issue.record("unexpected \(fromSet)")
            return
        }
        #expect(values.count == 2 && values.contains(.string("A/L0/001")) && values.contains(.string("B/L0/001")))

        let fromNSSet = try parse("mediaType IN %@", NSSet(array: [1, 2]))
        guard case .comparison(_, .in, .constant(.array(let numbers)), _) = fromNSSet else {
            Issue.record("unexpected \(fromNSSet)")
            return
        }
        #expect(numbers.count == 2 && numbers.contains(.integer(1)) && numbers.contains(.integer(2)))
        #expect(try parse("mediaType IN %@", NSOrderedSet(array: [2, 1]))
            == cmp(key("mediaType"), .in, .constant(.array([.integer(2), .integer(1)]))))
        #expect(try parse("mediaType IN %@", [Int]()) == cmp(key("mediaType"), .in, .constant(.array([]))))
    }

    @Test func between() throws {
        #expect(try parse("pixelWidth BETWEEN {100, 200}")
            == cmp(key("pixelWidth"), .between, .aggregate([int(100), int(200)])))
        #expect(try parse("pixelWidth BETWEEN %@", [100, 200])
            == cmp(key("pixelWidth"), .between, .constant(.array([.integer(100), .integer(200)]))))
        #expect(try parse("pixelWidth between {%d, %d}", 1, 2)
            == cmp(key("pixelWidth"), .between, .aggregate([int(1), int(2)])))
    }

    @Test func keySubstitution() throws {
        #expect(try parse("%K == %@", "title", "Trip") == cmp(key("title"), .equalTo, str("Trip")))
        #expect(try parse("%K == %@", NSString(string: "title"), NSString(string: "Trip")) == cmp(key("title"), .equalTo, str("Trip")))
        #expect(try parse("%K IN %@", "mediaType", [1]) == cmp(key("mediaType"), .in, .constant(.array([.integer(1)]))))
    }

    @Test func nilComparisons() throws {
        #expect(try parse("burstIdentifier != nil") == cmp(key("burstIdentifier"), .notEqualTo, null))
        #expect(try parse("burstIdentifier == NULL") == cmp(key("burstIdentifier"), .equalTo, null))
        #expect(try parse("burstIdentifier == Nil") == cmp(key("burstIdentifier"), .equalTo, null))
        #expect(try parse("burstIdentifier == %@", NSNull()) == cmp(key("burstIdentifier"), .equalTo, null))
        let none: String? = nil
        #expect(try parse("burstIdentifier == %@", none as Any) == cmp(key("burstIdentifier"), .equalTo, null))
        let some: String? = "B"
        #expect(try parse("burstIdentifier == %@", some as Any) == cmp(key("burstIdentifier"), .equalTo, str("B")))
    }

    @Test func stringOperatorsAndOptions() throws {
        #expect(try parse("localizedTitle BEGINSWITH[c] 'Tr'")
            == cmp(key("localizedTitle"), .beginsWith, str("Tr"), .caseInsensitive))
        #expect(try parse("title CONTAINS[cd] %@", "e")
            == cmp(key("title"), .contains, str("e"), [.caseInsensitive, .diacriticInsensitive]))
        #expect(try parse("title LIKE 'T*p'") == cmp(key("title"), .like, str("T*p")))
        #expect(try parse("title ==[c] 'trip'") == cmp(key("title"), .equalTo, str("trip"), .caseInsensitive))
        #expect(try parse("title endswith[d] 'x'") == cmp(key("title"), .endsWith, str("x"), .diacriticInsensitive))
        #expect(try parse("title Contains[CDN] 'x'")
            == cmp(key("title"), .contains, str("x"), [.caseInsensitive, .diacriticInsensitive, .normalized]))
        #expect(try parse("title MATCHES '.*'") == cmp(key("title"), .matches, str(".*")))
        #expect(try parse("title IN[c] {'a', 'b'}") == cmp(key("title"), .in, .aggregate([str("a"), str("b")]), .caseInsensitive))
    }

    @Test func selfWithIdentifiableObjects() throws {
        let a = FakeAsset(localIdentifier: "A/L0/001")
        let b = FakeAsset(localIdentifier: "B/L0/001")
        #expect(try parse("SELF IN %@", [a, b])
            == cmp(key("SELF"), .in, .constant(.array([.identifier("A/L0/001"), .identifier("B/L0/001")]))))
        #expect(try parse("SELF == %@", a) == cmp(key("SELF"), .equalTo, .constant(.identifier("A/L0/001"))))
        #expect(try parse("self == %@", a) == cmp(key("SELF"), .equalTo, .constant(.identifier("A/L0/001"))))
        #expect(try parse("SELF IN %@", NSArray(array: [a])) == cmp(key("SELF"), .in, .constant(.array([.identifier("A/L0/001")]))))
    }

    @Test func logicalOperatorsAndPrecedence() throws {
        #expect(try parse("NOT (duration > 10)") == .not(cmp(key("duration"), .greaterThan, int(10))))
        #expect(try parse("not duration > 10") == .not(cmp(key("duration"), .greaterThan, int(10))))
        #expect(try parse("!(duration > 10)") == .not(cmp(key("duration"), .greaterThan, int(10))))
        #expect(try parse("NOT NOT isFavorite == YES") == .not(.not(cmp(key("isFavorite"), .equalTo, bool(true)))))
        #expect(try parse("mediaType == 1 AND (isFavorite == TRUE OR isHidden == FALSE)") == .and([
            cmp(key("mediaType"), .equalTo, int(1)),
            .or([cmp(key("isFavorite"), .equalTo, bool(true)), cmp(key("isHidden"), .equalTo, bool(false))]),
        ]))
        // AND binds tighter than OR; chains are flattened.
        #expect(try parse("a == 1 OR b == 2 AND c == 3 and d == 4 || e == 5") == .or([
            cmp(key("a"), .equalTo, int(1)),
            .and([cmp(key("b"), .equalTo, int(2)), cmp(key("c"), .equalTo, int(3)), cmp(key("d"), .equalTo, int(4))]),
            cmp(key("e"), .equalTo, int(5)),
        ]))
        // NOT binds tighter than AND.
        #expect(try parse("NOT a == 1 AND b == 2") == .and([.not(cmp(key("a"), .equalTo, int(1))), cmp(key("b"), .equalTo, int(2))]))
        #expect(try parse("((((a == 1))))") == cmp(key("a"), .equalTo, int(1)))
    }

    @Test func predicateConstants() throws {
        #expect(try parse("TRUEPREDICATE") == .constant(true))
        #expect(try parse("FALSEPREDICATE") == .constant(false))
        #expect(try parse("truepredicate OR falsePredicate") == .or([.constant(true), .constant(false)]))
        #expect(try parse("(TRUEPREDICATE)") == .constant(true))
    }

    @Test func comparisonOperatorSpellings() throws {
        #expect(try parse("a = 1") == cmp(key("a"), .equalTo, int(1)))
        #expect(try parse("a == 1") == cmp(key("a"), .equalTo, int(1)))
        #expect(try parse("a != 1") == cmp(key("a"), .notEqualTo, int(1)))
        #expect(try parse("a <> 1") == cmp(key("a"), .notEqualTo, int(1)))
        #expect(try parse("a < 1") == cmp(key("a"), .lessThan, int(1)))
        #expect(try parse("a <= 1") == cmp(key("a"), .lessThanOrEqualTo, int(1)))
        #expect(try parse("a =< 1") == cmp(key("a"), .lessThanOrEqualTo, int(1)))
        #expect(try parse("a > 1") == cmp(key("a"), .greaterThan, int(1)))
        #expect(try parse("a >= 1") == cmp(key("a"), .greaterThanOrEqualTo, int(1)))
        #expect(try parse("a => 1") == cmp(key("a"), .greaterThanOrEqualTo, int(1)))
        #expect(try parse("a==1&&b!=2") == .and([cmp(key("a"), .equalTo, int(1)), cmp(key("b"), .notEqualTo, int(2))]))
    }

    @Test func keyOnTheRightIsKeptAsWritten() throws {
        #expect(try parse("5 < pixelWidth") == cmp(int(5), .lessThan, key("pixelWidth")))
        #expect(try parse("%@ CONTAINS localIdentifier", ["x"])
            == cmp(.constant(.array([.string("x")])), .contains, key("localIdentifier")))
    }

    @Test func negatedOperatorShorthand() throws {
        #expect(try parse("mediaType NOT IN {1, 2}") == .not(cmp(key("mediaType"), .in, .aggregate([int(1), int(2)]))))
        #expect(try parse("title not beginswith 'a'") == .not(cmp(key("title"), .beginsWith, str("a"))))
        #expect(try parse("pixelWidth NOT BETWEEN {1, 2}") == .not(cmp(key("pixelWidth"), .between, .aggregate([int(1), int(2)]))))
    }

    @Test func numbers() throws {
        #expect(try parse("a == 1") == cmp(key("a"), .equalTo, int(1)))
        #expect(try parse("a == -2") == cmp(key("a"), .equalTo, int(-2)))
        #expect(try parse("a == - 2") == cmp(key("a"), .equalTo, int(-2)))
        #expect(try parse("a == 3.5") == cmp(key("a"), .equalTo, dbl(3.5)))
        #expect(try parse("a == -3.5") == cmp(key("a"), .equalTo, dbl(-3.5)))
        #expect(try parse("a == 0x10") == cmp(key("a"), .equalTo, int(16)))
        #expect(try parse("a == 0XfF") == cmp(key("a"), .equalTo, int(255)))
        #expect(try parse("a == 0o17") == cmp(key("a"), .equalTo, int(15)))
        #expect(try parse("a == 0b101") == cmp(key("a"), .equalTo, int(5)))
        #expect(try parse("a == 1e3") == cmp(key("a"), .equalTo, dbl(1000)))
        #expect(try parse("a == 2.5E-1") == cmp(key("a"), .equalTo, dbl(0.25)))
        #expect(try parse("a == 9223372036854775807") == cmp(key("a"), .equalTo, int(.max)))
        #expect(try parse("a == 007") == cmp(key("a"), .equalTo, int(7)))
    }

    @Test func quotedStrings() throws {
        #expect(try parse("title == 'single'") == cmp(key("title"), .equalTo, str("single")))
        #expect(try parse("title == \"double\"") == cmp(key("title"), .equalTo, str("double")))
        #expect(try parse(#"title == 'it\'s'"#) == cmp(key("title"), .equalTo, str("it's")))
        #expect(try parse(#"title == "say \"hi\"""#) == cmp(key("title"), .equalTo, str("say \"hi\"")))
        #expect(try parse(#"title == "it's""#) == cmp(key("title"), .equalTo, str("it's")))
        #expect(try parse(#"title == 'a\\b\n\t\r\u00e9'"#) == cmp(key("title"), .equalTo, str("a\\b\n\t\r\u{e9}")))
        #expect(try parse(#"title LIKE 'a\*b'"#) == cmp(key("title"), .like, str(#"a\*b"#)))
        #expect(try parse("title == ''") == cmp(key("title"), .equalTo, str("")))
        #expect(try parse("title == 'Café 🎉'") == cmp(key("title"), .equalTo, str("Café 🎉")))
        // Specifiers inside quotes are literal text and consume no argument.
        #expect(try parse("title == '%@' AND mediaType == %d", 2)
            == .and([cmp(key("title"), .equalTo, str("%@")), cmp(key("mediaType"), .equalTo, int(2))]))
    }

    @Test func formatSpecifiers() throws {
        #expect(try parse("a == %d", 7) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %i", Int32(7)) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %ld", 7) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %lld", Int64(7)) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %lu", UInt(7)) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %u", UInt32(7)) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %qd", 7) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %hd", Int16(7)) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %d", true) == cmp(key("a"), .equalTo, int(1)))
        #expect(try parse("a == %d", 7.0) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %d", NSNumber(value: 7)) == cmp(key("a"), .equalTo, int(7)))
        #expect(try parse("a == %f", 2.5) == cmp(key("a"), .equalTo, dbl(2.5)))
        #expect(try parse("a == %lf", 2.5) == cmp(key("a"), .equalTo, dbl(2.5)))
        #expect(try parse("a == %f", 2) == cmp(key("a"), .equalTo, dbl(2)))
        #expect(try parse("a == %g", Float(0.5)) == cmp(key("a"), .equalTo, dbl(0.5)))
        #expect(try parse("a == %s", "x") == cmp(key("a"), .equalTo, str("x")))
        #expect(try parse("a == %@ AND b == %@", 1, "x")
            == .and([cmp(key("a"), .equalTo, int(1)), cmp(key("b"), .equalTo, str("x"))]))
    }

    @Test func objectArgumentsOfEveryType() throws {
        func value(_ argument: Any) throws -> PredicateValue? {
            guard case .comparison(_, _, .constant(let value), _) = try PredicateParser.parse(format: "a == %@", arguments: [argument]) else { return nil }
            return value
        }
        #expect(try value(NSNumber(value: 42)) == .integer(42))
        #expect(try value(NSNumber(value: 2.5)) == .double(2.5))
        #expect(try value(NSNumber(value: true)) == .bool(true))
        #expect(try value(NSNumber(value: false)) == .bool(false))
        #expect(try value(NSNumber(value: UInt64(5))) == .integer(5))
        #expect(try value(42) == .integer(42))
        #expect(try value(Int8(-4)) == .integer(-4))
        #expect(try value(UInt8(4)) == .integer(4))
        #expect(try value(UInt64(4)) == .integer(4))
        #expect(try value(2.5) == .double(2.5))
        #expect(try value(Float(1.5)) == .double(1.5))
        #expect(try value(CGFloat(1.5)) == .double(1.5))
        #expect(try value(Decimal(string: "1.25")!) == .double(1.25))
        #expect(try value(true) == .bool(true))
        #expect(try value("text") == .string("text"))
        #expect(try value(NSString(string: "ns")) == .string("ns"))
        #expect(try value("abc".dropFirst()) == .string("bc"))
        #expect(try value(day(1)) == .date(day(1)))
        #expect(try value(NSDate(timeIntervalSince1970: 5)) == .date(Date(timeIntervalSince1970: 5)))
        #expect(try value(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!) == .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try value(NSNull()) == .null)
        #expect(try value(Optional<Int>.none as Any) == .null)
        #expect(try value(Optional<Int>.some(3) as Any) == .integer(3))
        #expect(try value(FakeAsset(localIdentifier: "X/L0/001")) == .identifier("X/L0/001"))
        #expect(try value(FakeMediaType.video) == .integer(2))
        #expect(try value(FakeMediaSubtype.photoLive) == .integer(8))
        #expect(try value([1, 2]) == .array([.integer(1), .integer(2)]))
        #expect(try value([[1], [2]]) == .array([.array([.integer(1)]), .array([.integer(2)])]))
        #expect(try value([1, "x", NSNull()] as [Any]) == .array([.integer(1), .string("x"), .null]))
        #expect(try value([FakeAsset(localIdentifier: "A"), "B"] as [Any]) == .array([.identifier("A"), .string("B")]))
    }

    @Test func enumArgumentsForIntegerSpecifiers() throws {
        #expect(try parse("mediaType == %d", FakeMediaType.image) == cmp(key("mediaType"), .equalTo, int(1)))
        #expect(try parse("(mediaSubtypes & %lu) != 0", FakeMediaSubtype.photoScreenshot)
            == cmp(.bitwiseAnd(key("mediaSubtypes"), int(4)), .notEqualTo, int(0)))
    }

    @Test func keywordsAreCaseInsensitive() throws {
        #expect(try parse("mediaType in {1} and not isFavorite == no or title beginswith 'a' Or pixelWidth Between {1, 2}") == .or([
            .and([cmp(key("mediaType"), .in, .aggregate([int(1)])), .not(cmp(key("isFavorite"), .equalTo, bool(false)))]),
            cmp(key("title"), .beginsWith, str("a")),
            cmp(key("pixelWidth"), .between, .aggregate([int(1), int(2)])),
        ]))
        #expect(try parse("title ENDSWITH 'a' && title endsWith 'b'")
            == .and([cmp(key("title"), .endsWith, str("a")), cmp(key("title"), .endsWith, str("b"))]))
    }

    @Test func keysWithKeywordPrefixesAndEscapes() throws {
        #expect(try parse("index == 1") == cmp(key("index"), .equalTo, int(1)))
        #expect(try parse("notes == 1 AND order == 2") == .and([cmp(key("notes"), .equalTo, int(1)), cmp(key("order"), .equalTo, int(2))]))
        #expect(try parse("#in == 1") == cmp(key("in"), .equalTo, int(1)))
        #expect(try parse("asset.title == 'x'") == cmp(key("asset.title"), .equalTo, str("x")))
        #expect(try parse("_private == 1") == cmp(key("_private"), .equalTo, int(1)))
    }

    @Test func arithmeticAndBitwisePrecedence() throws {
        #expect(try parse("pixelWidth * 2 + 1 > pixelHeight - 3 / 4") == cmp(
            .add(.multiply(key("pixelWidth"), int(2)), int(1)),
            .greaterThan,
            .subtract(key("pixelHeight"), .divide(int(3), int(4)))
        ))
        #expect(try parse("mediaSubtypes | 4 & 8 == 8") == cmp(.bitwiseOr(key("mediaSubtypes"), .bitwiseAnd(int(4), int(8))), .equalTo, int(8)))
        #expect(try parse("(mediaSubtypes | 4) & 8 == 8") == cmp(.bitwiseAnd(.bitwiseOr(key("mediaSubtypes"), int(4)), int(8)), .equalTo, int(8)))
        #expect(try parse("-pixelWidth < -10") == cmp(.negate(key("pixelWidth")), .lessThan, int(-10)))
        #expect(try parse("(pixelWidth) > (10)") == cmp(key("pixelWidth"), .greaterThan, int(10)))
    }

    @Test func aggregates() throws {
        #expect(try parse("a IN {}") == cmp(key("a"), .in, .aggregate([])))
        #expect(try parse("a IN {1, 'x', nil, -2.5, YES}") == cmp(key("a"), .in, .aggregate([int(1), str("x"), null, dbl(-2.5), bool(true)])))
    }

    @Test func extraArgumentsAreIgnored() throws {
        #expect(try parse("a == %d", 1, 2, 3) == cmp(key("a"), .equalTo, int(1)))
    }

    @Test func whitespaceIsInsignificant() throws {
        #expect(try parse("  a\t==\n1  ") == cmp(key("a"), .equalTo, int(1)))
        #expect(try parse("(a==1)AND(b==2)") == .and([cmp(key("a"), .equalTo, int(1)), cmp(key("b"), .equalTo, int(2))]))
    }
}

@Suite("Parser limits")
struct ParserLimitTests {
    @Test func deepButReasonableNestingParses() throws {
        let depth = 60
        let predicate = String(repeating: "(", count: depth) + "pixelWidth > 1" + String(repeating: ")", count: depth)
        #expect(try parse(predicate) == cmp(key("pixelWidth"), .greaterThan, int(1)))
        let expression = String(repeating: "(", count: depth) + "pixelWidth" + String(repeating: ")", count: depth) + " > 1"
        #expect(try parse(expression) == cmp(key("pixelWidth"), .greaterThan, int(1)))
        let nots = String(repeating: "NOT ", count: depth) + "pixelWidth > 1"
        var expected = cmp(key("pixelWidth"), .greaterThan, int(1))
        for _ in 0..<depth { expected = .not(expected) }
        #expect(try parse(nots) == expected)
    }

    @Test func excessiveNestingIsASyntaxError() {
        let depth = 1_000
        for format in [
            String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth),
            String(repeating: "!", count: depth) + "a == 1",
            "a == " + String(repeating: "-", count: depth) + "1",
            "a IN " + String(repeating: "{", count: depth) + String(repeating: "}", count: depth),
        ] {
            let error = parseError(format)
            #expect(error?.kind == .syntax)
            #expect(error?.message.contains("nested more than \(Parser.maximumDepth) levels deep") == true)
        }
    }
}

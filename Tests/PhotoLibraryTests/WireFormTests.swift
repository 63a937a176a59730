import XCTest
@testable import PhotoLibrary
import _TestSupport

/// The served library's binary wire forms — packed asset records, and frames carrying row-id lists beside their
/// JSON: real values survive the round trip exactly, and short, lying or trailing bytes are errors, never reads
/// past the end.
final class WireFormTests: LibraryTestCase {
    func testRecordsRoundTripFieldForField() throws {
        let identifiers = (0..<3).map { _ in LocalIdentifier.make(.asset) }
        var operations: [ChangeOperation] = identifiers.enumerated().map { index, identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: index)))],
                                  edits: AssetEdits(creationDate: Date(timeIntervalSince1970: 1_700_000_000.25 + Double(index)))))
        }
        operations.append(.editAsset(identifier: identifiers[1], AssetEdits(isFavorite: true, location: .some(GeoPoint(latitude: 48.85, longitude: 2.35, altitude: 35)))))
        _ = try library.apply(ChangeBatch(operations: operations))
        var records = try library.orderedAssets(rowIDs: try library.assetRowIDs(AssetQuery(scope: .all)))
        records.append(.vanished(rowID: 99))
        records[0].burstIdentifier = "BURST-é"
        records[0].momentID = 7
        let decoded = try PackedAssetRecords.decode(PackedAssetRecords.encode(records))
        XCTAssertEqual(decoded, records)
        XCTAssertEqual(decoded[1].location?.altitude, 35)
        XCTAssertEqual(try PackedAssetRecords.decode(PackedAssetRecords.encode([])), [])
    }

    func testMalformedBytesAreErrors() throws {
        let good = PackedAssetRecords.encode([.vanished(rowID: 1), .vanished(rowID: 2)])
        for cut in [0, 3, 4, 11, 12, 40, good.count - 1] {
            XCTAssertThrowsError(try PackedAssetRecords.decode(good.prefix(cut)), "cut at \(cut)")
        }
        XCTAssertThrowsError(try PackedAssetRecords.decode(good + Data([0])), "trailing bytes")
        var lying = good
        lying.replaceSubrange(4..<12, with: withUnsafeBytes(of: Int64(1 << 40).littleEndian) { Data($0) })
        XCTAssertThrowsError(try PackedAssetRecords.decode(lying), "a count the bytes cannot hold")
        var badType = good
        badType.replaceSubrange(24..<32, with: withUnsafeBytes(of: Int64(9).littleEndian) { Data($0) })   // first record's media type
        XCTAssertThrowsError(try PackedAssetRecords.decode(badType)) { error in
            XCTAssertTrue("\(error)".contains("media type"), "\(error)")
        }
    }

    /// Small numbers (sizes, enum values) are checked against their bounds without `abs`, which trapped on
    /// `Int64.min` (the fuzzer's `packed-records-int-min`: a lying service stopped its client).
    func testSmallNumbersOutsideTheirBoundsAreErrorsNotTraps() throws {
        let good = PackedAssetRecords.encode([.vanished(rowID: 1)])
        func withWidth(_ value: Int64) -> Data {   // the first record's pixel width
            var bytes = good
            bytes.replaceSubrange(40..<48, with: withUnsafeBytes(of: value.littleEndian) { Data($0) })
            return bytes
        }
        for value in [Int64.min, Int64.max, Int64(Int32.max) + 1, -Int64(Int32.max) - 1] {
            XCTAssertThrowsError(try PackedAssetRecords.decode(withWidth(value)), "\(value)") { error in
                XCTAssertTrue("\(error)".contains("out-of-range number \(value)"), "\(error)")
            }
        }
        XCTAssertEqual(try PackedAssetRecords.decode(withWidth(Int64(Int32.max)))[0].pixelWidth, Int(Int32.max))
        XCTAssertEqual(try PackedAssetRecords.decode(withWidth(-Int64(Int32.max)))[0].pixelWidth, -Int(Int32.max))
    }

    func testFramesCarryRowIDListsBesideTheirJSON() throws {
        let fetch = ObservedFetch(query: .assets(AssetQuery(scope: .all)), token: 7, before: Array(1...50_000))
        let request = PrepareRequest(after: 7, fetches: [fetch, ObservedFetch(query: .assets(AssetQuery(scope: .all)), token: 3, before: [])])
        let frame = try WireFrame.encode(request)
        XCTAssertLessThan(frame.count, 50_000 * 8 + 1_000, "ids travel packed, not as base64")
        let decoded = try WireFrame.decode(PrepareRequest.self, from: frame)
        XCTAssertEqual(decoded.fetches.map(\.before), [Array(1...50_000), []])
        XCTAssertEqual(decoded.fetches.map(\.token), [7, 3])
        // The same types still read and write plain JSON (base64 ids).
        XCTAssertEqual(try WireJSON.decode(PrepareRequest.self, from: WireJSON.encode(request)).fetches[0].before, Array(1...50_000))

        var diff = FetchDiff(after: [5, 4, 3])
        diff.inserted = IndexSet(integer: 0)
        diff.moves = [(from: 2, to: 1)]
        let prepared = try WireFrame.decode(FetchDiff?.self, from: WireFrame.encode(Optional(diff)))
        XCTAssertEqual(prepared?.after, [5, 4, 3])
        XCTAssertEqual(prepared?.inserted, IndexSet(integer: 0))
        XCTAssertEqual(prepared?.moves.map { [$0.from, $0.to] }, [[2, 1]])

        for cut in [0, 4, 11, 12, 20, frame.count - 8, frame.count - 1] {
            XCTAssertThrowsError(try WireFrame.decode(PrepareRequest.self, from: frame.prefix(cut)), "cut at \(cut)")
        }
        XCTAssertThrowsError(try WireFrame.decode(PrepareRequest.self, from: frame + Data([1])), "trailing bytes")
        // A list number the frame does not have.
        let json = Data(#"{"after":0,"fetches":[{"query":{"assets":{"scope":{"kind":"all"},"sort":[],"includeHiddenAssets":false,"includeAllBurstAssets":false,"limit":0}},"token":0,"beforeList":3}]}"#.utf8)
        var lying = Data("PKF1".utf8)
        for value in [Int64(json.count)] { withUnsafeBytes(of: value.littleEndian) { lying.append(contentsOf: $0) } }
        lying.append(json)
        withUnsafeBytes(of: Int64(0).littleEndian) { lying.append(contentsOf: $0) }
        XCTAssertThrowsError(try WireFrame.decode(PrepareRequest.self, from: lying)) { error in
            XCTAssertTrue("\(error)".contains("No row-id list 3"), "\(error)")
        }
    }
}

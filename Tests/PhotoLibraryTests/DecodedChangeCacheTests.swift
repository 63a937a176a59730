import XCTest
@testable import PhotoLibrary

/// The decoded change-log cache: an entry is decoded once per token and payload, another payload under the same
/// token (another library) is decoded on its own, and the cache stays within its memory budget.
final class DecodedChangeCacheTests: XCTestCase {
    private func changes(inserting id: Int64) -> LibraryChanges {
        var changes = LibraryChanges()
        changes.assets.inserted[id] = "asset-\(id)"
        return changes
    }

    func testAPayloadIsDecodedOncePerTokenAndContent() throws {
        let cache = DecodedChangeCache(capacity: 1 << 20)
        var decodes = 0
        let decode: (String) throws -> LibraryChanges = { text in decodes += 1; return self.changes(inserting: Int64(text.count)) }
        let first = try cache.changes(token: 7, payload: "one library", decode: decode)
        let again = try cache.changes(token: 7, payload: "one library", decode: decode)
        XCTAssertEqual(decodes, 1)
        XCTAssertEqual(first.assets.inserted, again.assets.inserted)
        let other = try cache.changes(token: 7, payload: "another library", decode: decode)
        XCTAssertEqual(decodes, 2, "the same token with another payload is another entry")
        XCTAssertEqual(other.assets.inserted.keys.first, Int64("another library".count))
    }

    func testTheOldestEntriesGoFirstBeyondTheBudget() throws {
        let cache = DecodedChangeCache(capacity: 16_000)   // a few of the 500-byte payloads (their estimated cost, 1,756 bytes each)
        var decodes = 0
        let payload = String(repeating: "x", count: 500)
        for token in 0..<20 { _ = try cache.changes(token: Int64(token), payload: payload) { _ in decodes += 1; return self.changes(inserting: 1) } }
        XCTAssertEqual(decodes, 20)
        _ = try cache.changes(token: 19, payload: payload) { _ in decodes += 1; return self.changes(inserting: 1) }
        XCTAssertEqual(decodes, 20, "the newest is kept")
        _ = try cache.changes(token: 0, payload: payload) { _ in decodes += 1; return self.changes(inserting: 1) }
        XCTAssertEqual(decodes, 21, "the oldest was dropped")
    }
}

import XCTest
import GRDB
@testable import PhotoLibrary
import _TestSupport

/// Base class: a fresh temporary core library per test.
class LibraryTestCase: XCTestCase {
    var directory: TemporaryDirectory!
    var library: Library!

    override func setUpWithError() throws {
        directory = TemporaryDirectory(prefix: "photos-core")
        library = try Library.open(at: libraryURL)
    }

    override func tearDown() {
        library = nil
        directory = nil
    }

    var libraryURL: URL { directory.appending("Core.photoslibrary") }

    /// Creates photos (generated JPEGs) with the given dates and optional locations; returns their identifiers.
    @discardableResult
    func addPhotos(_ dates: [Date?], locations: [GeoPoint?]? = nil, hidden: Set<Int> = []) throws -> [String] {
        var operations: [ChangeOperation] = []
        var identifiers: [String] = []
        for (index, date) in dates.enumerated() {
            let id = LocalIdentifier.make(.asset)
            identifiers.append(id)
            let edits = AssetEdits(isHidden: hidden.contains(index) ? true : nil, creationDate: .some(date),
                                   location: locations.map { .some($0[index]) } ?? nil)
            operations.append(.createAsset(NewAsset(identifier: id, resources: [
                NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: index)), originalFilename: "IMG_\(index).JPG"),
            ], edits: edits)))
        }
        try library.apply(ChangeBatch(operations: operations))
        return identifiers
    }

    func date(_ hours: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + hours * 3600) }

    func identifiers(_ query: AssetQuery) throws -> [String] {
        let rows = try library.assetRowIDs(query)
        let records = try library.assets(rowIDs: rows)
        return rows.map { records[$0]!.identifier }
    }

    /// Moments as sorted lists of member identifiers.
    func momentMembers() throws -> [[String]] {
        try library.read { db in
            let moments = try Int64.fetchAll(db, sql: "SELECT id FROM collection WHERE type = 3 ORDER BY start_date, id")
            return try moments.map { try String.fetchAll(db, sql: "SELECT identifier FROM asset WHERE moment_id = ? ORDER BY creation_date, id", arguments: [$0]) }
        }
    }

    /// Every file under originals/.
    func storedFiles() -> [String] { TemporaryDirectory.files(under: libraryURL.appendingPathComponent("originals")) }

    func count(_ sql: String) throws -> Int { try library.read { try Int.fetchOne($0, sql: sql) ?? 0 } }
}

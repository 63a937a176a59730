import Foundation
import Testing
import GRDB
@testable import PhotoLibrary
import _TestSupport

/// The `edit_history` table: one row per committed edit or revert, written in the edit's own transaction,
/// replayed into the current version, kept across reopening, deleted with the asset, backfilled by migration v3.
@Suite struct EditHistoryTests {
    let directory = TemporaryDirectory(prefix: "edit-history")
    var libraryURL: URL { directory.appending("History.photoslibrary") }

    /// A library with one 64×48 photo.
    func makeLibrary() throws -> (Library, String, Int64) {
        let library = try Library.open(at: libraryURL)
        let identifier = LocalIdentifier.make(.asset)
        try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(identifier: identifier, resources: [
            NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 64, height: 48, seed: 1)), originalFilename: "IMG_0001.JPG"),
        ]))]))
        return (library, identifier, try #require(try library.assetRowIDs(identifiers: [identifier]).first))
    }

    func edit(_ identifier: String, width: Int, format: String = "org.example.filters", bytes: Int = 10, fromOriginal: Bool = true) -> ChangeOperation {
        .editContent(ContentEdit(identifier: identifier, rendered: .data(FixtureImages.jpeg(width: width, height: 30, seed: width)),
                                 adjustment: AdjustmentPayload(formatIdentifier: format, formatVersion: "2.1", data: Data(repeating: 7, count: bytes)),
                                 basedOnOriginal: fromOriginal))
    }

    @Test func editsAndRevertsAreRecordedInOrder() throws {
        let (library, identifier, rowID) = try makeLibrary()
        #expect(try library.editHistory(assetRowID: rowID).entries.isEmpty)
        #expect(try library.editHistory(assetRowID: rowID).currentVersion == .original)

        try library.apply(ChangeBatch(operations: [edit(identifier, width: 40, bytes: 25)]))
        #expect(try library.editHistory(assetRowID: rowID).currentVersion == .edit(sequence: 1, stackedOn: []))
        try library.apply(ChangeBatch(operations: [edit(identifier, width: 44, format: "com.other.editor", bytes: 3, fromOriginal: false)]))
        #expect(try library.editHistory(identifier: identifier).currentVersion == .edit(sequence: 2, stackedOn: [1]))
        try library.apply(ChangeBatch(operations: [edit(identifier, width: 48, fromOriginal: false)]))
        #expect(try library.editHistory(assetRowID: rowID).currentVersion == .edit(sequence: 3, stackedOn: [1, 2]))
        try library.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        #expect(try library.editHistory(assetRowID: rowID).currentVersion == .original)
        try library.apply(ChangeBatch(operations: [edit(identifier, width: 52)]))

        let history = try library.editHistory(assetRowID: rowID)
        #expect(history.entries.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(history.entries.map(\.kind) == [.edit, .edit, .edit, .revert, .edit])
        #expect(history.entries.map(\.basedOnOriginal) == [true, false, false, true, true])
        #expect(history.entries.map(\.renderedPixelWidth) == [40, 44, 48, 0, 52])
        #expect(history.entries.map(\.adjustmentByteCount) == [25, 3, 10, nil, 10])
        #expect(history.entries.map(\.formatIdentifier) == ["org.example.filters", "com.other.editor", "org.example.filters", nil, "org.example.filters"])
        #expect(history.entries[0].formatVersion == "2.1" && history.entries[0].renderedPixelHeight == 30)
        #expect(zip(history.entries, history.entries.dropFirst()).allSatisfy { $0.date <= $1.date })
        #expect(history.currentVersion == .edit(sequence: 5, stackedOn: []))
        #expect(history.currentEdit?.renderedPixelWidth == 52)

        // Reverting an asset that shows its original changes nothing and records nothing.
        try library.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        try library.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        #expect(try library.editHistory(assetRowID: rowID).entries.map(\.kind).suffix(2) == [.edit, .revert])

        // The history is in the database: a second open (another process would do the same) reads it back.
        let reopened = try Library.open(at: libraryURL)
        #expect(try reopened.editHistory(identifier: identifier) == library.editHistory(assetRowID: rowID))
    }

    @Test func historyCommitsOrRollsBackWithTheEdit() throws {
        let (library, identifier, rowID) = try makeLibrary()
        let token = try library.currentChangeToken()
        // The edit is fine but a later operation of the batch fails: neither the edit nor its row is committed.
        #expect(throws: LibraryError.self) {
            try library.apply(ChangeBatch(operations: [edit(identifier, width: 40), .editAsset(identifier: LocalIdentifier.make(.asset), AssetEdits(isFavorite: true))]))
        }
        // A render that is not an image fails at staging.
        #expect(throws: LibraryError.self) {
            try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifier, rendered: .data(Data("no".utf8)),
                adjustment: AdjustmentPayload(formatIdentifier: "f", formatVersion: "1", data: Data([1]))))]))
        }
        #expect(try library.editHistory(assetRowID: rowID).entries.isEmpty)
        #expect(try library.currentEdit(assetRowID: rowID) == nil)
        #expect(try library.currentChangeToken() == token)

        // A committed edit is logged like any write: the asset is updated with changed content.
        try library.apply(ChangeBatch(operations: [edit(identifier, width: 40)]))
        let entry = try #require(try library.changeLogEntries(after: token).last)
        #expect(entry.changes.assets.updated[rowID] == identifier)
        #expect(entry.changes.assets.contentChanged == [rowID])
        #expect(try library.editHistory(assetRowID: rowID).entries.count == 1)
    }

    @Test func purgingTheAssetDeletesItsHistory() throws {
        let (library, identifier, rowID) = try makeLibrary()
        try library.apply(ChangeBatch(operations: [edit(identifier, width: 40)]))
        try library.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        try library.apply(ChangeBatch(operations: [.trashAssets([identifier])]))
        #expect(try library.editHistory(identifier: identifier).entries.count == 2, "trashed assets keep their history")

        let token = try library.currentChangeToken()
        try library.apply(ChangeBatch(operations: [.purgeAssets([identifier])]))
        let rows = try library.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM edit_history WHERE asset_id = ?", arguments: [rowID]) }
        #expect(rows == 0)
        #expect(throws: LibraryError.self) { try library.editHistory(identifier: identifier) }
        // The change log still names the purged asset (its capture trigger is unaffected by the cascade).
        let entry = try #require(try library.changeLogEntries(after: token).last)
        #expect(entry.changes.assets.deleted[rowID] == identifier)
    }

    @Test func migrationBackfillsAssetsEditedBeforeHistoryExisted() throws {
        let (library, identifier, rowID) = try makeLibrary()
        try library.apply(ChangeBatch(operations: [edit(identifier, width: 40)]))
        // Make the database look like one written before v3: no table, migration not applied.
        try library.write { db in
            try db.execute(sql: "DROP TABLE edit_history; DELETE FROM grdb_migrations WHERE identifier = 'v3: edit history'")
        }
        let migrated = try Library.open(at: libraryURL)
        let history = try migrated.editHistory(assetRowID: rowID)
        #expect(history.entries.count == 1)
        let entry = try #require(history.entries.first)
        #expect(entry.kind == .edit && entry.sequence == 1 && entry.formatIdentifier == nil && entry.adjustmentByteCount == nil)
        #expect(entry.renderedPixelWidth == 40 && entry.renderedPixelHeight == 30)
        #expect(history.currentVersion == .edit(sequence: 1, stackedOn: []))
        // New edits continue the sequence.
        try migrated.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        #expect(try migrated.editHistory(assetRowID: rowID).entries.map(\.sequence) == [1, 2])
    }

    @Test func currentVersionReplaysTheEntries() {
        func entry(_ sequence: Int, _ kind: EditHistoryEntry.Kind, fromOriginal: Bool = true) -> EditHistoryEntry {
            EditHistoryEntry(sequence: sequence, date: Date(timeIntervalSince1970: Double(sequence)), kind: kind, formatIdentifier: nil,
                             formatVersion: nil, basedOnOriginal: fromOriginal, adjustmentByteCount: nil, renderedPixelWidth: 1, renderedPixelHeight: 1)
        }
        #expect(EditHistory(entries: []).currentVersion == .original)
        #expect(EditHistory(entries: [entry(1, .edit), entry(2, .edit, fromOriginal: false), entry(3, .edit, fromOriginal: false)]).currentVersion
                == .edit(sequence: 3, stackedOn: [1, 2]))
        #expect(EditHistory(entries: [entry(1, .edit), entry(2, .edit, fromOriginal: false), entry(3, .edit)]).currentVersion
                == .edit(sequence: 3, stackedOn: []))
        #expect(EditHistory(entries: [entry(1, .edit), entry(2, .revert)]).currentVersion == .original)
        #expect(EditHistory(entries: [entry(1, .edit), entry(2, .revert)]).currentEdit == nil)
    }
}

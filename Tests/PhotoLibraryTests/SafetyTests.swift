import XCTest
import GRDB
@testable import PhotoLibrary
import _TestSupport

final class SafetyTests: LibraryTestCase {
    func testOriginalsAreStoredByteForByte() throws {
        let data = FixtureImages.jpeg(width: 80, height: 60, seed: 3)
        let id = LocalIdentifier.make(.asset)
        try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(identifier: id, resources: [NewResource(type: .photo, source: .data(data))]))]))
        let row = try library.assetRowIDs(identifiers: [id]).first!
        let resource = try library.resources(assetRowID: row).first!
        XCTAssertEqual(try Data(contentsOf: library.fileURL(for: resource)), data)
        XCTAssertEqual(resource.byteCount, Int64(data.count))
    }

    func testABadResourceLeavesTheLibraryUnchanged() throws {
        try addPhotos([date(0)])
        let before = (storedFiles(), try count("SELECT count(*) FROM asset"))
        let good = NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: 9)))
        let bad = NewResource(type: .photo, source: .data(Data("not an image at all".utf8)), originalFilename: "notes.jpg")
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [
            .createAsset(NewAsset(resources: [good])), .createAsset(NewAsset(resources: [bad])),
        ]))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .invalidResource)
            XCTAssertTrue("\(error)".contains("notes.jpg"), "the error names the file: \(error)")
        }
        XCTAssertEqual(storedFiles(), before.0)
        XCTAssertEqual(try count("SELECT count(*) FROM asset"), before.1)
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("tmp")), [])
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("journal")), [])
    }

    func testAVideoIsNotAcceptedAsAPhoto() throws {
        guard let movie = TestMedia.url("livephoto/IMG_0001.MOV") else { throw XCTSkip(TestMedia.skipMessage) }
        XCTAssertThrowsError(try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(resources: [NewResource(type: .photo, source: .file(movie))]))]))) { error in
            XCTAssertTrue("\(error)".contains("is a video, not an image"), "\(error)")
        }
    }

    func testTrashIsRecoverableThenPurgedAfterThirtyDays() throws {
        let ids = try addPhotos([date(0), date(1)])
        try library.apply(ChangeBatch(operations: [.trashAssets([ids[0]])]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), [ids[1]])
        XCTAssertEqual(try identifiers(AssetQuery(scope: .trash)), [ids[0]])
        XCTAssertEqual(storedFiles().count, 2, "trashing keeps the file")
        try library.apply(ChangeBatch(operations: [.recoverAssets([ids[0]])]))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .all)), ids)

        try library.apply(ChangeBatch(operations: [.trashAssets([ids[0]])]))
        try library.purgeExpiredTrash(now: Date().addingTimeInterval(29 * 86_400))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .trash)), [ids[0]], "still recoverable on day 29")
        try library.purgeExpiredTrash(now: Date().addingTimeInterval(31 * 86_400))
        XCTAssertEqual(try identifiers(AssetQuery(scope: .trash)), [])
        XCTAssertEqual(storedFiles().count, 1, "purging erases the file")
    }

    func testPurgeKeepsFilesOtherRowsStillReference() throws {
        let ids = try addPhotos([date(0), date(1)])
        try library.write { db in
            let path = try String.fetchOne(db, sql: "SELECT path FROM resource ORDER BY id LIMIT 1")!
            try db.execute(sql: "UPDATE resource SET path = ?", arguments: [path])   // both rows share one file
        }
        try library.apply(ChangeBatch(operations: [.trashAssets([ids[0]]), .purgeAssets([ids[0]])]))
        let remaining = try library.resources(assetRowID: try library.assetRowIDs(identifiers: [ids[1]])[0])[0]
        XCTAssertTrue(FileManager.default.fileExists(atPath: library.fileURL(for: remaining).path))
    }

    func testOpeningRecoversAbandonedIntentsAndStagingFiles() throws {
        let ids = try addPhotos([date(0)])
        let kept = try library.resources(assetRowID: try library.assetRowIDs(identifiers: ids)[0])[0].relativePath
        // What a process killed between renaming files into place and committing leaves behind.
        let orphan = "originals/zz/orphan/0-photo.jpg"
        try FileManager.default.createDirectory(at: libraryURL.appendingPathComponent("originals/zz/orphan"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: libraryURL.appendingPathComponent(orphan))
        let deadPID = 999_999
        try Data("\(orphan)\n\(kept)".utf8).write(to: libraryURL.appendingPathComponent("journal/\(deadPID)-A.intent"))
        try Data("partial".utf8).write(to: libraryURL.appendingPathComponent("tmp/\(deadPID)-B.tmp"))
        library = nil
        library = try Library.open(at: libraryURL)
        XCTAssertFalse(FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent(orphan).path), "an unreferenced file of an abandoned intent is deleted")
        XCTAssertTrue(FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent(kept).path), "a committed file is kept")
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("journal")), [])
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("tmp")), [])
    }

    func testTwoLibraryHandlesWriteConcurrently() throws {
        let second = try Library.open(at: libraryURL)
        let group = DispatchGroup()
        nonisolated(unsafe) var errors: [Error] = []
        let lock = NSLock()
        for (handle, offset) in [(library!, 0), (second, 100)] {
            DispatchQueue.global().async(group: group) {
                for i in 0..<10 {
                    do {
                        try handle.apply(ChangeBatch(operations: [.createAsset(NewAsset(resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: offset + i)))]))]))
                    } catch { lock.lock(); errors.append(error); lock.unlock() }
                }
            }
        }
        group.wait()
        XCTAssertTrue(errors.isEmpty, "\(errors)")
        XCTAssertEqual(try count("SELECT count(*) FROM asset"), 20)
        XCTAssertEqual(storedFiles().count, 20)
    }
}

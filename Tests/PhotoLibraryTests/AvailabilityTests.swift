import XCTest
import GRDB
import Synchronization
@testable import PhotoLibrary
import _TestSupport

/// A handle whose library folder, disk or database goes away says so — it never answers as an empty library, never
/// writes anywhere else, and leaves the moved library as it was.
final class AvailabilityTests: LibraryTestCase {
    private func assetCount(_ library: Library) throws -> Int {
        try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") ?? -1 }
    }

    private func newPhoto(_ seed: Int) -> ChangeBatch {
        ChangeBatch(operations: [.createAsset(NewAsset(resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: seed)))]))])
    }

    func testARenamedFolderMakesTheHandleUnavailableAndLeavesTheLibraryIntact() throws {
        let ids = try addPhotos([Date(timeIntervalSince1970: 1_700_000_000), nil])
        XCTAssertNil(library.unavailability)
        let moved = directory.appending("Moved.photoslibrary")
        try FileManager.default.moveItem(at: libraryURL, to: moved)

        let reason = try XCTUnwrap(library.unavailability)
        XCTAssertEqual(reason.code, .libraryUnavailable)
        XCTAssertTrue(reason.message.contains(libraryURL.path), reason.message)
        XCTAssertTrue(reason.message.contains("moved, renamed or deleted"), reason.message)
        XCTAssertThrowsError(try assetCount(library), "a read fails rather than answering from the moved file") { error in
            XCTAssertEqual((error as? LibraryError)?.message, reason.message)
        }
        XCTAssertThrowsError(try library.fetchRowIDs(AssetQuery(scope: .all)), "a fetch fails rather than being empty") { error in
            XCTAssertEqual((error as? LibraryError)?.code, .libraryUnavailable)
        }
        XCTAssertThrowsError(try library.apply(newPhoto(7))) { error in
            XCTAssertEqual((error as? LibraryError)?.code, .libraryUnavailable)
            XCTAssertTrue("\(error)".contains(libraryURL.path), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: libraryURL.path), "nothing was written at the old path")

        let reopened = try Library.open(at: moved)
        XCTAssertEqual(try assetCount(reopened), 2, "the moved library is untouched")
        XCTAssertEqual(try reopened.fetchRowIDs(AssetQuery(scope: .all)).ids.count, ids.count)
        XCTAssertTrue(try reopened.verify().isClean)
    }

    func testAnotherFolderAtThePathIsNotTheLibrary() throws {
        try addPhotos([nil])
        let moved = directory.appending("Elsewhere.photoslibrary")
        try FileManager.default.moveItem(at: libraryURL, to: moved)
        try FileManager.default.createDirectory(at: libraryURL, withIntermediateDirectories: true)

        let reason = try XCTUnwrap(library.unavailability)
        XCTAssertTrue(reason.message.contains("is now a different folder"), reason.message)
        XCTAssertThrowsError(try library.apply(newPhoto(3)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: libraryURL.path), [], "no library was made in the new folder")

        // Putting the library back does not make this handle trust it again (it may have missed changes).
        try FileManager.default.removeItem(at: libraryURL)
        try FileManager.default.moveItem(at: moved, to: libraryURL)
        XCTAssertNotNil(library.unavailability, "unavailability is sticky")
        XCTAssertEqual(try assetCount(Library.open(at: libraryURL)), 1)
    }

    func testAReplacedDatabaseIsNotTheLibrary() throws {
        try addPhotos([nil])
        let database = libraryURL.appendingPathComponent("database/Photos.sqlite")
        let copy = directory.appending("copy.sqlite")
        try FileManager.default.copyItem(at: database, to: copy)
        XCTAssertEqual(rename(copy.path, database.path), 0)
        let reason = try XCTUnwrap(library.unavailability)
        XCTAssertTrue(reason.message.contains("database/Photos.sqlite) was replaced"), reason.message)
    }

    func testTheMonitorReportsADeletedFolderOnce() throws {
        let reports = Mutex<[LibraryError]>([])
        let reported = expectation(description: "reported")
        let monitor = library.monitorAvailability(queue: DispatchQueue(label: "test.availability")) { error in
            reports.withLock { $0.append(error) }
            reported.fulfill()
        }
        try FileManager.default.removeItem(at: libraryURL)
        wait(for: [reported], timeout: 5)
        Thread.sleep(forTimeInterval: 1.5)   // longer than a poll: a second report would have come by now
        XCTAssertEqual(reports.withLock { $0.count }, 1)
        XCTAssertTrue(reports.withLock { $0[0].message }.contains(libraryURL.path))
        XCTAssertTrue(monitor.hasReported)
    }

    func testTheMonitorSeesAnEnclosingFolderRenamed() throws {
        // No inotify event reaches the library's own watches; the one-second check finds it.
        let reported = expectation(description: "reported")
        let monitor = library.monitorAvailability(queue: .global()) { _ in reported.fulfill() }
        try FileManager.default.moveItem(at: directory.url, to: directory.url.appendingPathExtension("renamed"))
        defer { try? FileManager.default.moveItem(at: directory.url.appendingPathExtension("renamed"), to: directory.url) }
        wait(for: [reported], timeout: 5)
        monitor.cancel()
    }

    func testACancelledMonitorReportsNothing() throws {
        let reported = expectation(description: "reported")
        reported.isInverted = true
        let monitor = library.monitorAvailability(queue: .global(), pollInterval: 0.1) { _ in reported.fulfill() }
        monitor.cancel()
        Thread.sleep(forTimeInterval: 0.3)
        try FileManager.default.removeItem(at: libraryURL)
        wait(for: [reported], timeout: 1)
        XCTAssertFalse(monitor.hasReported)
        XCTAssertNotNil(library.unavailability, "the check itself still works")
    }
}

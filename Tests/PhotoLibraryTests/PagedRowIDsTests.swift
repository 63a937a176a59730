import XCTest
import Synchronization
@testable import PhotoLibrary

/// A served fetch's ids beyond its first page: loaded by the first read past the page, or in the background once
/// the list has been kept a while, and never for a list dropped sooner (the service is told to forget it).
final class PagedRowIDsTests: XCTestCase {
    /// Counts loader calls and releases.
    private final class Calls: Sendable {
        let loads = Atomic<Int>(0)
        let releases = Atomic<Int>(0)
    }

    private func list(_ calls: Calls, count: Int = 10, firstPage: Int = 3, failing: Bool = false) -> PagedRowIDs {
        PagedRowIDs(count: count, firstPage: (0..<Int64(firstPage)).map { $0 + 100 }) { range throws(LibraryError) -> [Int64] in
            calls.loads.add(1, ordering: .relaxed)
            if failing { throw LibraryError(.libraryUnavailable, "gone") }
            return range.map { Int64($0) + 100 }
        } release: {
            calls.releases.add(1, ordering: .relaxed)
        }
    }

    func testReadingPastTheFirstPageLoadsTheRestOnce() {
        let calls = Calls()
        let ids = RowIDList(paged: list(calls))
        XCTAssertEqual(ids[0], 100)
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 0, "the first page needs no request")
        XCTAssertEqual(ids[9], 109)
        XCTAssertEqual(Array(ids), (100..<110).map { Int64($0) })
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 1)
    }

    func testAListDroppedSoonLoadsNothingAndIsReleased() {
        let calls = Calls()
        do {
            let ids = RowIDList(paged: list(calls))
            XCTAssertEqual(ids.count, 10)
            XCTAssertEqual(ids[0], 100)
        }
        Thread.sleep(forTimeInterval: 0.8)   // past the background delay
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 0)
        XCTAssertEqual(calls.releases.load(ordering: .relaxed), 1)
    }

    func testAKeptListLoadsTheRestInTheBackground() {
        let calls = Calls()
        let paged = list(calls)
        let deadline = Date().addingTimeInterval(10)
        while calls.loads.load(ordering: .relaxed) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 1)
        XCTAssertEqual(RowIDList(paged: paged)[9], 109)
        withExtendedLifetime(paged) {}
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 1)
        XCTAssertEqual(calls.releases.load(ordering: .relaxed), 0, "a loaded list has nothing left on the service")
    }

    func testWalkingThroughTheFirstPageLoadsTheRestAhead() {
        let calls = Calls()
        let paged = list(calls, count: 100, firstPage: 40)   // reads from position 10 on start the load
        let ids = RowIDList(paged: paged)
        XCTAssertEqual(ids[9], 109)
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 0)
        XCTAssertEqual(ids[10], 110, "answered from the first page, without waiting")
        let deadline = Date().addingTimeInterval(0.4)   // well before the half-second background start
        while calls.loads.load(ordering: .relaxed) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 1, "the rest was asked for ahead of the walk")
        XCTAssertEqual(ids[99], 199)
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 1)
    }

    func testARestThatCannotLoadReadsAsDeletedRows() {
        let calls = Calls()
        let ids = RowIDList(paged: list(calls, failing: true))
        XCTAssertEqual(ids[1], 101)
        XCTAssertEqual(ids[5], 0)
        XCTAssertEqual(calls.loads.load(ordering: .relaxed), 1)
    }
}

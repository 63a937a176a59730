import Foundation
@testable import Photos
import XCTest

/// A change observer that keeps every `PHChange` it receives, for tests to wait on.
final class ChangeRecorder: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
    private let condition = NSCondition()
    private(set) var changes: [PHChange] = []
    /// Called on the observer queue with each change before it is stored (to compute details right there).
    var onChange: ((PHChange) -> Void)?

    func photoLibraryDidChange(_ changeInstance: PHChange) {
        onChange?(changeInstance)
        condition.lock()
        changes.append(changeInstance)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until a change covering the library's current state has arrived; returns the changes received
    /// since `after` (an index into `changes`).
    @discardableResult
    func waitForCurrentState(of library: PHPhotoLibrary, after start: Int = 0, timeout: TimeInterval = 10,
                             file: StaticString = #filePath, line: UInt = #line) -> [PHChange] {
        let target = (try? library.backend.currentChangeToken()) ?? 0
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while (changes.last?.observed.toToken ?? 0) < target {
            if !condition.wait(until: deadline) {
                XCTFail("no change notification reached token \(target) within \(timeout) s", file: file, line: line)
                return []
            }
        }
        return Array(changes[min(start, changes.count)...])
    }

    var count: Int { condition.lock(); defer { condition.unlock() }; return changes.count }

    /// Lets go of every change but the newest (each holds its details' after-results, which stay live fetch
    /// results — diffed at every later change — for as long as anything keeps them).
    func forgetAllButTheLast() {
        condition.lock()
        defer { condition.unlock() }
        if changes.count > 1 { changes.removeFirst(changes.count - 1) }
    }
}

/// Applies change details to the before list with collection-view semantics and returns the result: removed
/// and moved items leave; the remaining keep their order and fill the slots not taken by inserted or moved items.
/// Works on row ids, so objects deleted by a later commit (not yet applied) still compare.
func applyDetails<T: PHObject>(_ details: PHFetchResultChangeDetails<T>, to before: [Int64]) -> [Int64] {
    let after = details.fetchResultAfterChanges.rowIDs
    let removed = details.removedIndexes ?? []
    var movedFrom = Set<Int>()
    var placed: [Int: Int64] = [:]
    for index in details.insertedIndexes ?? [] { placed[index] = after[index] }
    details.enumerateMoves { from, to in
        movedFrom.insert(from)
        placed[to] = before[from]
    }
    var remaining = before.enumerated().filter { !removed.contains($0.offset) && !movedFrom.contains($0.offset) }.map(\.element).makeIterator()
    let count = before.count - removed.count + (details.insertedIndexes?.count ?? 0)
    return (0..<count).map { placed[$0] ?? remaining.next() ?? -1 }
}

func identifiers<T: PHObject>(_ result: PHFetchResult<T>) -> [String] { result.map(\.localIdentifier) }

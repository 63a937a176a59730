import Foundation
import Photos
import Testing

/// UIKit's `IndexPath` additions, used the way a photo grid's data source uses them.
@Suite struct IndexPathTests {
    @Test func itemAndRowPathsAreSectionThenIndex() {
        let item = IndexPath(item: 7, section: 2)
        #expect(item.section == 2 && item.item == 7 && item.row == 7)
        #expect(Array(item) == [2, 7])
        #expect(IndexPath(row: 7, section: 2) == item)
        #expect(IndexPath(indexes: [2, 7]).item == 7)
    }

    @Test func aGridDataSourceMapsPathsToFetchIndexes() {
        // Three sections of four items, as a sectioned photo grid lays out a fetch result of twelve assets.
        let paths = (0..<3).flatMap { section in (0..<4).map { IndexPath(item: $0, section: section) } }
        let indexes = paths.map { $0.section * 4 + $0.item }
        #expect(indexes == Array(0..<12))
        #expect(paths.sorted(by: >).first == IndexPath(item: 3, section: 2))
        var selected = Set(paths.prefix(2))
        selected.insert(IndexPath(row: 1, section: 0))
        #expect(selected.count == 2)
    }

    @Test func settersChangeTheirIndex() {
        var path = IndexPath(row: 0, section: 0)
        path.row = 5
        path.section = 1
        #expect(path == IndexPath(item: 5, section: 1))
        path.item += 1
        #expect(path.row == 6)
    }
}

import Foundation

// UIKit's additions to `IndexPath` for table and collection views (photo grids), which Foundation on Linux lacks.
// As in UIKit, the accessors need an index path of exactly two indices (section, then row or item); any other
// length traps with a message, as UIKit's precondition does.

extension IndexPath {
    /// An index path for a table view's row: `[section, row]`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An index path for a collection view's item: `[section, item]`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section (the first index). Traps unless the path has exactly two indices.
    public var section: Int {
        get { self[Self.checkedTwoIndices(count, index: 0)] }
        set { self[Self.checkedTwoIndices(count, index: 0)] = newValue }
    }

    /// The row in a table view (the second index). Traps unless the path has exactly two indices.
    public var row: Int {
        get { self[Self.checkedTwoIndices(count, index: 1)] }
        set { self[Self.checkedTwoIndices(count, index: 1)] = newValue }
    }

    /// The item in a collection view (the second index). Traps unless the path has exactly two indices.
    public var item: Int {
        get { self[Self.checkedTwoIndices(count, index: 1)] }
        set { self[Self.checkedTwoIndices(count, index: 1)] = newValue }
    }

    /// `index` after checking that a path of `count` indices is a table or collection view path.
    private static func checkedTwoIndices(_ count: Int, index: Int) -> Int {
        precondition(count == 2, "Invalid index path for use with UITableView or UICollectionView: it must contain exactly two indices (section, row or item); this one has \(count)")
        return index
    }
}

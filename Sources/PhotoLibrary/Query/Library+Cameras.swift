import Foundation
import GRDB

/// A camera (make and model, as imported from the files' metadata) and how many visible assets it took.
public struct CameraCount: Sendable, Equatable, Hashable {
    /// The camera's make (EXIF `Make`, QuickTime `make`), e.g. "Apple"; nil when the files name only a model.
    public var make: String?
    /// The camera's model (EXIF `Model`), e.g. "iPhone 8"; nil when the files name only a make.
    public var model: String?
    /// How many visible assets name this make and model.
    public var count: Int

    /// Creates a camera entry.
    public init(make: String?, model: String?, count: Int) {
        self.make = make; self.model = model; self.count = count
    }
}

extension Library {
    /// The cameras the library's visible assets were taken with — the assets a fetch of all assets shows (not
    /// in Recently Deleted, not hidden, one per burst), by exactly the same rule — each with its count. Assets
    /// whose files name no camera are left out. Ordered by make, then model (case-insensitively; a missing
    /// make or model first). Only assets `readScope` may see are counted.
    public func cameras(readScope: ReadScope = .everything) throws(LibraryError) -> [CameraCount] {
        try read { db in
            var query = AssetQuery(scope: .all)
            query.readScope = readScope
            let (visible, arguments) = try query.sql(db)
            let rows = try Row.fetchAll(db, sql: """
                SELECT c.camera_make, c.camera_model, count(*) FROM asset c
                WHERE (c.camera_make IS NOT NULL OR c.camera_model IS NOT NULL) AND c.id IN (\(visible))
                GROUP BY c.camera_make, c.camera_model
                ORDER BY c.camera_make COLLATE NOCASE, c.camera_model COLLATE NOCASE, c.camera_make, c.camera_model
                """, arguments: arguments)
            return rows.map { CameraCount(make: $0[0], model: $0[1], count: $0[2]) }
        }
    }
}

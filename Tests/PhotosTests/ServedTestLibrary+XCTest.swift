import XCTest
import _TestSupport

extension ServedTestLibrary {
    /// Starts a served library, skipping the test when none can start (no `photos` binary, or it did not start).
    static func orSkip(_ make: () throws -> ServedTestLibrary) throws -> ServedTestLibrary {
        do { return try make() } catch let unavailable as Unavailable { throw XCTSkip(unavailable.description) }
    }
}

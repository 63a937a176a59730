import Foundation
import Synchronization

/// Supplies the bytes behind a `CGImage`. Immutable and thread-safe.
///
/// A provider holds bytes, or makes rows on request (``init(rows:)``, the counterpart of Apple's sequential
/// providers): readers that can take an image in strips (ImageIO's JPEG writer) pull its rows top to bottom and
/// never hold it whole; anything else asks for ``data``, which reads every row once and keeps them.
///
/// Difference from Apple: takes and returns `Data` (Apple: `CFData`); the sequential form takes a package
/// ``CGDataProviderRowSource`` instead of C callbacks.
public final class CGDataProvider: Sendable {
    private let stored: Data?
    /// The row source of a sequential provider.
    package let rows: (any CGDataProviderRowSource)?
    /// A sequential provider's rows once read whole.
    private let materialized = Mutex<Data?>(nil)

    /// The provider's bytes: a sequential provider reads all its rows on the first request and keeps them;
    /// `nil` when that fails.
    public var data: Data? {
        if let stored { return stored }
        guard let rows else { return nil }
        return materialized.withLock { cached -> Data? in
            if let cached { return cached }
            guard let whole = try? rows.readAll() else { return nil }
            cached = whole
            return whole
        }
    }

    /// A provider over the given bytes.
    public init(data: Data) { (stored, rows) = (data, nil) }

    /// A provider whose rows are made on request, top to bottom (see ``CGDataProviderRowSource``).
    package init(rows: any CGDataProviderRowSource) { (stored, self.rows) = (nil, rows) }

    /// A provider over a file's bytes, or `nil` when the file cannot be read.
    public init?(url: URL) {
        guard let bytes = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        (stored, rows) = (bytes, nil)
    }

    /// A provider over a file's bytes, or `nil` when the file cannot be read.
    public convenience init?(filename: String) { self.init(url: URL(fileURLWithPath: filename)) }
}

/// The rows of an image made on request (a render, a decoder): what a sequential ``CGDataProvider`` reads.
package protocol CGDataProviderRowSource: Sendable {
    /// How many rows the image has.
    var rowCount: Int { get }
    /// The bytes of one row as the image describes them (its `bytesPerRow`).
    var bytesPerRow: Int { get }
    /// Starts a pass over the rows from the top. Each pass makes the rows again.
    func makeReader() throws -> any CGDataProviderRowReader
}

/// One pass over a row source, top to bottom. Used from one thread.
package protocol CGDataProviderRowReader: AnyObject {
    /// Writes the next `count` rows (fewer only past the last row is an error) at `destination`, `bytesPerRow` apart.
    func read(_ count: Int, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) throws
}

extension CGDataProviderRowSource {
    /// Every row in one buffer, `bytesPerRow` apart.
    package func readAll() throws -> Data {
        var whole = Data(count: rowCount * bytesPerRow)
        let reader = try makeReader()
        try whole.withUnsafeMutableBytes { raw in
            guard rowCount > 0 else { return }
            try reader.read(rowCount, into: raw.baseAddress!, bytesPerRow: bytesPerRow)
        }
        return whole
    }
}

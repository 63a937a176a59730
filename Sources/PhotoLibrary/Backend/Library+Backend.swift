import Foundation

/// A library directory opened in this process is the façade's first back end.
extension Library: LibraryBackend {
    public func fetchRowIDs(_ query: ObservedQuery) throws(LibraryError) -> FetchedRowIDs {
        switch query {
        case .assets(let query): try fetchRowIDs(query)
        case .collections(let query): try fetchRowIDs(query)
        }
    }

    public func assetRecords(rowIDs: [Int64]) throws(LibraryError) -> [Int64: AssetRecord] { try assets(rowIDs: rowIDs) }

    public func collectionRecords(rowIDs: [Int64]) throws(LibraryError) -> [Int64: CollectionRecord] { try collections(rowIDs: rowIDs) }

    public func countOfAssets(inCollection collectionRowID: Int64) throws(LibraryError) -> Int { try assetCount(collectionRowID: collectionRowID) }

    /// The stored file itself.
    public func resourceFile(_ resource: ResourceRecord) throws(LibraryError) -> URL { fileURL(for: resource) }

    /// The library directory (derivatives live in it).
    public var imagingDirectory: URL { url }

    public func monitorChanges(after token: Int64, queue: DispatchQueue, fetches: @escaping @Sendable () -> [ObservedFetch],
                               deliver: @escaping @Sendable (PreparedChange) -> Void) -> any ChangeMonitoring {
        ChangeMonitor(library: self, after: token, queue: queue,
                      prepare: { change, reader in try reader.prepare(change, fetches: fetches()) },
                      deliver: deliver)
    }
}

extension ChangeMonitor: ChangeMonitoring {}

import Foundation

/// The operations PhotoKit's façade performs on a library, wherever the library is: a directory opened in this
/// process (`Library`) or a library served by `photos serve` (`ServedLibrary`, over its Unix socket).
///
/// This is the one boundary between the façade and its back ends: fetch snapshots (ordered row ids and their
/// change token), pages of records, counts, change batches, change-log entries, prepared change details and
/// resource bytes. Rules (what a query selects, how a fetch changed, what a change may do, what a reader may see)
/// stay in the core: a served library's service runs the same core functions on its side.
public protocol LibraryBackend: AnyObject, Sendable {
    /// The library's stable identifier (persistent change tokens carry it).
    func libraryIdentifier() throws(LibraryError) -> String
    /// The newest change-log token.
    func currentChangeToken() throws(LibraryError) -> Int64
    /// The ordered row ids a query selects and the token of the state they reflect.
    func fetchRowIDs(_ query: ObservedQuery) throws(LibraryError) -> FetchedRowIDs
    /// Asset rows in the order of `rowIDs` (`AssetRecord.vanished(rowID:)` where one no longer exists).
    func orderedAssets(rowIDs: [Int64]) throws(LibraryError) -> [AssetRecord]
    /// Asset rows by row id (missing ones absent).
    func assetRecords(rowIDs: [Int64]) throws(LibraryError) -> [Int64: AssetRecord]
    /// Collection rows by row id (missing ones absent).
    func collectionRecords(rowIDs: [Int64]) throws(LibraryError) -> [Int64: CollectionRecord]
    /// How many of `rowIDs` are assets of a media type.
    func countAssets(rowIDs: [Int64], mediaType: MediaType) throws(LibraryError) -> Int
    /// The number of assets in a collection, as a fetch of its assets would count them.
    func countOfAssets(inCollection collectionRowID: Int64) throws(LibraryError) -> Int
    /// An asset's resources.
    func resources(assetRowID: Int64) throws(LibraryError) -> [ResourceRecord]
    /// A local file holding a resource's bytes (the stored file itself, or a verified local copy).
    func resourceFile(_ resource: ResourceRecord) throws(LibraryError) -> URL
    /// Applies a change batch atomically.
    func apply(_ batch: ChangeBatch) throws(LibraryError) -> ChangeOutcome
    /// Change-log entries after `token`, oldest first; `.tokenExpired` when that history was trimmed.
    func changeLogEntries(after token: Int64, limit: Int) throws(LibraryError) -> [ChangeLogEntry]
    /// Diffs a fetch made at `token` against the current state, or nil when unchanged.
    func computeDiff(_ query: ObservedQuery, before: [Int64], since token: Int64) -> FetchDiff?
    /// Local identifiers of assets by cloud identity.
    func assetIdentifiers(forCloudIdentities cloudIdentities: [String]) throws(LibraryError) -> [String: [String]]
    /// Cloud identities of assets by local identifier (nil for unknown ones).
    func cloudIdentities(forAssets localIdentifiers: [String]) throws(LibraryError) -> [String: String?]
    /// How many records a fetch result reads at once when it is read in order (enumeration, scrolling): a few
    /// batches locally, more over a socket, where each read is a round trip.
    var sequentialReadCount: Int { get }
    /// Where image requests keep what they make (derivatives, video posters): the library directory, or a
    /// served library's local cache.
    var imagingDirectory: URL { get }
    /// Whether `imagingDirectory` is the library's own: its derivatives are the library's. False for a served
    /// library, whose stored derivatives are read with `storedDerivative` into the local cache.
    var ownsImagingDirectory: Bool { get }
    /// The bytes of a derivative the library keeps for an asset's rendition (`kind`: `thumbnail`, `screen`; the
    /// rendition by its content key), or nil when none is kept. Only asked of libraries that do not own their
    /// imaging directory.
    func storedDerivative(assetRowID: Int64, contentKey: String, kind: String) throws(LibraryError) -> Data?
    /// Starts reporting committed changes after `token`, in commit order, on `queue`: for each, `fetches()` is
    /// asked which fetches to diff and `deliver` receives the change prepared against the state right after it.
    func monitorChanges(after token: Int64, queue: DispatchQueue, fetches: @escaping @Sendable () -> [ObservedFetch],
                        deliver: @escaping @Sendable (PreparedChange) -> Void) -> any ChangeMonitoring
}

extension LibraryBackend {
    public var sequentialReadCount: Int { 128 }
    public var ownsImagingDirectory: Bool { true }
    public func storedDerivative(assetRowID: Int64, contentKey: String, kind: String) throws(LibraryError) -> Data? { nil }
}

/// A running change monitor; `cancel()` stops further deliveries.
public protocol ChangeMonitoring: AnyObject, Sendable {
    func cancel()
}

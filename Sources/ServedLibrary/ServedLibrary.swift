import Foundation
import NIOHTTP1
import PhotoLibrary
import Synchronization

/// A library served by `photos serve`, as PhotoKit's façade uses it: every operation is one request to the
/// service's PhotoKit back end (`/api/photokit/…`), which runs the core's own functions under the caller's grant.
/// Opened with `PHPhotoLibrary(url:)` or `PHOTOS_LIBRARY` naming its socket (`unix:/path/to.sock`) or, from
/// another machine, its HTTPS address (`https://host:port`, with an API token).
///
/// Who is asking: the service identifies a program on its socket by the kernel's peer credentials and its
/// executable (an *application*, which the library's owner lets in; see Docs/AppAccess.md), or by an API token
/// given in `PHOTOS_LIBRARY_TOKEN` (the only way in over TCP). Resource bytes are downloaded once into a local
/// cache, verified against their SHA-256, and kept by content.
public final class ServedLibrary: LibraryBackend {
    /// The service's URL the library was opened with (`unix:`, `https:`, or loopback `http:`).
    public let url: URL
    let client: ServiceHTTPClient
    let token: String?
    /// How many bytes of a resource one request downloads: 32 MiB, or `$PHOTOS_SERVED_DOWNLOAD_CHUNK` (at least
    /// 4,096; tests use small chunks so that every download arrives in several).
    let downloadChunk: Int64 = ProcessInfo.processInfo.environment["PHOTOS_SERVED_DOWNLOAD_CHUNK"].flatMap { Int64($0) }.map { max(4_096, $0) } ?? 32 << 20
    /// The library's identifier, once the service has told it (an application its owner has not let in yet
    /// learns it when it is let in).
    private let knownIdentifier = Mutex<String?>(nil)

    /// Connects to the service at `url` — `unix:/path/to.sock` on this machine, `https://host[:port]` elsewhere
    /// (with `token`; `certificateAuthority` is a PEM file of certificates to trust besides the system's, for a
    /// self-signed service) — and reads the library's identity; fails with `.libraryUnavailable` naming the
    /// address when nothing answers or TLS fails, `.notPermitted` when the service refuses the credentials. An
    /// application the owner has not decided about, or has denied, connects all the same (it may ask for access:
    /// `authorizationStatus(level:)`, `requestAuthorization(level:)`); its reads fail until it is let in.
    public init(url: URL, token: String? = ProcessInfo.processInfo.environment["PHOTOS_LIBRARY_TOKEN"],
                certificateAuthority: String? = ProcessInfo.processInfo.environment["PHOTOS_LIBRARY_CA"]) throws(LibraryError) {
        self.url = url
        self.client = ServiceHTTPClient(endpoint: try Self.endpoint(of: url, certificateAuthority: certificateAuthority))
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        let response = try Self.sendAllowingProblems(client, token: self.token, .GET, "/api/photokit/library", timeoutSeconds: 30)
        if (200..<300).contains(response.status) {
            let status: LibraryStatus = try Self.decode(response)
            knownIdentifier.withLock { $0 = status.identifier }
        } else if !ServiceProblem.isApplicationWithoutAccess(response) {
            throw ServiceProblem.error(response)
        }
    }

    /// Where verified resource bytes are kept: `$XDG_CACHE_HOME/photokit-served/<library identifier>`
    /// (`$PHOTOKIT_SERVED_CACHE/<library identifier>` when that is set: the test command's own folder).
    func resourceCacheDirectory() throws(LibraryError) -> URL {
        Self.cacheRoot.appendingPathComponent(try libraryIdentifier(), isDirectory: true)
    }

    private static var cacheRoot: URL {
        if let root = ProcessInfo.processInfo.environment["PHOTOKIT_SERVED_CACHE"], !root.isEmpty { return URL(fileURLWithPath: root, isDirectory: true) }
        let caches = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return caches.appendingPathComponent("photokit-served", isDirectory: true)
    }

    /// The local cache (`imaging/` beside the downloaded resources): derivatives and video posters made here from
    /// downloaded files. Everything in it is named by content, so a library whose identifier is not known yet (an
    /// application not let in) shares one under `unknown`.
    public var imagingDirectory: URL {
        let identifier = (try? libraryIdentifier()) ?? "unknown"
        return Self.cacheRoot.appendingPathComponent(identifier, isDirectory: true).appendingPathComponent("imaging", isDirectory: true)
    }

    /// The local cache, not the library's: derivatives come from the service (`storedDerivative`).
    public var ownsImagingDirectory: Bool { false }

    /// `GET /api/photokit/assets/{row}/derivatives/{kind}?contentKey=`: the service's stored derivative, nil when
    /// it has none (404).
    public func storedDerivative(assetRowID: Int64, contentKey: String, kind: String) throws(LibraryError) -> Data? {
        guard contentKey.allSatisfy(\.isHexDigit), kind.allSatisfy(\.isLetter) else { return nil }
        let response = try Self.sendAllowingProblems(client, token: token, .GET,
                                                     "/api/photokit/assets/\(assetRowID)/derivatives/\(kind)?contentKey=\(contentKey)",
                                                     timeoutSeconds: 60)
        if response.status == 404 { return nil }
        guard (200..<300).contains(response.status) else { throw ServiceProblem.error(response) }
        return response.body
    }

    // MARK: LibraryBackend

    public func libraryIdentifier() throws(LibraryError) -> String {
        if let known = knownIdentifier.withLock({ $0 }) { return known }
        let status: LibraryStatus = try get("/api/photokit/library")
        knownIdentifier.withLock { $0 = status.identifier }
        return status.identifier
    }

    /// In-order reads fetch 1,024 records per request.
    public var sequentialReadCount: Int { 1024 }

    public func currentChangeToken() throws(LibraryError) -> Int64 {
        let status: LibraryStatus = try get("/api/photokit/library")
        return status.token
    }

    /// How many asset records come with a fetch's ids: one batch of `PHFetchResult`.
    static let firstRecordCount = 32

    /// How many ids a fetch's answer carries; a larger fetch's other ids follow when read or kept (`PagedRowIDs`).
    /// 4,096, or `$PHOTOS_SERVED_FIRST_PAGE` (the test command runs the served suites with a tiny first page, so
    /// that every fetch there arrives in pages).
    static let firstPageCount = ProcessInfo.processInfo.environment["PHOTOS_SERVED_FIRST_PAGE"].flatMap { Int($0) }.map { max(1, $0) } ?? 4_096

    public func fetchRowIDs(_ query: ObservedQuery) throws(LibraryError) -> FetchedRowIDs {
        // The first batch of asset records comes with the ids (one round trip for a fetch and its first object).
        let records = if case .assets = query { "&records=\(Self.firstRecordCount)" } else { "" }
        let response = try send(.POST, "/api/photokit/fetch?page=\(Self.firstPageCount)\(records)", body: try encode(query))
        var idBytes = response.body, firstAssets: [AssetRecord] = []
        if let text = response.headers["X-Row-IDs"].first {
            guard let count = Int(text), count >= 0, count <= response.body.count / 8 else {
                throw LibraryError(.io, "The photo library service answered a fetch with a wrong X-Row-IDs")
            }
            idBytes = response.body.prefix(count * 8)
            firstAssets = try PackedAssetRecords.decode(response.body.dropFirst(count * 8))
        }
        guard let ids = RowIDBytes.decode(idBytes), let token = response.headers["X-Change-Token"].first.flatMap({ Int64($0) }),
              firstAssets.count <= ids.count, zip(firstAssets, ids).allSatisfy({ $0.rowID == $1 }) else {
            throw LibraryError(.io, "The photo library service answered a fetch with malformed row ids")
        }
        guard let snapshot = response.headers["X-Fetch-Snapshot"].first,
              snapshot.allSatisfy({ $0.isHexDigit || $0 == "-" }), !snapshot.isEmpty,
              let count = response.headers["X-Fetch-Count"].first.flatMap({ Int($0) }) else {
            var fetched = FetchedRowIDs(list: RowIDList(ids), token: token)
            fetched.firstAssets = firstAssets
            return fetched
        }
        guard count > ids.count else {
            throw LibraryError(.io, "The photo library service answered a fetch of \(count) ids with \(ids.count) of them")
        }
        // The ids are held in memory (8 bytes each): a count no library reaches is a lying answer, refused before
        // anything is allocated for it.
        guard count <= Self.maximumFetchCount else {
            throw LibraryError(.io, "The photo library service answered a fetch of \(count) objects, more than the \(Self.maximumFetchCount) a served fetch may hold")
        }
        let paged = PagedRowIDs(count: count, firstPage: ids) { [weak self] range throws(LibraryError) -> [Int64] in
            guard let self else { throw LibraryError(.libraryUnavailable, "The served library was closed") }
            return try self.remainingIDs(of: snapshot, range)
        } release: { [weak self] in
            // Dropped before its rest was needed: the service may forget the fetch now rather than in an hour.
            guard let library = self else { return }
            DispatchQueue.global(qos: .utility).async { _ = try? library.send(.DELETE, "/api/fetches/\(snapshot)") }
        }
        var fetched = FetchedRowIDs(list: RowIDList(paged: paged), token: token)
        fetched.firstAssets = firstAssets
        return fetched
    }

    /// The ids of a kept fetch at `range`, after which the service may forget it.
    private func remainingIDs(of snapshot: String, _ range: Range<Int>) throws(LibraryError) -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(range.count)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let count = min(1 << 22, range.upperBound - offset)
            let response = try send(.GET, "/api/photokit/fetches/\(snapshot)/ids?offset=\(offset)&count=\(count)")
            guard let chunk = RowIDBytes.decode(response.body), chunk.count == count else {
                throw LibraryError(.io, "The photo library service sent malformed row ids for a kept fetch")
            }
            ids += chunk
            offset += count
        }
        _ = try? send(.DELETE, "/api/fetches/\(snapshot)")
        return ids
    }

    public func orderedAssets(rowIDs: [Int64]) throws(LibraryError) -> [AssetRecord] {
        guard !rowIDs.isEmpty else { return [] }
        let response = try send(.POST, "/api/photokit/assets", body: RowIDBytes.encode(rowIDs), contentType: "application/octet-stream")
        let records = try PackedAssetRecords.decode(response.body)
        guard records.count == rowIDs.count else { throw LibraryError(.io, "The photo library service answered with \(records.count) of \(rowIDs.count) assets") }
        return records
    }

    public func assetRecords(rowIDs: [Int64]) throws(LibraryError) -> [Int64: AssetRecord] {
        var found: [Int64: AssetRecord] = [:]
        for record in try orderedAssets(rowIDs: rowIDs) where !record.identifier.isEmpty { found[record.rowID] = record }
        return found
    }

    public func collectionRecords(rowIDs: [Int64]) throws(LibraryError) -> [Int64: CollectionRecord] {
        guard !rowIDs.isEmpty else { return [:] }
        let records: [CollectionRecord] = try post("/api/photokit/collections", rowIDs: rowIDs)
        return Dictionary(records.map { ($0.rowID, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func countAssets(rowIDs: [Int64], mediaType: MediaType) throws(LibraryError) -> Int {
        let answer: [String: Int] = try post("/api/photokit/count?mediaType=\(mediaType.rawValue)", rowIDs: rowIDs)
        return answer["count"] ?? 0
    }

    public func countOfAssets(inCollection collectionRowID: Int64) throws(LibraryError) -> Int {
        let answer: [String: Int] = try get("/api/photokit/collections/\(collectionRowID)/count")
        return answer["count"] ?? 0
    }

    public func resources(assetRowID: Int64) throws(LibraryError) -> [ResourceRecord] {
        try get("/api/photokit/assets/\(assetRowID)/resources")
    }


    /// The most objects one served fetch may hold (100 million: 800 MB of ids).
    public static let maximumFetchCount = 100_000_000

    /// The largest total of resource bytes one change batch may carry to the service (they travel in its body).
    public static let maximumBatchBytes: Int64 = 64 << 20

    /// Sends the batch; once it committed, source files of resources marked `moveSourceFile` and the rendered files
    /// of content edits (moved into the library, as with a directory) are removed here.
    public func apply(_ batch: ChangeBatch) throws(LibraryError) -> ChangeOutcome {
        let carried = batch.carriedSources.reduce(Int64(0)) { $0 + $1.byteCount }
        guard carried <= Self.maximumBatchBytes else {
            throw LibraryError(.changeNotSupported, "A change to a served library carries at most \(Self.maximumBatchBytes >> 20) MiB of files; this one carries \(carried >> 20) MiB")
        }
        let outcome: ChangeOutcome = try post("/api/photokit/changes", try encode(ChangeRequest(operations: batch.operations)))
        for operation in batch.operations {
            switch operation {
            case .createAsset(let asset):
                for resource in asset.resources where resource.moveSourceFile {
                    if case .file(let url) = resource.source { try? FileManager.default.removeItem(at: url) }
                }
            case .editContent(let edit):
                // Rendered output moves into the library, as with a directory: the local file goes once it is sent.
                for case .file(let url) in [edit.rendered] + (edit.renderedPairedVideo.map { [$0] } ?? []) { try? FileManager.default.removeItem(at: url) }
            default:
                break
            }
        }
        return outcome
    }

    public func changeLogEntries(after token: Int64, limit: Int) throws(LibraryError) -> [ChangeLogEntry] {
        var entries: [ChangeLogEntry] = []
        var after = token
        while entries.count < limit {
            let page: HistoryPage = try get("/api/photokit/history?after=\(after)&limit=\(min(5000, limit - entries.count))")
            guard let last = page.last else { break }
            entries += page.entries
            after = last
        }
        return entries
    }

    public func computeDiff(_ query: ObservedQuery, before: [Int64], since token: Int64) -> FetchDiff? {
        guard let body = try? WireFrame.encode(ObservedFetch(query: query, token: token, before: before)),
              let response = try? send(.POST, "/api/photokit/diff", body: body, contentType: WireFrame.contentType) else { return nil }
        return (try? WireFrame.decode(FetchDiff?.self, from: response.body)) ?? nil
    }

    public func assetIdentifiers(forCloudIdentities cloudIdentities: [String]) throws(LibraryError) -> [String: [String]] {
        try post("/api/photokit/cloud-identities/assets", try encode(cloudIdentities))
    }

    public func cloudIdentities(forAssets localIdentifiers: [String]) throws(LibraryError) -> [String: String?] {
        try post("/api/photokit/cloud-identities", try encode(localIdentifiers))
    }

    public func monitorChanges(after token: Int64, queue: DispatchQueue, fetches: @escaping @Sendable () -> [ObservedFetch],
                               deliver: @escaping @Sendable (PreparedChange) -> Void) -> any ChangeMonitoring {
        ServedChangeMonitor(library: self, after: token, queue: queue, fetches: fetches, deliver: deliver)
    }

    /// The next change after `token`, prepared for `fetches`; waits up to `timeout` seconds for one.
    func nextChange(after token: Int64, fetches: @Sendable () -> [ObservedFetch], timeout: Int) throws(LibraryError) -> PreparedChange? {
        let waited: [String: Int64] = try get("/api/photokit/wait?after=\(token)&timeout=\(timeout)", timeoutSeconds: Int64(timeout) + 30)
        guard let now = waited["token"], now > token else { return nil }
        let body: Data
        do { body = try WireFrame.encode(PrepareRequest(after: token, fetches: fetches())) } catch {
            throw LibraryError(.changeNotSupported, "Cannot send this to a served library: \(error)")
        }
        let response = try send(.POST, "/api/photokit/prepare", body: body, contentType: WireFrame.contentType)
        do { return try WireFrame.decode(PreparedChange?.self, from: response.body) } catch {
            throw LibraryError(.io, "The photo library service answered with a frame this library cannot read: \(error)")
        }
    }

    // MARK: Requests

    private func get<T: Decodable>(_ path: String, timeoutSeconds: Int64 = 120) throws(LibraryError) -> T {
        try Self.decode(try send(.GET, path, timeoutSeconds: timeoutSeconds))
    }

    /// POSTs `body` (JSON unless another type is given) and decodes the JSON answer.
    private func post<T: Decodable>(_ path: String, _ body: Data, contentType: String = "application/json") throws(LibraryError) -> T {
        try Self.decode(try send(.POST, path, body: body, contentType: contentType))
    }

    /// POSTs packed row ids and decodes the JSON answer.
    private func post<T: Decodable>(_ path: String, rowIDs: [Int64]) throws(LibraryError) -> T {
        try post(path, RowIDBytes.encode(rowIDs), contentType: "application/octet-stream")
    }

    private func encode(_ value: some Encodable) throws(LibraryError) -> Data {
        do { return try WireJSON.encode(value) } catch {
            throw LibraryError(.changeNotSupported, "Cannot send this to a served library: \(error)")
        }
    }

    private func send(_ method: HTTPMethod, _ path: String, body: Data? = nil, contentType: String = "application/json",
                      timeoutSeconds: Int64 = 120) throws(LibraryError) -> ServiceHTTPClient.Response {
        try Self.send(client, token: token, method, path, body: body, contentType: contentType, timeoutSeconds: timeoutSeconds)
    }

    /// One request with the caller's token; a transport failure is `.libraryUnavailable`, a problem answer the core
    /// error it names.
    static func send(_ client: ServiceHTTPClient, token: String?, _ method: HTTPMethod, _ path: String, body: Data? = nil,
                             contentType: String = "application/json", headers extra: [(String, String)] = [],
                             timeoutSeconds: Int64) throws(LibraryError) -> ServiceHTTPClient.Response {
        var response = try sendAllowingProblems(client, token: token, method, path, body: body, contentType: contentType, headers: extra,
                                                timeoutSeconds: timeoutSeconds)
        // Refused by the rate limit before anything ran: wait as told (up to 10 s) and ask once more.
        if response.status == 429 {
            let seconds = response.headers["Retry-After"].first.flatMap { Int($0) } ?? 1
            Thread.sleep(forTimeInterval: TimeInterval(min(max(seconds, 1), 10)))
            response = try sendAllowingProblems(client, token: token, method, path, body: body, contentType: contentType, headers: extra,
                                                timeoutSeconds: timeoutSeconds)
        }
        guard (200..<300).contains(response.status) else { throw ServiceProblem.error(response) }
        return response
    }

    /// One request with the caller's token, whatever the status of its answer; a transport failure is
    /// `.libraryUnavailable`.
    static func sendAllowingProblems(_ client: ServiceHTTPClient, token: String?, _ method: HTTPMethod, _ path: String, body: Data? = nil,
                                     contentType: String = "application/json", headers extra: [(String, String)] = [],
                                     timeoutSeconds: Int64) throws(LibraryError) -> ServiceHTTPClient.Response {
        var headers: [(String, String)] = extra
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if body != nil { headers.append(("Content-Type", contentType)) }
        do {
            return try client.send(method, path, headers: headers, body: body, timeout: .seconds(timeoutSeconds))
        } catch {
            throw LibraryError(.libraryUnavailable, "\(error)")
        }
    }

    static func decode<T: Decodable>(_ response: ServiceHTTPClient.Response) throws(LibraryError) -> T {
        do { return try WireJSON.decode(T.self, from: response.body) } catch {
            throw LibraryError(.io, "The photo library service answered with JSON this library cannot read: \(error)")
        }
    }
}

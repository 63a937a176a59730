import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// The PhotoKit back end (`/api/photokit/…`): the core's own operations for a `PHPhotoLibrary` opened on
    /// this service (`ServedLibrary`) — fetch snapshots (ordered row ids as little-endian 64-bit integers), records
    /// by row (assets packed: `PackedAssetRecords`), counts, resources and their bytes, change batches, change-log entries, fetch diffs and prepared
    /// changes, and a long poll for the next change. Queries arrive in source form and are compiled here; every
    /// read goes through the caller's `ReadScope` (an application sees only what its grant shows; anything else
    /// is absent or 404, as unknown), every change through its `ActingApp` / `ActingAccount` rule.
    func addPhotoKitRoutes(to router: Router<APIContext>) {
        router.get("/api/photokit/library") { _, context -> Response in
            _ = try context.requireAccount()
            return try Self.wire(LibraryStatus(identifier: try self.library.libraryIdentifier(), token: try self.library.currentChangeToken()))
        }

        router.post("/api/photokit/fetch") { request, context -> Response in
            let account = try context.requireAccount()
            let page = try Self.intParameter(request, "page", default: 0, range: 0...(1 << 24))
            let recordCount = try Self.intParameter(request, "records", default: 0, range: 0...1024)
            let query = try self.scoped(try await Self.wireBody(ObservedQuery.self, request, limit: 16 << 20), context.readScope)
            let library = self.library, scope = context.readScope
            let (fetched, records) = try await Offload.run { () throws(LibraryError) -> (FetchedRowIDs, Data?) in
                let fetched = try library.fetchRowIDs(query)
                guard recordCount > 0, case .assets = query else { return (fetched, nil) }
                let rows = Array(fetched.list.prefix(page > 0 ? min(recordCount, page) : recordCount))   // never beyond the ids sent
                return (fetched, PackedAssetRecords.encode(try Self.visibleAssetRecords(rows, library, scope)))
            }
            guard page > 0, fetched.list.count > page else {
                return Self.rowIDs(fetched.list, in: 0..<fetched.list.count, token: fetched.token, records: records)
            }
            // A large fetch answers with its first page; the rest is kept as a fetch snapshot, read with
            // `GET /api/photokit/fetches/{id}/ids` and dropped with `DELETE /api/fetches/{id}`.
            let entity: FetchSnapshot.Entity
            if case .assets = query { entity = .assets } else { entity = .collections }
            let snapshot = FetchSnapshot(id: FetchSnapshotStore.newID(), ownerID: account.rowID, entity: entity, query: query,
                                         rowIDs: fetched.list, token: fetched.token, lastUsed: Date())
            self.snapshots.insert(snapshot)
            var response = Self.rowIDs(fetched.list, in: 0..<page, token: fetched.token, records: records)
            response.headers[.init("X-Fetch-Count")!] = String(fetched.list.count)
            response.headers[.init("X-Fetch-Snapshot")!] = snapshot.id
            return response
        }

        router.get("/api/photokit/fetches/:fetch/ids") { request, context -> Response in
            let snapshot = try self.snapshot(context)
            let offset = try Self.intParameter(request, "offset", default: 0, range: 0...Int(Int32.max))
            let count = try Self.intParameter(request, "count", default: 1 << 20, range: 0...(1 << 24))
            let ids = snapshot.rowIDs
            return Self.rowIDs(ids, in: min(offset, ids.count)..<min(ids.count, offset + count), token: snapshot.token)
        }

        router.post("/api/photokit/assets") { request, context -> Response in
            _ = try context.requireAccount()
            let rows = try await Self.rowIDBody(request)
            let library = self.library, scope = context.readScope
            let records = try await Offload.run { () throws(LibraryError) -> [AssetRecord] in try Self.visibleAssetRecords(rows, library, scope) }
            return Response(status: .ok, headers: [.contentType: PackedAssetRecords.contentType],
                            body: .init(byteBuffer: ByteBuffer(bytes: PackedAssetRecords.encode(records))))
        }

        router.post("/api/photokit/collections") { request, context -> Response in
            _ = try context.requireAccount()
            let rows = try await Self.rowIDBody(request)
            let library = self.library, scope = context.readScope
            let records = try await Offload.run { () throws(LibraryError) -> [CollectionRecord] in
                let found = try library.collections(rowIDs: rows)
                let visible = scope == .everything ? Set(found.keys) : try library.collectionRows(found.keys, visibleIn: scope)
                return found.values.filter { visible.contains($0.rowID) }
            }
            return try Self.wire(records)
        }

        router.post("/api/photokit/count") { request, context -> Response in
            _ = try context.requireAccount()
            let raw = try Self.intParameter(request, "mediaType", default: 0, range: 0...3)
            let rows = try await Self.rowIDBody(request)
            let library = self.library, scope = context.readScope
            let count = try await Offload.run { () throws(LibraryError) -> Int in
                let visible = scope == .everything ? rows : rows.filter(try library.assetRows(rows, visibleIn: scope).contains)
                return try library.countAssets(rowIDs: visible, mediaType: MediaType(rawValue: raw) ?? .unknown)
            }
            return try Self.wire(["count": count])
        }

        router.get("/api/photokit/collections/:row/count") { _, context -> Response in
            _ = try context.requireAccount()
            let row = try Self.rowParameter(context)
            guard try !self.library.collectionRows([row], visibleIn: context.readScope).isEmpty else { throw Problem.notFound("No collection \(row)") }
            return try Self.wire(["count": try self.library.assetCount(collectionRowID: row, readScope: context.readScope)])
        }

        router.get("/api/photokit/assets/:row/resources") { _, context -> Response in
            _ = try context.requireAccount()
            let row = try self.visibleAsset(context)
            return try Self.wire(try self.library.resources(assetRowID: row))
        }

        router.get("/api/photokit/assets/:row/resources/:resource") { request, context -> Response in
            _ = try context.requireAccount()
            let row = try self.visibleAsset(context)
            guard let number = context.parameters.get("resource").flatMap({ Int64($0) }),
                  let resource = try self.library.resources(assetRowID: row).first(where: { $0.rowID == number }) else {
                throw Problem.notFound("No such resource of asset \(row)")
            }
            return try FileResponses.file(at: self.library.fileURL(for: resource), etag: resource.sha256, contentType: "application/octet-stream",
                                          request: request, cacheControl: "private, max-age=31536000, immutable")
        }

        // A derivative the service keeps for one of the asset's renditions (named by its content key, which must
        // be one of the asset's resources), or a movie's poster: 404 when none is kept, so the client makes its own.
        router.get("/api/photokit/assets/:row/derivatives/:kind") { request, context -> Response in
            _ = try context.requireAccount()
            let row = try self.visibleAsset(context)
            let name = context.parameters.get("kind") ?? ""
            let kind = DerivativeKind(rawValue: name)
            guard kind != nil || name == VideoPosters.servedKind else { throw Problem.notFound("No such derivative kind") }
            let contentKey = request.uri.queryParameters["contentKey"].map(String.init) ?? ""
            guard try self.library.resources(assetRowID: row).contains(where: { $0.sha256 == contentKey }),
                  let url = kind.map({ self.imaging.store.existing(contentKey: contentKey, kind: $0) }) ?? self.imaging.store.existing(posterOf: contentKey) else {
                throw Problem.notFound("No \(name) is kept for this version of asset \(row)")
            }
            return try FileResponses.file(at: url, etag: "\(contentKey)-\(name)", contentType: "image/jpeg",
                                          request: request, cacheControl: "private, max-age=31536000, immutable")
        }

        router.post("/api/photokit/changes") { request, context -> Response in
            let account = try context.requireWriter()
            let operations = try await Self.wireBody(ChangeRequest.self, request, limit: 128 << 20).operations
            try ChangeAudit.requirePermission(operations, of: account)
            let batch = ChangeBatch(operations: operations, audit: ChangeAudit.entries(for: operations, by: account),
                                    actingAccount: context.actingAccount, actingApp: context.actingApp)
            let library = self.library, finalBatch = batch
            let outcome = try await Offload.run { () throws(LibraryError) -> ChangeOutcome in try library.apply(finalBatch) }
            ImagingContext.libraryDidCommit(library, outcome: outcome)
            return try Self.wire(outcome)
        }

        router.get("/api/photokit/history") { request, context -> Response in
            _ = try context.requireAccount()
            let after = try Self.historyToken(request.uri.queryParameters["after"])
            let limit = try Self.intParameter(request, "limit", default: 500, range: 1...5000)
            let entries = try self.library.changeLogEntries(after: after, limit: limit)
            return try Self.wire(HistoryPage(entries: try self.library.entries(entries, visibleIn: context.readScope), last: entries.last?.token))
        }

        router.post("/api/photokit/diff") { request, context -> Response in
            _ = try context.requireAccount()
            var fetch = try await Self.wireBody(ObservedFetch.self, request, limit: 128 << 20)
            fetch.query = try self.scoped(fetch.query, context.readScope)
            let library = self.library, observed = fetch
            let diff = await Offload.run { library.computeDiff(observed.query, before: observed.before, since: observed.token) }
            return try Self.wire(diff, framed: Self.isFramed(request))
        }

        router.post("/api/photokit/prepare") { request, context -> Response in
            _ = try context.requireAccount()
            var body = try await Self.wireBody(PrepareRequest.self, request, limit: 256 << 20)
            for index in body.fetches.indices { body.fetches[index].query = try self.scoped(body.fetches[index].query, context.readScope) }
            let library = self.library, prepareRequest = body, scope = context.readScope
            let prepared = try await Offload.run { () throws(LibraryError) -> PreparedChange? in
                try library.prepareChange(after: prepareRequest.after, fetches: prepareRequest.fetches, visibleIn: scope)
            }
            return try Self.wire(prepared, framed: Self.isFramed(request))
        }

        router.get("/api/photokit/wait") { request, context -> Response in
            _ = try context.requireAccount()
            let after = try Self.historyToken(request.uri.queryParameters["after"])
            let seconds = try Self.intParameter(request, "timeout", default: 25, range: 0...60)
            let (subscription, events) = self.broadcaster.subscribe(fetches: [])
            defer { self.broadcaster.unsubscribe(subscription) }
            if try self.library.currentChangeToken() <= after, seconds > 0 {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { for await event in events { if case .change = event { return } } }
                    group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
                    await group.next()
                    group.cancelAll()
                }
            }
            return try Self.wire(["token": try self.library.currentChangeToken()])
        }

        router.post("/api/photokit/cloud-identities") { request, context -> Response in
            _ = try context.requireAccount()
            let identifiers = try await Self.wireBody([String].self, request, limit: 16 << 20)
            let visible = try self.visibleIdentifiers(identifiers, context.readScope)
            return try Self.wire(try self.library.cloudIdentities(forAssets: identifiers.filter(visible.contains)))
        }

        router.post("/api/photokit/cloud-identities/assets") { request, context -> Response in
            _ = try context.requireAccount()
            let cloud = try await Self.wireBody([String].self, request, limit: 16 << 20)
            var found = try self.library.assetIdentifiers(forCloudIdentities: cloud)
            if context.readScope != .everything {
                let visible = try self.visibleIdentifiers(found.values.flatMap { $0 }, context.readScope)
                found = found.mapValues { $0.filter(visible.contains) }
            }
            return try Self.wire(found)
        }
    }

    /// The query as `scope` may run it: the reader's scope set, and a collection or asset it starts from
    /// checked to be visible (404 otherwise, as an unknown one).
    private func scoped(_ query: ObservedQuery, _ scope: ReadScope) throws -> ObservedQuery {
        switch query {
        case .assets(var query):
            query.readScope = scope
            if case .collection(let row) = query.scope, try library.collectionRows([row], visibleIn: scope).isEmpty {
                throw Problem.notFound("No collection \(row)")
            }
            return .assets(query)
        case .collections(var query):
            query.readScope = scope
            switch query.scope {
            case .children(let row), .listsContaining(let row), .momentLists(_, let row?):
                if try library.collectionRows([row], visibleIn: scope).isEmpty { throw Problem.notFound("No collection \(row)") }
            case .containingAsset(let row, _):
                if try library.assetRows([row], visibleIn: scope).isEmpty { throw Problem.notFound("No asset \(row)") }
            default: break
            }
            return .collections(query)
        }
    }

    /// The asset row of the `:row` parameter, when the caller may see it.
    private func visibleAsset(_ context: APIContext) throws -> Int64 {
        let row = try Self.rowParameter(context)
        guard try !library.assetRows([row], visibleIn: context.readScope).isEmpty else { throw Problem.notFound("No asset \(row)") }
        return row
    }

    private func visibleIdentifiers(_ identifiers: [String], _ scope: ReadScope) throws -> Set<String> {
        guard scope != .everything else { return Set(identifiers) }
        let rows = try library.assetRowIDs(identifiers: identifiers)
        let visible = try library.assetRows(rows, visibleIn: scope)
        return Set(try library.assets(rowIDs: visible).values.map(\.identifier))
    }

    private static func rowParameter(_ context: APIContext) throws -> Int64 {
        guard let row = context.parameters.get("row").flatMap({ Int64($0) }) else { throw Problem.badRequest("A row id is an integer") }
        return row
    }

    /// `value` as JSON, or as a `WireFrame` (row-id lists beside the JSON) when `framed`.
    static func wire(_ value: some Encodable, framed: Bool = false) throws -> Response {
        let bytes = framed ? try WireFrame.encode(value) : try WireJSON.encode(value)
        return Response(status: .ok, headers: [.contentType: framed ? WireFrame.contentType : "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Whether the request's body is a `WireFrame` (and so wants its answer framed too).
    static func isFramed(_ request: Request) -> Bool {
        request.headers[.contentType].map { $0.hasPrefix(WireFrame.contentType) } ?? false
    }

    /// The body as JSON, or as a `WireFrame` when its content type says so.
    static func wireBody<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int) async throws -> T {
        let bytes = try await request.body.collect(upTo: limit)
        do {
            return isFramed(request) ? try WireFrame.decode(type, from: Data(buffer: bytes)) : try WireJSON.decode(type, from: Data(buffer: bytes))
        } catch let error as DecodingError {
            throw Problem.badRequest("The request body is not valid for this endpoint: \(JSONBody.describe(error))")
        } catch let error as LibraryError {
            throw Problem.badRequest("The request body is not valid for this endpoint: \(error.message)")
        }
    }

    static func rowIDBody(_ request: Request) async throws -> [Int64] {
        let bytes = try await request.body.collect(upTo: 64 << 20)
        guard let rows = RowIDBytes.decode(Data(buffer: bytes)) else { throw Problem.badRequest("Row ids are little-endian 64-bit integers, 8 bytes each") }
        return rows
    }

    /// The ids at `range` of `list`, packed; with `records`, packed asset records follow them in the body and
    /// `X-Row-IDs` says how many ids come first.
    static func rowIDs(_ list: RowIDList, in range: Range<Int>, token: Int64, records: Data? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/octet-stream", .init("X-Change-Token")!: String(token)]
        var bytes = RowIDBytes.encode(list, in: range)
        if let records {
            headers[.init("X-Row-IDs")!] = String(range.count)
            bytes.append(records)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The records of `rows` in order, those the reader may not see as vanished.
    static func visibleAssetRecords(_ rows: [Int64], _ library: Library, _ scope: ReadScope) throws(LibraryError) -> [AssetRecord] {
        let records = try library.orderedAssets(rowIDs: rows)
        guard scope != .everything else { return records }
        let visible = try library.assetRows(rows, visibleIn: scope)
        return records.map { visible.contains($0.rowID) ? $0 : .vanished(rowID: $0.rowID) }
    }
}

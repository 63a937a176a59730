import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// Fetches as server-side snapshots: `POST /api/fetches` makes one (its count and change token),
    /// `GET /api/fetches/{id}?offset=&limit=` reads a page of objects by index, `GET /api/fetches/{id}/index?identifier=`
    /// finds an object's index, `DELETE /api/fetches/{id}` drops it.
    func addFetchRoutes(to router: Router<APIContext>) {
        router.post("/api/fetches") { request, context -> Response in
            let account = try context.requireAccount()
            let body = try await JSONBody.decode(FetchRequestBody.self, from: request, context: context)
            let query = try body.query(in: self.library, readScope: context.readScope)
            let (ids, token): ([Int64], Int64)
            switch query {
            case .assets(let q): (ids, token) = try self.library.assetSnapshot(q)
            case .collections(let q): (ids, token) = try self.library.collectionSnapshot(q)
            }
            let snapshot = FetchSnapshot(id: FetchSnapshotStore.newID(), ownerID: account.rowID, entity: body.entity, query: query,
                                         rowIDs: RowIDList(ids), token: token, lastUsed: Date())
            self.snapshots.insert(snapshot)
            return try JSONBody.response(FetchJSON(id: snapshot.id, entity: body.entity, count: ids.count, changeToken: token), status: .created)
        }

        router.get("/api/fetches/:fetch") { request, context -> Response in
            let snapshot = try self.snapshot(context)
            let offset = try Self.intParameter(request, "offset", default: 0, range: 0...Int(Int32.max))
            let limit = try Self.intParameter(request, "limit", default: 200, range: 1...1000)
            let page = Array(snapshot.rowIDs.dropFirst(offset).prefix(limit))
            switch snapshot.entity {
            case .assets:
                // The hot path (timelines): written by hand, the same JSON JSONEncoder would write. The array of
                // records is the same for the same ids at the same library state, whoever asks (every client that
                // opens the timeline reads the same first page): it is kept by ids and change token.
                var out = JSONOutput(capacity: 800 * page.count + 256)
                out.raw("{"); out.key("assets", first: true)
                let key = try PageCache.key(ids: page, token: self.library.currentChangeToken())
                if let cached = self.pages.get(key) {
                    out.bytes.append(contentsOf: cached.data)
                } else {
                    let start = out.bytes.count
                    let records = try self.library.assets(rowIDs: page)
                    out.raw("[")
                    var first = true
                    for id in page {
                        guard let record = records[id] else { continue }
                        if !first { out.raw(",") }
                        first = false
                        AssetJSON(record).write(to: &out)
                    }
                    out.raw("]")
                    self.pages.put(key, ImageCache.Entry(etag: "", data: Data(out.bytes[start...])))
                }
                out.key("changeToken"); out.integer(snapshot.token)
                out.key("count"); out.integer(snapshot.rowIDs.count)
                out.key("entity"); out.string(snapshot.entity.rawValue)
                out.key("fetch"); out.string(snapshot.id)
                out.key("offset"); out.integer(offset)
                out.raw("}")
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: out.bytes)))
            case .collections:
                let records = try self.library.collections(rowIDs: page)
                var collections: [CollectionJSON] = []
                for id in page {
                    guard let record = records[id] else { continue }
                    collections.append(try self.collectionJSON(record, rowID: id, readScope: context.readScope))
                }
                return try JSONBody.response(PageJSON(fetch: snapshot.id, entity: snapshot.entity, count: snapshot.rowIDs.count, offset: offset,
                                                      changeToken: snapshot.token, assets: nil, collections: collections))
            }
        }

        router.get("/api/fetches/:fetch/index") { request, context -> Response in
            let snapshot = try self.snapshot(context)
            guard let identifier = request.uri.queryParameters["identifier"].map(String.init) else {
                throw Problem.badRequest("Query parameter 'identifier' is required")
            }
            let rowID: Int64?
            switch snapshot.entity {
            case .assets: rowID = try self.library.assetRowIDs(identifiers: [try IdentifierPath.asset(identifier)]).first
            case .collections:
                rowID = try self.library.collectionRowIDs(CollectionQuery(scope: .identifiers([try IdentifierPath.collection(identifier)], kind: nil))).first
            }
            let index = rowID.flatMap { snapshot.rowIDs.firstIndex(of: $0) }
            return try JSONBody.response(IndexJSON(index: index))
        }

        router.delete("/api/fetches/:fetch") { _, context -> Response in
            let account = try context.requireAccount()
            guard self.snapshots.remove(try context.parameters.require("fetch"), ownerID: account.rowID) else {
                throw Problem(.notFound, "fetch-expired", "No such fetch")
            }
            return Response(status: .noContent)
        }
    }

    /// The caller's snapshot named in the path, or 404 `fetch-expired`.
    func snapshot(_ context: APIContext) throws -> FetchSnapshot {
        let account = try context.requireAccount()
        let id = try context.parameters.require("fetch")
        guard let snapshot = snapshots.get(id, ownerID: account.rowID) else {
            throw Problem(.notFound, "fetch-expired", "The fetch \(id.prefix(40)) is unknown or expired: fetch again")
        }
        return snapshot
    }
}

struct FetchJSON: Codable {
    var id: String
    var entity: FetchSnapshot.Entity
    var count: Int
    var changeToken: Int64
}

struct PageJSON: Codable {
    var fetch: String
    var entity: FetchSnapshot.Entity
    var count: Int
    var offset: Int
    var changeToken: Int64
    var assets: [AssetJSON]?
    var collections: [CollectionJSON]?
}

struct IndexJSON: Codable {
    /// The object's index in the fetch, or null when the fetch does not hold it.
    var index: Int?
}

import Foundation
import Hummingbird
import PhotoLibrary
import Synchronization

extension PhotosService {
    /// Read-only album links: members make them (`POST /api/collections/{album}/links`, optional expiry and
    /// password), list them, and revoke them (`DELETE /api/links/{id}`: the maker or an admin). Whoever holds a
    /// link's secret reads, with no account, only that album: `GET /api/shared/{secret}` (the album and its count),
    /// `/api/shared/{secret}/assets` (pages), and each member asset's record, picture and files. Anything outside
    /// the album is 404, exactly as if it did not exist. A password-protected link needs `X-Link-Password`.
    func addSharedLinkRoutes(to router: Router<APIContext>) {
        router.post("/api/collections/:collection/links") { request, context -> Response in
            let account = try context.requireWriter()
            let album = try IdentifierPath.collection(try context.parameters.require("collection"))
            let body = try await JSONBody.decode(NewLinkBody.self, from: request, context: context)
            try body.validate()
            var hash: String?
            if let password = body.password { hash = await self.passwords.hash(password) }
            let (secret, link) = try self.library.createSharedLink(
                collectionIdentifier: album, createdBy: account.rowID, lifetime: body.expiresInDays.map { TimeInterval($0) * 86400 }, passwordHash: hash,
                audit: AuditEntry(accountID: account.rowID, username: account.username, action: "link.create", detail: album))
            var json = LinkJSON(link)
            json.secret = secret
            json.url = "/api/shared/\(secret)"
            return try JSONBody.response(json, status: .created)
        }

        router.get("/api/collections/:collection/links") { _, context -> Response in
            _ = try context.requireWriter()
            let album = try IdentifierPath.collection(try context.parameters.require("collection"))
            return try JSONBody.response(["links": try self.library.sharedLinks(collectionIdentifier: album).map(LinkJSON.init)])
        }

        router.delete("/api/links/:id") { _, context -> Response in
            let account = try context.requireWriter()
            guard let id = Int64(try context.parameters.require("id")) else { throw Problem.badRequest("A link id is a number") }
            let revoked = try self.library.revokeSharedLink(rowID: id, onlyBy: account.role.canAdminister ? nil : account.rowID,
                                                            audit: AuditEntry(accountID: account.rowID, username: account.username, action: "link.revoke", detail: String(id)))
            guard revoked else { throw Problem.notFound("No link \(id) that this account may revoke") }
            self.linkPasswords.forget(id)
            return Response(status: .noContent)
        }

        router.get("/api/shared/:secret") { request, context -> Response in
            let link = try await self.openLink(request, context)
            guard let record = try self.library.collections(rowIDs: [link.collectionID])[link.collectionID] else { throw Problem.notFound("The album no longer exists") }
            var json = CollectionJSON(record)
            json.estimatedAssetCount = try self.library.assetCount(collectionRowID: link.collectionID)
            return try JSONBody.response(json)
        }

        router.get("/api/shared/:secret/assets") { request, context -> Response in
            let link = try await self.openLink(request, context)
            let offset = try Self.intParameter(request, "offset", default: 0, range: 0...Int(Int32.max))
            let limit = try Self.intParameter(request, "limit", default: 200, range: 1...1000)
            let (ids, token) = try self.library.assetSnapshot(AssetQuery(scope: .collection(link.collectionID)))
            let page = Array(ids.dropFirst(offset).prefix(limit))
            let records = try self.library.assets(rowIDs: page)
            let prefix = "/api/shared/\(try context.parameters.require("secret"))"
            return try JSONBody.response(SharedPageJSON(count: ids.count, offset: offset, changeToken: token,
                                                        assets: page.compactMap { records[$0].map { AssetJSON($0, urlPrefix: prefix) } }))
        }

        router.get("/api/shared/:secret/stream") { request, context -> Response in
            let link = try await self.openLink(request, context)
            // The album as a fetch of its own, moved forward by the broadcaster; only its details are sent,
            // never the identifiers of the library-wide change (they would name assets outside the album).
            let (ids, token) = try self.library.assetSnapshot(AssetQuery(scope: .collection(link.collectionID)))
            let snapshot = FetchSnapshot(id: FetchSnapshotStore.newID(), ownerID: -link.rowID, entity: .assets,
                                         query: .assets(AssetQuery(scope: .collection(link.collectionID))), rowIDs: RowIDList(ids), token: token, lastUsed: Date())
            self.snapshots.insert(snapshot)
            let (subscription, events) = self.broadcaster.subscribe(fetches: [snapshot.id])
            let broadcaster = self.broadcaster, snapshots = self.snapshots
            let behind = Self.sharedStreamIsBehind(lastEventID: request.headers[.init("Last-Event-ID")!], token: token)
            let body = ResponseBody { (writer: inout any ResponseBodyWriter) in
                defer { broadcaster.unsubscribe(subscription); _ = snapshots.remove(snapshot.id, ownerID: -link.rowID) }
                if behind { try await writer.write(SSE.event("reload", id: token, ["detail": "The album changed while you were away: read it again"])) }
                try await writer.write(SSE.event("ready", id: nil, ["changeToken": token, "count": Int64(ids.count)]))
                for await event in events {
                    switch event {
                    case .change(let entry, let details, _):
                        guard let detail = details.first else { continue }
                        try await writer.write(SSE.event("change", id: entry.token, SharedChangeJSON(detail)))
                    case .details(let details):
                        for detail in details { try await writer.write(SSE.event("change", id: detail.changeToken, SharedChangeJSON(detail))) }
                    case .heartbeat:
                        try await writer.write(SSE.comment("keep-alive"))
                    }
                }
                try await writer.write(SSE.event("end", id: nil, ["detail": "The stream ended: reconnect"]))
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
        }

        router.get("/api/shared/:secret/assets/:asset") { request, context -> Response in
            let (asset, prefix) = try await self.sharedAsset(request, context)
            return try JSONBody.response(AssetJSON(asset, urlPrefix: prefix))
        }
        router.get("/api/shared/:secret/assets/:asset/image") { request, context -> Response in
            let (asset, _) = try await self.sharedAsset(request, context)
            return try await self.imageResponse(named: try context.parameters.require("asset"), request: request) { asset }
        }
        router.get("/api/shared/:secret/assets/:asset/resources") { request, context -> Response in
            let (asset, prefix) = try await self.sharedAsset(request, context)
            return try JSONBody.response(["resources": try self.resourceList(asset, urlPrefix: prefix)])
        }
        router.get("/api/shared/:secret/assets/:asset/resources/:index") { request, context -> Response in
            try self.resourceResponse(for: try await self.sharedAsset(request, context).0, index: try context.parameters.require("index"), request: request)
        }
    }

    /// Whether a shared album's stream resumed with a `Last-Event-ID` older than the album's current `token`
    /// (anything that is not a token is no resume).
    static func sharedStreamIsBehind(lastEventID: String?, token: Int64) -> Bool {
        lastEventID.flatMap { Int64($0) }.map { $0 < token } ?? false
    }

    /// The link the path's secret opens, after its password when it has one; 404 for anything else.
    private func openLink(_ request: Request, _ context: APIContext) async throws -> SharedLink {
        let secret = try context.parameters.require("secret")
        guard let link = try library.sharedLink(secret: secret) else {
            throw Problem.notFound("This link does not exist, has expired or was revoked")
        }
        guard let hash = link.passwordHash else { return link }
        guard let password = request.headers[.init("X-Link-Password")!] else {
            throw Problem(.unauthorized, "link-password-required", "This link needs its password in the X-Link-Password header")
        }
        if linkPasswords.isVerified(link.rowID, password) { return link }
        let keys = ["link:\(link.rowID)", "ip:\(context.clientAddress)"]
        if let wait = throttle.retryAfter(keys) {
            var problem = Problem(.tooManyRequests, "too-many-attempts", "Too many wrong passwords; try again in \(wait) s")
            problem.headers[.retryAfter] = String(wait)
            throw problem
        }
        guard await passwords.verify(password, hash: hash) else {
            throw { throttle.recordFailure(keys); return Problem(.unauthorized, "wrong-link-password", "Wrong password for this link") }()
        }
        linkPasswords.remember(link.rowID, password)
        return link
    }

    /// The path's asset when the link's album shows it (else 404: outside the album nothing exists).
    private func sharedAsset(_ request: Request, _ context: APIContext) async throws -> (AssetRecord, String) {
        let link = try await openLink(request, context)
        let notFound = Problem.notFound("No such asset in this shared album")
        guard let asset = try? asset(named: try context.parameters.require("asset")),
              try library.collection(link.collectionID, showsAsset: asset.rowID) else { throw notFound }
        return (asset, "/api/shared/\(try context.parameters.require("secret"))")
    }
}

/// Link passwords checked recently (bcrypt is slow by design; a viewer's page loads dozens of thumbnails).
/// Holds SHA-256 digests of verified passwords for ten minutes.
final class VerifiedLinkPasswords: Sendable {
    private let entries = Mutex<[Int64: (digest: String, until: Date)]>([:])

    func isVerified(_ link: Int64, _ password: String) -> Bool {
        let digest = ContentDigest.sha256Hex(Data(password.utf8))
        return entries.withLock { $0[link].map { $0.digest == digest && $0.until > Date() } ?? false }
    }

    func remember(_ link: Int64, _ password: String) {
        let digest = ContentDigest.sha256Hex(Data(password.utf8))
        entries.withLock { $0[link] = (digest, Date().addingTimeInterval(600)) }
    }

    func forget(_ link: Int64) { entries.withLock { $0[link] = nil } }
}

struct NewLinkBody: StrictBody {
    var expiresInDays: Int?
    var password: String?
    static let fields: Set<String> = ["expiresInDays", "password"]

    /// 400 for an expiry outside 1…3650 days or a password bcrypt cannot take.
    func validate() throws(Problem) {
        if let days = expiresInDays, !(1...3650).contains(days) { throw Problem.badRequest("expiresInDays must be 1 to 3650") }
        if let password { try Passwords.validate(password) }
    }
}

struct LinkJSON: Codable {
    var id: Int64
    var album: String
    var createdDate: Date
    var expiresDate: Date?
    var hasPassword: Bool
    /// Present only in the answer that made the link.
    var secret: String?
    var url: String?
    init(_ link: SharedLink) {
        id = link.rowID; album = link.collectionIdentifier; createdDate = link.createdDate; expiresDate = link.expiresDate
        hasPassword = link.passwordHash != nil
    }
}

/// How a shared album changed: its count and the collection-view details, without the fetch's server id.
struct SharedChangeJSON: Codable, Sendable {
    var count: Int
    var changeToken: Int64
    var incremental: Bool
    var removed: [Int]
    var inserted: [Int]
    var changed: [Int]
    var moves: [FetchDetailsJSON.Move]
    init(_ details: FetchDetailsJSON) {
        count = details.count; changeToken = details.changeToken; incremental = details.incremental
        removed = details.removed; inserted = details.inserted; changed = details.changed; moves = details.moves
    }
}

struct SharedPageJSON: Codable {
    var count: Int
    var offset: Int
    var changeToken: Int64
    var assets: [AssetJSON]
}

import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary
import UniformTypeIdentifiers

extension PhotosService {
    /// Objects and their bytes: `GET /api/assets/{id}`, `GET /api/assets/{id}/image` (stored derivatives or
    /// pictures made for the request, JPEG or WebP: see `PictureQuery`), `GET /api/assets/{id}/resources`,
    /// `GET /api/assets/{id}/resources/{index}` (original bytes, byte ranges, the original file name),
    /// `GET /api/collections/{id}`.
    func addAssetRoutes(to router: Router<APIContext>) {
        router.get("/api/assets/:asset") { _, context -> Response in
            try JSONBody.response(AssetJSON(try self.asset(context)))
        }

        router.get("/api/assets/:asset/image") { request, context -> Response in
            _ = try context.requireAccount()
            let name = try context.parameters.require("asset")
            let scope = context.readScope
            return try await self.imageResponse(named: name, request: request) { try self.asset(named: name, readScope: scope) }
        }

        router.get("/api/assets/:asset/resources") { _, context -> Response in
            let asset = try self.asset(context)
            return try JSONBody.response(["resources": try self.resourceList(asset)])
        }

        router.get("/api/assets/:asset/resources/:index") { request, context -> Response in
            try self.resourceResponse(for: try self.asset(context), index: try context.parameters.require("index"), request: request)
        }

        router.get("/api/collections/:collection") { _, context -> Response in
            _ = try context.requireAccount()
            let identifier = try IdentifierPath.collection(try context.parameters.require("collection"))
            var query = CollectionQuery(scope: .identifiers([identifier], kind: nil))
            query.readScope = context.readScope
            guard let row = try self.library.collectionRowIDs(query).first,
                  let record = try self.library.collections(rowIDs: [row])[row] else { throw Problem.notFound("No collection \(identifier)") }
            var json = CollectionJSON(record)
            if record.kind == .assetCollection { json.estimatedAssetCount = try self.library.assetCount(collectionRowID: row, readScope: context.readScope) }
            return try JSONBody.response(json)
        }
    }

    /// A collection as a page lists it; for an application with a limited selection, an album's count is of
    /// what it may see.
    func collectionJSON(_ record: CollectionRecord, rowID: Int64, readScope: ReadScope) throws -> CollectionJSON {
        var json = CollectionJSON(record)
        if readScope != .everything, json.estimatedAssetCount != nil {
            json.estimatedAssetCount = try library.assetCount(collectionRowID: rowID, readScope: readScope)
        }
        return json
    }

    /// One stored file of the asset, by index (byte ranges, the original file name).
    func resourceResponse(for asset: AssetRecord, index text: String, request: Request) throws -> Response {
        let resources = try library.resources(assetRowID: asset.rowID)
        guard let index = Int(text), resources.indices.contains(index) else {
            throw Problem.notFound("\(asset.identifier) has \(resources.count) resource\(resources.count == 1 ? "" : "s")")
        }
        let resource = resources[index]
        return try FileResponses.file(at: library.fileURL(for: resource), etag: resource.sha256,
                                      contentType: MIMETypes.forUTI(resource.uniformTypeIdentifier), request: request,
                                      cacheControl: "private, max-age=31536000, immutable",
                                      disposition: FileResponses.attachment(filename: resource.originalFilename))
    }

    /// The asset's stored files, as listed to clients.
    func resourceList(_ asset: AssetRecord, urlPrefix: String = "/api") throws -> [ResourceJSON] {
        try library.resources(assetRowID: asset.rowID).enumerated().map { ResourceJSON($0.element, index: $0.offset, asset: asset, urlPrefix: urlPrefix) }
    }

    /// The asset named by `component`, trashed ones included; one `readScope` does not see is 404, as if it did
    /// not exist.
    func asset(named component: String, readScope: ReadScope = .everything) throws -> AssetRecord {
        let identifier = try IdentifierPath.asset(component)
        guard let row = try library.assetRowIDs(identifiers: [identifier]).first, try !library.assetRows([row], visibleIn: readScope).isEmpty,
              let record = try library.assets(rowIDs: [row])[row] else {
            throw Problem.notFound("No asset \(identifier)")
        }
        return record
    }

    /// The asset named in the path (trashed ones included), after checking the caller may read it.
    func asset(_ context: APIContext) throws -> AssetRecord {
        _ = try context.requireAccount()
        return try asset(named: try context.parameters.require("asset"), readScope: context.readScope)
    }

    /// Refuses (403) when the acting account may not change `asset` — the core's ownership rule
    /// (`Library.assetsNotChangeable`), asked before work that takes long (renders, extensions); the commit's
    /// transaction checks it again.
    func requireChangeable(_ asset: AssetRecord, by account: Account, context: APIContext) throws {
        guard let acting = context.actingAccount else { return }
        guard try library.assetsNotChangeable(by: acting, [asset.identifier]).isEmpty else {
            throw Problem(.forbidden, "not-permitted", "'\(account.username)' may change only what it uploaded or made")
        }
    }
}

struct ResourceJSON: Codable {
    var index: Int
    var type: Int
    var uniformTypeIdentifier: String
    var originalFilename: String
    var byteCount: Int64
    var sha256: String
    var url: String
    init(_ resource: ResourceRecord, index: Int, asset: AssetRecord, urlPrefix: String = "/api") {
        self.index = index
        type = resource.type.rawValue
        uniformTypeIdentifier = resource.uniformTypeIdentifier
        originalFilename = resource.originalFilename
        byteCount = resource.byteCount
        sha256 = resource.sha256
        url = "\(urlPrefix)/assets/\(IdentifierPath.uuid(of: asset.identifier))/resources/\(index)"
    }
}

/// MIME types for the UTIs the library stores, from the project's UTType declarations.
enum MIMETypes {
    static func forUTI(_ uti: String) -> String { UTType(uti)?.preferredMIMEType ?? "application/octet-stream" }
}

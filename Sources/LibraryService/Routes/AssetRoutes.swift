import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary
import UniformTypeIdentifiers

extension PhotosService {
    /// Objects and their bytes: `GET /api/assets/{id}`, `GET /api/assets/{id}/image?kind=thumbnail|screen`
    /// (stored derivatives: ETag = content hash, immutable caching), `GET /api/assets/{id}/resources`,
    /// `GET /api/assets/{id}/resources/{index}` (original bytes, byte ranges, the original file name),
    /// `GET /api/collections/{id}`.
    func addAssetRoutes(to router: Router<APIContext>) {
        router.get("/api/assets/:asset") { _, context -> Response in
            try JSONBody.response(AssetJSON(try self.asset(context)))
        }

        router.get("/api/assets/:asset/image") { request, context -> Response in
            _ = try context.requireAccount()
            let name = try context.parameters.require("asset")
            return try await self.imageResponse(named: name, request: request) { try self.asset(named: name) }
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
            guard let row = try self.library.collectionRowIDs(CollectionQuery(scope: .identifiers([identifier], kind: nil))).first,
                  let record = try self.library.collections(rowIDs: [row])[row] else { throw Problem.notFound("No collection \(identifier)") }
            var json = CollectionJSON(record)
            if record.kind == .assetCollection { json.estimatedAssetCount = try self.library.assetCount(collectionRowID: row) }
            return try JSONBody.response(json)
        }
    }

    /// The picture of the asset named `name` at the `kind` the query asks for: from the in-memory cache when it
    /// was sent recently, else the stored derivative (made now when missing). `asset` finds (and authorises) the
    /// asset only on a cache miss; callers check the caller may see `name` before.
    func imageResponse(named name: String, request: Request, asset: () throws -> AssetRecord) async throws -> Response {
        let kindName = request.uri.queryParameters["kind"].map(String.init) ?? "thumbnail"
        guard let kind = DerivativeKind(rawValue: kindName) else { throw Problem.badRequest("kind must be thumbnail or screen") }
        let cacheControl = "private, max-age=31536000, immutable"
        let key = "\(name.uppercased())|\(kind.rawValue)"
        if let cached = images.get(key) {
            return FileResponses.bytes(cached.data, etag: cached.etag, contentType: "image/jpeg", request: request, cacheControl: cacheControl)
        }
        let record = try asset()
        let imaging = self.imaging, library = self.library
        let served: ServedDerivative
        do {
            served = try await Offload.run { () throws(ImageManagementError) -> ServedDerivative in
                try imaging.servedDerivative(of: record, kind: kind, in: library)
            }
        } catch let error as ImageManagementError {
            switch error.code {
            case .missingResource, .unsupported: throw Problem(.notFound, "no-image", error.message)
            case .notFound: throw Problem.notFound(error.message)
            default: throw Problem(.unprocessableContent, "unreadable-image", error.message)
            }
        }
        let etag = "\(served.contentKey).\(kind.rawValue)"
        if let data = try? Data(contentsOf: served.url), data.count <= ImageCache.largestEntry {
            images.put(key, ImageCache.Entry(etag: etag, data: data))
            return FileResponses.bytes(data, etag: etag, contentType: "image/jpeg", request: request, cacheControl: cacheControl)
        }
        return try FileResponses.file(at: served.url, etag: etag, contentType: "image/jpeg", request: request, cacheControl: cacheControl)
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

    /// The asset named by `component`, trashed ones included.
    func asset(named component: String) throws -> AssetRecord {
        let identifier = try IdentifierPath.asset(component)
        guard let row = try library.assetRowIDs(identifiers: [identifier]).first, let record = try library.assets(rowIDs: [row])[row] else {
            throw Problem.notFound("No asset \(identifier)")
        }
        return record
    }

    /// The asset named in the path (trashed ones included), after checking the caller may read.
    func asset(_ context: APIContext) throws -> AssetRecord {
        _ = try context.requireAccount()
        return try asset(named: try context.parameters.require("asset"))
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

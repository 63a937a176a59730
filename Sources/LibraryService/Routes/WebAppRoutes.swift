import Foundation
import Hummingbird

extension PhotosService {
    /// The web app: `/app/<file>` (its modules, styles and icons) and the page for every other path that is not
    /// the API, so the app's own URLs (`/albums/…`, `/shared/…`) can be opened, bookmarked and reloaded.
    /// The page and the files hold no library data; everything the app shows comes through the API.
    func addWebAppRoutes(to router: Router<APIContext>) {
        let assets = WebAssets.shipped
        router.get("/app/:file") { request, context -> Response in
            let name = try context.parameters.require("file")
            guard let (asset, immutable) = assets.asset(named: name) else { throw Problem.notFound("No file \(name.prefix(80)) in the web app") }
            let etag = "\"\(asset.hash)\""
            var headers: HTTPFields = [.contentType: asset.contentType, .eTag: etag,
                                       .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache"]
            if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
            headers[.contentLength] = String(asset.bytes.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
        }
        let page: @Sendable (Request, APIContext) async throws -> Response = { request, _ in
            let path = request.uri.path
            if path.hasPrefix("/api/") || path == "/api" || path == "/metrics" {
                throw Problem.notFound("No endpoint \(request.method) \(path.prefix(120))")
            }
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                                                   .contentSecurityPolicy: assets.pageSecurityPolicy],
                            body: .init(byteBuffer: ByteBuffer(bytes: assets.page)))
        }
        router.get("/", use: page)
        router.get("**", use: page)
    }
}

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
        // What each error type means (RFC 9457: a problem type URI explains the problem when dereferenced).
        let problemHeaders: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "public, max-age=3600",
                                          .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"]
        router.get("/problems") { _, _ -> Response in
            Response(status: .ok, headers: problemHeaders, body: .init(byteBuffer: ByteBuffer(string: ProblemTypes.index())))
        }
        router.get("/problems/:slug") { _, context -> Response in
            let slug = try context.parameters.require("slug")
            guard let page = ProblemTypes.page(slug) else { throw Problem.notFound("No problem type \(slug.prefix(80))") }
            return Response(status: .ok, headers: problemHeaders, body: .init(byteBuffer: ByteBuffer(string: page)))
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

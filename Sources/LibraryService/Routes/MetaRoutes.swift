import Foundation
import Hummingbird
import Prometheus

extension PhotosService {
    /// `GET /api/health` (anyone: is the library readable, and at which change token),
    /// `GET /api/openapi.json` (the contract), `GET /metrics` (admins: Prometheus text format).
    func addMetaRoutes(to router: Router<APIContext>) {
        router.get("/api/health") { _, _ -> Response in
            do {
                let token = try self.library.currentChangeToken()
                return try JSONBody.response(Health(status: "ok", changeToken: token, needsSetup: self.needsSetup))
            } catch {
                return try JSONBody.response(Health(status: "unavailable", changeToken: nil, needsSetup: false), status: .serviceUnavailable)
            }
        }
        router.get("/api/openapi.json") { _, _ -> Response in
            guard let data = OpenAPIDocument.data else { throw Problem(.internalServerError, "internal", "The API description is missing from this build") }
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("/metrics") { _, context -> Response in
            _ = try context.requireAdmin()
            let text = MetricsBootstrap.registry.emitToBuffer()
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: .init(byteBuffer: ByteBuffer(bytes: text)))
        }
    }
}

struct Health: Codable {
    var status: String
    var changeToken: Int64?
    var needsSetup: Bool
}

/// The OpenAPI 3.1 document shipped as a resource (`Resources/openapi.json`).
enum OpenAPIDocument {
    static let data: Data? = Bundle.module.url(forResource: "openapi", withExtension: "json").flatMap { try? Data(contentsOf: $0) }
}

import Hummingbird
import PhotoLibrary

/// Finds out who is asking: a session cookie (`photos_session`) or an `Authorization: Bearer` API token.
/// Unknown, expired or revoked secrets are a 401 at once (never treated as anonymous), and a
/// cookie-authenticated request that changes anything must carry the session's CSRF token in `X-CSRF-Token`.
/// Endpoints then check what the account may do (`APIContext.requireWriter()` and friends).
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let library: Library
    let credentials: CredentialCache
    static let sessionCookie = "photos_session"

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        var context = context
        // The web app's page and files are public and carry no library data: a stale cookie must not stop them loading.
        let path = request.uri.path
        guard path.hasPrefix("/api/") || path == "/metrics" else { return try await next(request, context) }
        if let authorization = request.headers[.authorization] {
            guard authorization.lowercased().hasPrefix("bearer ") else {
                throw Problem(.unauthorized, "authentication-required", "Only Bearer API tokens are accepted in the Authorization header")
            }
            let secret = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            guard let account = try credentials.authenticate(secret, kind: .token, in: library) else {
                throw Problem(.unauthorized, "invalid-token", "The API token is unknown, expired or revoked")
            }
            context.account = account
            context.authentication = .token
        } else if let secret = request.cookies[Self.sessionCookie]?.value {
            guard let account = try credentials.authenticate(secret, kind: .session, in: library) else {
                var problem = Problem(.unauthorized, "session-expired", "The session has expired or was ended; sign in again")
                problem.headers[.setCookie] = SessionCookie.clearing
                throw problem
            }
            if ![.get, .head, .options].contains(request.method) {
                guard request.headers[.init("X-CSRF-Token")!] == Library.csrfToken(forSession: secret) else {
                    throw Problem(.forbidden, "csrf", "A signed-in change needs the session's X-CSRF-Token header")
                }
            }
            context.account = account
            context.authentication = .session(secret: secret)
        }
        return try await next(request, context)
    }
}

/// The session cookie: HttpOnly, SameSite=Strict, Secure when served over TLS.
enum SessionCookie {
    static func setting(_ secret: String, secure: Bool) -> String {
        "\(AuthenticationMiddleware.sessionCookie)=\(secret); Path=/; Max-Age=\(Int(Library.sessionLifetime)); HttpOnly; SameSite=Strict\(secure ? "; Secure" : "")"
    }
    static let clearing = "\(AuthenticationMiddleware.sessionCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
}

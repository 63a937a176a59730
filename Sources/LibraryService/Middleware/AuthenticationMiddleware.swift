import Foundation
import Hummingbird
import NIOCore
import PhotoLibrary

/// Finds out who is asking: a session cookie (`photos_session`), an `Authorization: Bearer` API token, or —
/// on the Unix socket, for the paths applications use — the program at the other end (`ApplicationAccess`).
/// Unknown, expired or revoked secrets are a 401 at once (never treated as anonymous), and a
/// cookie-authenticated request that changes anything must carry the session's CSRF token in `X-CSRF-Token`.
/// Endpoints then check what the account may do (`APIContext.requireWriter()` and friends).
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let library: Library
    let credentials: CredentialCache
    let programs: ProgramIdentities
    let grants: GrantCache
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
            guard let (account, appGrantID) = try credentials.authenticate(secret, kind: .token, in: library) else {
                throw Problem(.unauthorized, "invalid-token", "The API token is unknown, expired or revoked")
            }
            context.authentication = .token
            if let appGrantID {
                // An application's token: its requests are the application's, with the application's access.
                let grant = try grants.grant(rowID: appGrantID, in: library)
                try ApplicationAccess.admit(grant, program: nil, request: request, context: &context)
            } else {
                context.account = account
            }
        } else if let secret = request.cookies[Self.sessionCookie]?.value {
            guard let (account, _) = try credentials.authenticate(secret, kind: .session, in: library) else {
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
        } else if let channel = context.unixChannel, ApplicationAccess.isApplicationPath(path, method: request.method) {
            try await identifyProgram(on: channel, request: request, context: &context)
        }
        return try await next(request, context)
    }
}

extension AuthenticationMiddleware {
    /// A request on the Unix socket without credentials, to a path applications use: the program that connected
    /// is the application asking. Programs of other users must present a token.
    func identifyProgram(on channel: any Channel, request: Request, context: inout APIContext) async throws {
        guard let peer = await PeerCredentials.of(channel) else {
            throw Problem(.unauthorized, "authentication-required", "The program on the socket could not be identified: present an API token")
        }
        guard peer.uid == getuid() || peer.uid == 0 else {
            throw Problem(.unauthorized, "authentication-required", "A program of another user must present an API token")
        }
        guard let program = programs.identity(of: peer) else {
            throw Problem(.unauthorized, "authentication-required", "The program on the socket could not be identified (its executable cannot be read): present an API token")
        }
        var grant = try grants.grant(identifier: program.appIdentifier, in: library)
        if let granted = grant, granted.executableSHA256.isEmpty {
            // Granted in advance by identifier: bound now to the first executable presenting it.
            try library.bindAppExecutable(identifier: program.appIdentifier, executablePath: program.executablePath, executableSHA256: program.executableSHA256)
            grants.removeAll()
            grant = try grants.grant(identifier: program.appIdentifier, in: library)
        }
        try ApplicationAccess.admit(grant, program: program, request: request, context: &context)
    }
}

/// The session cookie: HttpOnly, SameSite=Strict, Secure when served over TLS.
enum SessionCookie {
    static func setting(_ secret: String, secure: Bool) -> String {
        "\(AuthenticationMiddleware.sessionCookie)=\(secret); Path=/; Max-Age=\(Int(Library.sessionLifetime)); HttpOnly; SameSite=Strict\(secure ? "; Secure" : "")"
    }
    static let clearing = "\(AuthenticationMiddleware.sessionCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
}

import Foundation
import Hummingbird
import PhotoLibrary

/// Programs as clients of the library: PhotoKit's access model, enforced by the service.
///
/// A program connecting on the Unix socket without credentials is an application, identified by the kernel's
/// peer credentials (`PeerCredentials`, `ProgramIdentities`); a remote one presents an application's API token
/// (`photos access token`). Either way it may use only the paths applications use (`isApplicationPath`:
/// fetches, assets and their pictures, files and edits, collections, changes and the change stream, uploads,
/// downloads, picker sessions), never accounts, tokens, links or the server's own pages; and it may use them only
/// as its grant says (`AppGrant`): full access, a limited selection (`ReadScope.selection`, applied by the core's
/// queries), add-only (reads see nothing; changes may only create assets: `ActingApp`), or nothing — an
/// application its owner has not decided about, or denied, reaches only its own access routes, to ask, and the
/// picker's (`isPickerPath`), which need no access.
enum ApplicationAccess {
    /// What an application request carries before its access is known: its grant (any status, nil when the
    /// library has never heard of it) and, on the socket, the program that connected.
    struct Applicant: Sendable {
        var grant: AppGrant?
        var program: ProgramIdentity?

        /// The grant, when it is this program's: a grant made for other executable bytes is not (the program is
        /// asked about again).
        var effectiveGrant: AppGrant? {
            guard let grant else { return nil }
            if let program, !grant.executableSHA256.isEmpty, grant.executableSHA256 != program.executableSHA256 { return nil }
            return grant
        }

        var name: String { grant?.name ?? program?.name ?? "The application" }
        var identifier: String? { grant?.appIdentifier ?? program?.appIdentifier }
    }

    /// Paths applications may use (everything else is for people or the server).
    static func isApplicationPath(_ path: String, method: HTTPRequest.Method) -> Bool {
        if path == "/api/access" || path == "/api/access/requests" { return true }
        if path == "/api/cameras" || path == "/api/extensions" { return true }
        if isPickerPath(path, method: method) { return true }
        for prefix in ["/api/fetches", "/api/assets/", "/api/changes", "/api/uploads", "/api/downloads", "/api/photokit/"] where path.hasPrefix(prefix) { return true }
        if path.hasPrefix("/api/collections/"), method == .get, path.dropFirst("/api/collections/".count).firstIndex(of: "/") == nil { return true }
        return false
    }

    /// Whether a path is one of the application's own access routes (reachable before it has access).
    static func isOwnAccessPath(_ path: String) -> Bool { path == "/api/access" || path == "/api/access/requests" }

    /// Whether a path is one of the picker's application routes (`POST /api/picker/sessions`, a session's
    /// results and their items): reachable whatever the application's access, as PhotoKit's picker needs no
    /// authorization. The session's other routes are the owner's.
    static func isPickerPath(_ path: String, method: HTTPRequest.Method) -> Bool {
        if path == "/api/picker/sessions" { return method == .post }
        guard path.hasPrefix("/api/picker/sessions/") else { return false }
        let parts = path.dropFirst("/api/picker/sessions/".count).split(separator: "/", omittingEmptySubsequences: false)
        if method == .delete { return parts.count == 1 }
        guard method == .get || method == .head else { return false }
        return (parts.count == 2 && parts[1] == "results") || (parts.count == 5 && parts[1] == "results" && parts[3] == "items")
    }

    /// Lets an application's request through as its grant allows, or refuses it with the problem PhotoKit's
    /// `PHPhotosError` would name (`access-denied`: `.accessUserDenied`; `access-not-determined`: no decision yet).
    static func admit(_ grant: AppGrant?, program: ProgramIdentity?, request: Request, context: inout APIContext) throws(Problem) {
        let path = request.uri.path
        guard isApplicationPath(path, method: request.method) else {
            throw Problem(.forbidden, "application-not-allowed", "Applications may not use \(path.prefix(100)): it is for people (accounts, tokens, links) or the server")
        }
        let applicant = Applicant(grant: grant, program: program)
        context.applicant = applicant
        if let granted = applicant.effectiveGrant, [.full, .limited, .addOnly].contains(granted.status) {
            context.app = granted
            context.account = granted.standInAccount
            return
        }
        guard isOwnAccessPath(path) || isPickerPath(path, method: request.method) else {
            if applicant.effectiveGrant?.status == .denied {
                throw Problem(.forbidden, "access-denied", "The library's owner denied '\(applicant.name)' access to this library")
            }
            let changed = grant != nil && applicant.effectiveGrant == nil
            throw Problem(.forbidden, "access-not-determined", changed
                ? "'\(applicant.name)' changed since its owner gave it access (its executable's bytes differ): it must ask again with POST /api/access/requests"
                : "'\(applicant.name)' has no access to this library yet: ask with POST /api/access/requests (PhotoKit's requestAuthorization); the owner answers with `photos access grant` or in the web app")
        }
    }

    /// PhotoKit's `PHAuthorizationStatus` name for an applicant at an access level.
    static func authorizationStatus(_ applicant: Applicant, level: AppAccessLevel) -> String {
        guard let grant = applicant.effectiveGrant else { return "notDetermined" }
        switch grant.status {
        case .pending: return "notDetermined"
        case .denied: return "denied"
        case .full: return "authorized"
        case .limited: return level == .addOnly ? "authorized" : "limited"
        case .addOnly:
            if level == .addOnly { return "authorized" }
            return grant.isAskingToRead ? "notDetermined" : "denied"
        }
    }
}

import Hummingbird
import PhotoLibrary

/// The per-request context: who is asking (filled in by `AuthenticationMiddleware`) and how.
public struct APIContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The authenticated account, or nil for anonymous requests.
    public var account: Account?
    /// How the account was authenticated (cookie sessions must pass the CSRF check for writes).
    public var authentication: Authentication?

    /// How a request proved who it is.
    public enum Authentication: Sendable {
        /// A session cookie, with the session's secret (for logout).
        case session(secret: String)
        /// An `Authorization: Bearer` API token.
        case token
    }

    /// The client's address ("local" on the Unix socket), for rate limits and logs.
    public let clientAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "local"
    }

    /// JSON request bodies larger than this are refused (uploads stream and have their own limits).
    public var maxUploadSize: Int { 1 << 20 }

    /// The account, or a 401 problem.
    func requireAccount() throws(Problem) -> Account {
        guard let account else { throw Problem(.unauthorized, "authentication-required", "Sign in or present an API token") }
        return account
    }

    /// The account when it may change the library, else a 403 problem.
    func requireWriter() throws(Problem) -> Account {
        let account = try requireAccount()
        guard account.role.canWrite else { throw Problem(.forbidden, "forbidden", "The account '\(account.username)' may only view this library") }
        return account
    }

    /// The account when it is an admin, else a 403 problem.
    func requireAdmin() throws(Problem) -> Account {
        let account = try requireAccount()
        guard account.role.canAdminister else { throw Problem(.forbidden, "forbidden", "Only an admin may do this") }
        return account
    }
}

extension Account {
    /// This account as the maker of a change batch (admins may change anything; see `ActingAccount`).
    var acting: ActingAccount { ActingAccount(accountID: rowID, username: username, changesAnything: role.canAdminister) }
}

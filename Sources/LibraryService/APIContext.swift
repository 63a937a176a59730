import Hummingbird
import NIOCore
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

    /// The application asking, when a program connected as one (a peer on the Unix socket, or an application's
    /// API token) and its owner gave it access; `account` is then its stand-in (`AppGrant.standInAccount`).
    public var app: AppGrant?
    /// Set for every application request, whatever its access: who it is (the access routes record its request).
    var applicant: ApplicationAccess.Applicant?

    /// The client's address ("local" on the Unix socket), for rate limits and logs.
    public let clientAddress: String
    /// The connection, on the Unix socket (where the peer's credentials identify programs); nil on TCP.
    let unixChannel: (any Channel)?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "local"
        if case .unixDomainSocket = source.channel.localAddress { unixChannel = source.channel } else { unixChannel = nil }
    }

    /// What the caller may read: an application's grant, or everything for people (their roles limit changes,
    /// not reads).
    var readScope: ReadScope { app?.readScope ?? .everything }
    /// The account rule for a change batch: none for applications (they act for the library's owner, under
    /// `actingApp`'s rule instead).
    var actingAccount: ActingAccount? { app == nil ? account?.acting : nil }
    /// The application rule for a change batch.
    var actingApp: ActingApp? { app?.changeScope }

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

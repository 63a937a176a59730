import Foundation
import Synchronization
import Hummingbird
import ImageManagement
import Logging
import PhotoLibrary

/// The library service: one library, the routes that translate HTTP into the cores' operations, and the
/// little state a server process keeps for itself (fetch snapshots, the change broadcaster, sign-in throttling,
/// the first-run setup token). Nothing here is library state another process could invalidate: accounts,
/// sessions, receipts and the audit log live in the library's database.
///
/// Threading: immutable apart from its thread-safe parts; one instance serves every connection and listener.
public final class PhotosService: Sendable {
    /// The library served.
    public let library: Library
    /// Shown once at start when the library has no account yet: whoever presents it may create the owner.
    public let setupToken: String
    /// Whether responses go over TLS (session cookies are then `Secure`).
    public let usesTLS: Bool
    let snapshots = FetchSnapshotStore()
    let throttle = LoginThrottle()
    let uploads: UploadStore
    let linkPasswords = VerifiedLinkPasswords()
    let images = ImageCache()
    /// Pages of asset records as JSON, by ids and change token (see `PageCache`).
    let pages = ImageCache(budget: 32 << 20)
    let filterEditor = FilterChainEditor()
    let credentials = CredentialCache()
    /// Applications: programs on the Unix socket, and their grants (see `ApplicationAccess`).
    let programs = ProgramIdentities()
    let grants = GrantCache()
    let downloads = DownloadStore()
    let pickerSessions = PickerSessionStore()
    /// Where people reach the web app: the first TCP listener's address once bound (nil with `--no-tcp`). Picker
    /// sessions name their page with it, so a program on the socket can show the owner a link.
    let webAddress = Mutex<String?>(nil)
    let sectionCache = SectionCache()
    let memoryCache = MemoryCache()
    /// Pictures made on request: two at a time (one per core), 32 more may wait.
    let pictureRenders = WorkGate(width: 2, maximumWaiting: 32)
    /// Request rates per client (see `RateLimits`).
    public let rateLimits: RateLimits
    let extensions: ExtensionRunner
    let projects: ProjectRunner
    let broadcaster: ChangeBroadcaster
    let imaging: ImagingContext
    let passwords: Passwords
    let logger: Logger

    /// A service for `library`. It starts watching the library's change log at once.
    /// `bcryptCost` sets the password hash's work factor (12 by default; tests use less).
    public init(library: Library, usesTLS: Bool = false, bcryptCost: UInt8 = 12, rateLimits: RateLimits = .standard,
                logger: Logger = Logger(label: "photos.serve")) {
        self.library = library
        self.rateLimits = rateLimits
        passwords = Passwords(cost: bcryptCost)
        self.usesTLS = usesTLS
        self.logger = logger
        setupToken = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        uploads = UploadStore(library: library)
        extensions = ExtensionRunner(libraryURL: library.url)
        projects = ProjectRunner(library: library, extensions: extensions)
        imaging = ImagingContext.context(for: library)
        imaging.watch(library)
        let images = self.images, pages = self.pages
        broadcaster = ChangeBroadcaster(library: library, snapshots: snapshots, onChange: { images.removeAll(); pages.removeAll() })
    }

    /// Whether the library still needs its owner (first-run setup).
    public var needsSetup: Bool { ((try? library.accountCount()) ?? 1) == 0 }

    /// The router with every endpoint and middleware.
    public func makeRouter() -> Router<APIContext> {
        let router = Router(context: APIContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: AuthenticationMiddleware(library: library, credentials: credentials, programs: programs, grants: grants))
        router.add(middleware: RateLimitMiddleware(limits: rateLimits))
        addMetaRoutes(to: router)
        addSessionRoutes(to: router)
        addAccountRoutes(to: router)
        addFetchRoutes(to: router)
        addAssetRoutes(to: router)
        addChangeRoutes(to: router)
        addPhotoKitRoutes(to: router)
        addStreamRoutes(to: router)
        addUploadRoutes(to: router)
        addSharedLinkRoutes(to: router)
        addJobRoutes(to: router)
        addEditRoutes(to: router)
        addFilterEditRoutes(to: router)
        addLiveEffectRoutes(to: router)
        addDownloadRoutes(to: router)
        addSectionRoutes(to: router)
        addMemoryRoutes(to: router)
        addExtensionRoutes(to: router)
        addProjectRoutes(to: router)
        addMetadataRoutes(to: router)
        addCameraRoutes(to: router)
        addAccessRoutes(to: router)
        addPickerRoutes(to: router)
        addWebAppRoutes(to: router)
        return router
    }
}

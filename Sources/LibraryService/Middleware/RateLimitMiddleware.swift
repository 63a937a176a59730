import Foundation
import Hummingbird
import Synchronization

/// How many API requests a client may make: token buckets (a sustained rate per second and a burst) kept per
/// client. Two kinds of client are limited:
///
/// - **anonymous** requests (no session or token: sign-in, setup, health, shared-link pages and pictures), per
///   client address — what a scraper or a password guesser can reach;
/// - **changes** (any method but GET/HEAD/OPTIONS) per account — uploads, change batches, edits.
///
/// Reads by a signed-in account are not counted: the account is known and can be revoked, the costly reads
/// (pictures made on request, previews, full-size renders) have their own per-account limits on work in
/// flight, and a timeline scrolling fast reads hundreds of thumbnails a second. A request over its limit gets
/// 429 with `Retry-After`. The web app's own files (outside `/api/`) are never limited.
public struct RateLimits: Sendable, Hashable {
    /// A sustained rate and a burst.
    public struct Bucket: Sendable, Hashable {
        /// Requests per second, sustained.
        public var rate: Double
        /// Requests allowed at once after a quiet period.
        public var burst: Double
        public init(rate: Double, burst: Double) { self.rate = rate; self.burst = burst }
    }
    /// Per client address, for requests without credentials.
    public var anonymous: Bucket
    /// Per account, for requests that change something.
    public var changes: Bucket

    /// 30 anonymous requests a second (bursts of 600: a shared album's page of thumbnails) and 50 changes a
    /// second per account (bursts of 1,000: a folder upload of several hundred files).
    public static let standard = RateLimits(anonymous: Bucket(rate: 30, burst: 600), changes: Bucket(rate: 50, burst: 1_000))

    public init(anonymous: Bucket, changes: Bucket) { self.anonymous = anonymous; self.changes = changes }
}

/// Token buckets by key, all under one limit (a table per limit, so pruning judges every bucket by its own
/// limit). Thread-safe; memory is bounded (idle full buckets are dropped when the table grows).
final class TokenBuckets: Sendable {
    private struct Bucket { var tokens: Double; var updated: Double }
    private let buckets = Mutex<[String: Bucket]>([:])
    static let maximumKeys = 50_000

    /// Takes one token from `key`'s bucket; returns nil when allowed, else the whole seconds until a token is there.
    func take(_ key: String, limit: RateLimits.Bucket, now: Double = Date().timeIntervalSinceReferenceDate) -> Int? {
        buckets.withLock { all in
            var bucket = all[key] ?? Bucket(tokens: limit.burst, updated: now)
            bucket.tokens = min(limit.burst, bucket.tokens + max(0, now - bucket.updated) * limit.rate)
            bucket.updated = now
            defer {
                all[key] = bucket
                if all.count > Self.maximumKeys { Self.prune(&all, now: now, limit: limit) }
            }
            guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) / limit.rate).rounded(.up)) }
            bucket.tokens -= 1
            return nil
        }
    }

    /// Drops buckets that would be full by now (they carry no information), oldest first if that is not enough.
    private static func prune(_ all: inout [String: Bucket], now: Double, limit: RateLimits.Bucket) {
        all = all.filter { $0.value.tokens + (now - $0.value.updated) * limit.rate < limit.burst }
        if all.count > maximumKeys / 2 {
            let keep = all.sorted { $0.value.updated > $1.value.updated }.prefix(maximumKeys / 2)
            all = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }
}

/// Applies `RateLimits` after authentication (it needs to know whether there is an account).
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let limits: RateLimits
    let anonymous = TokenBuckets()
    let changes = TokenBuckets()

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix("/api/") else { return try await next(request, context) }
        let wait: Int?
        if let account = context.account {
            wait = Self.isRead(request) ? nil : changes.take("\(account.rowID)", limit: limits.changes)
        } else {
            wait = anonymous.take(context.clientAddress, limit: limits.anonymous)
        }
        if let wait {
            var problem = Problem(.tooManyRequests, "rate-limited",
                                  context.account == nil ? "Too many requests from this address without signing in; try again in \(wait) s"
                                                         : "Too many changes from this account; try again in \(wait) s")
            problem.headers[.retryAfter] = "\(wait)"
            throw problem
        }
        return try await next(request, context)
    }

    /// Whether a request only reads: GET, HEAD and OPTIONS, and the PhotoKit back end's POSTs other than
    /// `/api/photokit/changes` (fetches, records by rows, counts, diffs, prepared changes: POST only to carry their
    /// queries and row ids).
    static func isRead(_ request: Request) -> Bool {
        if [.get, .head, .options].contains(request.method) { return true }
        let path = request.uri.path
        return request.method == .post && path.hasPrefix("/api/photokit/") && path != "/api/photokit/changes"
    }
}

import Foundation
import PhotoLibrary
import Synchronization

/// Who a presented secret belongs to, remembered for one second: every request of a grid page (dozens of
/// thumbnails) would otherwise read the credential table once each. A revocation made through this process
/// empties the cache at once; one made elsewhere (another `photos serve`, the CLI) takes effect within a second.
final class CredentialCache: Sendable {
    static let lifetime: TimeInterval = 1
    private let entries = Mutex<[String: (account: Account, appGrantID: Int64?, until: Date)]>([:])

    /// The account for `secret` of `kind`, and the application an API token was made for (if any), from the
    /// cache or the library.
    func authenticate(_ secret: String, kind: Credential.Kind, in library: Library) throws(LibraryError) -> (account: Account, appGrantID: Int64?)? {
        let key = "\(kind.rawValue):\(secret)"
        let now = Date()
        if let hit = entries.withLock({ $0[key] }), hit.until > now { return (hit.account, hit.appGrantID) }
        guard let (account, credential) = try library.authenticate(secret: secret, kind: kind, now: now) else {
            entries.withLock { _ = $0.removeValue(forKey: key) }
            return nil
        }
        entries.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[key] = (account, credential.appGrantID, now.addingTimeInterval(Self.lifetime))
        }
        return (account, credential.appGrantID)
    }

    /// Forgets everything (after a revocation, a password change or an account removal).
    func removeAll() { entries.withLock { $0.removeAll() } }
}

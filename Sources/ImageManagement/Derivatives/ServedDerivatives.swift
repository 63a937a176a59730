import Foundation
import PhotoLibrary

/// Derivatives of a library that does not own its imaging directory (a served library): the ones its service
/// keeps are copied into the local store the first time a rendition is looked up, so requests answer from them as
/// they would from a directory's — the same opportunistic deliveries, and no original downloaded for a thumbnail.
/// A derivative the service does not keep (yet: it makes them in the background after an import) is asked for
/// again after a while, not on every lookup; meanwhile the local generator makes one.
final class ServedDerivatives: @unchecked Sendable {
    /// How long a "not kept" answer stands.
    static let absentFor: TimeInterval = 30

    private let lock = NSLock()
    private var absent: [String: Date] = [:]

    func fill(_ rendition: Rendition, of asset: AssetRecord, full: PixelSize, from library: any LibraryBackend, into store: DerivativeStore) {
        for kind in DerivativeKind.allCases where kind.size(for: full) != nil && store.existing(contentKey: rendition.contentKey, kind: kind) == nil {
            let key = "\(rendition.contentKey)/\(kind.rawValue)"
            guard !isKnownAbsent(key) else { continue }
            // A failure (service gone, a refusal) is as good as absent: the request goes on with the original.
            guard let data = try? library.storedDerivative(assetRowID: asset.rowID, contentKey: rendition.contentKey, kind: kind.rawValue),
                  (try? store.write(data, contentKey: rendition.contentKey, kind: kind)) != nil else {
                markAbsent(key)
                continue
            }
        }
    }

    private func isKnownAbsent(_ key: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let since = absent[key] else { return false }
        if Date().timeIntervalSince(since) < Self.absentFor { return true }
        absent[key] = nil
        return false
    }

    private func markAbsent(_ key: String) {
        lock.lock(); defer { lock.unlock() }
        if absent.count > 100_000 { absent.removeAll() }
        absent[key] = Date()
    }
}

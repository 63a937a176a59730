import Foundation
import Synchronization

/// Downloads prepared by `POST /api/downloads` and fetched once by `GET /api/downloads/{id}`: a browser can
/// only follow a link (not send a JSON body) to save a file, so the selection is posted first. Each belongs to the
/// account that made it, lives ten minutes, and at most 16 per account are kept.
final class DownloadStore: Sendable {
    struct Download: Sendable {
        let id: String
        let ownerID: Int64
        let assetRowIDs: [Int64]
        let filename: String
        let created: Date
    }

    static let lifetime: TimeInterval = 600
    private let downloads = Mutex<[String: Download]>([:])

    func insert(ownerID: Int64, assetRowIDs: [Int64], filename: String) -> Download {
        let download = Download(id: UUID().uuidString.lowercased(), ownerID: ownerID, assetRowIDs: assetRowIDs, filename: filename, created: Date())
        downloads.withLock { all in
            let now = Date()
            all = all.filter { now.timeIntervalSince($0.value.created) < Self.lifetime }
            let mine = all.values.filter { $0.ownerID == ownerID }.sorted { $0.created < $1.created }
            for old in mine.dropLast(15) { all[old.id] = nil }
            all[download.id] = download
        }
        return download
    }

    /// The download, if it exists, is the owner's and is fresh.
    func get(_ id: String, ownerID: Int64) -> Download? {
        downloads.withLock { all in
            guard let download = all[id], download.ownerID == ownerID, Date().timeIntervalSince(download.created) < Self.lifetime else { return nil }
            return download
        }
    }
}

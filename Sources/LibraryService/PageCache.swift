import Foundation
import PhotoLibrary

/// Keys for the pages of asset records the service keeps (`PhotosService.pages`, an `ImageCache` of JSON
/// arrays): the SHA-256 of the page's row ids and the library's change token when it was read. Any commit, from
/// any process, advances the token, so a kept page is never answered for a later library state (and the whole
/// cache is emptied when the change watch sees the commit). The key names content, not a fetch: clients whose
/// fetches hold the same ids at the same state share the bytes.
enum PageCache {
    static func key(ids: [Int64], token: Int64) -> String {
        let digest = ids.withUnsafeBytes { ContentDigest.sha256Hex(Data($0)) }
        return "\(token)|\(ids.count)|\(digest)"
    }
}

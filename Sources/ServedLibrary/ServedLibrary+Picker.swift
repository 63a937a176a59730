import Foundation
import PhotoLibrary

/// The picker over the service (Docs/Picker.md, "Picker over the service"): any program, whatever its access,
/// opens a session; the library's owner picks on the session's web page; the program reads back only what was
/// picked — each result's items (the bytes of the version the mode asks for), and an asset identifier only for
/// assets it may read anyway.
extension ServedLibrary {
    /// An open picker session.
    public struct PickerSession: Sendable, Decodable {
        /// The session's identifier (the program's own: another program cannot read it).
        public var id: String
        /// The page's path on the service (`/pick/<id>`).
        public var url: String
        /// The page's absolute address, when the service also listens on TCP (where a browser reaches it).
        public var pageURL: String?
    }

    /// The owner's answer, as the program sees it.
    public struct PickerAnswer: Sendable, Decodable {
        /// `waiting`, `picked`, `cancelled` or `expired`.
        public var state: String
        /// One per picked asset, in the owner's order (empty unless `picked`; always empty for a limited-library
        /// session).
        public var results: [PickedResult]
        /// A limited-library session's answer: the picked assets that joined the program's selection (those it
        /// could see before are not repeated).
        public var addedAssetIdentifiers: [String]?
    }

    /// One picked asset: its identifier when the program may read it, and its items.
    public struct PickedResult: Sendable, Decodable {
        /// The asset's local identifier, only when the program may read the asset anyway.
        public var assetIdentifier: String?
        /// Its representations, in the service's order (a photo's still first).
        public var items: [PickedItem]
    }

    /// One representation of a picked asset (a photo's still, a Live Photo's movie, a compatible JPEG…).
    public struct PickedItem: Sendable, Decodable {
        /// Its position among the result's items.
        public var index: Int
        /// Its uniform type identifier (`public.jpeg`, `public.heic`, `com.apple.quicktime-movie`…).
        public var typeIdentifier: String
        /// The file name to suggest, without extension.
        public var suggestedName: String
        /// Its size when known before it is made (stored files; a compatible JPEG is made on request).
        public var byteCount: Int64?
        /// Its path on the service.
        public var url: String
    }

    /// Opens a picker session. `filter` is `PickerFilter`'s text form; `selectionLimit` 0 means no limit; `mode`
    /// is `automatic`, `current` or `compatible`; `preselected` identifiers are kept only where the program may
    /// read them.
    public func openPickerSession(filter: String?, selectionLimit: Int, mode: String, preselected: [String]) throws(LibraryError) -> PickerSession {
        struct Body: Encodable {
            var filter: String?
            var selectionLimit: Int
            var mode: String
            var preselectedAssetIdentifiers: [String]
        }
        let body: Data
        do { body = try JSONEncoder().encode(Body(filter: filter, selectionLimit: selectionLimit, mode: mode, preselectedAssetIdentifiers: preselected)) } catch {
            throw LibraryError(.io, "Cannot write a picker request: \(error)")
        }
        return try Self.decode(try Self.send(client, token: token, .POST, "/api/picker/sessions", body: body, timeoutSeconds: 30))
    }

    /// Opens a limited-library picker session (`presentLimitedLibraryPicker`): every asset is offered, and what the
    /// owner picks joins this program's limited selection. Returns nil when the program's access is not limited
    /// (the service answers 409 `not-limited`: there is no selection to grow).
    public func openLimitedLibraryPickerSession() throws(LibraryError) -> PickerSession? {
        let response = try Self.sendAllowingProblems(client, token: token, .POST, "/api/picker/sessions",
                                                     body: Data(#"{"purpose":"limitedLibrary"}"#.utf8), timeoutSeconds: 30)
        if response.status == 409, ServiceProblem.slug(response) == "not-limited" { return nil }
        guard (200..<300).contains(response.status) else { throw ServiceProblem.error(response) }
        return try Self.decode(response)
    }

    /// The session's answer, waiting up to `waitSeconds` (at most 300) for the owner when none came yet.
    public func pickerAnswer(session: String, waitSeconds: Int) throws(LibraryError) -> PickerAnswer {
        let wait = min(max(waitSeconds, 0), 300)
        let path = "/api/picker/sessions/\(Self.pathSegment(session))/results?wait=\(wait)"
        return try Self.decode(try Self.send(client, token: token, .GET, path, timeoutSeconds: Int64(wait) + 60))
    }

    /// Gives up a session (the program no longer waits): a waiting one is cancelled, so the owner is not asked.
    public func cancelPickerSession(_ session: String) throws(LibraryError) {
        _ = try Self.send(client, token: token, .DELETE, "/api/picker/sessions/\(Self.pathSegment(session))", timeoutSeconds: 30)
    }

    /// Writes a picked item's bytes to `file`: downloaded in ranges to a temporary name beside it (bounded memory
    /// for a movie of any size), flushed, checked against the announced size, then renamed.
    public func downloadPickedItem(_ item: PickedItem, to file: URL) throws(LibraryError) {
        guard item.url.hasPrefix("/api/picker/sessions/"), !item.url.contains("..") else {
            throw LibraryError(.io, "The photo library service named a picked item outside its picker: \(item.url.prefix(80))")
        }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do throws(LibraryError) {
            let received = try downloadInRanges(item.url, byteCount: item.byteCount, name: item.suggestedName, to: temporary)
            if let expected = item.byteCount, received != expected {
                throw LibraryError(.io, "The photo library service sent \(received) bytes of \(item.suggestedName), not \(expected)")
            }
            guard rename(temporary.path, file.path) == 0 else { throw LibraryError.posix(errno, "Cannot write \(file.lastPathComponent)") }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A session identifier as one path segment (they are UUIDs; anything else is escaped, never a path).
    private static func pathSegment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-"))) ?? ""
    }
}

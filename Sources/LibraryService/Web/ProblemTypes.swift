import Foundation

/// What each problem `type` (`/problems/<slug>`) means, for people who follow the link in an error: RFC 9457 asks
/// that a problem type URI, when dereferenced, explain the problem. Served as small HTML pages by the service.
enum ProblemTypes {
    /// Slug → (title, what happened and what to do).
    static let all: [String: (title: String, explanation: String)] = [
        "access-denied": ("The library's owner denied this application access", "PhotoKit's `PHPhotosError.accessUserDenied`. The owner can change it with `photos access grant` or in the web app."),
        "access-not-determined": ("This application has no access yet", "Ask with `POST /api/access/requests` (PhotoKit's `requestAuthorization`); the owner answers with `photos access grant` or in the web app. A program whose executable changed since it was granted asks again."),
        "application-not-allowed": ("Applications may not do this", "Accounts, tokens, shared links, the audit log and the server's own pages are for people: sign in instead of using an application's credentials."),
        "not-an-application": ("Only applications ask for access", "These routes answer programs on the Unix socket without credentials, or an application's API token (`photos access token`)."),
        "already-set-up": ("The library already has an owner", "First-run setup works once. Sign in instead, or ask an admin for an account."),
        "authentication-required": ("Sign in first", "This needs a signed-in session (cookie) or an API token in `Authorization: Bearer …`."),
        "bad-request": ("The request is malformed", "The body or a parameter is not what the API expects; the detail names the field. See /api/openapi.json."),
        "change-not-supported": ("That change cannot be made to this object", "For example, editing a video's content over HTTP, or adding assets to a smart album."),
        "checksum-mismatch": ("The upload does not match its SHA-256", "Bytes were lost or altered on the way. Upload the file again."),
        "csrf": ("The CSRF token is missing", "A signed-in browser request that changes anything must send the session's token in `X-CSRF-Token`."),
        "disk-full": ("The server's disk is full", "Nothing was changed. Free space on the library's disk, then try again."),
        "download-expired": ("This download has expired", "Downloads are kept ten minutes for the account that prepared them. Prepare it again."),
        "extension-failed": ("The extension failed", "An editing or project extension crashed, timed out, stored too much or produced something unusable; nothing was changed. The detail names the cause."),
        "project-failed": ("The project could not be made", "Its memory has no photos a project can use, or the library refused the project; nothing was changed. The detail says why."),
        "fetch-expired": ("The fetch is unknown or expired", "Fetch snapshots live an hour unused (64 per account). Make the fetch again."),
        "forbidden": ("Your account may not do this", "Viewers read; members change; admins also manage accounts and erase for good."),
        "idempotency-key-reused": ("The Idempotency-Key was used with another request", "A key names one request. Use a new key for a different body."),
        "internal": ("Something went wrong on the server", "Nothing was half-changed. The server log has the details."),
        "invalid-credentials": ("Wrong name or password", "Check both and try again; repeated failures are slowed down."),
        "invalid-identifier": ("Not a valid identifier", "Objects are named by their local identifier (`UUID/L0/001`) or, for assets, its UUID."),
        "invalid-resource": ("That file cannot be used", "The upload is not a photo, video or other file the library can import."),
        "missing-resource": ("Something the request needs is missing", "A new asset without a photo, video or audio file, or an edit without its adjustment data."),
        "invalid-setup-token": ("Wrong setup token", "Use the token `photos serve` printed when it started on a library without accounts."),
        "invalid-token": ("The API token is not valid", "It is unknown, expired or revoked. Make a new one in Settings or with `photos user token`."),
        "link-password-required": ("This shared album needs a password", "Send it in `X-Link-Password`; whoever shared the link knows it."),
        "missing-file": ("A stored file is missing", "The library's database names a file that is not on disk. Check the library's disk."),
        "no-image": ("No picture for this asset", "It has no image to show at this size (a video before poster frames, or a file that cannot be decoded)."),
        "not-acceptable": ("No picture format you accept", "Pictures are sent as image/jpeg or image/webp; the request's Accept header allows neither."),
        "not-found": ("Not found", "No such object, or none you may see."),
        "not-permitted": ("Not yours to change", "Members change only what they uploaded or made (any asset may still be favourited, hidden or added to their albums)."),
        "offset-mismatch": ("The upload offset does not match", "Ask `GET /api/uploads/{id}` how many bytes arrived and continue from there."),
        "picker-choice-refused": ("Those assets cannot be picked here", "The application asked for fewer items, or for other kinds (its filter), or an asset is hidden, in Recently Deleted or gone. The detail names each. Pick again within what the page shows."),
        "not-limited": ("Only a limited application can ask for more photos", "The limited-library picker (presentLimitedLibraryPicker) adds photos to an application's limited selection. This application has full access, add-only access, no access, or none decided yet: there is no selection to grow. It may open an ordinary picker instead."),
        "picker-session-finished": ("This picker was already answered", "A picker session takes one answer: the assets picked, or cancelled. The application opens a new session to ask again."),
        "range-not-satisfiable": ("That byte range is outside the file", "The `Content-Range` header gives the file's size."),
        "rate-limited": ("Too many requests", "Requests without signing in are limited per address, and changes per account. Wait the seconds `Retry-After` says."),
        "render-failed": ("The edit could not be rendered", "Nothing was changed. The detail names the filter or the limit that stopped it."),
        "session-expired": ("Your session has ended", "Sessions last 14 days or until you sign out. Sign in again."),
        "short-file": ("A stored file ended early", "The file on disk is shorter than the library recorded. Check the library's disk."),
        "token-expired": ("That change token is too old", "The change history was trimmed past it. Fetch again, then follow changes from the new token."),
        "too-large": ("Too large", "The request body or upload exceeds the server's limit (the detail says which)."),
        "too-many-attempts": ("Too many failed attempts", "Wait the seconds `Retry-After` says, then try again."),
        "too-many-renders": ("Too many renders at once", "Each account may have two previews or edits rendering, and the server makes a few pictures at a time; wait the seconds `Retry-After` says."),
        "too-many-uploads": ("Too many uploads in progress", "Finish or cancel some uploads first."),
        "unreadable-image": ("The picture cannot be read", "The file is damaged or in a format that cannot be decoded here."),
        "unsupported-predicate": ("The predicate cannot be used", "It does not parse, or names a key or operator the library does not support; the detail says where."),
        "upload-incomplete": ("The upload is not complete", "Send the remaining bytes (see `GET /api/uploads/{id}`) before importing it."),
        "wrong-link-password": ("Wrong password for this shared album", "Check it with whoever shared the link; repeated failures are slowed down."),
    ]

    /// The HTML page for `slug`, or nil when there is no such problem type.
    static func page(_ slug: String) -> String? {
        guard let entry = all[slug] else { return nil }
        return document(title: entry.title, body: "<p class=\"slug\">/problems/\(escape(slug))</p><p>\(escape(entry.explanation))</p><p><a href=\"/problems\">All problem types</a></p>")
    }

    /// Every problem type, as a list.
    static func index() -> String {
        let items = all.keys.sorted().map { "<li><a href=\"/problems/\(escape($0))\">\(escape($0))</a> — \(escape(all[$0]!.title))</li>" }
        return document(title: "Problem types", body: "<p>Every error the photos API answers is <code>application/problem+json</code> with one of these types.</p><ul>\(items.joined())</ul>")
    }

    private static func document(title: String, body: String) -> String {
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>\(escape(title)) — Photos API</title><body style=\"font-family: system-ui, sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em\">"
            + "<h1>\(escape(title))</h1>\(body)</body></html>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}

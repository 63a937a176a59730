import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// The change stream, `GET /api/changes/stream` (Server-Sent Events): one `change` event per committed
    /// transaction, its id the change token. A client resumes with `Last-Event-ID` (or `?since=TOKEN`) and first
    /// receives exactly the history it missed, then live changes; when that history was trimmed it receives
    /// `expired` (refetch). `?fetch=ID` (repeatable, up to 16 of the caller's fetches) registers fetches whose
    /// change details (`PHFetchResultChangeDetails` semantics) ride on the change events and on a first `details`
    /// event when the fetch was already behind. The stream ends with `end` (server shutting down, or the client
    /// fell too far behind: reconnect with Last-Event-ID).
    func addStreamRoutes(to router: Router<APIContext>) {
        router.get("/api/changes/stream") { request, context -> Response in
            let account = try context.requireAccount()
            let fetches = Set(request.uri.queryParameters.getAll("fetch").map { String($0) })
            guard fetches.count <= 16 else { throw Problem.badRequest("At most 16 fetches per change stream") }
            for fetch in fetches where self.snapshots.get(fetch, ownerID: account.rowID) == nil {
                throw Problem(.notFound, "fetch-expired", "The fetch \(fetch.prefix(40)) is unknown or expired: fetch again")
            }
            let resume = try Self.resumeToken(lastEventID: request.headers[.init("Last-Event-ID")!],
                                              since: request.uri.queryParameters["since"].map(String.init))
            // Subscribe before reading history, so nothing committed in between is missed.
            let (subscription, events) = self.broadcaster.subscribe(fetches: fetches)
            let library = self.library, broadcaster = self.broadcaster
            let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store", .init("X-Accel-Buffering")!: "no"]
            let start = resume, scope = context.readScope, app = context.app
            let body = ResponseBody { (writer: inout any ResponseBodyWriter) in
                defer { broadcaster.unsubscribe(subscription) }
                // An application's stream ends within a quarter of a second of its owner changing its access.
                let watcher = app.map { granted in
                    Task {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: .milliseconds(250))
                            let now = try? library.appGrant(identifier: granted.appIdentifier)
                            if now?.status != granted.status || now?.executableSHA256 != granted.executableSHA256 {
                                broadcaster.unsubscribe(subscription)
                                return
                            }
                        }
                    }
                }
                defer { watcher?.cancel() }
                try await Self.writeChangeStream(&writer, library: library, resume: start, events: events, readScope: scope)
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }
}

extension PhotosService {
    /// Where a change stream resumes: `Last-Event-ID` (what an EventSource sends on reconnecting), else the
    /// `since` query parameter; nil when neither is given, 400 when the one given is not a change token.
    static func resumeToken(lastEventID: String?, since: String?) throws(Problem) -> Int64? {
        guard let text = lastEventID ?? since else { return nil }
        guard let token = Int64(text), token >= 0 else { throw Problem.badRequest("Last-Event-ID / since must be a change token") }
        return token
    }

    /// One page of history (a plain function: the compiler of this toolchain trips on a typed `catch where`
    /// inside the async stream writer).
    static func history(_ library: Library, after token: Int64) -> Result<[ChangeLogEntry], LibraryError> {
        Result { () throws(LibraryError) -> [ChangeLogEntry] in try library.changeLogEntries(after: token, limit: 1000) }
    }

    /// Writes the change stream: history after `resume` (when given), `ready`, then live events until the
    /// subscription ends.
    static func writeChangeStream(_ writer: inout any ResponseBodyWriter, library: Library, resume: Int64?,
                                  events: AsyncStream<ChangeBroadcaster.Event>, readScope: ReadScope = .everything) async throws {
        var sent = try library.currentChangeToken()
        try await writer.write(SSE.comment("photos change stream"))
        if let resume {
            if resume > sent {
                try await writer.write(SSE.event("expired", id: nil, ["detail": "The token \(resume) is newer than this library's history: refetch"]))
                try await writer.finish(nil)
                return
            }
            var from = resume
            // Catch up from history, page by page, to the token current at subscription time.
            while from < sent {
                let entries: [ChangeLogEntry]
            switch Self.history(library, after: from) {
            case .success(let page): entries = page
            case .failure(let error):
                let detail = error.code == .tokenExpired ? error.message : "The change history cannot be read: refetch"
                try await writer.write(SSE.event("expired", id: nil, ["detail": detail]))
                try await writer.finish(nil)
                return
            }
            guard !entries.isEmpty else { break }
                for entry in try library.entries(entries, visibleIn: readScope) {
                    try await writer.write(SSE.event("change", id: entry.token,
                                                     ChangeEventJSON(change: ChangeEntryJSON(token: entry.token, date: entry.date, changes: entry.changes), details: [])))
                }
                from = entries.last!.token
            }
            sent = max(sent, from)
        }
        try await writer.write(SSE.event("ready", id: nil, ["changeToken": sent]))
        for await event in events {
            switch event {
            case .change(var entry, let details, let changes):
                guard entry.token > sent || !details.isEmpty else { continue }
                if readScope != .everything {
                    // An application hears only of what it may see.
                    let visible = try library.changes(changes, visibleIn: readScope)
                    guard !visible.isEmpty || !details.isEmpty else { continue }
                    entry = ChangeEntryJSON(token: entry.token, date: entry.date, changes: visible)
                }
                try await writer.write(SSE.event("change", id: entry.token, ChangeEventJSON(change: entry, details: details)))
                sent = max(sent, entry.token)
            case .details(let details):
                try await writer.write(SSE.event("details", id: nil, ["fetches": details]))
            case .heartbeat:
                try await writer.write(SSE.comment("keep-alive"))
            }
        }
        try await writer.write(SSE.event("end", id: nil, ["detail": "The stream ended: reconnect with Last-Event-ID \(sent)"]))
        try await writer.finish(nil)
    }
}

struct ChangeEventJSON: Codable, Sendable {
    var change: ChangeEntryJSON
    var details: [FetchDetailsJSON]
}

/// Server-Sent Events framing.
enum SSE {
    static func event(_ name: String, id: Int64?, _ payload: some Encodable) -> ByteBuffer {
        let json = (try? JSONBody.encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var text = "event: \(name)\n"
        if let id { text += "id: \(id)\n" }
        text += "data: \(json)\n\n"
        return ByteBuffer(string: text)
    }

    static func comment(_ text: String) -> ByteBuffer { ByteBuffer(string: ": \(text)\n\n") }
}

import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// PhotoKit's picker over the service (`PickerSession`): an application opens a session whatever its access,
    /// the owner picks in the web app (`/pick/<id>`), and the application receives only what was picked.
    ///
    /// - for the application: `POST /api/picker/sessions` (`{"filter", "selectionLimit", "mode",
    ///   "preselectedAssetIdentifiers"}` → 201 `{"id", "url"}`), `GET /api/picker/sessions/{id}/results?wait=SECONDS`
    ///   (`PHPickerResult`s once the owner answered), `GET /api/picker/sessions/{id}/results/{n}/items/{i}` (an
    ///   item's bytes, byte ranges);
    ///   `DELETE /api/picker/sessions/{id}` (gives it up: a waiting session is cancelled);
    /// - for admins: `GET /api/picker/sessions` (the waiting ones, newest first), `GET /api/picker/sessions/{id}` (who asks, for what), `GET /api/picker/sessions/{id}/candidates`
    ///   (the assets the filter shows, newest first, paged) and `POST /api/picker/sessions/{id}/choice`
    ///   (`{"assets"}` or `{"cancelled": true}`).
    ///
    /// Picking never extends an application's access: a limited one's selection stays as it was, and the
    /// asset identifier of a result is given only to an application that may read that asset anyway — except in a
    /// session opened with `"purpose": "limitedLibrary"` (`presentLimitedLibraryPicker`, limited applications
    /// only), whose answer adds the picked assets to the application's selection and whose results name only the
    /// newly added ones (`addedAssetIdentifiers`), with no items.
    func addPickerRoutes(to router: Router<APIContext>) {
        router.post("/api/picker/sessions") { request, context -> Response in
            let applicant = try Self.applicant(context)
            let owner = try Self.pickerOwner(applicant)
            let body = try await JSONBody.decode(PickerSessionBody.self, from: request, context: context)
            let (filter, limit, mode, named, purpose) = try body.checked()
            // The limited-library picker grows a selection: only an application limited to one may open it.
            if purpose == .limitedLibrary, applicant.effectiveGrant?.status != .limited {
                throw Problem(.conflict, "not-limited", "Only an application with limited access can ask for more photos (\(applicant.name) has \(applicant.effectiveGrant?.status.rawValue ?? "no decision"))")
            }
            // Preselection names assets: only an application that may read them can (others' are ignored, as
            // PhotoKit ignores identifiers the app cannot see).
            var preselected: [String] = []
            if context.app != nil, !named.isEmpty {
                let rows = try self.library.assetRowIDs(identifiers: named)
                let visible = try self.library.assetRows(rows, visibleIn: context.readScope)
                let records = try self.library.assets(rowIDs: Array(visible))
                let seen = Set(records.values.map(\.identifier))
                preselected = named.filter { seen.contains($0) }
            }
            let executable = applicant.program?.executablePath ?? applicant.grant?.executablePath ?? ""
            let session = self.pickerSessions.open(owner: owner, appName: applicant.name, executablePath: executable, filter: filter,
                                                   selectionLimit: limit, mode: mode, preselected: preselected, purpose: purpose)
            var answer = ["id": session.id, "url": "/pick/\(session.id)"]
            if let address = self.webAddress.withLock({ $0 }) { answer["pageURL"] = address + "/pick/\(session.id)" }
            var response = try JSONBody.response(answer, status: .created)
            response.headers[.location] = "/api/picker/sessions/\(session.id)"
            return response
        }

        router.get("/api/picker/sessions") { _, context -> Response in
            _ = try context.requireAdmin()
            return try JSONBody.response(["sessions": self.pickerSessions.waiting().map(PickerSessionJSON.init)])
        }

        // The application gives up its picker (PHPickerViewController's dismiss): a waiting session is cancelled,
        // so the owner is not asked any more.
        router.delete("/api/picker/sessions/:session") { _, context -> Response in
            let owner = try Self.pickerOwner(try Self.applicant(context))
            let session = try self.pickerSession(try context.parameters.require("session"), owner: owner)
            _ = self.pickerSessions.finish(session.id, state: .cancelled)
            return Response(status: .noContent)
        }

        router.get("/api/picker/sessions/:session") { _, context -> Response in
            _ = try context.requireAdmin()
            return try JSONBody.response(PickerSessionJSON(try self.pickerSession(context)))
        }

        router.get("/api/picker/sessions/:session/candidates") { request, context -> Response in
            _ = try context.requireAdmin()
            let session = try self.pickerSession(context)
            let offset = try Self.intParameter(request, "offset", default: 0, range: 0...Int(Int32.max))
            let limit = try Self.intParameter(request, "limit", default: 100, range: 1...500)
            let identifiers = try self.library.pickerAssetIdentifiers(matching: session.filter)
            let page = Array(identifiers.dropFirst(offset).prefix(limit))
            let records = try self.library.assets(rowIDs: try self.library.assetRowIDs(identifiers: page))
            let byIdentifier = Dictionary(records.values.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
            return try JSONBody.response(PickerCandidatesJSON(count: identifiers.count, offset: offset,
                                                              assets: page.compactMap { byIdentifier[$0].map { AssetJSON($0) } }))
        }

        router.post("/api/picker/sessions/:session/choice") { request, context -> Response in
            _ = try context.requireAdmin()
            let session = try self.pickerSession(context)
            let body = try await JSONBody.decode(PickerChoiceBody.self, from: request, context: context)
            guard session.state == .waiting else { throw Problem(.conflict, "picker-session-finished", "This picker was already answered") }
            let state = try body.checked(selectionLimit: session.selectionLimit, appName: session.appName)
            if case .picked(let picked) = state {
                let refusals = try self.library.pickerRefusals(for: picked, filter: session.filter)
                if !refusals.isEmpty {
                    let reasons = refusals.sorted { $0.key < $1.key }.prefix(5).map { "\($0.key): \($0.value)" }.joined(separator: "; ")
                    throw Problem(.unprocessableContent, "picker-choice-refused", "\(refusals.count) of the picked assets cannot be picked here (\(reasons))")
                }
            }
            // A limited-library answer gives the application the picked assets (a change it hears).
            var added: [String] = []
            if session.purpose == .limitedLibrary, case .picked(let picked) = state {
                added = try self.library.addToAppSelection(identifier: session.owner.identifier, assets: picked)
            }
            guard self.pickerSessions.finish(session.id, state: state, added: added) else {
                throw Problem(.conflict, "picker-session-finished", "This picker was already answered")
            }
            return try JSONBody.response(PickerSessionJSON(self.pickerSessions.get(session.id) ?? session))
        }

        router.get("/api/picker/sessions/:session/results") { request, context -> Response in
            let owner = try Self.pickerOwner(try Self.applicant(context))
            let wait = try Self.intParameter(request, "wait", default: 0, range: 0...300)
            let id = try context.parameters.require("session")
            let deadline = Date().addingTimeInterval(TimeInterval(wait))
            var session = try self.pickerSession(id, owner: owner)
            while session.state == .waiting, Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
                session = try self.pickerSession(id, owner: owner)
            }
            return try JSONBody.response(try self.pickerResults(session, context: context))
        }

        router.get("/api/picker/sessions/:session/results/:result/items/:item") { request, context -> Response in
            let owner = try Self.pickerOwner(try Self.applicant(context))
            let session = try self.pickerSession(try context.parameters.require("session"), owner: owner)
            guard case .picked(let picked) = session.state, let n = Int(try context.parameters.require("result")), picked.indices.contains(n),
                  let row = try self.library.assetRowIDs(identifiers: [picked[n]]).first,
                  let asset = try self.library.assets(rowIDs: [row])[row] else {
                throw Problem.notFound("No such picker result")
            }
            let items = try await Self.pickerFailing { try PickerItems.items(of: asset, mode: session.mode, in: self.library) }
            guard let i = Int(try context.parameters.require("item")), items.indices.contains(i) else { throw Problem.notFound("No such item") }
            let item = items[i]
            switch item.source {
            case .stored(let resource):
                let ext = (resource.originalFilename as NSString).pathExtension
                return try FileResponses.file(at: self.library.fileURL(for: resource), etag: resource.sha256,
                                              contentType: MIMETypes.forUTI(resource.uniformTypeIdentifier), request: request,
                                              cacheControl: "private, max-age=3600",
                                              disposition: FileResponses.attachment(filename: ext.isEmpty ? item.suggestedName : "\(item.suggestedName).\(ext)"))
            case .compatibleStill:
                let library = self.library
                let (data, etag) = try await Self.pickerFailing {
                    try await Offload.run { () throws -> (data: Data, etag: String) in try PickerItems.compatibleStill(of: asset, in: library) }
                }
                var response = FileResponses.bytes(data, etag: etag, contentType: MIMETypes.forUTI(item.typeIdentifier), request: request,
                                                   cacheControl: "private, max-age=3600")
                response.headers[.contentDisposition] = FileResponses.attachment(filename: "\(item.suggestedName).jpg")
                return response
            }
        }
    }

    /// Remembers the first web address bound (a listener on every interface is named by this machine's host name,
    /// which a browser elsewhere can reach; `0.0.0.0` is not an address to open).
    func noteWebAddress(_ url: String) {
        var named = url
        for unspecified in ["://0.0.0.0:", "://[::]:"] where url.contains(unspecified) {
            named = url.replacingOccurrences(of: unspecified, with: "://\(ProcessInfo.processInfo.hostName):")
        }
        webAddress.withLock { if $0 == nil { $0 = named } }
    }

    /// Who owns the sessions an applicant opens.
    static func pickerOwner(_ applicant: ApplicationAccess.Applicant) throws(Problem) -> PickerSession.Owner {
        guard let identifier = applicant.identifier else { throw Problem.badRequest("The application could not be identified") }
        return PickerSession.Owner(identifier: identifier, executableSHA256: applicant.program?.executableSHA256 ?? "")
    }

    /// The session named in the path, for the owner's routes.
    func pickerSession(_ context: APIContext) throws -> PickerSession {
        try pickerSession(try context.parameters.require("session"), owner: nil)
    }

    /// A session, 404 when unknown, expired or another application's.
    func pickerSession(_ id: String, owner: PickerSession.Owner?) throws(Problem) -> PickerSession {
        guard let session = pickerSessions.get(id, owner: owner) else { throw Problem.notFound("No picker session \(id.prefix(40))") }
        return session
    }

    /// The results as the application sees them (`PHPickerResult`): each picked asset's items, and its identifier
    /// only when the application may read that asset.
    func pickerResults(_ session: PickerSession, context: APIContext) throws -> PickerResultsJSON {
        guard case .picked(let picked) = session.state else { return PickerResultsJSON(state: session.state.name, results: []) }
        // The limited-library picker hands nothing over: the application reads its new photos as it reads any.
        if session.purpose == .limitedLibrary { return PickerResultsJSON(state: session.state.name, results: [], addedAssetIdentifiers: session.added) }
        let rows = try library.assetRowIDs(identifiers: picked)
        let records = try library.assets(rowIDs: rows)
        let byIdentifier = Dictionary(records.map { ($0.value.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let readable: Set<Int64> = context.app == nil ? [] : try library.assetRows(rows, visibleIn: context.readScope)
        var results: [PickerResultJSON] = []
        for (n, identifier) in picked.enumerated() {
            guard let (row, asset) = byIdentifier[identifier] else { results.append(PickerResultJSON(assetIdentifier: nil, items: [])); continue }
            let items = (try? PickerItems.items(of: asset, mode: session.mode, in: library)) ?? []
            results.append(PickerResultJSON(
                assetIdentifier: readable.contains(row) ? identifier : nil,
                items: items.enumerated().map { i, item in
                    PickerItemJSON(index: i, typeIdentifier: item.typeIdentifier, suggestedName: item.suggestedName, byteCount: item.byteCount,
                                   url: "/api/picker/sessions/\(session.id)/results/\(n)/items/\(i)")
                }))
        }
        return PickerResultsJSON(state: session.state.name, results: results)
    }

    /// Runs item work, turning the image manager's errors into problems.
    static func pickerFailing<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as ImageManagementError {
            switch error.code {
            case .missingResource, .notFound: throw Problem.notFound(error.message)
            default: throw Problem(.unprocessableContent, "unreadable-image", error.message)
            }
        }
    }
}

struct PickerSessionBody: StrictBody {
    var filter: String?
    var selectionLimit: Int?
    var mode: String?
    var preselectedAssetIdentifiers: [String]?
    var purpose: String?
    static let fields: Set<String> = ["filter", "selectionLimit", "mode", "preselectedAssetIdentifiers", "purpose"]

    /// The filter, limit (default 1; 0 = none), mode (default automatic), preselected identifiers and purpose
    /// (default `pick`), checked. A `limitedLibrary` session takes none of the others: every asset, no limit.
    func checked() throws(Problem) -> (filter: PickerFilter?, limit: Int, mode: PickerSession.Mode, preselected: [String], purpose: PickerSession.Purpose) {
        guard let purpose = PickerSession.Purpose(rawValue: purpose ?? "pick") else { throw Problem.badRequest("purpose must be pick or limitedLibrary") }
        if purpose == .limitedLibrary {
            guard filter == nil, selectionLimit == nil, mode == nil, preselectedAssetIdentifiers == nil else {
                throw Problem.badRequest("A limitedLibrary picker takes no filter, selectionLimit, mode or preselectedAssetIdentifiers")
            }
            return (nil, 0, .automatic, [], purpose)
        }
        let parsed: PickerFilter?
        do { parsed = try filter.map { (text: String) throws(LibraryError) -> PickerFilter in try PickerFilter(parsing: text) } } catch {
            throw Problem.badRequest(error.message)
        }
        let limit = selectionLimit ?? 1
        guard (0...10_000).contains(limit) else { throw Problem.badRequest("selectionLimit must be from 0 (no limit) to 10,000") }
        guard let mode = PickerSession.Mode(rawValue: mode ?? "automatic") else {
            throw Problem.badRequest("mode must be automatic, current or compatible")
        }
        let named = try (preselectedAssetIdentifiers ?? []).map { (text: String) throws(Problem) -> String in try IdentifierPath.asset(text) }
        guard limit == 0 || named.count <= limit else { throw Problem.badRequest("More preselected assets than selectionLimit allows") }
        return (parsed, limit, mode, named, purpose)
    }
}

struct PickerChoiceBody: StrictBody {
    var assets: [String]?
    var cancelled: Bool?
    static let fields: Set<String> = ["assets", "cancelled"]

    /// The answer, checked against the session's limit (the library's own refusals are checked by the route).
    func checked(selectionLimit: Int, appName: String) throws(Problem) -> PickerSession.State {
        switch (assets, cancelled) {
        case (nil, true?): return .cancelled
        case (let assets?, nil), (let assets?, false?):
            guard assets.count <= 10_000 else { throw Problem.badRequest("At most 10,000 assets at once") }
            var picked: [String] = [], seen: Set<String> = []
            for text in assets {
                let identifier = try IdentifierPath.asset(text)
                if seen.insert(identifier).inserted { picked.append(identifier) }
            }
            guard !picked.isEmpty else { throw Problem.badRequest("Pick at least one asset, or cancel with {\"cancelled\": true}") }
            if selectionLimit > 0, picked.count > selectionLimit {
                throw Problem(.unprocessableContent, "picker-choice-refused",
                              "'\(appName)' asked for at most \(selectionLimit) item\(selectionLimit == 1 ? "" : "s"); \(picked.count) were picked")
            }
            return .picked(picked)
        default:
            throw Problem.badRequest("Send {\"assets\": [...]} or {\"cancelled\": true}")
        }
    }
}

/// A session as the owner's page sees it.
struct PickerSessionJSON: Codable {
    struct Application: Codable {
        var identifier: String
        var name: String
        /// The program's executable, when known ("" for a token whose application never connected on the socket).
        var executablePath: String
    }

    var id: String
    var application: Application
    /// The filter's canonical text form, or nil for every kind.
    var filter: String?
    var selectionLimit: Int
    var mode: String
    var preselectedAssetIdentifiers: [String]
    /// `pick` (PHPickerViewController) or `limitedLibrary` (presentLimitedLibraryPicker: picked photos join the
    /// application's selection).
    var purpose: String
    var state: String
    var created: Date

    init(_ session: PickerSession) {
        id = session.id
        application = Application(identifier: session.owner.identifier, name: session.appName, executablePath: session.executablePath)
        filter = session.filter?.description
        selectionLimit = session.selectionLimit
        mode = session.mode.rawValue
        preselectedAssetIdentifiers = session.preselected
        purpose = session.purpose.rawValue
        state = session.state.name
        created = session.created
    }
}

struct PickerCandidatesJSON: Codable {
    var count: Int
    var offset: Int
    var assets: [AssetJSON]
}

struct PickerResultsJSON: Codable {
    var state: String
    var results: [PickerResultJSON]
    /// For a limited-library session: the picked assets new to the application's selection.
    var addedAssetIdentifiers: [String]?
}

/// `PHPickerResult`: the asset's identifier (when the application may read it) and its item provider's items.
struct PickerResultJSON: Codable {
    var assetIdentifier: String?
    var items: [PickerItemJSON]
}

struct PickerItemJSON: Codable {
    var index: Int
    var typeIdentifier: String
    var suggestedName: String
    var byteCount: Int64?
    var url: String
}

import FilterChains
import Foundation
import Hummingbird
import PhotoLibrary

/// The service's request parsing for the fuzz target `Fuzz/service-requests` (Docs/Fuzzing.md), which cannot reach
/// internal types: arbitrary bytes go to the same decoding and checking the routes run before they touch the
/// library, with no server and no HTTP framework in between (except a `Request` built in memory for query strings).
///
/// Byte 0 picks the surface (`Surface`, modulo its count); the rest is that surface's input. Every surface
/// answers whether the input was accepted (a body that decodes and passes every check), so a test can read the
/// seeds back and see them accepted. A thrown error is a refusal; anything that stops the process is a bug.
package enum ServiceRequestFuzzing {
    /// What byte 0 chooses.
    package enum Surface: UInt8, CaseIterable, Sendable {
        /// `POST /api/changes`: an `Idempotency-Key` line, then the body (change batches, album edits).
        case changes
        /// `POST /api/fetches`: the body, turned into the core query and run on an empty library. A first byte 1…7
        /// picks a body of the PhotoKit back end instead (`photoKit`).
        case fetches
        /// `POST /api/assets/{id}/preview` and `…/edit/filters`: filter chains.
        case filterEdits
        /// `POST /api/assets/{id}/edit` (commit with adjustment data) and `…/edit/extension`: byte 1 chooses.
        case editCommits
        /// `POST /api/setup`, `/api/session`, `/api/users`, `/api/tokens`, `/api/collections/{id}/links`: byte 1 chooses.
        case accounts
        /// `POST /api/uploads/check`, `/api/uploads` then `PATCH` chunks, `/api/uploads/import`: byte 1 chooses.
        case uploads
        /// `GET /api/changes/stream` and `/api/shared/{secret}/stream`: `Last-Event-ID` and `since`.
        case streamResume
        /// Query strings of the reading routes, then a `Range` and an `Accept` header, one a line.
        case queries
        /// `POST /api/downloads`: the body, its identifiers, the archive's name and the names inside it.
        case downloads
    }

    /// Runs one input; returns whether it was accepted. (Byte 0 modulo 9: the seeds start with `H` … `P`.)
    @discardableResult
    package static func run(_ data: Data) -> Bool {
        guard let first = data.first else { return false }
        let surface = Surface(rawValue: first % UInt8(Surface.allCases.count))!
        let rest = Data(data.dropFirst())
        do {
            switch surface {
            case .changes: try changes(rest)
            case .fetches: try fetches(rest)
            case .filterEdits: try filterEdits(rest)
            case .editCommits: try editCommits(rest)
            case .accounts: try accounts(rest)
            case .uploads: try uploads(rest)
            case .streamResume: try streamResume(rest)
            case .queries: try queries(rest)
            case .downloads: try downloads(rest)
            }
            return true
        } catch {
            return false
        }
    }

    // MARK: Surfaces

    /// The first line is the `Idempotency-Key` header (absent when the input has no line break), the rest the body.
    static func changes(_ data: Data) throws {
        let (line, body) = splitLine(data)
        let key = try PhotosService.idempotencyKey(line.map { String(decoding: $0, as: UTF8.self) })
        _ = PhotosService.canonicalDigest(body)
        let plan = try JSONBody.decode(ChangeRequestBody.self, from: body).plan()
        _ = (key, plan.placeholders.count, ChangeAudit.needsAdmin(plan.batch.operations))
    }

    static func fetches(_ data: Data) throws {
        if let first = data.first, (1...7).contains(first) { return try photoKit(first, Data(data.dropFirst())) }
        let body = try JSONBody.decode(FetchRequestBody.self, from: data)
        let library = try scratch().library
        switch try body.query(in: library) {   // and run, as the route does, on an empty library
        case .assets(let query): _ = try library.assetSnapshot(query)
        case .collections(let query): _ = try library.collectionSnapshot(query)
        }
    }

    /// The PhotoKit back end's bodies (`/api/photokit/…`), decoded as the routes decode them and run on a scratch
    /// library: 1 a query (`fetch`), 2 a change batch (`changes`, applied), 3 a prepare request, 4 a fetch to diff,
    /// 5 packed row ids (`assets`); 6 an answer of packed asset records, decoded as the client decodes them; 7 a
    /// prepare request framed with its row-id lists beside the JSON (`WireFrame`).
    static func photoKit(_ choice: UInt8, _ body: Data) throws {
        if choice == 6 { return _ = try PackedAssetRecords.decode(body) }
        let library = try scratch().library
        switch choice {
        case 1: _ = try library.fetchRowIDs(try WireJSON.decode(ObservedQuery.self, from: body))
        case 2: _ = try library.apply(ChangeBatch(operations: try WireJSON.decode(ChangeRequest.self, from: body).operations))
        case 3:
            let request = try WireJSON.decode(PrepareRequest.self, from: body)
            _ = try library.prepareChange(after: request.after, fetches: request.fetches)
        case 7:
            let request = try WireFrame.decode(PrepareRequest.self, from: body)
            _ = try library.prepareChange(after: request.after, fetches: request.fetches)
        case 4:
            let fetch = try WireJSON.decode(ObservedFetch.self, from: body)
            _ = library.computeDiff(fetch.query, before: fetch.before, since: fetch.token)
        default:
            guard let rows = RowIDBytes.decode(body) else { throw Problem.badRequest("Row ids are 8 bytes each") }
            _ = try library.orderedAssets(rowIDs: rows)
        }
    }

    /// The body, checked as the routes check it, and the chain it makes validated (what `FilterChainEditor.plan`
    /// does with the additions) and written as adjustment data.
    static func filterEdits(_ data: Data) throws {
        let body = try JSONBody.decode(FilterEditBody.self, from: data)
        let chain = FilterChain(filters: try body.checkedFilters())
        try chain.validate()
        _ = try chain.json()
        _ = chain.summary
    }

    /// Byte 0 even: an edit commit's body; odd: an extension edit's body.
    static func editCommits(_ data: Data) throws {
        let body = Data(data.dropFirst())
        if (data.first ?? 0) % 2 == 0 {
            let commit = try JSONBody.decode(EditCommitBody.self, from: body)
            guard UUID(uuidString: commit.upload) != nil else { throw Problem.notFound("No upload") }   // what `UploadStore.get` needs first
            _ = try commit.adjustmentData()
        } else {
            let edit = try JSONBody.decode(ExtensionEditBody.self, from: body)
            _ = (edit.extension, edit.parameters ?? [:])
        }
    }

    /// Byte 0 chooses the body: setup, sign-in, new account, new API token, new shared link (byte 0 modulo 5);
    /// `a`, `b`, `c`: an application's access request, an owner's decision, a selection; `d`, `e`: a picker
    /// session's body, the owner's choice.
    static func accounts(_ data: Data) throws {
        let body = Data(data.dropFirst())
        if let choice = data.first, (UInt8(ascii: "a")...UInt8(ascii: "c")).contains(choice) {
            return try access(choice - UInt8(ascii: "a"), body)
        }
        if let choice = data.first, (UInt8(ascii: "d")...UInt8(ascii: "e")).contains(choice) {
            return try picker(choice == UInt8(ascii: "d"), body)
        }
        switch (data.first ?? 0) % 5 {
        case 0:
            let setup = try JSONBody.decode(SetupBody.self, from: body)
            _ = PhotosService.constantTimeEqual(setup.setupToken, "fuzz-setup-token")
            try Passwords.validate(setup.password)
            try createAndRemoveAccount(setup.username, role: .admin)
        case 1:
            let login = try JSONBody.decode(LoginBody.self, from: body)
            _ = ["ip:local", "user:\(login.username.lowercased())"]   // the throttle's keys
            _ = try scratch().library.account(named: login.username)
        case 2:
            let user = try JSONBody.decode(NewUserBody.self, from: body)
            try Passwords.validate(user.password)
            try createAndRemoveAccount(user.username, role: user.role)
        case 3:
            try JSONBody.decode(NewTokenBody.self, from: body).validate()
        default:
            try JSONBody.decode(NewLinkBody.self, from: body).validate()
        }
    }

    /// `POST /api/access/requests`, `POST /api/access/apps/{id}` (the decision applied to a scratch library's
    /// application) and `…/selection`.
    static func access(_ choice: UInt8, _ body: Data) throws {
        switch choice {
        case 0:
            _ = try PhotosService.accessLevel(try JSONBody.decode(AccessRequestBody.self, from: body).level)
        case 1:
            let decision = try JSONBody.decode(AccessDecisionBody.self, from: body)
            guard let status = AppAccessStatus(rawValue: decision.status), status != .pending else { throw Problem.badRequest("status") }
            let assets = try (decision.assets ?? []).map { (text: String) throws(Problem) -> String in try IdentifierPath.asset(text) }
            try scratch().library.decideAppAccess(identifier: "org.example.Fuzz", status: status, selection: assets)
        default:
            _ = try JSONBody.decode(SelectionBody.self, from: body).assets.map { (text: String) throws(Problem) -> String in try IdentifierPath.asset(text) }
        }
    }

    /// `POST /api/picker/sessions` (the filter parsed, its SQL condition made) and `POST …/choice` (checked against
    /// a limit of 2, then the library's refusals on a scratch library).
    static func picker(_ session: Bool, _ body: Data) throws {
        if session {
            let checked = try JSONBody.decode(PickerSessionBody.self, from: body).checked()
            _ = (checked.filter?.sqlCondition, checked.filter?.description, checked.limit, checked.mode, checked.preselected.count)
        } else {
            let state = try JSONBody.decode(PickerChoiceBody.self, from: body).checked(selectionLimit: 2, appName: "Fuzz")
            if case .picked(let picked) = state { _ = try scratch().library.pickerRefusals(for: picked, filter: .images) }
        }
    }

    /// Byte 0 chooses: 0 a digest check's body; 1 an import's body (each named upload looked up); else a new
    /// upload's body (first line), created in a scratch store, then an `Upload-Offset` (second line) and chunks
    /// (the rest: each chunk's length is its first byte) appended, and the upload verified and removed.
    static func uploads(_ data: Data) throws {
        let body = Data(data.dropFirst())
        let store = try scratch().uploads
        switch (data.first ?? 0) % 3 {
        case 0:
            _ = try JSONBody.decode(HashCheckBody.self, from: body).digests()
        case 1:
            let request = try JSONBody.decode(ImportUploadsBody.self, from: body)
            try request.validate()
            for id in request.uploads { _ = try? store.get(id, ownerID: 1) }   // none exist: looked up, not found
        default:
            let (json, afterJSON) = splitLine(body)
            let (offsetLine, chunks) = splitLine(afterJSON)
            let new = try JSONBody.decode(NewUploadBody.self, from: json ?? afterJSON)
            let upload = try store.create(ownerID: 1, filename: new.filename, length: new.length, sha256: new.sha256)
            defer { store.remove(upload.id) }
            guard json != nil else { return }
            let offset = try PhotosService.uploadOffset(offsetLine.map { String(decoding: $0, as: UTF8.self) })
            let appender = try UploadStore.Appender(store, upload, at: offset)
            defer { appender.close() }
            var rest = chunks[...]
            while let size = rest.first {
                let chunk = rest.dropFirst().prefix(Int(size))
                rest = rest.dropFirst(1 + chunk.count)
                try appender.write(ByteBuffer(bytes: chunk))
            }
            _ = try appender.finish()
            _ = store.offset(of: upload)
            _ = try store.verify(upload)
        }
    }

    /// Byte 0's bit 0: a `Last-Event-ID` header is present (the first line); bit 1: a `since` parameter (the
    /// second line). The shared stream compares the same header with a token.
    static func streamResume(_ data: Data) throws {
        let flags = data.first ?? 0
        let lines = String(decoding: data.dropFirst(), as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let header = flags & 1 == 1 ? String(lines[0]) : nil
        let since = flags & 2 == 2 ? String(lines.count > 1 ? lines[1] : lines[0]) : nil
        _ = PhotosService.sharedStreamIsBehind(lastEventID: header, token: Int64(flags))
        _ = try PhotosService.resumeToken(lastEventID: header, since: since)
    }

    /// The first line is a query string, asked of every parameter the reading routes parse (page offsets and
    /// sizes, history tokens, day sections, picture sizes and crops, edit input, index lookups); the second a
    /// `Range` header for a file whose size is the third line's number (else 1000); the fourth an `Accept` header.
    static func queries(_ data: Data) throws {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        func line(_ index: Int) -> String? { index < lines.count ? lines[index] : nil }
        let request = Request(head: HTTPRequest(method: .get, scheme: "http", authority: "localhost",
                                                path: "/api/assets/x/image?" + (line(0) ?? "")),
                              body: RequestBody(buffer: ByteBuffer()))
        var accepted = true
        func attempt(_ work: () throws -> Void) {
            do { try work() } catch { accepted = false }
        }
        attempt { _ = try PhotosService.intParameter(request, "offset", default: 0, range: 0...Int(Int32.max)) }
        attempt { _ = try PhotosService.intParameter(request, "limit", default: 200, range: 1...1000) }
        attempt { _ = try PhotosService.intParameter(request, "utcOffset", default: 0, range: -18 * 60...18 * 60) }
        attempt { _ = try PhotosService.historyToken(request.uri.queryParameters["since"] ?? "0") }
        attempt {
            let picture = try PictureQuery(request)
            if case .sized(let spec) = picture.target { _ = PictureQuery.key(spec) }
        }
        _ = request.uri.queryParameters["resume"].map { $0 == "true" || $0 == "1" }
        _ = Set(request.uri.queryParameters.getAll("fetch").map { String($0) }).count
        if let identifier = request.uri.queryParameters["identifier"].map(String.init) {
            // An asset or a collection, as the fetch's entity says.
            attempt { if (try? IdentifierPath.asset(identifier)) == nil { _ = try IdentifierPath.collection(identifier) } }
        }
        let size = line(2).flatMap { Int64($0) }.map { max(0, $0) } ?? 1000
        attempt { _ = try FileResponses.range(line(1), size: size) }
        attempt { _ = try AcceptedEncodings.choose(line(3), preferred: .jpeg) }
        attempt { _ = try AcceptedEncodings.choose(line(3), preferred: .webp) }
        guard accepted else { throw Problem.badRequest("refused") }
    }

    static func downloads(_ data: Data) throws {
        let body = try JSONBody.decode(DownloadBody.self, from: data)
        var names = UniqueNames()
        for name in body.assets.prefix(1000) { _ = names.claim(name) }
        _ = PhotosService.archiveName(body.name)
        _ = try body.identifiers()
    }

    // MARK: Scratch state

    /// An empty library and its upload store in a temporary directory, made once per process.
    struct Scratch: Sendable {
        let library: Library
        let uploads: UploadStore
    }

    /// In memory where the system has a tmpfs (`/dev/shm`): uploads are synced to disk at every PATCH.
    private static let scratchFolder = makeScratchFolder(named: "service")

    /// A new folder name for a fuzz target's scratch library: in `/dev/shm` when the system has that tmpfs (the
    /// library syncs its writes), else in the temporary directory.
    static func makeScratchFolder(named name: String) -> URL {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        return base.appendingPathComponent("photokit-fuzz-\(name)-\(getpid())-\(UUID().uuidString)", isDirectory: true)
    }

    private static let scratchState: Result<Scratch, any Error> = Result {
        let library = try Library.open(at: scratchFolder.appendingPathComponent("Fuzz.photoslibrary", isDirectory: true))
        atexit { try? FileManager.default.removeItem(at: ServiceRequestFuzzing.scratchFolder) }
        return Scratch(library: library, uploads: UploadStore(library: library))
    }

    static func scratch() throws -> Scratch { try scratchState.get() }

    private static func createAndRemoveAccount(_ username: String, role: AccountRole) throws {
        let library = try scratch().library
        // Every account but the first, so an admin always remains and the rest can be removed again.
        if try library.accountCount() == 0 {
            try library.createAccount(username: "fuzz-owner", passwordHash: "x", role: .admin)
        }
        try library.createAccount(username: username, passwordHash: "x", role: role)
        try library.removeAccount(named: username)
    }

    /// The bytes before the first line break and those after it; (nil, everything) without one.
    private static func splitLine(_ data: Data) -> (Data?, Data) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return (nil, data) }
        return (Data(data[data.startIndex..<newline]), Data(data[(newline + 1)...]))
    }
}

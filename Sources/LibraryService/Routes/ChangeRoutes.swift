import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// Changes and their history: `POST /api/changes` applies operations as one atomic batch (an
    /// `Idempotency-Key` header makes a retry apply once); `GET /api/changes?since=TOKEN` reads the persistent
    /// history after a token (410 `token-expired` when it was trimmed: refetch).
    func addChangeRoutes(to router: Router<APIContext>) {
        router.post("/api/changes") { request, context -> Response in
            let account = try context.requireWriter()
            let bytes = try await request.body.collect(upTo: context.maxUploadSize)
            let requestHash = Self.canonicalDigest(Data(buffer: bytes))
            let key = try Self.idempotencyKey(request.headers[.init("Idempotency-Key")!])
            if let key {
                if let receipt = try self.library.changeReceipt(scope: "account:\(account.rowID)", key: key) {
                    return try Self.replay(receipt, requestHash: requestHash)
                }
            }
            let body = try JSONBody.decode(ChangeRequestBody.self, from: Data(buffer: bytes))
            let plan = try body.plan()
            try ChangeAudit.requirePermission(plan.batch.operations, of: account)
            var batch = plan.batch
            batch.actingAccount = context.actingAccount
            batch.actingApp = context.actingApp
            batch.audit = ChangeAudit.entries(for: batch.operations, by: account)
            let result = ChangeResultJSON(changeToken: nil, placeholders: plan.placeholders)
            if let key {
                let response = String(decoding: try JSONBody.encoder.encode(result), as: UTF8.self)
                batch.receipt = ChangeReceipt(scope: "account:\(account.rowID)", key: key, requestHash: requestHash, response: response)
            }
            let library = self.library, finalBatch = batch
            let outcome: ChangeOutcome
            do {
                outcome = try await Offload.run { () throws(LibraryError) -> ChangeOutcome in try library.apply(finalBatch) }
            } catch let error as LibraryError {
                // A concurrent request with the same key committed first: answer as it did.
                if let key, let receipt = try self.library.changeReceipt(scope: "account:\(account.rowID)", key: key) {
                    return try Self.replay(receipt, requestHash: requestHash)
                }
                throw Problem(error)
            }
            // Derivatives follow: new and edited pictures are queued, superseded and purged ones deleted.
            ImagingContext.libraryDidCommit(library, outcome: outcome)
            return try JSONBody.response(ChangeResultJSON(changeToken: outcome.token, placeholders: plan.placeholders))
        }

        router.get("/api/changes") { request, context -> Response in
            _ = try context.requireAccount()
            let since = try Self.historyToken(request.uri.queryParameters["since"])
            let limit = try Self.intParameter(request, "limit", default: 500, range: 1...5000)
            let current = try self.library.currentChangeToken()
            guard since <= current else { throw Problem(.gone, "token-expired", "The change token \(since) is newer than this library's history (\(current)): refetch") }
            var entries = try self.library.changeLogEntries(after: since, limit: limit)
            let hasMore = entries.last.map { $0.token < current } ?? false
            // An application's history: only what it may see (entries left empty are dropped).
            entries = try self.library.entries(entries, visibleIn: context.readScope)
            return try JSONBody.response(HistoryJSON(currentToken: current,
                                                     changes: entries.map { ChangeEntryJSON(token: $0.token, date: $0.date, changes: $0.changes) },
                                                     hasMore: hasMore))
        }
    }

    /// An `Idempotency-Key` header's value (nil when absent); 400 unless it has 1 to 200 characters.
    static func idempotencyKey(_ header: String?) throws(Problem) -> String? {
        guard let header else { return nil }
        guard (1...200).contains(header.count) else { throw Problem.badRequest("An Idempotency-Key has 1 to 200 characters") }
        return header
    }

    /// The `since` query parameter of `GET /api/changes`: a change token, 0 or more; 400 when absent or malformed.
    static func historyToken(_ text: Substring?) throws(Problem) -> Int64 {
        guard let since = text.flatMap({ Int64($0) }), since >= 0 else {
            throw Problem.badRequest("Query parameter 'since' (a change token, 0 or more) is required")
        }
        return since
    }

    /// The digest of a JSON body with its keys sorted, so a retry that serialises the same request differently
    /// is still the same request.
    static func canonicalDigest(_ body: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body),
              let canonical = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return ContentDigest.sha256Hex(body)
        }
        return ContentDigest.sha256Hex(canonical)
    }

    /// The stored answer of an earlier request with the same idempotency key, or 422 when the key was used for
    /// a different request.
    static func replay(_ receipt: ChangeReceipt, requestHash: String) throws -> Response {
        guard receipt.requestHash == requestHash else {
            throw Problem(.unprocessableContent, "idempotency-key-reused", "The Idempotency-Key was already used for a different request")
        }
        var result = try JSONBody.decoder.decode(ChangeResultJSON.self, from: Data(receipt.response.utf8))
        result.changeToken = receipt.changeToken
        return try JSONBody.response(result, headers: [.init("Idempotent-Replayed")!: "true"])
    }
}

struct ChangeResultJSON: Codable {
    /// The token the batch committed as (null when it changed nothing).
    var changeToken: Int64?
    /// Placeholder name → local identifier of the collection created for it.
    var placeholders: [String: String]
}

struct HistoryJSON: Codable {
    var currentToken: Int64
    var changes: [ChangeEntryJSON]
    /// More entries follow the last one returned (read again from its token).
    var hasMore: Bool
}

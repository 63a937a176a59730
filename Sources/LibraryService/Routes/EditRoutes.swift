import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// Non-destructive editing over HTTP, PhotoKit's model:
    /// `GET /api/assets/{id}/edit` — the current edit's adjustment data (if any) and the edit history;
    /// `GET /api/assets/{id}/edit/input?resume=true|false` — the image to edit, by the WWDC 2014 rule (resume: the
    /// editor understands the current adjustment data, so it gets the original and re-applies; otherwise it
    /// gets the current version and stacks on it); `X-Edit-Base` says which;
    /// `POST /api/assets/{id}/edit` — commit: a completed upload holding the render, the adjustment data, and the
    /// base it was rendered from. The render must decode completely; it is consumed whether or not the commit
    /// succeeds. Reverting is the `revertContent` change operation.
    func addEditRoutes(to router: Router<APIContext>) {
        router.get("/api/assets/:asset/edit") { _, context -> Response in
            let asset = try self.asset(context)
            let edit = try self.library.currentEdit(assetRowID: asset.rowID)
            let history = try self.library.editHistory(assetRowID: asset.rowID)
            let original = asset.mediaType == .image ? (try? self.library.editingBase(assetRowID: asset.rowID) { _ in true })?.resource : nil
            return try JSONBody.response(EditStateJSON(
                localIdentifier: asset.identifier, hasAdjustments: asset.hasAdjustments,
                adjustment: edit?.adjustment.map(AdjustmentJSON.init),
                currentBasedOnOriginal: history.currentEdit?.basedOnOriginal,
                history: history.entries.map(EditHistoryJSON.init),
                originalPixelWidth: original?.pixelWidth, originalPixelHeight: original?.pixelHeight,
                raw: self.filterEditor.rawInfo(asset, library: self.library)))
        }

        router.get("/api/assets/:asset/edit/input") { request, context -> Response in
            let asset = try self.asset(context)
            guard asset.mediaType == .image else { throw Problem(.conflict, "change-not-supported", "Editing over HTTP works on photos") }
            let resume = request.uri.queryParameters["resume"].map { $0 == "true" || $0 == "1" } ?? false
            let base = try self.library.editingBase(assetRowID: asset.rowID) { _ in resume }
            var response = try FileResponses.file(at: self.library.fileURL(for: base.resource), etag: base.resource.sha256,
                                                  contentType: MIMETypes.forUTI(base.resource.uniformTypeIdentifier), request: request,
                                                  cacheControl: "private, no-cache",
                                                  disposition: FileResponses.attachment(filename: base.resource.originalFilename))
            response.headers[.init("X-Edit-Base")!] = base.basedOnOriginal ? "original" : "current"
            response.headers[.init("X-Orientation")!] = String(base.orientation)
            return response
        }

        router.post("/api/assets/:asset/edit") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            let body = try await JSONBody.decode(EditCommitBody.self, from: request, context: context)
            let upload = try self.uploads.get(body.upload, ownerID: account.rowID)
            defer { self.uploads.remove(upload.id) }   // the render is consumed, as PhotoKit consumes the output file
            let renderURL = try self.uploads.verify(upload)
            let data = try body.adjustmentData()
            if let failure = RenderedContent.failure(renderURL, asset: asset.identifier) {
                throw Problem(.unprocessableContent, "invalid-resource", failure.message)
            }
            let edit = ContentEdit(identifier: asset.identifier, rendered: .file(renderURL),
                                   adjustment: AdjustmentPayload(formatIdentifier: body.adjustment.formatIdentifier,
                                                                 formatVersion: body.adjustment.formatVersion, data: data),
                                   basedOnOriginal: body.basedOn == "original")
            let library = self.library
            let batch = ChangeBatch(operations: [.editContent(edit)],
                                    audit: [AuditEntry(accountID: account.rowID, username: account.username, action: "assets.edit", detail: asset.identifier)],
                                    actingAccount: context.actingAccount, actingApp: context.actingApp)
            let outcome = try await Offload.run { () throws(LibraryError) -> ChangeOutcome in try library.apply(batch) }
            ImagingContext.libraryDidCommit(library, outcome: outcome)
            return try JSONBody.response(ChangeResultJSON(changeToken: outcome.token, placeholders: [:]))
        }
    }
}

struct AdjustmentJSON: Codable {
    var formatIdentifier: String
    var formatVersion: String
    /// The editor's bytes, base64.
    var data: String
    init(_ payload: AdjustmentPayload) {
        formatIdentifier = payload.formatIdentifier; formatVersion = payload.formatVersion; data = payload.data.base64EncodedString()
    }
}

struct EditHistoryJSON: Codable {
    var sequence: Int
    var date: Date
    var kind: String
    var formatIdentifier: String?
    var formatVersion: String?
    var basedOnOriginal: Bool
    init(_ entry: EditHistoryEntry) {
        sequence = entry.sequence; date = entry.date; kind = entry.kind.rawValue
        formatIdentifier = entry.formatIdentifier; formatVersion = entry.formatVersion; basedOnOriginal = entry.basedOnOriginal
    }
}

struct EditStateJSON: Codable {
    var localIdentifier: String
    var hasAdjustments: Bool
    var adjustment: AdjustmentJSON?
    /// Whether the current edit was rendered from the original (nil when there is none).
    var currentBasedOnOriginal: Bool?
    var history: [EditHistoryJSON]
    /// The original's upright size: the space a resumed chain's positions and rectangles (a crop) are written in.
    var originalPixelWidth: Int?
    var originalPixelHeight: Int?
    /// The photo's RAW original, when it has one (a RAW-only photo or a RAW+JPEG pair): what a `CIRAWFilter`
    /// step of a filter chain develops.
    var raw: RAWInfoJSON?
}

/// A RAW original as the editor's RAW controls need it.
struct RAWInfoJSON: Codable {
    /// Upright size of the development: the space a chain that develops the RAW writes its positions in.
    var pixelWidth: Int
    var pixelHeight: Int
    /// The as-shot white balance (kelvin, and tint −150…150).
    var neutralTemperature: Double
    var neutralTint: Double
    /// The pipeline version a new development uses.
    var decoderVersion: String
}

struct EditCommitBody: StrictBody {
    struct Adjustment: Codable { var formatIdentifier: String; var formatVersion: String; var data: String }
    /// A completed upload holding the rendered image.
    var upload: String
    var adjustment: Adjustment
    /// `original` when rendered from the original (the input with `resume=true`, or a never-edited asset), else `current`.
    var basedOn: String
    static let fields: Set<String> = ["upload", "adjustment", "basedOn"]

    /// The adjustment data's bytes; 400 when it is not base64 or `basedOn` is neither value, 413 when too large.
    func adjustmentData() throws(Problem) -> Data {
        guard let data = Data(base64Encoded: adjustment.data) else { throw Problem.badRequest("adjustment.data must be base64") }
        guard data.count <= AdjustmentPayload.maximumDataSize else {
            throw Problem(.contentTooLarge, "too-large", "Adjustment data is limited to \(AdjustmentPayload.maximumDataSize) bytes")
        }
        guard ["original", "current"].contains(basedOn) else { throw Problem.badRequest("basedOn must be original or current") }
        return data
    }
}

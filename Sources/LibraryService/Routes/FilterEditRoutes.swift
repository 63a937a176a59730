import FilterChains
import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// The built-in editor: `POST /api/assets/{id}/preview` renders a filter chain on the display-size picture
    /// (JPEG, for sliders); `POST /api/assets/{id}/edit/filters` renders it at full size and commits it as a
    /// resumable edit (adjustment data in the filter-chain format, Docs/AdjustmentFormat.md). Both take
    /// `{"filters": [{"name": "CISepiaTone", "parameters": {"inputIntensity": 0.8}}], "replace": false}`: the
    /// filters are appended to the asset's chain when it can be resumed, else start a new one (from the
    /// original with `replace`, else on the current version). A `CIRAWFilter` step sets the RAW development
    /// (`inputEV`, `inputNeutralTemperature`, …), merged into the chain's development (`FilterChain.adding`).
    func addFilterEditRoutes(to router: Router<APIContext>) {
        router.post("/api/assets/:asset/preview") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            let body = try await JSONBody.decode(FilterEditBody.self, from: request, context: context)
            let editor = self.filterEditor, library = self.library
            let plan = try editor.plan(asset: asset, additions: try body.checkedFilters(), replace: body.replace ?? false, library: library)
            let data = try await editor.withRenderSlot(account: account.rowID) {
                try await Offload.run { () throws -> Data in try editor.preview(plan, library: library) }
            }
            return Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }

        router.post("/api/assets/:asset/edit/filters") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            guard asset.mediaType == .image else { throw Problem(.conflict, "change-not-supported", "Filter chains edit photos") }
            let body = try await JSONBody.decode(FilterEditBody.self, from: request, context: context)
            let editor = self.filterEditor, library = self.library, uploads = self.uploads
            let acting = context.actingAccount, app = context.actingApp
            let plan = try editor.plan(asset: asset, additions: try body.checkedFilters(), replace: body.replace ?? false, library: library)
            let outcome = try await editor.withRenderSlot(account: account.rowID) {
                try await Offload.run { () throws -> ChangeOutcome in
                    let render = try editor.render(plan, library: library, into: uploads.directory)
                    defer { try? FileManager.default.removeItem(at: render) }
                    if let failure = RenderedContent.failure(render, asset: asset.identifier) {
                        throw Problem(.unprocessableContent, "invalid-resource", failure.message)
                    }
                    let edit = ContentEdit(identifier: asset.identifier, rendered: .file(render),
                                           adjustment: AdjustmentPayload(formatIdentifier: FilterChain.formatIdentifier,
                                                                         formatVersion: FilterChain.formatVersion, data: try plan.chain.json()),
                                           basedOnOriginal: plan.base.basedOnOriginal)
                    return try library.apply(ChangeBatch(operations: [.editContent(edit)], audit: [
                        AuditEntry(accountID: account.rowID, username: account.username, action: "assets.edit", detail: "\(asset.identifier): \(plan.chain.summary)"),
                    ], actingAccount: acting, actingApp: app))
                }
            }
            ImagingContext.libraryDidCommit(library, outcome: outcome)
            return try JSONBody.response(FilterEditResultJSON(changeToken: outcome.token, filters: plan.chain.filters.count,
                                                              summary: plan.chain.summary, renderedFrom: plan.base.basedOnOriginal ? "original" : "current"))
        }
    }
}

struct FilterEditBody: StrictBody {
    var filters: [FilterChain.Filter]
    var replace: Bool?
    static let fields: Set<String> = ["filters", "replace"]
    static var nestedFields: [String: Set<String>] { ["filters": ["name", "parameters"]] }

    /// The filters, at most 32, each a built-in filter that takes an image, with inputs of the right class, or
    /// the RAW development step (`CIRAWFilter` with RAW keys; merged into the chain's development).
    func checkedFilters() throws(Problem) -> [FilterChain.Filter] {
        guard (1...32).contains(filters.count) else { throw Problem.badRequest("Give 1 to 32 filters") }
        do {
            for filter in filters { try filter.validate() }
        } catch {
            throw Problem.badRequest("\(error)")
        }
        return filters
    }
}

struct FilterEditResultJSON: Codable {
    var changeToken: Int64?
    /// Filters in the committed chain (resumed ones included).
    var filters: Int
    var summary: String
    /// `original` when the chain was rendered from the original, `current` when stacked.
    var renderedFrom: String
}

import FilterChains
import Foundation
import Hummingbird
import ImageManagement
import MotionEditing
import PhotoLibrary

extension PhotosService {
    /// The built-in editor: `POST /api/assets/{id}/preview` renders a filter chain on the display-size picture
    /// (JPEG, for sliders); `POST /api/assets/{id}/edit/filters` renders it at full size and commits it as a
    /// resumable edit (adjustment data in the filter-chain format, Docs/AdjustmentFormat.md). Both take
    /// `{"filters": [{"name": "CISepiaTone", "parameters": {"inputIntensity": 0.8}}], "replace": false}`: the
    /// filters are appended to the asset's chain when it can be resumed, else start a new one (from the
    /// original with `replace`, else on the current version). A `CIRAWFilter` step sets the RAW development
    /// (`inputEV`, `inputNeutralTemperature`, …), merged into the chain's development (`FilterChain.adding`).
    /// A video's chain runs on every frame (previewed on its first frame; the movie re-encoded, audio copied); a Live
    /// Photo's on its still and every frame of its movie (`LivePhotoChainEdit`, from the original pair, with an
    /// optional `audioVolume`), so it stays a Live Photo.
    func addFilterEditRoutes(to router: Router<APIContext>) {
        router.post("/api/assets/:asset/preview") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            let body = try await JSONBody.decode(FilterEditBody.self, from: request, context: context)
            let editor = self.filterEditor, library = self.library
            let plan = try editor.plan(asset: asset, additions: try body.checkedFilters(), replace: body.replace ?? false,
                                       audioVolume: try body.checkedVolume(), library: library)
            let data = try await editor.withRenderSlot(account: account.rowID) {
                try await Offload.run { () throws -> Data in try editor.preview(plan, library: library) }
            }
            return Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }

        router.post("/api/assets/:asset/edit/filters") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            let body = try await JSONBody.decode(FilterEditBody.self, from: request, context: context)
            let editor = self.filterEditor, library = self.library, uploads = self.uploads, extensions = self.extensions
            let acting = context.actingAccount, app = context.actingApp
            let plan = try editor.plan(asset: asset, additions: try body.checkedFilters(), replace: body.replace ?? false,
                                       audioVolume: try body.checkedVolume(), library: library)
            if plan.kind != .photo { try self.requireChangeable(asset, by: account, context: context) }   // minutes of work
            let outcome = try await editor.withRenderSlot(account: account.rowID) {
                try await Offload.run { () throws -> ChangeOutcome in
                    /// The chain's adjustment data (a Live Photo's edit brings its own).
                    func chainPayload() throws -> AdjustmentPayload {
                        AdjustmentPayload(formatIdentifier: FilterChain.formatIdentifier, formatVersion: FilterChain.formatVersion, data: try plan.chain.json())
                    }
                    var edit: ContentEdit
                    var files: [URL] = []
                    defer { for file in files { try? FileManager.default.removeItem(at: file) } }
                    switch plan.kind {
                    case .photo:
                        let render = try editor.render(plan, library: library, into: uploads.directory)
                        files = [render]
                        if let failure = RenderedContent.failure(render, asset: asset.identifier) {
                            throw Problem(.unprocessableContent, "invalid-resource", failure.message)
                        }
                        edit = ContentEdit(identifier: asset.identifier, rendered: .file(render), adjustment: try chainPayload(), basedOnOriginal: plan.base.basedOnOriginal)
                    case .video:
                        let render = try editor.renderMovie(plan, library: library, into: uploads.directory)
                        files = [render]
                        edit = ContentEdit(identifier: asset.identifier, rendered: .file(render), renderedUniformTypeIdentifier: "com.apple.quicktime-movie",
                                           adjustment: try chainPayload(), basedOnOriginal: plan.base.basedOnOriginal)
                    case .livePhoto:
                        let output = try editor.renderLivePhoto(plan, asset: asset, facade: try extensions.library())
                        files = [output.renderedContentURL, output.renderedPairedVideoURL]
                        guard let data = output.adjustmentData else { throw Problem(.internalServerError, "render-failed", "The Live Photo edit has no adjustment data") }
                        edit = ContentEdit(identifier: asset.identifier, rendered: .file(output.renderedContentURL),
                                           adjustment: AdjustmentPayload(formatIdentifier: data.formatIdentifier, formatVersion: data.formatVersion, data: data.data),
                                           basedOnOriginal: true, renderedPairedVideo: .file(output.renderedPairedVideoURL))
                    }
                    return try library.apply(ChangeBatch(operations: [.editContent(edit)], audit: [
                        AuditEntry(accountID: account.rowID, username: account.username, action: "assets.edit",
                                   detail: "\(asset.identifier): \(plan.live?.summary ?? plan.chain.summary)"),
                    ], actingAccount: acting, actingApp: app))
                }
            }
            ImagingContext.libraryDidCommit(library, outcome: outcome)
            return try JSONBody.response(FilterEditResultJSON(changeToken: outcome.token, filters: plan.chain.filters.count,
                                                              summary: plan.live?.summary ?? plan.chain.summary,
                                                              renderedFrom: plan.base.basedOnOriginal ? "original" : "current"))
        }
    }
}

struct FilterEditBody: StrictBody {
    var filters: [FilterChain.Filter]
    var replace: Bool?
    /// A Live Photo's sound, 0…1 (kept from its stored edit when absent; 1 for a new one).
    var audioVolume: Double?
    static let fields: Set<String> = ["filters", "replace", "audioVolume"]
    static var nestedFields: [String: Set<String>] { ["filters": ["name", "parameters"]] }

    /// The filters, at most 32 (at least one unless the body sets a Live Photo's `audioVolume`), each a built-in
    /// filter that takes an image, with inputs of the right class, or the RAW development step (`CIRAWFilter` with
    /// RAW keys; merged into the chain's development).
    func checkedFilters() throws(Problem) -> [FilterChain.Filter] {
        guard ((audioVolume == nil ? 1 : 0)...32).contains(filters.count) else { throw Problem.badRequest("Give 1 to 32 filters") }
        do {
            for filter in filters { try filter.validate() }
        } catch {
            throw Problem.badRequest("\(error)")
        }
        return filters
    }

    /// The volume, when given, between 0 and 1.
    func checkedVolume() throws(Problem) -> Float? {
        guard let audioVolume else { return nil }
        guard audioVolume.isFinite, (0...1).contains(audioVolume) else { throw Problem.badRequest("audioVolume is between 0 and 1") }
        return Float(audioVolume)
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

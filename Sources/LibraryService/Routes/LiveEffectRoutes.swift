import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// `POST /api/assets/{id}/edit/effect` with `{"effect": "loop" | "bounce" | "long-exposure" | "live"}`: a Live
    /// Photo's Loop, Bounce or Long Exposure (WWDC 2017), rendered from its original pair by the core's
    /// `LivePhotoEffectRenderer` and committed as a non-destructive edit — exactly what `photos live ID --effect`
    /// does; `live` returns to the plain Live Photo (a revert). Answers the asset as it now is (its playback style).
    func addLiveEffectRoutes(to router: Router<APIContext>) {
        router.post("/api/assets/:asset/edit/effect") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            let body = try await JSONBody.decode(LiveEffectBody.self, from: request, context: context)
            guard asset.mediaType == .image, asset.mediaSubtypes.contains(.photoLive) else {
                throw Problem(.conflict, "change-not-supported", "Effects apply to Live Photos")
            }
            try self.requireChangeable(asset, by: account, context: context)
            let acting = context.actingAccount, app = context.actingApp, library = self.library
            let audit = [AuditEntry(accountID: account.rowID, username: account.username, action: "assets.edit", detail: "\(asset.identifier): \(body.effect)")]
            let outcome = try await self.filterEditor.withRenderSlot(account: account.rowID) {
                try await Offload.run { () throws -> ChangeOutcome in
                    guard let effect = LivePhotoEffectRenderer.Effect(rawValue: body.effect) else {
                        return try library.apply(ChangeBatch(operations: [.revertContent(identifier: asset.identifier)], audit: audit,
                                                             actingAccount: acting, actingApp: app))
                    }
                    let rendered: LivePhotoEffectRenderer.Rendered
                    do { rendered = try LivePhotoEffectRenderer.render(effect, of: asset, in: library) } catch {
                        throw Problem(.unprocessableContent, "render-failed", (error as? ImageManagementError)?.message ?? "\(error)")
                    }
                    defer { rendered.remove() }
                    return try library.apply(ChangeBatch(operations: [.editContent(rendered.contentEdit(of: asset.identifier))], audit: audit,
                                                         actingAccount: acting, actingApp: app))
                }
            }
            ImagingContext.libraryDidCommit(library, outcome: outcome)
            return try JSONBody.response(AssetJSON(try self.asset(named: asset.identifier)))
        }
    }
}

struct LiveEffectBody: StrictBody {
    var effect: String
    static let fields: Set<String> = ["effect"]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        effect = try container.decode(String.self, forKey: .effect)
        guard effect == "live" || LivePhotoEffectRenderer.Effect(rawValue: effect) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .effect, in: container, debugDescription: "effect is loop, bounce, long-exposure or live")
        }
    }
    private enum CodingKeys: String, CodingKey { case effect }
}

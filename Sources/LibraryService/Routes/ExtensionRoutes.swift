import Foundation
import Hummingbird
import PhotoLibrary
import PhotosUI

extension PhotosService {
    /// Editing extensions over HTTP: `GET /api/extensions` lists the installed ones with their parameters (from
    /// their manifests), for an editor to show as controls; `POST /api/assets/{id}/edit/extension` with
    /// `{"extension": ID, "parameters": {"filter": "noir"}}` runs one on the asset in its sandbox and commits the
    /// result (members: only on what they own). Failures name the extension and change nothing.
    func addExtensionRoutes(to router: Router<APIContext>) {
        router.get("/api/extensions") { _, context -> Response in
            _ = try context.requireAccount()
            let installed = try await Offload.run { () throws -> [PHEditingExtension] in try self.extensions.installed() }
            return try JSONBody.response(["extensions": installed.map(ExtensionJSON.init)])
        }

        router.post("/api/assets/:asset/edit/extension") { request, context -> Response in
            let account = try context.requireWriter()
            let asset = try self.asset(context)
            let body = try await JSONBody.decode(ExtensionEditBody.self, from: request, context: context)
            guard asset.mediaType == .image else { throw Problem(.conflict, "change-not-supported", "Editing over HTTP works on photos") }
            try self.requireChangeable(asset, by: account, context: context)
            let parameters = body.parameters ?? [:]
            try await self.filterEditor.withRenderSlot(account: account.rowID) {
                let outcome = await Offload.run { () -> Result<Void, any Error> in
                    Result { try self.extensions.edit(assetIdentifier: asset.identifier, extensionID: body.extension, parameters: parameters) }
                }
                switch outcome {
                case .success: break
                case .failure(let error as Problem): throw error
                case .failure(let error as PHEditingExtensionError):
                    if case .notFound = error { throw Problem(.notFound, "not-found", error.description) }
                    if case .invalidParameter = error { throw Problem.badRequest(error.description) }
                    throw Problem(.unprocessableContent, "extension-failed", error.description)
                case .failure(let error): throw Problem(.unprocessableContent, "extension-failed", "\(error)")
                }
            }
            let updated = try self.asset(named: asset.identifier)
            return try JSONBody.response(AssetJSON(updated))
        }
    }
}

struct ExtensionEditBody: StrictBody {
    var `extension`: String
    var parameters: [String: String]?
    static let fields: Set<String> = ["extension", "parameters"]
}

/// An installed extension as an editor shows it.
struct ExtensionJSON: Encodable {
    struct Parameter: Encodable {
        var name: String
        var kind: PHEditingExtensionParameter.Kind
        var defaultValue: String
        var summary: String
    }
    var id: String
    var name: String
    var version: String
    /// `PHAssetMediaType` raw values it edits.
    var mediaTypes: [Int]
    var parameters: [Parameter]

    init(_ item: PHEditingExtension) {
        id = item.id
        name = item.manifest.displayName
        version = item.manifest.version
        mediaTypes = item.manifest.supportedMediaTypes.map(\.rawValue).sorted()
        parameters = item.manifest.parameters.map { Parameter(name: $0.name, kind: $0.kind, defaultValue: $0.defaultValue, summary: $0.summary) }
    }
}

import Foundation
import GRDB

/// What a project (`PHProject`) holds beyond an album: read with its collection row (`CollectionRecord.project`).
public struct ProjectAttributes: Sendable, Hashable, Codable {
    /// The most `extensionData` a project may hold: 1 MB, the limit Apple's header gives
    /// (`PHProjectChangeRequest.h`; Apple's web page says 5 MB). More is refused with `.projectDataTooLarge`.
    public static let extensionDataLimit = 1 << 20
    /// The most bytes a preview image may take (a 1024 × 1024 JPEG is far less).
    public static let previewLimit = 4 << 20
    /// The most bytes of project content (`ProjectPlan` JSON) a project keeps.
    public static let planLimit = 16 << 20

    /// `PHProjectType`'s raw string (the type the user chose among the extension's).
    public var projectType: String
    /// The bundle identifier of the project extension that made the project, if one did.
    public var extensionIdentifier: String?
    /// The extension's own state (`PHProject.projectExtensionData`).
    public var extensionData: Data
    /// Whether a preview image was set (`PHProject.hasProjectPreview`).
    public var hasPreview: Bool
    /// The key asset's row id (`setKeyAsset(_:)`), if one was set and still exists.
    public var keyAssetRowID: Int64?

    public init(projectType: String, extensionIdentifier: String? = nil, extensionData: Data = Data(), hasPreview: Bool = false,
                keyAssetRowID: Int64? = nil) {
        self.projectType = projectType; self.extensionIdentifier = extensionIdentifier; self.extensionData = extensionData
        self.hasPreview = hasPreview; self.keyAssetRowID = keyAssetRowID
    }

    /// Attaches project attributes to the rows among `records` that are projects.
    static func attach(to records: inout [Int64: CollectionRecord], _ db: Database) throws {
        let albums = records.values.filter { $0.kind == .assetCollection && $0.type == CollectionRaw.album }.map(\.rowID)
        guard !albums.isEmpty else { return }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT collection_id, project_type, extension_identifier, extension_data, preview IS NOT NULL, key_asset_id
            FROM project WHERE collection_id IN (SELECT value FROM json_each(?))
            """, arguments: [AssetQuery.jsonArray(albums)])
        while let row = try rows.next() {
            let id: Int64 = row[0]
            records[id]?.project = ProjectAttributes(projectType: row[1], extensionIdentifier: row[2], extensionData: row[3] ?? Data(),
                                                     hasPreview: row[4], keyAssetRowID: row[5])
        }
    }
}

/// A project to create (`ChangeOperation.createProject`): an album of `assets` with project attributes.
public struct NewProject: Sendable, Codable, Hashable {
    public var identifier: String
    public var title: String
    /// Asset local identifiers, in order (the project's members).
    public var assets: [String]
    public var projectType: String
    public var extensionIdentifier: String?
    /// The project content it was made from (`ProjectPlan` JSON), kept for the extension and for later updates.
    public var plan: Data?

    public init(identifier: String = LocalIdentifier.make(.assetCollection), title: String, assets: [String], projectType: String,
                extensionIdentifier: String? = nil, plan: Data? = nil) {
        self.identifier = identifier; self.title = title; self.assets = assets; self.projectType = projectType
        self.extensionIdentifier = extensionIdentifier; self.plan = plan
    }
}

/// Changes to a project (`ChangeOperation.editProject`); nil leaves a field as it is.
public struct ProjectEdits: Sendable, Codable, Hashable {
    public var title: String?
    public var extensionData: Data?
    /// A new preview (JPEG bytes, at most `ProjectAttributes.previewLimit`).
    public var preview: Data?
    /// A new key asset (`setKeyAsset(_:)`).
    public var keyAsset: String?
    /// Clears the key asset (`setKeyAsset(nil)`).
    public var clearsKeyAsset: Bool
    /// Assets to take out of the project (they stay in the library).
    public var removedAssets: [String]

    public init(title: String? = nil, extensionData: Data? = nil, preview: Data? = nil, keyAsset: String? = nil, clearsKeyAsset: Bool = false,
                removedAssets: [String] = []) {
        self.title = title; self.extensionData = extensionData; self.preview = preview; self.keyAsset = keyAsset
        self.clearsKeyAsset = clearsKeyAsset
        self.removedAssets = removedAssets
    }

    /// True when nothing would change.
    public var isEmpty: Bool { title == nil && extensionData == nil && preview == nil && keyAsset == nil && !clearsKeyAsset && removedAssets.isEmpty }
}

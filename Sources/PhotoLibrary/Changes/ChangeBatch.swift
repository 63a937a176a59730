import Foundation

/// A set of changes applied as one atomic transaction, files included: all or nothing.
///
/// Operations run in phases regardless of the order they were added — creations, then edits, then
/// deletions — so a request may refer to an object created later in the same batch (through its identifier).
public struct ChangeBatch: Sendable {
    public var operations: [ChangeOperation]
    /// Written in the batch's transaction, so a retried request applies once (see `ChangeReceipt`).
    public var receipt: ChangeReceipt?
    /// Audit-log entries written in the batch's transaction (who trashed, purged or deleted what).
    public var audit: [AuditEntry]
    /// Who makes the change, when it is an account of the library service (nil: the library's owner — the CLI,
    /// PhotoKit programs — who may change anything). See `ActingAccount` for the rule.
    public var actingAccount: ActingAccount?
    /// The application making the change through the service, when one is (nil: no application rule applies).
    /// See `ActingApp` for what each access level may change.
    public var actingApp: ActingApp?
    public init(operations: [ChangeOperation] = [], receipt: ChangeReceipt? = nil, audit: [AuditEntry] = [], actingAccount: ActingAccount? = nil,
                actingApp: ActingApp? = nil) {
        self.operations = operations; self.receipt = receipt; self.audit = audit; self.actingAccount = actingAccount
        self.actingApp = actingApp
    }
}

/// One change.
public enum ChangeOperation: Sendable {
    /// Creates an asset from resources; its identifier is chosen by the caller (placeholders use it).
    case createAsset(NewAsset)
    /// Changes properties of an asset.
    case editAsset(identifier: String, AssetEdits)
    /// Moves assets to Recently Deleted.
    case trashAssets([String])
    /// Brings assets back from Recently Deleted.
    case recoverAssets([String])
    /// Erases assets and their files for good (the only operation that ever deletes a resource file).
    case purgeAssets([String])
    /// Creates a user album.
    case createAlbum(identifier: String, title: String)
    /// Creates a folder (a collection list of albums and folders).
    case createFolder(identifier: String, title: String)
    /// Renames a user album or folder and/or edits its members (assets of an album, child collections of a folder).
    case editCollection(identifier: String, title: String?, members: [MemberEdit])
    /// Deletes user albums and folders (a folder's contents go with it; assets are never deleted).
    case deleteCollections([String])
    /// Makes a rendered edit the asset's current content, with its adjustment data (the original stays).
    case editContent(ContentEdit)
    /// Drops the asset's edit: the original becomes the current content again.
    case revertContent(identifier: String)
    /// Creates a project: an album of assets with a project type and the content it was made from.
    case createProject(NewProject)
    /// Changes a project: title, extension data, preview, key asset, assets taken out.
    case editProject(identifier: String, ProjectEdits)

    /// The identifiers of the assets, and of the albums and folders, that `operations` create (the rules about
    /// who may change what let a batch change what it creates).
    static func creations(in operations: [ChangeOperation]) -> (assets: [String], collections: [String]) {
        var assets: [String] = [], collections: [String] = []
        for operation in operations {
            switch operation {
            case .createAsset(let asset): assets.append(asset.identifier)
            case .createAlbum(let identifier, _), .createFolder(let identifier, _): collections.append(identifier)
            case .createProject(let project): collections.append(project.identifier)
            default: break
            }
        }
        return (assets, collections)
    }

    var phase: Int {
        switch self {
        case .createAsset, .createAlbum, .createFolder, .createProject: return 0
        case .editAsset, .editCollection, .recoverAssets, .editContent, .revertContent, .editProject: return 1
        case .trashAssets, .deleteCollections: return 2
        case .purgeAssets: return 3
        }
    }
}

/// A new asset: its identifier, resources and initial properties.
public struct NewAsset: Sendable {
    public var identifier: String
    public var resources: [NewResource]
    public var edits: AssetEdits
    /// Skip this asset when a non-trashed asset already has a resource with the primary resource's content
    /// (same SHA-256). Decided inside the write transaction, so concurrent writers (processes, threads, uploads)
    /// never both create it; a skipped asset is listed in `ChangeOutcome.skippedDuplicates` and its files are
    /// removed. Other operations of the batch must not refer to an asset that may be skipped.
    public var skipsDuplicateContent: Bool
    /// The global identity the asset arrived with (`CloudIdentity`, a well-formed UUID), when it is not new to the
    /// world: an import that found it in the file's sidecar. Nil: the asset's own (its local identifier's UUID).
    public var cloudIdentity: String?
    public init(identifier: String = LocalIdentifier.make(.asset), resources: [NewResource], edits: AssetEdits = AssetEdits(),
                skipsDuplicateContent: Bool = false, cloudIdentity: String? = nil) {
        self.identifier = identifier; self.resources = resources; self.edits = edits
        self.skipsDuplicateContent = skipsDuplicateContent
        self.cloudIdentity = cloudIdentity.flatMap(CloudIdentity.normalized)
    }
}

/// One resource of a new asset.
public struct NewResource: Sendable {
    public var type: ResourceType
    public var source: ResourceSource
    public var originalFilename: String?
    public var uniformTypeIdentifier: String?
    /// Remove the source file once the transaction has committed (PhotoKit's `shouldMoveFile`).
    public var moveSourceFile: Bool
    public init(type: ResourceType, source: ResourceSource, originalFilename: String? = nil,
                uniformTypeIdentifier: String? = nil, moveSourceFile: Bool = false) {
        self.type = type; self.source = source; self.originalFilename = originalFilename
        self.uniformTypeIdentifier = uniformTypeIdentifier; self.moveSourceFile = moveSourceFile
    }

    /// How the resource is named in error messages.
    var displayName: String {
        switch source {
        case .file(let url): return url.path
        case .data: return originalFilename ?? "data for a \(type) resource"
        }
    }
}

/// Property changes to an asset; nil fields are left alone.
public struct AssetEdits: Sendable {
    public var isFavorite: Bool?
    public var isHidden: Bool?
    /// `.some(nil)` clears the date.
    public var creationDate: Date??
    /// `.some(nil)` clears the location.
    public var location: GeoPoint??
    /// Whether a frame of a burst is one the user picked (`PHAssetBurstSelectionType.userPick`). PhotoKit has
    /// no setter for it (Apple's Photos app sets it); this is the Linux library's, for the web app and the CLI.
    /// Only assets of a burst take it; picked frames show in fetches and the first one represents the burst.
    public var isBurstPick: Bool?
    public init(isFavorite: Bool? = nil, isHidden: Bool? = nil, creationDate: Date?? = nil, location: GeoPoint?? = nil, isBurstPick: Bool? = nil) {
        self.isFavorite = isFavorite; self.isHidden = isHidden; self.creationDate = creationDate; self.location = location
        self.isBurstPick = isBurstPick
    }
    var isEmpty: Bool { isFavorite == nil && isHidden == nil && creationDate == nil && location == nil && isBurstPick == nil }
}

/// An edit to the ordered members of an album (asset identifiers) or a folder (collection identifiers).
public enum MemberEdit: Sendable, Codable {
    case add([String])
    case insert([String], at: IndexSet)
    case remove([String])
    case removeAt(IndexSet)
    case replace(IndexSet, with: [String])
    case move(IndexSet, to: Int)
}

/// What a committed batch did, by object kind (the region change observation starts from).
public struct ChangeOutcome: Sendable, Codable {
    public var insertedAssets: Set<Int64> = []
    public var updatedAssets: Set<Int64> = []
    public var deletedAssets: Set<Int64> = []
    public var insertedCollections: Set<Int64> = []
    public var updatedCollections: Set<Int64> = []
    public var deletedCollections: Set<Int64> = []
    /// Updated assets whose content (not only metadata) changed.
    public var contentChangedAssets: Set<Int64> = []
    /// Content hashes of rendered versions that edits and reverts replaced, and of every resource of purged assets:
    /// their derivatives are stale (or, for purged photos, must not outlive them) unless another resource still has
    /// the same bytes (see `Library.resourceHashesPresent`).
    public var supersededContentHashes: Set<String> = []
    /// Identifiers of creation requests that were skipped because the library already holds their content
    /// (only requests with `NewAsset.skipsDuplicateContent`).
    public var skippedDuplicates: Set<String> = []
    /// The change-log token of the committed transaction (nil when it changed nothing).
    public var token: Int64?
}

import Foundation
import PhotoLibrary

/// A request to create, delete or change a user album, valid only inside a change block.
public final class PHAssetCollectionChangeRequest: PHChangeRequest {
    let identifier: String
    let isCreation: Bool
    var newTitle: String?
    var memberEdits: [MemberEdit] = []

    private init(identifier: String, isCreation: Bool, title: String?) {
        self.identifier = identifier
        self.isCreation = isCreation
        self.newTitle = title
        super.init()
    }

    /// A request creating an album. Calling it is enough: the album is created even if the request is dropped.
    public class func creationRequestForAssetCollection(withTitle title: String) -> PHAssetCollectionChangeRequest {
        PHAssetCollectionChangeRequest(identifier: LocalIdentifier.make(.assetCollection), isCreation: true, title: title)
    }

    /// A placeholder for the album being created.
    public var placeholderForCreatedAssetCollection: PHObjectPlaceholder { PHObjectPlaceholder(localIdentifier: identifier) }

    /// Deletes user albums (their assets stay in the library).
    public class func deleteAssetCollections(_ assetCollections: NSFastEnumeration) {
        let ids = assetCollections.localIdentifiers(of: "PHAssetCollection objects", in: "deleteAssetCollections")
        _ = DeleteCollectionsRequest(identifiers: ids)
    }

    /// A request changing a user album; nil for smart albums, moments and transient collections.
    public convenience init?(for assetCollection: PHAssetCollection) {
        guard assetCollection.canPerform(.addContent) else { return nil }
        self.init(identifier: assetCollection.localIdentifier, isCreation: false, title: nil)
    }

    /// Same as `init?(for:)`; the fetch result the indexes refer to is the album's current contents.
    public convenience init?(for assetCollection: PHAssetCollection, assets: PHFetchResult<PHAsset>) {
        self.init(for: assetCollection)
    }

    /// The album's title.
    public var title: String {
        get { newTitle ?? "" }
        set { checkUsable(); newTitle = newValue }
    }

    /// Appends assets (or placeholders) not already in the album.
    public func addAssets(_ assets: NSFastEnumeration) {
        checkUsable(); memberEdits.append(.add(assets.localIdentifiers(of: "PHAsset objects", in: "addAssets")))
    }

    /// Inserts assets at indexes.
    public func insertAssets(_ assets: NSFastEnumeration, at indexes: IndexSet) {
        checkUsable(); memberEdits.append(.insert(assets.localIdentifiers(of: "PHAsset objects", in: "insertAssets"), at: indexes))
    }

    /// Removes assets from the album (they stay in the library).
    public func removeAssets(_ assets: NSFastEnumeration) {
        checkUsable(); memberEdits.append(.remove(assets.localIdentifiers(of: "PHAsset objects", in: "removeAssets")))
    }

    /// Removes the assets at indexes.
    public func removeAssets(at indexes: IndexSet) {
        checkUsable(); memberEdits.append(.removeAt(indexes))
    }

    /// Replaces the assets at indexes.
    public func replaceAssets(at indexes: IndexSet, withAssets assets: NSFastEnumeration) {
        checkUsable(); memberEdits.append(.replace(indexes, with: assets.localIdentifiers(of: "PHAsset objects", in: "replaceAssets")))
    }

    /// Moves the assets at indexes to a new position.
    public func moveAssets(at fromIndexes: IndexSet, to toIndex: Int) {
        checkUsable(); memberEdits.append(.move(fromIndexes, to: toIndex))
    }

    override func operations() -> [ChangeOperation] {
        var ops: [ChangeOperation] = []
        if isCreation { ops.append(.createAlbum(identifier: identifier, title: newTitle ?? "")) }
        if (!isCreation && newTitle != nil) || !memberEdits.isEmpty {
            ops.append(.editCollection(identifier: identifier, title: isCreation ? nil : newTitle, members: memberEdits))
        }
        return ops
    }
}

/// The request `deleteAssetCollections(_:)` and `deleteCollectionLists(_:)` record.
final class DeleteCollectionsRequest: PHChangeRequest {
    let identifiers: [String]
    init(identifiers: [String]) {
        self.identifiers = identifiers
        super.init()
    }
    override func operations() -> [ChangeOperation] { [.deleteCollections(identifiers)] }
}

import Foundation
import PhotoLibrary

/// A request to create, delete or change a folder (a collection list holding albums and folders), valid only
/// inside a change block.
public final class PHCollectionListChangeRequest: PHChangeRequest {
    let identifier: String
    let isCreation: Bool
    var newTitle: String?
    var childEdits: [MemberEdit] = []

    private init(identifier: String, isCreation: Bool, title: String?) {
        self.identifier = identifier
        self.isCreation = isCreation
        self.newTitle = title
        super.init()
    }

    /// A request creating a folder.
    public class func creationRequestForCollectionList(withTitle title: String) -> PHCollectionListChangeRequest {
        PHCollectionListChangeRequest(identifier: LocalIdentifier.make(.collectionList), isCreation: true, title: title)
    }

    /// A placeholder for the folder being created.
    public var placeholderForCreatedCollectionList: PHObjectPlaceholder { PHObjectPlaceholder(localIdentifier: identifier) }

    /// Deletes folders, and the albums and folders inside them (assets stay in the library).
    public class func deleteCollectionLists(_ collectionLists: NSFastEnumeration) {
        _ = DeleteCollectionsRequest(identifiers: collectionLists.localIdentifiers(of: "PHCollectionList objects", in: "deleteCollectionLists"))
    }

    /// A request changing a folder; nil for moment lists and transient lists.
    public convenience init?(for collectionList: PHCollectionList) {
        guard collectionList.canPerform(.addContent) else { return nil }
        self.init(identifier: collectionList.localIdentifier, isCreation: false, title: nil)
    }

    /// Same as `init?(for:)`; indexes refer to the folder's current children.
    public convenience init?(for collectionList: PHCollectionList, childCollections: PHFetchResult<PHCollection>) {
        self.init(for: collectionList)
    }

    /// The folder's title.
    public var title: String {
        get { newTitle ?? "" }
        set { checkUsable(); newTitle = newValue }
    }

    /// Appends albums or folders (or placeholders); a collection in another folder moves here.
    public func addChildCollections(_ collections: NSFastEnumeration) {
        checkUsable(); childEdits.append(.add(collections.localIdentifiers(of: "PHCollection objects", in: "addChildCollections")))
    }

    /// Inserts collections at indexes.
    public func insertChildCollections(_ collections: NSFastEnumeration, at indexes: IndexSet) {
        checkUsable(); childEdits.append(.insert(collections.localIdentifiers(of: "PHCollection objects", in: "insertChildCollections"), at: indexes))
    }

    /// Removes collections from the folder (they move to the top level).
    public func removeChildCollections(_ collections: NSFastEnumeration) {
        checkUsable(); childEdits.append(.remove(collections.localIdentifiers(of: "PHCollection objects", in: "removeChildCollections")))
    }

    /// Removes the collections at indexes.
    public func removeChildCollections(at indexes: IndexSet) {
        checkUsable(); childEdits.append(.removeAt(indexes))
    }

    /// Replaces the collections at indexes.
    public func replaceChildCollections(at indexes: IndexSet, withChildCollections collections: NSFastEnumeration) {
        checkUsable(); childEdits.append(.replace(indexes, with: collections.localIdentifiers(of: "PHCollection objects", in: "replaceChildCollections")))
    }

    /// Moves the collections at indexes to a new position.
    public func moveChildCollections(at indexes: IndexSet, to toIndex: Int) {
        checkUsable(); childEdits.append(.move(indexes, to: toIndex))
    }

    override func operations() -> [ChangeOperation] {
        var ops: [ChangeOperation] = []
        if isCreation { ops.append(.createFolder(identifier: identifier, title: newTitle ?? "")) }
        if (!isCreation && newTitle != nil) || !childEdits.isEmpty {
            ops.append(.editCollection(identifier: identifier, title: isCreation ? nil : newTitle, members: childEdits))
        }
        return ops
    }
}

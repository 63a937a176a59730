import Foundation

/// How one object changed: the object before and after, and whether it was deleted or its content changed.
public final class PHObjectChangeDetails<ObjectType: PHObject>: NSObject, @unchecked Sendable {
    /// The object as it was (the one passed to `changeDetails(for:)`).
    public let objectBeforeChanges: ObjectType
    /// The object as it is after the change; nil when it was deleted.
    public let objectAfterChanges: ObjectType?
    /// Whether the asset's photo or video content changed (an edit or revert), not only its metadata.
    public let assetContentChanged: Bool
    /// Whether the object was deleted (moving an asset to Recently Deleted counts).
    public let objectWasDeleted: Bool

    init(before: ObjectType, after: ObjectType?, wasDeleted: Bool, contentChanged: Bool) {
        objectBeforeChanges = before
        objectAfterChanges = after
        objectWasDeleted = wasDeleted
        assetContentChanged = contentChanged
        super.init()
    }
}

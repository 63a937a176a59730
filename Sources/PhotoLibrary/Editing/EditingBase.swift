import Foundation

/// What an edit starts from, by the rule of WWDC 2014: an asset never edited → its original; edited, and the
/// editor understands the current adjustment data → the original plus that data (the editor re-renders from
/// the original, losing nothing); otherwise → the current rendered version, on which the new edit stacks
/// (reverting still returns to the original).
public struct EditingBase: Sendable {
    /// The file the editor reads.
    public var resource: ResourceRecord
    /// The current edit's adjustment data, when the editor accepted it.
    public var adjustment: AdjustmentPayload?
    /// True when `resource` is the original.
    public var basedOnOriginal: Bool
    /// The EXIF orientation (1…8) of `resource`.
    public var orientation: Int
}

extension LibraryBackend {
    /// The base of a new edit of an asset; `accepts` is the editor's answer to "can you handle this adjustment
    /// data?" (PhotoKit's `canHandleAdjustmentData`), asked only when the asset has an edit with data.
    /// Throws `LibraryError` (untyped: this toolchain miscompiles typed throws with a closure argument inside a typed catch).
    public func editingBase(assetRowID: Int64, accepts: (AdjustmentPayload) -> Bool) throws -> EditingBase {
        let resources = try resources(assetRowID: assetRowID)
        guard let original = resources.first(where: { $0.type == .photo || $0.type == .video }) else {
            throw LibraryError(.missingResource, "Asset \(assetRowID) has no photo or video resource")
        }
        var base = EditingBase(resource: original, adjustment: nil, basedOnOriginal: true, orientation: 1)
        if let edit = try currentEdit(assetRowID: assetRowID) {
            if let payload = edit.adjustment, accepts(payload) {
                base.adjustment = payload
            } else {
                base.resource = edit.rendered
                base.basedOnOriginal = false
            }
        }
        base.orientation = orientation(of: base.resource)
        return base
    }
}

import Foundation
import GRDB
import MediaInspection

// On any back end: a directory's stored files, or a served library's verified downloads.
extension LibraryBackend {
    /// The asset's current edit (rendered resource and adjustment data), or nil when it was never edited or
    /// was reverted.
    public func currentEdit(assetRowID: Int64) throws(LibraryError) -> CurrentEdit? {
        let resources = try resources(assetRowID: assetRowID)
        guard let rendered = resources.first(where: { $0.type == .fullSizePhoto || $0.type == .fullSizeVideo }) else { return nil }
        let adjustmentResource = resources.first { $0.type == .adjustmentData }
        var adjustment: AdjustmentPayload?
        if let adjustmentResource {
            guard let bytes = try? Data(contentsOf: resourceFile(adjustmentResource)) else {
                throw LibraryError(.missingResource, "The adjustment data of asset \(assetRowID) cannot be read at \(adjustmentResource.relativePath)")
            }
            adjustment = AdjustmentPayload(encoded: bytes)
        }
        return CurrentEdit(rendered: rendered, adjustment: adjustment, adjustmentResource: adjustmentResource)
    }

    /// The EXIF orientation (1…8) of a stored resource, read from its header (1 when absent or unreadable).
    public func orientation(of resource: ResourceRecord) -> Int {
        guard let file = try? resourceFile(resource) else { return 1 }
        return (try? MediaInspector.inspect(fileAt: file))?.orientation ?? 1
    }
}

import Foundation
import PhotoLibrary

/// One underlying data file of an asset: the photo, a Live Photo's paired video, the RAW of a RAW+JPEG pair, …
/// An immutable snapshot made when `assetResources(for:)` was called.
///
/// The RAW and the JPEG of a RAW+JPEG pair are separate resources (`.alternatePhoto` for the RAW, `.photo` for the
/// JPEG), each readable through `PHAssetResourceManager`. Linux addition: `photoLibrary` and `byteCount`.
public final class PHAssetResource: NSObject, @unchecked Sendable {
    /// The core row this snapshot was made from.
    public let record: ResourceRecord
    /// The library holding the data.
    public let photoLibrary: PHPhotoLibrary
    /// The local identifier of the asset the resource belongs to.
    public let assetLocalIdentifier: String

    init(record: ResourceRecord, assetLocalIdentifier: String, library: PHPhotoLibrary) {
        self.record = record
        self.assetLocalIdentifier = assetLocalIdentifier
        self.photoLibrary = library
        super.init()
    }

    /// The resources of an asset, primary first (photo or video, then alternates, paired video, …). Empty when the
    /// asset no longer exists or the library cannot be read (PhotoKit's signature cannot fail).
    public class func assetResources(for asset: PHAsset) -> [PHAssetResource] {
        let library = asset.photoLibrary ?? .shared()
        guard let records = try? library.backend.resources(assetRowID: asset.record.rowID) else { return [] }
        return records.map { PHAssetResource(record: $0, assetLocalIdentifier: asset.localIdentifier, library: library) }
    }

    /// The role of the resource.
    public var type: PHAssetResourceType { PHAssetResourceType(rawValue: record.type.rawValue) ?? .photo }
    /// The type identifier of the data (e.g. "public.heic", "com.adobe.raw-image").
    public var uniformTypeIdentifier: String { record.uniformTypeIdentifier }
    /// The type of the data.
    public var contentType: UTType { UTType(record.uniformTypeIdentifier) ?? .data }
    /// The file name the data had when it was added.
    public var originalFilename: String { record.originalFilename }
    /// Width in pixels after orientation (0 when unknown).
    public var pixelWidth: Int { record.pixelWidth }
    /// Height in pixels after orientation (0 when unknown).
    public var pixelHeight: Int { record.pixelHeight }
    /// Size of the data in bytes. Linux addition.
    public var byteCount: Int64 { record.byteCount }

    public override var description: String {
        "<PHAssetResource: type=\(type) uti=\(uniformTypeIdentifier) filename=\(originalFilename) asset=\(assetLocalIdentifier)>"
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PHAssetResource else { return false }
        return other.record.rowID == record.rowID && other.photoLibrary === photoLibrary
    }

    public override var hash: Int { record.rowID.hashValue }
}

import Foundation
import PhotoLibrary

/// A request creating an asset from resources (photo, paired video, RAW alternate, …), valid only inside a
/// change block. Adding a resource always succeeds; problems surface when the block commits, as in PhotoKit.
public final class PHAssetCreationRequest: PHAssetChangeRequest {
    /// An empty creation request to fill with `addResource`.
    public class func forAsset() -> PHAssetCreationRequest {
        PHAssetCreationRequest(identifier: LocalIdentifier.make(.asset), isCreation: true)
    }

    /// Whether a combination of resource types makes an asset: exactly one primary resource (photo, video or
    /// audio), a paired video only with a photo, and no type twice.
    public class func supportsAssetResourceTypes(_ types: [NSNumber]) -> Bool {
        let kinds = types.compactMap { ResourceType(rawValue: $0.intValue) }
        guard kinds.count == types.count, Set(kinds).count == kinds.count else { return false }
        let primaries = kinds.filter(\.isPrimary)
        guard primaries.count == 1 else { return false }
        if kinds.contains(.pairedVideo) || kinds.contains(.fullSizePairedVideo) || kinds.contains(.alternatePhoto) {
            return primaries == [.photo]
        }
        return true
    }

    /// Adds a resource from a file (copied, or moved with `shouldMoveFile` once the change commits).
    public func addResource(with type: PHAssetResourceType, fileURL: URL, options: PHAssetResourceCreationOptions?) {
        checkUsable()
        resources.append(NewResource(type: ResourceType(rawValue: type.rawValue) ?? .photo, source: .file(fileURL),
                                     originalFilename: options?.originalFilename ?? fileURL.lastPathComponent,
                                     uniformTypeIdentifier: options?.uniformTypeIdentifier,
                                     moveSourceFile: options?.shouldMoveFile ?? false))
    }

    /// Adds a resource from data (stored byte for byte, metadata included).
    public func addResource(with type: PHAssetResourceType, data: Data, options: PHAssetResourceCreationOptions?) {
        checkUsable()
        resources.append(NewResource(type: ResourceType(rawValue: type.rawValue) ?? .photo, source: .data(data),
                                     originalFilename: options?.originalFilename, uniformTypeIdentifier: options?.uniformTypeIdentifier))
    }
}

/// Options for one resource of a creation request.
public final class PHAssetResourceCreationOptions: NSObject, NSCopying, @unchecked Sendable {
    /// The file name to record (default: the file URL's last component, or one made from the type).
    public var originalFilename: String?
    /// The UTI of the data (default: detected from the content).
    public var uniformTypeIdentifier: String?
    /// Remove the source file once the change has committed (default false).
    public var shouldMoveFile = false

    public override init() { super.init() }

    /// The type of the data, as a `UTType`.
    public var contentType: UTType? {
        get { uniformTypeIdentifier.flatMap { UTType($0) } }
        set { uniformTypeIdentifier = newValue?.identifier }
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = PHAssetResourceCreationOptions()
        copy.originalFilename = originalFilename
        copy.uniformTypeIdentifier = uniformTypeIdentifier
        copy.shouldMoveFile = shouldMoveFile
        return copy
    }
}

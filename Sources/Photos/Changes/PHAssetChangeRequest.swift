import Foundation
import PhotoLibrary

/// A request to create, delete or change an asset, valid only inside a change block.
public class PHAssetChangeRequest: PHChangeRequest {
    /// The asset the request changes, or creates.
    let identifier: String
    let isCreation: Bool
    var resources: [NewResource] = []
    var edits = AssetEdits()
    var output: PHContentEditingOutput?
    var reverts = false

    /// A request to change an existing asset's properties.
    public convenience init(for asset: PHAsset) {
        self.init(identifier: asset.localIdentifier, isCreation: false)
        if let library = asset.photoLibrary, library !== context?.library {
            fatalError("PHAssetChangeRequest(for:): the asset belongs to \(library.url.path), not to the library whose change block is running")
        }
    }

    /// A request creating an asset from an image file (nil when no file is there). The file is copied; it
    /// is validated when the change block commits.
    public class func creationRequestForAssetFromImage(atFileURL fileURL: URL) -> Self? {
        guard FileManager.default.isReadableFile(atPath: fileURL.path) else { return nil }
        let request = Self(identifier: LocalIdentifier.make(.asset), isCreation: true)
        request.resources = [NewResource(type: .photo, source: .file(fileURL), originalFilename: fileURL.lastPathComponent)]
        return request
    }

    /// A request creating a photo asset from an image, which is encoded as Apple's Photos does when it saves one:
    /// here as a JPEG (quality 0.9, the bitmap's colour profile embedded) holding the bitmap as it is with the
    /// image's orientation as its EXIF orientation, so the asset shows upright at the image's `size`, and asking
    /// for its data gives back the orientation (`.right` stays `.right`). An image backed by a `CIImage` is rendered
    /// upright first. The file goes through the ordinary creation path (as `PHAssetCreationRequest`'s
    /// `addResource(with: .photo, data:options:)`) and is named `photo.jpg`; an image that cannot be encoded (a
    /// `CIImage` of infinite extent) makes the change block fail when it commits, as any invalid resource does.
    /// Differences from Apple: the point scale (`scale`) is not kept, the pixels are; iOS may choose HEIC.
    public class func creationRequestForAsset(from image: UIImage) -> Self {
        let request = Self(identifier: LocalIdentifier.make(.asset), isCreation: true)
        request.resources = [NewResource(type: .photo, source: .data(photoData(of: image)), uniformTypeIdentifier: UTType.jpeg.identifier)]
        return request
    }

    /// The JPEG a saved image is stored as: the bitmap with the image's orientation as its EXIF orientation, or a
    /// `CIImage`-backed image rendered upright. Empty when the image cannot be encoded (the commit then fails).
    private static func photoData(of image: UIImage) -> Data {
        guard let bitmap = image.cgImage else { return image.jpegData(compressionQuality: 0.9) ?? Data() }
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output, UTType.jpeg.identifier, 1, nil) else { return Data() }
        let properties: [String: Any] = [
            kCGImageDestinationLossyCompressionQuality: 0.9,
            kCGImagePropertyOrientation: NSNumber(value: CGImagePropertyOrientation(image.imageOrientation).rawValue),
        ]
        CGImageDestinationAddImage(destination, bitmap, properties as CFDictionary)
        guard CGImageDestinationFinalize(destination) else { return Data() }
        return Data(bytes: output.bytes, count: output.length)
    }

    /// A request creating an asset from a video file (nil when no file is there).
    public class func creationRequestForAssetFromVideo(atFileURL fileURL: URL) -> Self? {
        guard FileManager.default.isReadableFile(atPath: fileURL.path) else { return nil }
        let request = Self(identifier: LocalIdentifier.make(.asset), isCreation: true)
        request.resources = [NewResource(type: .video, source: .file(fileURL), originalFilename: fileURL.lastPathComponent)]
        return request
    }

    /// The designated initializer (required by the `Self`-returning factories).
    required init(identifier: String, isCreation: Bool) {
        self.identifier = identifier
        self.isCreation = isCreation
        super.init()
    }

    /// A placeholder for the asset being created (nil for requests that change an existing asset).
    public var placeholderForCreatedAsset: PHObjectPlaceholder? {
        isCreation ? PHObjectPlaceholder(localIdentifier: identifier) : nil
    }

    /// Moves assets to Recently Deleted, where they stay recoverable for 30 days. (Apple asks the user to
    /// confirm; a library on Linux has no prompt.)
    public class func deleteAssets(_ assets: NSFastEnumeration) {
        _ = ChangeContext.requireCurrent("PHAssetChangeRequest.deleteAssets")
        _ = DeleteAssetsRequest(identifiers: assets.localIdentifiers(of: "PHAsset objects", in: "deleteAssets"))
    }

    /// The creation date to set.
    public var creationDate: Date? {
        get { edits.creationDate ?? nil }
        set { checkUsable(); edits.creationDate = .some(newValue) }
    }

    /// The location to set.
    public var location: CLLocation? {
        get { (edits.location ?? nil).map { CLLocation(latitude: $0.latitude, longitude: $0.longitude) } }
        set {
            checkUsable()
            edits.location = .some(newValue.map {
                GeoPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, altitude: $0.altitude, timestamp: $0.timestamp)
            })
        }
    }

    /// The favourite flag to set.
    public var isFavorite: Bool {
        get { edits.isFavorite ?? false }
        set { checkUsable(); edits.isFavorite = newValue }
    }

    /// The hidden flag to set.
    public var isHidden: Bool {
        get { edits.isHidden ?? false }
        set { checkUsable(); edits.isHidden = newValue }
    }

    /// The edited content to commit: its rendered file becomes the asset's current version (the original
    /// stays), with its adjustment data. Committing fails, changing nothing, when the rendered file is
    /// missing, empty, not decodable media of the asset's type, or the adjustment data is missing or too big.
    public var contentEditingOutput: PHContentEditingOutput? {
        get { output }
        set { checkUsable(); output = newValue }
    }

    /// Drops the asset's edits: the original becomes its content again.
    public func revertAssetContentToOriginal() {
        checkUsable()
        reverts = true
    }

    override func operations() -> [ChangeOperation] {
        if isCreation { return [.createAsset(NewAsset(identifier: identifier, resources: resources, edits: edits))] }
        var operations: [ChangeOperation] = [.editAsset(identifier: identifier, edits)]
        if reverts { operations.append(.revertContent(identifier: identifier)) }
        if let output {
            let paired = FileManager.default.fileExists(atPath: output.renderedPairedVideoURL.path) ? output.renderedPairedVideoURL : nil
            operations.append(.editContent(ContentEdit(identifier: identifier, rendered: .file(output.renderedContentURL),
                                                       adjustment: output.adjustmentData?.payload, basedOnOriginal: output.baseIsOriginal,
                                                       renderedPairedVideo: paired.map { .file($0) })))
        }
        return operations
    }
}

/// The request `deleteAssets(_:)` records.
final class DeleteAssetsRequest: PHChangeRequest {
    let identifiers: [String]
    init(identifiers: [String]) {
        self.identifiers = identifiers
        super.init()
    }
    override func operations() -> [ChangeOperation] { [.trashAssets(identifiers)] }
}

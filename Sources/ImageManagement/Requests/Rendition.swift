import Foundation
import PhotoLibrary

/// Which version of an asset's picture a request wants. Raw values match PhotoKit's `PHImageRequestOptionsVersion`.
public enum ImageVersion: Int, Sendable, Hashable, CaseIterable {
    /// With all edits applied.
    case current = 0
    /// Without adjustments (the base an edit was applied to).
    case unadjusted = 1
    /// The original, highest-fidelity capture (the RAW of a RAW+JPEG pair).
    case original = 2
}

/// The stored resource that provides one version of an asset's still image.
///
/// Edits arrive as resources (`fullSizePhoto` for the rendered edit, `adjustmentBasePhoto` for the base it was
/// made from), so the choice below is the whole story: an asset without edits has `current == unadjusted ==
/// original` except for RAW+JPEG pairs, whose `original` is the RAW. Derivatives are keyed by the chosen
/// resource's content hash, so a new rendition never reuses the old one's derivatives.
public struct Rendition: Sendable, Hashable {
    /// The resource holding the picture.
    public var resource: ResourceRecord
    /// The version it stands for.
    public var version: ImageVersion

    /// The content hash that keys derivatives and caches.
    public var contentKey: String { resource.sha256 }

    /// The picture's size after orientation, as recorded at import (0×0 when unknown).
    public var pixelSize: PixelSize { PixelSize(width: resource.pixelWidth, height: resource.pixelHeight) }

    /// True when the resource is a camera RAW or DNG.
    public var isRAW: Bool { resource.isRAW }

    /// Picks the resource for `version` among an asset's resources, or nil when the asset has no still image
    /// (a video or audio asset).
    public static func select(from resources: [ResourceRecord], version: ImageVersion) -> Rendition? {
        func first(_ type: ResourceType) -> ResourceRecord? { resources.first { $0.type == type } }
        guard let photo = first(.photo) else { return nil }
        let chosen: ResourceRecord
        switch version {
        case .current:
            chosen = first(.fullSizePhoto) ?? photo
        case .unadjusted:
            chosen = first(.adjustmentBasePhoto) ?? photo
        case .original:
            chosen = resources.rawOriginal ?? first(.adjustmentBasePhoto) ?? photo
        }
        return Rendition(resource: chosen, version: version)
    }
}

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// True when either side is 0 or negative.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The longer side.
    public var longSide: Int { max(width, height) }
    /// The shorter side.
    public var shortSide: Int { min(width, height) }
    /// True when this size is at least `other` on both sides.
    public func covers(_ other: PixelSize) -> Bool { width >= other.width && height >= other.height }
    /// Bytes of an 8-bit RGBA bitmap this size.
    public var rgbaByteCount: Int { max(0, width) * max(0, height) * 4 }
    public var description: String { "\(width)×\(height)" }
}

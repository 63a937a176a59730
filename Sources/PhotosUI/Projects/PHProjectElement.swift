import CoreGraphics
import CoreLocation
import Foundation
import Photos
import PhotoLibrary

/// What every element of a project's section content has: a weight and a place on the content's grid. Use the
/// subclasses (`PHProjectAssetElement`, `PHProjectTextElement`, …); as on macOS, programs do not make elements.
public class PHProjectElement: NSObject, NSSecureCoding, @unchecked Sendable {
    let element: ProjectPlan.Element

    init(_ element: ProjectPlan.Element) { self.element = element }

    /// The element's significance in its section, 0…1 (0.5 by default): from the photo's analysed quality, more
    /// with people in it and for a favourite.
    public var weight: Double { element.weight }
    /// Where the element goes, in grid units from the content's top-left corner (`(0, 0, 3, 4)`: the top-left
    /// corner, 3 units wide and 4 high); whole units on the 20-column grid.
    public var placement: CGRect {
        let p = element.placement
        return CGRect(x: p.x, y: p.y, width: p.width, height: p.height)
    }

    /// The element as its class: an asset or a text element.
    static func make(_ element: ProjectPlan.Element) -> PHProjectElement {
        switch element {
        case .asset(let asset): PHProjectAssetElement(asset)
        case .text(let text): PHProjectTextElement(text)
        }
    }

    public class var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) { ProjectCoding.encode(element, with: coder) }
    public required init?(coder: NSCoder) {
        guard let element = ProjectCoding.decode(ProjectPlan.Element.self, from: coder) else { return nil }
        self.element = element
    }
}

/// A photo in a project's section content. Its `cloudAssetIdentifier` names it in any library that has it;
/// turn it into a local identifier with `PHPhotoLibrary.localIdentifierMappings(for:)` to fetch the `PHAsset`.
public final class PHProjectAssetElement: PHProjectElement, @unchecked Sendable {
    private let asset: ProjectPlan.AssetElement

    init(_ asset: ProjectPlan.AssetElement) {
        self.asset = asset
        super.init(.asset(asset))
    }

    /// An archived asset element (nil when the archive holds another kind of element).
    public required init?(coder: NSCoder) {
        guard case .asset(let asset)? = ProjectCoding.decode(ProjectPlan.Element.self, from: coder) else { return nil }
        self.asset = asset
        super.init(.asset(asset))
    }

    /// The photo's global identity.
    public var cloudAssetIdentifier: PHCloudIdentifier { PHCloudIdentifier(stringValue: asset.cloudIdentifier) }
    /// A caption the person added; always empty here (the library has no captions yet).
    public var annotation: String { "" }
    /// The part of the photo to show (unit coordinates, origin top-left): the shape of the element's placement,
    /// positioned to keep its faces (or its salient area) in view. `(0, 0, 1, 1)` is the whole photo.
    public var cropRect: CGRect {
        let c = asset.cropRect
        return CGRect(x: c.x, y: c.y, width: c.width, height: c.height)
    }
    /// Faces in the photo (with their people's identifiers), or its salient area when it has none.
    public var regionsOfInterest: [PHProjectRegionOfInterest] { asset.regions.map(PHProjectRegionOfInterest.init) }
    /// Whether an originating print product showed the photo mirrored; never here.
    public var horizontallyFlipped: Bool { false }
    /// Whether an originating print product showed the photo upside down; never here.
    public var verticallyFlipped: Bool { false }
}

/// Text in a project's section content (a memory's title on its cover).
public final class PHProjectTextElement: PHProjectElement, @unchecked Sendable {
    /// What the text is for.
    public enum ElementType: Int, Sendable {
        case body = 0
        case title = 1
        case subtitle = 2
    }

    private let textElement: ProjectPlan.TextElement

    init(_ text: ProjectPlan.TextElement) {
        textElement = text
        super.init(.text(text))
    }

    /// An archived text element (nil when the archive holds another kind of element).
    public required init?(coder: NSCoder) {
        guard case .text(let text)? = ProjectCoding.decode(ProjectPlan.Element.self, from: coder) else { return nil }
        textElement = text
        super.init(.text(text))
    }

    /// The text, unformatted.
    public var text: String { textElement.text }
    /// The text as Photos styled it; here the plain text without attributes.
    public var attributedText: NSAttributedString? { NSAttributedString(string: textElement.text) }
    /// What the text is for.
    public var textElementType: ElementType { ElementType(rawValue: textElement.kind.rawValue) ?? .body }
}

/// A dated entry (a birthday, a holiday) in a calendar project. The library makes no calendar projects, so no
/// content holds one yet; the class exists for source compatibility.
public final class PHProjectJournalEntryElement: PHProjectElement, @unchecked Sendable {
    /// The entry's date.
    public var date: Date { Date(timeIntervalSince1970: 0) }
    /// A photo standing for the date.
    public var assetElement: PHProjectAssetElement? { nil }
    /// Text describing the date.
    public var textElement: PHProjectTextElement? { nil }
}

/// A map in a print product's content. The library makes no maps, so no content holds one yet; the class exists
/// for source compatibility. Differs from macOS: there is no MapKit on Linux, so `mapType` and `annotations`
/// are absent.
public final class PHProjectMapElement: PHProjectElement, @unchecked Sendable {
    public var centerCoordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: 0, longitude: 0) }
    public var heading: Double { 0 }
    public var pitch: CGFloat { 0 }
    public var altitude: Double { 0 }
}

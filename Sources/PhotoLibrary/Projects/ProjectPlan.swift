import Foundation

/// What a project extension is given about a project's content (PhotosUI's `PHProjectInfo` and its sections,
/// contents and elements), as the core makes it from a memory, a moment, an album or a selection.
public struct ProjectPlan: Sendable, Equatable, Codable {
    /// Where the project came from (Apple's `PHProjectInfo.CreationSource` raw values).
    public enum Source: Int, Sendable, Codable { case undefined = 0, userSelection = 1, album = 2, memory = 3, moment = 4 }
    /// A section's intended use (Apple's `PHProjectSection.SectionType` raw values).
    public enum SectionKind: Int, Sendable, Codable { case undefined = 0, cover = 1, content = 2, auxiliary = 3 }
    /// A text element's role (Apple's `PHProjectTextElement.ElementType` raw values).
    public enum TextKind: Int, Sendable, Codable { case body = 0, title = 1, subtitle = 2 }

    public var source: Source
    public var title: String
    public var sections: [Section]

    public struct Section: Sendable, Equatable, Codable {
        public var title: String
        public var kind: SectionKind
        /// Curation levels, fewest elements first; an extension shows one at a time.
        public var contents: [Content]
    }

    /// One curation level of a section laid out on a grid of `numberOfColumns` square units.
    public struct Content: Sendable, Equatable, Codable {
        public var numberOfColumns: Int
        /// Width over height of the whole layout.
        public var aspectRatio: Double
        public var elements: [Element]
    }

    public enum Element: Sendable, Equatable, Codable {
        case asset(AssetElement)
        case text(TextElement)

        private enum CodingKeys: String, CodingKey { case element }

        /// Reads an element written by `encode(to:)`: its fields with `"element": "asset"` or `"text"`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .element) {
            case "asset": self = .asset(try AssetElement(from: decoder))
            case "text": self = .text(try TextElement(from: decoder))
            case let other: throw DecodingError.dataCorruptedError(forKey: .element, in: container, debugDescription: "Unknown element kind '\(other)'")
            }
        }

        /// Writes the element's fields with what it is (`"element": "asset"` or `"text"`).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .asset(let asset): try container.encode("asset", forKey: .element); try asset.encode(to: encoder)
            case .text(let text): try container.encode("text", forKey: .element); try text.encode(to: encoder)
            }
        }

        public var placement: GridRect { switch self { case .asset(let a): a.placement; case .text(let t): t.placement } }
        public var weight: Double { switch self { case .asset(let a): a.weight; case .text(let t): t.weight } }
    }

    public struct AssetElement: Sendable, Equatable, Codable {
        public var assetRowID: Int64
        public var localIdentifier: String
        public var cloudIdentifier: String
        /// Significance in its section, 0…1 (0.5 when the photo has not been analysed).
        public var weight: Double
        public var placement: GridRect
        /// The part of the photo to show in its cell (unit coordinates, origin top-left): the cell's shape, placed
        /// to keep the regions of interest in view.
        public var cropRect: NormalizedRect
        public var regions: [Region]
    }

    public struct TextElement: Sendable, Equatable, Codable {
        public var text: String
        public var kind: TextKind
        public var weight: Double
        public var placement: GridRect
    }

    /// A face (the identifier is its person's, the same in every photo of them) or, in a photo without faces, its
    /// salient area (an identifier of its own).
    public struct Region: Sendable, Equatable, Codable {
        /// Unit coordinates of the photo's current version, origin top-left (ignores the element's crop).
        public var rect: NormalizedRect
        public var identifier: String
        /// How present this person is across the project, 0…1 (the same for every region with this identifier).
        public var weight: Double
        /// How good this region is in this photo, 0…1.
        public var quality: Double
    }

    /// A rectangle in grid units (x right, y down from the layout's top-left corner).
    public struct GridRect: Sendable, Equatable, Hashable, Codable {
        public var x: Double, y: Double, width: Double, height: Double
        /// A value with the given fields.
        public init(x: Double, y: Double, width: Double, height: Double) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }
        public func intersects(_ other: GridRect) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }
}

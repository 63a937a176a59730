import CoreGraphics
import Foundation
import PhotoLibrary

/// A region of a photo worth keeping in view — a face, or in a photo without faces its salient area — for
/// deciding where to focus, zoom or crop. Regions showing the same person share an identifier across photos.
public final class PHProjectRegionOfInterest: NSObject, NSSecureCoding, @unchecked Sendable {
    /// A region's identifier: a person's (the same in every photo of them), or one of its own.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        /// The value with this raw string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The value with this raw string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    let region: ProjectPlan.Region

    init(_ region: ProjectPlan.Region) { self.region = region }

    /// Where the region is, in unit coordinates of the photo's current version (origin at the top-left corner),
    /// regardless of the element's `cropRect`.
    public var rect: CGRect { CGRect(x: region.rect.x, y: region.rect.y, width: region.rect.width, height: region.rect.height) }
    /// The region's identifier.
    public var identifier: Identifier { Identifier(rawValue: region.identifier) }
    /// How present this person is across the project, 0…1 (the same for every region with this identifier):
    /// the share of the project's photos they are in, relative to the person in most.
    public var weight: Double { region.weight }
    /// How good the region is in this photo (the face's confidence, size and sharpness), 0…1.
    public var quality: Double { region.quality }

    public static var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) { ProjectCoding.encode(region, with: coder) }
    public required init?(coder: NSCoder) {
        guard let region = ProjectCoding.decode(ProjectPlan.Region.self, from: coder) else { return nil }
        self.region = region
    }
}

import CoreGraphics
import Foundation
import Photos
import PhotoLibrary

/// A section of a project (a memory's cover, a day of a trip, a moment of an album) with its content at several
/// curation levels. Show one level at a time: the same photos appear in several.
public final class PHProjectSection: NSObject, NSSecureCoding, @unchecked Sendable {
    /// What the section is for.
    public enum SectionType: Int, Sendable {
        case undefined = 0
        case cover = 1
        case content = 2
        case auxiliary = 3
    }

    let section: ProjectPlan.Section

    init(_ section: ProjectPlan.Section) { self.section = section }

    /// The section's title (a day, a date range, the memory's title for the cover); may be empty.
    public var title: String { section.title }
    /// The section's content at each curation level, fewest elements first (a summary) to most (everything).
    public var sectionContents: [PHProjectSectionContent] { section.contents.map(PHProjectSectionContent.init) }
    /// What the section is for.
    public var sectionType: SectionType { SectionType(rawValue: section.kind.rawValue) ?? .undefined }

    public static var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) { ProjectCoding.encode(section, with: coder) }
    public required init?(coder: NSCoder) {
        guard let section = ProjectCoding.decode(ProjectPlan.Section.self, from: coder) else { return nil }
        self.section = section
    }
}

/// One curation level of a section: its elements laid out on a grid of `numberOfColumns` square units.
///
/// Differs from macOS: `backgroundColor` (an `NSColor`, meaningful only for Apple print products) is absent.
public final class PHProjectSectionContent: NSObject, NSSecureCoding, @unchecked Sendable {
    let content: ProjectPlan.Content

    init(_ content: ProjectPlan.Content) { self.content = content }

    /// The photos and text of this level.
    public var elements: [PHProjectElement] { content.elements.map(PHProjectElement.make) }
    /// Columns of the grid the placements use (20): one unit is the canvas width divided by this.
    public var numberOfColumns: Int { content.numberOfColumns }
    /// Width over height of the whole layout.
    public var aspectRatio: Double { content.aspectRatio }
    /// The global identities of every photo in the level, in order.
    public var cloudAssetIdentifiers: [PHCloudIdentifier] {
        content.elements.compactMap { if case .asset(let a) = $0 { PHCloudIdentifier(stringValue: a.cloudIdentifier) } else { nil } }
    }

    public static var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) { ProjectCoding.encode(content, with: coder) }
    public required init?(coder: NSCoder) {
        guard let content = ProjectCoding.decode(ProjectPlan.Content.self, from: coder) else { return nil }
        self.content = content
    }
}

import Foundation
import Photos
import PhotoLibrary

/// What a project extension is given about a new project: where it came from and its content in sections —
/// a cover, then sections whose photos come at several curation levels, weighted, placed on a 20-column grid,
/// cropped around their faces, with regions of interest whose identifiers follow a person across photos.
///
/// On macOS only Photos makes these. Here the library makes them with `projectInfo(for:in:)` from a memory, a
/// moment, an album or a selection, using what `photos analyze` found (quality, near-duplicates, faces, people).
/// Immutable; archived whole through `NSSecureCoding`.
public final class PHProjectInfo: NSObject, NSSecureCoding, @unchecked Sendable {
    /// Where a project was made from (Apple's raw values).
    public enum CreationSource: Int, Sendable {
        case undefined = 0
        case userSelection = 1
        case album = 2
        case memory = 3
        case moment = 4
        case project = 20
        case projectBook = 21
        case projectCalendar = 22
        case projectCard = 23
        case projectPrintOrder = 24
        case projectSlideshow = 25
        case projectExtension = 26
    }

    /// What to make a project from (Linux: `projectInfo(for:in:)`).
    public enum Source: Sendable {
        /// A memory (`photos memories`; `Library.memories`), by identifier.
        case memory(identifier: String)
        /// An album or a moment: its photos in their order.
        case collection(PHAssetCollection)
        /// Photos someone chose, in that order.
        case assets([PHAsset])
    }

    let plan: ProjectPlan
    private let type: PHProjectType

    init(plan: ProjectPlan, projectType: PHProjectType) {
        self.plan = plan
        type = projectType
    }

    /// The project content for `source` in `library`. A library directory only: over a served library this throws
    /// `PHPhotosError(.requestNotSupportedForAsset)` for now. Throws `PHPhotosError(.identifierNotFound)` for an
    /// unknown memory or a source without a photo a project can use (trashed, hidden, undated or not a photo).
    public static func projectInfo(for source: Source, projectType: PHProjectType = .undefined,
                                   in library: PHPhotoLibrary = .shared()) throws -> PHProjectInfo {
        guard let core = library.backend as? Library else {
            throw PHPhotosError(.requestNotSupportedForAsset, userInfo: [NSLocalizedDescriptionKey: "Projects are made from a library directory, not yet over the service"])
        }
        do {
            switch source {
            case .memory(let identifier):
                guard let memory = try core.memory(identifier: identifier) else {
                    throw PHPhotosError(.identifierNotFound, userInfo: [NSLocalizedDescriptionKey: "No memory '\(identifier)' in this library"])
                }
                return PHProjectInfo(plan: try core.projectPlan(memory: memory), projectType: projectType)
            case .collection(let collection):
                let assets = PHAsset.fetchAssets(in: collection, options: nil)
                var rows: [Int64] = []
                assets.enumerateObjects { asset, _, _ in rows.append(asset.record.rowID) }
                let kind: ProjectPlan.Source = collection.assetCollectionType == .moment ? .moment : .album
                return PHProjectInfo(plan: try core.projectPlan(assetRowIDs: rows, title: collection.localizedTitle ?? "", source: kind), projectType: projectType)
            case .assets(let assets):
                return PHProjectInfo(plan: try core.projectPlan(assetRowIDs: assets.map(\.record.rowID), title: "", source: .userSelection),
                                     projectType: projectType)
            }
        } catch let error as LibraryError {
            throw PHPhotosError(libraryError: error)
        }
    }

    /// Where the project was made from.
    public var creationSource: CreationSource { CreationSource(rawValue: plan.source.rawValue) ?? .undefined }
    /// The type of project the person chose.
    public var projectType: PHProjectType { type }
    /// The sections: a cover (the key photo and the title), then the content.
    public var sections: [PHProjectSection] { plan.sections.map(PHProjectSection.init) }
    /// Whether the originating print product showed branding; never here.
    public var brandingEnabled: Bool { false }
    /// Whether the originating print product numbered its pages; never here.
    public var pageNumbersEnabled: Bool { false }
    /// The originating Apple print product; none here.
    public var productIdentifier: String? { nil }
    /// The originating Apple print product's theme; none here.
    public var themeIdentifier: String? { nil }

    public static var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) {
        ProjectCoding.encode(plan, with: coder)
        coder.encode(type.rawValue as NSString, forKey: "projectType")
    }
    public required init?(coder: NSCoder) {
        guard let plan = ProjectCoding.decode(ProjectPlan.self, from: coder) else { return nil }
        self.plan = plan
        type = PHProjectType(rawValue: (coder.decodeObject(of: NSString.self, forKey: "projectType") as String?) ?? "")
    }
}

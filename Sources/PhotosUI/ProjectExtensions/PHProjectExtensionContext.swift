import Foundation
import Photos
import PhotoLibrary

/// What a project extension is given: the project and the photo library it may read — which holds that project
/// and its assets and nothing else of the person's library.
///
/// On Linux the library is a view the host made for this run (`Library.makeProjectView`): a library of its own
/// with the project, its assets' records and copies of their files. Changes the extension makes to the project
/// there (`PHProjectChangeRequest`: title, `projectExtensionData`, preview, key asset, assets taken out) are
/// carried back to the real library by the host when the extension finishes well, after checking them; nothing
/// else is.
public final class PHProjectExtensionContext: NSObject, @unchecked Sendable {
    /// The project (as it was when the extension started; fetch it again after changing it).
    public let project: PHProject
    /// The library holding the project and its assets.
    public let photoLibrary: PHPhotoLibrary
    /// Where the extension writes what it makes — a PDF, a movie — (Linux addition): the host hands the regular
    /// files left there to whoever asked for the project (`photos project create --output`).
    public let outputDirectory: URL

    init(project: PHProject, photoLibrary: PHPhotoLibrary, outputDirectory: URL) {
        self.project = project
        self.photoLibrary = photoLibrary
        self.outputDirectory = outputDirectory
    }

    /// Project content brought up to date with the project's assets. With `existingProjectInfo`, its elements
    /// of assets no longer in the project are dropped (a content level left empty goes too) and a section is
    /// appended for project assets it does not mention; with nil, new content is made from all the project's
    /// assets. The completion gets nil when none of the assets can be in a project; cancelling the progress makes
    /// it get `existingProjectInfo` unchanged.
    @discardableResult
    public func updatedProjectInfo(from existingProjectInfo: PHProjectInfo?,
                                   completion: @escaping @Sendable (PHProjectInfo?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let project = self.project
        let library = photoLibrary
        DispatchQueue.global(qos: .userInitiated).async {
            let updated = Self.update(existingProjectInfo, project: project, library: library)
            progress.completedUnitCount = 1
            completion(progress.isCancelled ? existingProjectInfo : updated)
        }
        return progress
    }

    private static func update(_ existing: PHProjectInfo?, project: PHProject, library: PHPhotoLibrary) -> PHProjectInfo? {
        guard let core = library.backend as? Library else { return existing }
        let options = PHFetchOptions()
        options.photoLibrary = library
        let assets = PHAsset.fetchAssets(in: project, options: options)
        var rows: [Int64] = []
        var members = Set<String>()
        assets.enumerateObjects { asset, _, _ in rows.append(asset.record.rowID); members.insert(asset.localIdentifier) }
        guard let existing else {
            guard let plan = try? core.projectPlan(assetRowIDs: rows, title: project.localizedTitle ?? "", source: .userSelection) else { return nil }
            return PHProjectInfo(plan: plan, projectType: project.projectType)
        }
        var plan = existing.plan
        var mentioned = Set<String>()
        for s in plan.sections.indices {
            for c in plan.sections[s].contents.indices {
                plan.sections[s].contents[c].elements.removeAll { element in
                    guard case .asset(let asset) = element else { return false }
                    mentioned.insert(asset.localIdentifier)
                    return !members.contains(asset.localIdentifier)
                }
            }
            plan.sections[s].contents.removeAll { $0.elements.isEmpty }
        }
        plan.sections.removeAll { $0.contents.isEmpty }
        let unmentioned = rows.enumerated().filter { index, _ in
            !mentioned.contains(assets.object(at: index).localIdentifier)
        }.map(\.element)
        if !unmentioned.isEmpty, let extra = try? core.projectPlan(assetRowIDs: unmentioned, title: "", source: .userSelection) {
            plan.sections += extra.sections.filter { $0.kind != .cover }
        }
        return PHProjectInfo(plan: plan, projectType: existing.projectType)
    }
}

import Foundation
import MediaInspection

/// A file that passed inspection.
struct ImportCandidate: Sendable {
    let url: URL
    let info: MediaInfo

    var isRAW: Bool { info.format == .dng || info.format == .cameraRAW || info.traits.contains(.raw) }
    var isPairableStill: Bool { info.kind == .image && (info.format == .jpeg || info.format == .heif) }
    var directory: String { url.deletingLastPathComponent().path }
    var baseName: String { url.deletingPathExtension().lastPathComponent }
}

/// The files that become one asset.
struct ImportGroup: Sendable {
    enum Pairing: Sendable { case single, livePhoto, rawJPEG, livePhotoRAW }

    var primary: ImportCandidate
    var pairedVideo: ImportCandidate?
    var alternatePhoto: ImportCandidate?

    var pairing: Pairing {
        switch (pairedVideo != nil, alternatePhoto != nil) {
        case (false, false): return .single
        case (true, false): return .livePhoto
        case (false, true): return .rawJPEG
        case (true, true): return .livePhotoRAW
        }
    }

    var files: [ImportCandidate] { [primary] + [pairedVideo, alternatePhoto].compactMap { $0 } }

    /// The creation request for this group (resources named after their source files).
    func newAsset(primaryOnly: Bool = false, skipsDuplicateContent: Bool = false) -> NewAsset {
        var resources = [Self.resource(primary, type: Self.primaryType(primary.info.kind))]
        if !primaryOnly {
            if let pairedVideo { resources.append(Self.resource(pairedVideo, type: .pairedVideo)) }
            if let alternatePhoto { resources.append(Self.resource(alternatePhoto, type: .alternatePhoto)) }
        }
        // An identity another library wrote beside the file (`photos export --with-metadata`) travels with it.
        return NewAsset(resources: resources, skipsDuplicateContent: skipsDuplicateContent,
                        cloudIdentity: MetadataSidecar.cloudIdentity(besides: primary.url))
    }

    private static func resource(_ candidate: ImportCandidate, type: ResourceType) -> NewResource {
        NewResource(type: type, source: .file(candidate.url), originalFilename: candidate.url.lastPathComponent,
                    uniformTypeIdentifier: candidate.info.uniformTypeIdentifier)
    }

    private static func primaryType(_ kind: MediaInfo.Kind) -> ResourceType {
        switch kind {
        case .image: return .photo
        case .video: return .video
        case .audio: return .audio
        }
    }
}

/// Forms assets out of inspected files.
///
/// - **Live Photos**: a JPEG/HEIC still and a movie with the same content identifier become one asset
///   (`.photo` + `.pairedVideo`). When several files share an identifier, the still and movie with the same
///   directory and base name are paired first, then the rest in path order.
/// - **RAW+JPEG**: in one directory, a RAW/DNG and a JPEG/HEIC with the same base name become one asset with
///   the JPEG/HEIC as `.photo` and the RAW as `.alternatePhoto`.
///
/// Everything else is an asset of its own. Groups come out in path order of their primary file.
enum ImportGrouping {
    static func group(_ candidates: [ImportCandidate]) -> [ImportGroup] {
        let sorted = candidates.sorted { $0.url.path < $1.url.path }
        var used = Set<String>()
        var groups: [String: ImportGroup] = [:]  // keyed by the primary's path

        // Live Photos.
        func pair(_ still: ImportCandidate, _ movie: ImportCandidate) {
            groups[still.url.path] = ImportGroup(primary: still, pairedVideo: movie)
            used.insert(still.url.path); used.insert(movie.url.path)
        }
        var stills: [String: [ImportCandidate]] = [:], movies: [String: [ImportCandidate]] = [:]
        for c in sorted {
            guard let id = c.info.contentIdentifier, !id.isEmpty else { continue }
            if c.info.kind == .image && !c.isRAW { stills[id, default: []].append(c) }
            else if c.info.kind == .video { movies[id, default: []].append(c) }
        }
        for (id, stillList) in stills {
            var available = movies[id] ?? []
            guard !available.isEmpty else { continue }
            // Same directory and base name first.
            var pending: [ImportCandidate] = []
            for still in stillList {
                if let index = available.firstIndex(where: { $0.directory == still.directory && $0.baseName == still.baseName }) {
                    pair(still, available.remove(at: index))
                } else {
                    pending.append(still)
                }
            }
            for still in pending where !available.isEmpty { pair(still, available.removeFirst()) }
        }

        // RAW + JPEG/HEIC.
        var byName: [String: [ImportCandidate]] = [:]
        for c in sorted where c.isRAW || c.isPairableStill {
            byName[c.directory + "/" + c.baseName, default: []].append(c)
        }
        for (_, list) in byName {
            let raws = list.filter { $0.isRAW && !used.contains($0.url.path) }
            let stills = list.filter { !$0.isRAW && $0.isPairableStill }
            guard raws.count == 1, stills.count == 1, let raw = raws.first, let still = stills.first else { continue }
            var group = groups[still.url.path] ?? ImportGroup(primary: still)
            guard group.alternatePhoto == nil else { continue }
            group.alternatePhoto = raw
            groups[still.url.path] = group
            used.insert(still.url.path); used.insert(raw.url.path)
        }

        for c in sorted where !used.contains(c.url.path) { groups[c.url.path] = ImportGroup(primary: c) }
        return groups.keys.sorted().map { groups[$0]! }
    }
}

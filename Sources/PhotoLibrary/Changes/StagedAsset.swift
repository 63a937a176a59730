import Foundation
import MediaInspection

/// A new asset whose resources are staged and inspected, ready to be inserted.
struct StagedAsset {
    struct Resource {
        let spec: NewResource
        let staged: ResourceStore.StagedFile
        let info: MediaInfo
        let relativePath: String
        let filename: String
    }

    let request: NewAsset
    let resources: [Resource]

    /// The resource that carries the asset's content.
    var primary: Resource { resources.first { $0.spec.type.isPrimary } ?? resources[0] }

    /// Stages and inspects every resource, checking that the set makes an asset PhotoKit would accept.
    static func stage(_ request: NewAsset, in store: ResourceStore) throws -> StagedAsset {
        guard !request.resources.isEmpty else {
            throw LibraryError(.missingResource, "The creation request for \(request.identifier) has no resources")
        }
        guard request.resources.contains(where: { $0.type.isPrimary }) else {
            throw LibraryError(.missingResource, "The creation request for \(request.identifier) has no photo, video or audio resource")
        }
        let uuid = request.identifier.split(separator: "/").first.map(String.init) ?? UUID().uuidString
        var staged: [Resource] = []
        do {
            for (index, spec) in request.resources.enumerated() {
                let file = try store.stage(spec.source)
                let info: MediaInfo
                do {
                    info = try MediaInspector.inspect(fileAt: file.temporaryURL)
                } catch {
                    store.discard(file)
                    throw LibraryError(.invalidResource, "\(spec.displayName): \(error.message)")
                }
                let filename = spec.originalFilename ?? Self.filename(of: spec, info: info)
                let ext = (filename as NSString).pathExtension.lowercased()
                let path = "originals/\(uuid.prefix(2))/\(uuid)/\(index)-\(spec.type)\(ext.isEmpty ? "" : ".\(ext)")"
                staged.append(Resource(spec: spec, staged: file, info: info, relativePath: path, filename: filename))
                try check(spec, info)
            }
            try checkCombination(staged)
        } catch {
            staged.forEach { store.discard($0.staged) }
            throw error
        }
        return StagedAsset(request: request, resources: staged)
    }

    private static func filename(of spec: NewResource, info: MediaInfo) -> String {
        if case .file(let url) = spec.source { return url.lastPathComponent }
        return "\(spec.type).\(info.format.preferredExtension)"
    }

    /// A resource's content must match its declared type (a `.photo` must be an image, …).
    private static func check(_ spec: NewResource, _ info: MediaInfo) throws {
        let expected: MediaInfo.Kind?
        switch spec.type {
        case .photo, .alternatePhoto, .fullSizePhoto, .adjustmentBasePhoto, .photoProxy: expected = .image
        case .video, .pairedVideo, .fullSizeVideo, .fullSizePairedVideo, .adjustmentBasePairedVideo, .adjustmentBaseVideo: expected = .video
        case .audio: expected = .audio
        case .adjustmentData: expected = nil
        }
        if let expected, info.kind != expected {
            throw LibraryError(.invalidResource, "\(spec.displayName): is \(article(info.kind)) \(info.kind.rawValue), not \(article(expected)) \(expected.rawValue) as a \(spec.type) resource must be")
        }
    }

    private static func article(_ kind: MediaInfo.Kind) -> String { kind == .image ? "an" : "a" }

    /// Live Photo halves must share Apple's content identifier when both carry one.
    private static func checkCombination(_ resources: [Resource]) throws {
        let types = resources.map(\.spec.type)
        guard Set(types).count == types.count else {
            throw LibraryError(.invalidResource, "A creation request has two resources of the same type")
        }
        if let photo = resources.first(where: { $0.spec.type == .photo }),
           let video = resources.first(where: { $0.spec.type == .pairedVideo }),
           let a = photo.info.contentIdentifier, let b = video.info.contentIdentifier, a != b {
            throw LibraryError(.invalidResource, "\(video.spec.displayName): its content identifier \(b) does not match the photo's \(a), so they are not one Live Photo")
        }
    }
}

extension MediaInfo.Format {
    /// The usual file extension of the format.
    var preferredExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .heif: return "heic"
        case .png: return "png"
        case .gif: return "gif"
        case .webp: return "webp"
        case .tiff: return "tiff"
        case .dng: return "dng"
        case .cameraRAW: return "raw"
        case .quickTime: return "mov"
        case .mpeg4: return "mp4"
        case .m4a: return "m4a"
        }
    }
}

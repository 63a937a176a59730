import Foundation

// A change batch as a served library's client sends it: the operations only. Who is changing (account,
// application), receipts and audit entries are the service's to set; resources travel as bytes, never as paths
// (a `.file` source is read on the sending side and decodes as `.data`).

extension ChangeOperation: Codable {
    private enum CodingKeys: String, CodingKey { case op, identifier, identifiers, asset, edits, title, members, edit, project }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .op) {
        case "createAsset": self = .createAsset(try c.decode(NewAsset.self, forKey: .asset))
        case "editAsset": self = .editAsset(identifier: try c.decode(String.self, forKey: .identifier), try c.decode(AssetEdits.self, forKey: .edits))
        case "trashAssets": self = .trashAssets(try c.decode([String].self, forKey: .identifiers))
        case "recoverAssets": self = .recoverAssets(try c.decode([String].self, forKey: .identifiers))
        case "purgeAssets": self = .purgeAssets(try c.decode([String].self, forKey: .identifiers))
        case "createAlbum": self = .createAlbum(identifier: try c.decode(String.self, forKey: .identifier), title: try c.decode(String.self, forKey: .title))
        case "createFolder": self = .createFolder(identifier: try c.decode(String.self, forKey: .identifier), title: try c.decode(String.self, forKey: .title))
        case "editCollection":
            self = .editCollection(identifier: try c.decode(String.self, forKey: .identifier), title: try c.decodeIfPresent(String.self, forKey: .title),
                                   members: try c.decode([MemberEdit].self, forKey: .members))
        case "deleteCollections": self = .deleteCollections(try c.decode([String].self, forKey: .identifiers))
        case "editContent": self = .editContent(try c.decode(ContentEdit.self, forKey: .edit))
        case "revertContent": self = .revertContent(identifier: try c.decode(String.self, forKey: .identifier))
        case "createProject": self = .createProject(try c.decode(NewProject.self, forKey: .project))
        case "editProject": self = .editProject(identifier: try c.decode(String.self, forKey: .identifier), try c.decode(ProjectEdits.self, forKey: .edits))
        case let other: throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "Unknown change operation '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .createAsset(let asset): try c.encode("createAsset", forKey: .op); try c.encode(asset, forKey: .asset)
        case .editAsset(let identifier, let edits):
            try c.encode("editAsset", forKey: .op); try c.encode(identifier, forKey: .identifier); try c.encode(edits, forKey: .edits)
        case .trashAssets(let ids): try c.encode("trashAssets", forKey: .op); try c.encode(ids, forKey: .identifiers)
        case .recoverAssets(let ids): try c.encode("recoverAssets", forKey: .op); try c.encode(ids, forKey: .identifiers)
        case .purgeAssets(let ids): try c.encode("purgeAssets", forKey: .op); try c.encode(ids, forKey: .identifiers)
        case .createAlbum(let identifier, let title):
            try c.encode("createAlbum", forKey: .op); try c.encode(identifier, forKey: .identifier); try c.encode(title, forKey: .title)
        case .createFolder(let identifier, let title):
            try c.encode("createFolder", forKey: .op); try c.encode(identifier, forKey: .identifier); try c.encode(title, forKey: .title)
        case .editCollection(let identifier, let title, let members):
            try c.encode("editCollection", forKey: .op); try c.encode(identifier, forKey: .identifier)
            try c.encodeIfPresent(title, forKey: .title); try c.encode(members, forKey: .members)
        case .deleteCollections(let ids): try c.encode("deleteCollections", forKey: .op); try c.encode(ids, forKey: .identifiers)
        case .editContent(let edit): try c.encode("editContent", forKey: .op); try c.encode(edit, forKey: .edit)
        case .revertContent(let identifier): try c.encode("revertContent", forKey: .op); try c.encode(identifier, forKey: .identifier)
        case .createProject(let project): try c.encode("createProject", forKey: .op); try c.encode(project, forKey: .project)
        case .editProject(let identifier, let edits):
            try c.encode("editProject", forKey: .op); try c.encode(identifier, forKey: .identifier); try c.encode(edits, forKey: .edits)
        }
    }
}

extension ResourceSource: Codable {
    /// Only bytes decode; a path from the other side is never followed.
    public init(from decoder: any Decoder) throws {
        self = .data(try Data(from: decoder))
    }

    /// A file is read now (the receiving side sees its bytes).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .data(let data): try data.encode(to: encoder)
        case .file(let url): try Data(contentsOf: url, options: .mappedIfSafe).encode(to: encoder)
        }
    }

    /// How many bytes the source holds (a file's size), for limits before sending.
    public var byteCount: Int64 {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(let url): return ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0
        }
    }
}

extension NewAsset: Codable {
    private enum CodingKeys: String, CodingKey { case identifier, resources, edits, skipsDuplicateContent, cloudIdentity }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(identifier: try c.decode(String.self, forKey: .identifier), resources: try c.decode([NewResource].self, forKey: .resources),
                  edits: try c.decode(AssetEdits.self, forKey: .edits), skipsDuplicateContent: try c.decode(Bool.self, forKey: .skipsDuplicateContent),
                  cloudIdentity: try c.decodeIfPresent(String.self, forKey: .cloudIdentity))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(resources, forKey: .resources)
        try c.encode(edits, forKey: .edits)
        try c.encode(skipsDuplicateContent, forKey: .skipsDuplicateContent)
        try c.encodeIfPresent(cloudIdentity, forKey: .cloudIdentity)
    }
}

extension NewResource: Codable {
    private enum CodingKeys: String, CodingKey { case type, bytes, originalFilename, uniformTypeIdentifier }

    /// `moveSourceFile` never crosses: the sender removes its own file once the batch committed.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try c.decode(ResourceType.self, forKey: .type), source: try c.decode(ResourceSource.self, forKey: .bytes),
                  originalFilename: try c.decodeIfPresent(String.self, forKey: .originalFilename),
                  uniformTypeIdentifier: try c.decodeIfPresent(String.self, forKey: .uniformTypeIdentifier))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(source, forKey: .bytes)
        try c.encodeIfPresent(originalFilename, forKey: .originalFilename)
        try c.encodeIfPresent(uniformTypeIdentifier, forKey: .uniformTypeIdentifier)
    }
}

extension AssetEdits: Codable {
    // Double optionals: an absent key leaves the property alone, JSON null clears it.
    private enum CodingKeys: String, CodingKey { case isFavorite, isHidden, creationDate, location, isBurstPick }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(isFavorite: try c.decodeIfPresent(Bool.self, forKey: .isFavorite), isHidden: try c.decodeIfPresent(Bool.self, forKey: .isHidden),
                  isBurstPick: try c.decodeIfPresent(Bool.self, forKey: .isBurstPick))
        if c.contains(.creationDate) { creationDate = .some(try c.decodeIfPresent(Date.self, forKey: .creationDate)) }
        if c.contains(.location) { location = .some(try c.decodeIfPresent(GeoPoint.self, forKey: .location)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(isFavorite, forKey: .isFavorite)
        try c.encodeIfPresent(isHidden, forKey: .isHidden)
        try c.encodeIfPresent(isBurstPick, forKey: .isBurstPick)
        if let creationDate { if let date = creationDate { try c.encode(date, forKey: .creationDate) } else { try c.encodeNil(forKey: .creationDate) } }
        if let location { if let point = location { try c.encode(point, forKey: .location) } else { try c.encodeNil(forKey: .location) } }
    }
}

extension ContentEdit: Codable {
    private enum CodingKeys: String, CodingKey {
        case identifier, rendered, renderedUniformTypeIdentifier, renderedPairedVideo, playbackStyle, playbackVariation, adjustment, basedOnOriginal
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(identifier: try c.decode(String.self, forKey: .identifier), rendered: try c.decode(ResourceSource.self, forKey: .rendered),
                  renderedUniformTypeIdentifier: try c.decodeIfPresent(String.self, forKey: .renderedUniformTypeIdentifier),
                  adjustment: try c.decodeIfPresent(AdjustmentPayload.self, forKey: .adjustment),
                  basedOnOriginal: try c.decode(Bool.self, forKey: .basedOnOriginal),
                  renderedPairedVideo: try c.decodeIfPresent(ResourceSource.self, forKey: .renderedPairedVideo))
        if let style = try c.decodeIfPresent(PlaybackStyle.self, forKey: .playbackStyle) {
            playback = (style, try c.decode(Int.self, forKey: .playbackVariation))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(rendered, forKey: .rendered)
        try c.encodeIfPresent(renderedUniformTypeIdentifier, forKey: .renderedUniformTypeIdentifier)
        try c.encodeIfPresent(renderedPairedVideo, forKey: .renderedPairedVideo)
        try c.encodeIfPresent(playback?.style, forKey: .playbackStyle)
        try c.encodeIfPresent(playback?.variation, forKey: .playbackVariation)
        try c.encodeIfPresent(adjustment, forKey: .adjustment)
        try c.encode(basedOnOriginal, forKey: .basedOnOriginal)
    }
}

extension ChangeBatch {
    /// Every resource and rendered file the batch carries, for size limits before it is sent.
    public var carriedSources: [ResourceSource] {
        operations.flatMap { operation -> [ResourceSource] in
            switch operation {
            case .createAsset(let asset): asset.resources.map(\.source)
            case .editContent(let edit): [edit.rendered] + (edit.renderedPairedVideo.map { [$0] } ?? [])
            default: []
            }
        }
    }
}

import Foundation
import MediaInspection

/// The PhotoKit properties of a new asset, derived from what inspection found in its resources.
struct AssetAttributes {
    var mediaType: MediaType
    var subtypes: MediaSubtypes
    var playbackStyle: PlaybackStyle
    var pixelWidth: Int
    var pixelHeight: Int
    var creationDate: Date?
    var location: GeoPoint?
    var duration: Double
    var burstIdentifier: String?
    var isSelfie: Bool
    var isRAW: Bool
    var uti: String
    var contentIdentifier: String?
    var cameraMake: String?
    var cameraModel: String?

    init(_ asset: StagedAsset) {
        let primary = asset.primary
        let info = primary.info
        switch primary.spec.type {
        case .video: mediaType = .video
        case .audio: mediaType = .audio
        default: mediaType = .image
        }
        var subtypes: MediaSubtypes = []
        let t = info.traits
        if mediaType == .image {
            if t.contains(.panorama) { subtypes.insert(.photoPanorama) }
            if t.contains(.hdr) { subtypes.insert(.photoHDR) }
            if t.contains(.screenshot) { subtypes.insert(.photoScreenshot) }
            if t.contains(.depthEffect) { subtypes.insert(.photoDepthEffect) }
            if t.contains(.animated) { subtypes.insert(.photoAnimation) }
        } else if mediaType == .video {
            if t.contains(.highFrameRate) { subtypes.insert(.videoHighFrameRate) }
            if t.contains(.timelapse) { subtypes.insert(.videoTimelapse) }
            if t.contains(.screenRecording) { subtypes.insert(.videoScreenRecording) }
        }
        let paired = asset.resources.contains { $0.spec.type == .pairedVideo }
        if paired { subtypes.insert(.photoLive) }
        self.subtypes = subtypes

        switch mediaType {
        case .image: playbackStyle = paired ? .livePhoto : (t.contains(.animated) ? .imageAnimated : .image)
        case .video: playbackStyle = .video
        default: playbackStyle = .unsupported
        }
        pixelWidth = info.pixelWidth
        pixelHeight = info.pixelHeight
        creationDate = info.creationDate
            ?? asset.resources.lazy.compactMap(\.info.creationDate).first
            ?? Self.fileDate(primary.spec)
        location = (info.location ?? asset.resources.lazy.compactMap(\.info.location).first).map {
            GeoPoint(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude, timestamp: $0.timestamp)
        }
        duration = mediaType == .image ? 0 : info.duration
        burstIdentifier = info.burstIdentifier
        isSelfie = t.contains(.frontCamera)
        isRAW = asset.resources.contains { $0.info.traits.contains(.raw) || $0.info.format == .dng || $0.info.format == .cameraRAW }
        uti = primary.spec.uniformTypeIdentifier ?? info.uniformTypeIdentifier
        contentIdentifier = info.contentIdentifier
        cameraMake = info.cameraMake
        cameraModel = info.cameraModel
    }

    /// The source file's modification date: the last resort for a creation date.
    private static func fileDate(_ spec: NewResource) -> Date? {
        guard case .file(let url) = spec.source else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}

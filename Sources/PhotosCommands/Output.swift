import Foundation
import PhotoLibrary

/// Stable JSON and text renderings of library objects.
///
/// JSON fields (assets): `localIdentifier`, `mediaType` ("image"/"video"/"audio"/"unknown"), `mediaSubtypes`
/// (names), `pixelWidth`, `pixelHeight`, `creationDate`, `modificationDate`, `addedDate`, `location`
/// ({`latitude`, `longitude`, `altitude`}), `duration`, `isFavorite`, `isHidden`, `playbackStyle`,
/// `burstIdentifier`, `representsBurst`, `sourceType`, `uniformTypeIdentifier`, `originalFilename`,
/// `trashedDate`; `show` adds `resources` ({`type`, `uniformTypeIdentifier`, `originalFilename`, `path`,
/// `byteCount`, `sha256`, `pixelWidth`, `pixelHeight`}). Absent values are JSON null.
enum Output {
    static func printJSON(_ value: Any) {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("null".utf8)
        print(String(decoding: data, as: UTF8.self))
    }

    static func date(_ date: Date?) -> Any {
        guard let date else { return NSNull() }
        return iso.string(from: date)
    }

    nonisolated(unsafe) static let iso: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f
    }()

    static func shortDate(_ date: Date?) -> String {
        guard let date else { return "(no date)" }
        return short.string(from: date)
    }

    static let short: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f
    }()

    static func mediaTypeName(_ type: MediaType) -> String {
        switch type {
        case .unknown: return "unknown"
        case .image: return "image"
        case .video: return "video"
        case .audio: return "audio"
        }
    }

    static let subtypeNames: [(MediaSubtypes, String)] = [
        (.photoPanorama, "photoPanorama"), (.photoHDR, "photoHDR"), (.photoScreenshot, "photoScreenshot"), (.photoLive, "photoLive"),
        (.photoDepthEffect, "photoDepthEffect"), (.photoAnimation, "photoAnimation"), (.videoStreamed, "videoStreamed"),
        (.videoHighFrameRate, "videoHighFrameRate"), (.videoTimelapse, "videoTimelapse"), (.videoScreenRecording, "videoScreenRecording"),
    ]

    static func subtypes(_ s: MediaSubtypes) -> [String] { subtypeNames.filter { s.contains($0.0) }.map(\.1) }

    static func playbackStyleName(_ p: PlaybackStyle) -> String {
        switch p {
        case .unsupported: return "unsupported"
        case .image: return "image"
        case .imageAnimated: return "imageAnimated"
        case .livePhoto: return "livePhoto"
        case .video: return "video"
        case .videoLooping: return "videoLooping"
        }
    }

    static func resourceTypeName(_ t: ResourceType) -> String {
        switch t {
        case .photo: return "photo"
        case .video: return "video"
        case .audio: return "audio"
        case .alternatePhoto: return "alternatePhoto"
        case .fullSizePhoto: return "fullSizePhoto"
        case .fullSizeVideo: return "fullSizeVideo"
        case .adjustmentData: return "adjustmentData"
        case .adjustmentBasePhoto: return "adjustmentBasePhoto"
        case .pairedVideo: return "pairedVideo"
        case .fullSizePairedVideo: return "fullSizePairedVideo"
        case .adjustmentBasePairedVideo: return "adjustmentBasePairedVideo"
        case .adjustmentBaseVideo: return "adjustmentBaseVideo"
        case .photoProxy: return "photoProxy"
        }
    }

    static func json(_ a: AssetRecord) -> [String: Any] {
        var location: Any = NSNull()
        if let l = a.location {
            location = ["latitude": l.latitude, "longitude": l.longitude, "altitude": l.altitude as Any? ?? NSNull()] as [String: Any]
        }
        return [
            "localIdentifier": a.identifier, "mediaType": mediaTypeName(a.mediaType), "mediaSubtypes": subtypes(a.mediaSubtypes),
            "pixelWidth": a.pixelWidth, "pixelHeight": a.pixelHeight, "creationDate": date(a.creationDate),
            "modificationDate": date(a.modificationDate), "addedDate": date(a.addedDate), "location": location,
            "duration": a.duration, "isFavorite": a.isFavorite, "isHidden": a.isHidden, "playbackStyle": playbackStyleName(a.playbackStyle),
            "burstIdentifier": a.burstIdentifier as Any? ?? NSNull(), "representsBurst": a.representsBurst, "sourceType": a.sourceType,
            "uniformTypeIdentifier": a.uniformTypeIdentifier, "originalFilename": a.originalFilename, "trashedDate": date(a.trashedDate),
        ]
    }

    static func json(_ r: ResourceRecord, library: Library) -> [String: Any] {
        [
            "type": resourceTypeName(r.type), "uniformTypeIdentifier": r.uniformTypeIdentifier, "originalFilename": r.originalFilename,
            "path": library.fileURL(for: r).path, "byteCount": r.byteCount, "sha256": r.sha256, "pixelWidth": r.pixelWidth, "pixelHeight": r.pixelHeight,
        ]
    }

    /// One line per asset: identifier, date, type, size, flags, file name.
    static func line(_ a: AssetRecord) -> String {
        var flags = ""
        if a.isFavorite { flags += "♥" }
        if a.isHidden { flags += "H" }
        if a.mediaSubtypes.contains(.photoLive) { flags += "L" }
        if a.burstIdentifier != nil { flags += "B" }
        if a.isRAW { flags += "R" }
        let type = mediaTypeName(a.mediaType).padding(toLength: 5, withPad: " ", startingAt: 0)
        let size = "\(a.pixelWidth)x\(a.pixelHeight)".padding(toLength: 11, withPad: " ", startingAt: 0)
        return "\(a.identifier)  \(shortDate(a.creationDate))  \(type)  \(size)  \(flags.padding(toLength: 4, withPad: " ", startingAt: 0))  \(a.originalFilename)"
    }
}

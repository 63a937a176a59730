import Foundation
import CoreGraphics
import MediaInspection
import Movies

/// What an asset's file says about itself, read once on first use: the movie's structure (Movies) and the dates
/// and places MediaInspection reads for the library (so both agree).
struct AssetContents: @unchecked Sendable {
    let duration: CMTime
    let tracks: [AVAssetTrack]
    let metadata: [AVMetadataItem]
    let commonMetadata: [AVMetadataItem]
    let creationDate: AVMetadataItem?
}

/// Loads an asset's contents once, thread-safely; every later call gets the same result (or the same error).
final class AssetLoader: @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private var result: Result<AssetContents, AVError>?

    init(url: URL) { self.url = url }

    /// Whether loading has finished (successfully or not).
    var isLoaded: Bool { lock.withLock { result != nil } }

    func contents(for asset: AVAsset) -> Result<AssetContents, AVError> {
        lock.withLock {
            if let result { return result }
            let loaded = Self.load(url, asset: asset)
            result = loaded
            return loaded
        }
    }

    private static func load(_ url: URL, asset: AVAsset) -> Result<AssetContents, AVError> {
        guard url.isFileURL else { return .failure(AVError(.fileFormatNotRecognized, "\(url): only file URLs can be read")) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            return .failure(AVError(.fileFormatNotRecognized, "\(url.lastPathComponent): the file does not exist"))
        }
        let reader: MovieReader
        do { reader = try MovieReader(url: url) } catch {
            return .failure(AVError(.fileFailedToParse, "\(error)"))
        }
        let tracks = reader.tracks.filter { $0.kind != .other }.map { AVAssetTrack(track: $0, metadata: reader.metadata(of: $0), asset: asset) }
        let info = try? MediaInspector.inspect(fileAt: url)
        var metadata: [AVMetadataItem] = []
        var common: [AVMetadataItem] = []
        for (key, value) in reader.metadata {
            guard let item = MetadataMapping.item(key: key, value: value) else { continue }
            metadata.append(item)
            if let commonKey = item.commonKey, !common.contains(where: { $0.commonKey == commonKey }) {
                common.append(AVMetadataItem(keySpace: .common, key: commonKey.rawValue, commonKey: commonKey, value: item.value!))
            }
        }
        let creation = info?.creationDate.map {
            AVMetadataItem(keySpace: .common, key: AVMetadataKey.commonKeyCreationDate.rawValue, commonKey: .commonKeyCreationDate, value: $0 as NSDate)
        }
        if let creation, let index = common.firstIndex(where: { $0.commonKey == .commonKeyCreationDate }) { common[index] = creation }
        return .success(AssetContents(duration: reader.duration.isValid ? reader.duration : .zero, tracks: tracks, metadata: metadata,
                                      commonMetadata: common, creationDate: creation))
    }
}

/// Which container metadata becomes an `AVMetadataItem`, in which key space, answering to which common key.
enum MetadataMapping {
    /// FFmpeg's names for QuickTime user-data atoms.
    private static let userData: [String: (atom: String, common: AVMetadataKey?)] = [
        "title": ("©nam", .commonKeyTitle), "artist": ("©ART", .commonKeyArtist), "comment": ("©cmt", .commonKeyDescription),
        "date": ("©day", nil), "encoder": ("©too", .commonKeySoftware), "location": ("©xyz", .commonKeyLocation),
        "make": ("©mak", .commonKeyMake), "model": ("©mod", .commonKeyModel),
    ]
    private static let quickTimeCommon: [String: AVMetadataKey] = [
        "com.apple.quicktime.creationdate": .commonKeyCreationDate, "com.apple.quicktime.location.iso6709": .commonKeyLocation,
        "com.apple.quicktime.make": .commonKeyMake, "com.apple.quicktime.model": .commonKeyModel,
        "com.apple.quicktime.software": .commonKeySoftware, "com.apple.quicktime.title": .commonKeyTitle,
        "com.apple.quicktime.artist": .commonKeyArtist, "com.apple.quicktime.description": .commonKeyDescription,
    ]

    /// The item for one FFmpeg metadata entry, or nil for FFmpeg's own bookkeeping (brands, handler names,
    /// `creation_time` from the movie header — that one reaches `creationDate` through MediaInspection).
    static func item(key: String, value: String) -> AVMetadataItem? {
        if key.hasPrefix("com.") {
            return AVMetadataItem(keySpace: .quickTimeMetadata, key: key, commonKey: quickTimeCommon[key.lowercased()], value: value as NSString)
        }
        if let mapped = userData[key] {
            return AVMetadataItem(keySpace: .quickTimeUserData, key: mapped.atom, commonKey: mapped.common, value: value as NSString)
        }
        return nil
    }
}

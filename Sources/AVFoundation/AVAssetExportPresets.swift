import Movies

/// Copies every track unchanged.
public let AVAssetExportPresetPassthrough = "AVAssetExportPresetPassthrough"
/// H.264 small enough for a cellular connection (fits 224×168).
public let AVAssetExportPresetLowQuality = "AVAssetExportPresetLowQuality"
/// H.264 for Wi-Fi sharing (fits 568×360: 568×320 for 16:9 sources).
public let AVAssetExportPresetMediumQuality = "AVAssetExportPresetMediumQuality"
/// H.264 at the source's size.
public let AVAssetExportPresetHighestQuality = "AVAssetExportPresetHighestQuality"
/// H.264 fitting 640×480.
public let AVAssetExportPreset640x480 = "AVAssetExportPreset640x480"
/// H.264 fitting 960×540.
public let AVAssetExportPreset960x540 = "AVAssetExportPreset960x540"
/// H.264 fitting 1280×720.
public let AVAssetExportPreset1280x720 = "AVAssetExportPreset1280x720"
/// H.264 fitting 1920×1080.
public let AVAssetExportPreset1920x1080 = "AVAssetExportPreset1920x1080"
/// H.264 fitting 3840×2160.
public let AVAssetExportPreset3840x2160 = "AVAssetExportPreset3840x2160"
/// HEVC fitting 1920×1080.
public let AVAssetExportPresetHEVC1920x1080 = "AVAssetExportPresetHEVC1920x1080"
/// HEVC fitting 3840×2160.
public let AVAssetExportPresetHEVC3840x2160 = "AVAssetExportPresetHEVC3840x2160"
/// HEVC fitting 7680×4320.
public let AVAssetExportPresetHEVC7680x4320 = "AVAssetExportPresetHEVC7680x4320"
/// HEVC at the source's size.
public let AVAssetExportPresetHEVCHighestQuality = "AVAssetExportPresetHEVCHighestQuality"
/// The audio alone, AAC in an .m4a file.
public let AVAssetExportPresetAppleM4A = "AVAssetExportPresetAppleM4A"

/// What each preset does. Sizes bound the upright picture either way round (a portrait movie exported with the
/// 1280×720 preset fits 720×1280) and never enlarge it, as Apple's presets do. Quality is constant-quality
/// encoding (CRF): 18 for "highest", 21 for sized presets, 23 medium, 28 low (H.264); HEVC 24 / 26.
enum ExportPreset {
    static func plan(_ name: String) -> (video: MovieExportPlan.Video, audioOnly: Bool)? {
        switch name {
        case AVAssetExportPresetPassthrough: (.copy, false)
        case AVAssetExportPresetLowQuality: (.encode(codec: .h264, longSide: 224, shortSide: 168, quality: 28), false)
        case AVAssetExportPresetMediumQuality: (.encode(codec: .h264, longSide: 568, shortSide: 360, quality: 23), false)
        case AVAssetExportPresetHighestQuality: (.encode(codec: .h264, longSide: nil, shortSide: nil, quality: 18), false)
        case AVAssetExportPreset640x480: (.encode(codec: .h264, longSide: 640, shortSide: 480, quality: 21), false)
        case AVAssetExportPreset960x540: (.encode(codec: .h264, longSide: 960, shortSide: 540, quality: 21), false)
        case AVAssetExportPreset1280x720: (.encode(codec: .h264, longSide: 1280, shortSide: 720, quality: 21), false)
        case AVAssetExportPreset1920x1080: (.encode(codec: .h264, longSide: 1920, shortSide: 1080, quality: 21), false)
        case AVAssetExportPreset3840x2160: (.encode(codec: .h264, longSide: 3840, shortSide: 2160, quality: 21), false)
        case AVAssetExportPresetHEVC1920x1080: (.encode(codec: .hevc, longSide: 1920, shortSide: 1080, quality: 26), false)
        case AVAssetExportPresetHEVC3840x2160: (.encode(codec: .hevc, longSide: 3840, shortSide: 2160, quality: 26), false)
        case AVAssetExportPresetHEVC7680x4320: (.encode(codec: .hevc, longSide: 7680, shortSide: 4320, quality: 26), false)
        case AVAssetExportPresetHEVCHighestQuality: (.encode(codec: .hevc, longSide: nil, shortSide: nil, quality: 24), false)
        case AVAssetExportPresetAppleM4A: (.none, true)
        default: nil
        }
    }

    static let all = [
        AVAssetExportPresetPassthrough, AVAssetExportPresetLowQuality, AVAssetExportPresetMediumQuality, AVAssetExportPresetHighestQuality,
        AVAssetExportPreset640x480, AVAssetExportPreset960x540, AVAssetExportPreset1280x720, AVAssetExportPreset1920x1080,
        AVAssetExportPreset3840x2160, AVAssetExportPresetHEVC1920x1080, AVAssetExportPresetHEVC3840x2160, AVAssetExportPresetHEVC7680x4320,
        AVAssetExportPresetHEVCHighestQuality, AVAssetExportPresetAppleM4A,
    ]

    /// FFmpeg's muxer for an output file type.
    static func container(for type: AVFileType) -> String? {
        switch type {
        case .mov: "mov"
        case .mp4, .m4v: "mp4"
        case .m4a: "ipod"
        default: nil
        }
    }

    /// The container key an export writes for a metadata item (QuickTime `mdta` keys), or nil when it has none.
    static func containerEntry(_ item: AVMetadataItem) -> (key: String, value: String)? {
        guard let keySpace = item.keySpace, let key = (item.key as? NSString).map({ $0 as String }) else { return nil }
        let value: String?
        if let date = item.dateValue { value = ISO8601DateFormatter().string(from: date) } else { value = item.stringValue }
        guard let value else { return nil }
        switch keySpace {
        case .quickTimeMetadata: return (key, value)
        case .common:
            let mapped = key == AVMetadataKey.commonKeyLocation.rawValue ? "location.ISO6709" : key.lowercased()
            return ("com.apple.quicktime.\(mapped)", value)
        case .quickTimeUserData where key == "©xyz": return ("com.apple.quicktime.location.ISO6709", value)
        default: return nil
        }
    }
}

import Foundation

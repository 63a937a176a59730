import Foundation

/// The shared test-media corpus (`shared/media` beside the repository) and its manifest.
///
/// Located through `$PHOTOS_TEST_MEDIA`, else by walking up from this file to a folder holding `shared/media`.
/// Tests call `TestMedia.require()` and skip with its message when the corpus is absent.
public enum TestMedia {
    /// The corpus folder, or nil when it is not on this machine.
    public static let folder: URL? = {
        if let path = ProcessInfo.processInfo.environment["PHOTOS_TEST_MEDIA"] {
            let url = URL(fileURLWithPath: path)
            return FileManager.default.fileExists(atPath: url.appendingPathComponent("manifest.json").path) ? url : nil
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/media")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }()

    /// Why tests that need the corpus are skipped.
    public static let skipMessage = "shared/media is not on this machine (set PHOTOS_TEST_MEDIA or place the corpus beside the repository): skipping corpus tests"

    /// A corpus file by its manifest path (e.g. "livephoto/IMG_0001.HEIC").
    public static func url(_ path: String) -> URL? { folder?.appendingPathComponent(path) }

    /// Every manifest record, as dictionaries.
    public static var manifest: [[String: Any]] {
        guard let folder, let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [[String: Any]] else { return [] }
        return files
    }
}

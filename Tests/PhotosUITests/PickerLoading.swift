import Foundation
import PhotosUI

/// Async wrappers over the item-provider loads, for tests.
enum PickerLoading {
    static func data(_ provider: NSItemProvider, _ type: String) async -> (Data?, (any Error)?) {
        await withCheckedContinuation { continuation in
            provider.loadDataRepresentation(forTypeIdentifier: type) { data, error in continuation.resume(returning: (data, error)) }
        }
    }

    /// What a file load saw inside its handler: the URL, whether the file existed there, and its bytes.
    struct FileLoad: Sendable {
        var url: URL?
        var existedInHandler = false
        var bytes: Data?
        var error: (any Error)?
    }

    static func file(_ provider: NSItemProvider, _ type: String) async -> FileLoad {
        await withCheckedContinuation { continuation in
            provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
                var load = FileLoad(url: url, error: error)
                if let url {
                    load.existedInHandler = FileManager.default.fileExists(atPath: url.path)
                    load.bytes = try? Data(contentsOf: url)
                }
                continuation.resume(returning: load)
            }
        }
    }

    /// Waits (up to 5 s) until nothing is at `url`; true when it went.
    static func gone(_ url: URL) async -> Bool {
        for _ in 0..<500 {
            if !FileManager.default.fileExists(atPath: url.path) { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return false
    }
}

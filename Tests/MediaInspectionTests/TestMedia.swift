import Foundation
import XCTest

/// Locates the shared test corpus: $PHOTOS_TEST_MEDIA, else a `shared/media` directory next to an
/// ancestor of this source file (the package lives in `<root>/helpers/media` or `<root>/main`).
enum TestMedia {
    static let environmentPath = ProcessInfo.processInfo.environment["PHOTOS_TEST_MEDIA"].flatMap { $0.isEmpty ? nil : $0 }

    static let directory: URL? = {
        let fm = FileManager.default
        if let env = environmentPath {
            let url = URL(fileURLWithPath: env)
            return fm.fileExists(atPath: url.appendingPathComponent("manifest.json").path) ? url : nil
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/media")
            if fm.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    /// The corpus directory, or an XCTSkip explaining how to provide it.
    static func require() throws -> URL {
        guard let directory else {
            if let env = environmentPath {
                throw XCTSkip("test media not found: PHOTOS_TEST_MEDIA=\(env) has no manifest.json")
            }
            throw XCTSkip("test media not found: set PHOTOS_TEST_MEDIA or place the corpus at <ancestor>/shared/media")
        }
        return directory
    }

    /// `files` entries of manifest.json.
    static func manifestEntries() throws -> [[String: Any]] {
        let dir = try require()
        let data = try Data(contentsOf: dir.appendingPathComponent("manifest.json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return json?["files"] as? [[String: Any]] ?? []
    }

    static func url(_ relative: String) throws -> URL {
        try require().appendingPathComponent(relative)
    }
}

/// Captures everything written to file descriptor 2 while `body` runs.
func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    fflush(nil)
    let saved = dup(2)
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { try body(); return "" }
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    dup2(fds[1], 2)
    close(fds[1])
    defer {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
    }
    var output = Data()
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            output.append(contentsOf: buffer[0..<n])
        }
    }
    do {
        try body()
    } catch {
        drain(); close(fds[0]); throw error
    }
    fflush(nil)
    drain()
    close(fds[0])
    return String(decoding: output, as: UTF8.self)
}

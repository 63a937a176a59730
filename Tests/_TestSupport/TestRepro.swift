import Foundation

/// The reproducers of bugs found by trying the project as a user would (`shared/repro` beside the repository,
/// described in its README), kept so regression tests can pin the fixes.
///
/// Located through `$PHOTOS_TEST_REPRO`, else by walking up from this file to a folder holding `shared/repro`.
/// Tests that need it are disabled with `skipMessage` when it is absent.
public enum TestRepro {
    /// The reproducer folder, or nil when it is not on this machine.
    public static let folder: URL? = {
        if let path = ProcessInfo.processInfo.environment["PHOTOS_TEST_REPRO"] {
            return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path, isDirectory: true) : nil
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/repro", isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }()

    /// Why tests that need the reproducers are skipped.
    public static let skipMessage = "shared/repro is not on this machine (set PHOTOS_TEST_REPRO or place it beside the repository): skipping reproducer tests"

    /// The reproducer files whose names start with `prefix` (sorted; empty when the folder is absent).
    public static func files(prefix: String) -> [URL] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { folder.appendingPathComponent($0) }
    }
}

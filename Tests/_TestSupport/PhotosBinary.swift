import Foundation

/// The `photos` executable the tests run as a real process: `$PHOTOS_BINARY`, else the one built next to the
/// test bundle.
public enum PhotosBinary {
    /// Its location, or nil when it was not built.
    public static let url: URL? = {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["PHOTOS_BINARY"], fm.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("photos")
            if fm.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("photos")
            if fm.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Why tests that need it are skipped when it is missing.
    public static let missingMessage = "the photos executable was not found next to the test bundle (run `swift build --build-tests` first, or set PHOTOS_BINARY)"
}

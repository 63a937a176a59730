import Foundation

/// The `photos` executable the tests run as a real process: `$PHOTOS_BINARY`, else the one built next to the
/// test bundle.
public enum PhotosBinary {
    /// Its location, or nil when it was not built.
    public static let url: URL? = {
        if let path = ProcessInfo.processInfo.environment["PHOTOS_BINARY"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        return BuiltExecutable.url(named: "photos")
    }()

    /// Why tests that need it are skipped when it is missing.
    public static let missingMessage = "the photos executable was not found next to the test bundle (run `swift build --build-tests` first, or set PHOTOS_BINARY)"
}

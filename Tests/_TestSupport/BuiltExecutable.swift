import Foundation

/// Executables of this package the tests run as real processes (`photos`, `filtster`, the misbehaving test
/// extension): found next to the test bundle, where `swift build --build-tests` puts them.
public enum BuiltExecutable {
    /// The built executable called `name`, or nil when it was not built.
    public static func url(named name: String) -> URL? {
        let fm = FileManager.default
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name)
            if fm.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
            if fm.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Why a test that needs `name` is skipped when it is missing.
    public static func missingMessage(_ name: String) -> String {
        "the \(name) executable was not found next to the test bundle (run `swift build --build-tests` first)"
    }
}

import Foundation

/// What tests of editing extensions look at from outside: running extension processes and the library's
/// editing staging area.
public enum ExtensionProcesses {
    /// Pids of the processes whose executable is `path`.
    public static func pids(runningExecutable path: String) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe"),
                  exe == path else { return nil }
            return pid
        }
    }

    /// True once an extension working in `library` has written a JPEG into its output directory
    /// (`tmp/editing/<workspace>/output/`).
    public static func hasPartialRender(inLibrary library: URL) -> Bool {
        hasPartialRender(inStaging: library.appendingPathComponent("tmp/editing"))
    }

    /// The same, for a staging directory named directly (a served library's editing folder).
    public static func hasPartialRender(inStaging staging: URL) -> Bool {
        return ((try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []).contains { workspace in
            let output = staging.appendingPathComponent(workspace).appendingPathComponent("output")
            return ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).contains { $0.hasSuffix(".jpg") }
        }
    }
}

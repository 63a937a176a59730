import Foundation
import PhotoLibrary

/// Turns a `PHContentEditingController` into an editing extension's executable (Linux addition: what the
/// app-extension runtime does on Apple platforms).
///
/// ```swift
/// @main struct FiltsterExtension {
///     @MainActor static func main() {
///         PHEditingExtensionMain.run(manifest: .init(bundleIdentifier: "com.example.filtster",
///                                                    displayName: "Filtster", version: "1.2.0")) { FiltsterController() }
///     }
/// }
/// ```
/// Install the built executable with `photos extensions install PATH`. The host runs it in a sandbox that can
/// read only the image and request it is given and write only its output directory; see
/// `EditingExtensionWire` for the command line it answers. The manifest's parameters come from the
/// controller type when it adopts `PHContentEditingParameterized`; its executable name from the program's own.
public enum PHEditingExtensionMain {
    /// Serves one host request and exits; never returns.
    @MainActor
    public static func run<Controller: PHContentEditingController>(
        manifest: PHEditingExtensionManifest, controller makeController: @escaping @MainActor () -> Controller
    ) -> Never {
        var manifest = manifest
        if manifest.executableName.isEmpty {
            manifest.executableName = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        }
        if let parameterized = Controller.self as? any PHContentEditingParameterized.Type {
            manifest.parameters = parameterized.parameters
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.count) {
        case (EditingExtensionWire.manifestCommand, 1):
            do {
                FileHandle.standardOutput.write(try manifest.propertyListData())
                exit(0)
            } catch {
                fail("cannot write the manifest: \(error)", status: EditingExtensionWire.ExitStatus.failure)
            }
        case (EditingExtensionWire.canHandleCommand, 2):
            guard let data = FileManager.default.contents(atPath: arguments[1]), let payload = AdjustmentPayload(encoded: data) else {
                fail("cannot read adjustment data from \(arguments[1])", status: EditingExtensionWire.ExitStatus.failure)
            }
            print(makeController().canHandle(PHAdjustmentData(payload)) ? "yes" : "no")
            exit(0)
        case (EditingExtensionWire.editCommand, 2):
            ExtensionEditSession(requestPath: arguments[1], manifest: manifest, controller: makeController()).start()
            // Keep the main thread (the main actor) serving the main queue until the session exits the process.
            let keepAlive = Timer(timeInterval: 86_400, repeats: true) { _ in }
            RunLoop.main.add(keepAlive, forMode: .default)
            while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        default:
            fail("""
                \(manifest.displayName) \(manifest.version): a photo editing extension (\(manifest.bundleIdentifier)).
                Install it with `photos extensions install \(CommandLine.arguments[0])`, then use `photos edit ID --extension \(manifest.displayName)`.
                """, status: EditingExtensionWire.ExitStatus.usage)
        }
    }

    /// Prints `message` on standard error and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}

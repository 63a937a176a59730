import Foundation
import PhotoLibrary

/// One edit inside an extension process: rebuild the input, drive the controller (start, host parameters,
/// finish), write the result, exit. SIGTERM from the host cancels at any moment.
@MainActor
final class ExtensionEditSession<Controller: PHContentEditingController> {
    let requestPath: String
    let manifest: PHEditingExtensionManifest
    let controller: Controller

    init(requestPath: String, manifest: PHEditingExtensionManifest, controller: Controller) {
        self.requestPath = requestPath
        self.manifest = manifest
        self.controller = controller
    }

    func start() {
        let request: EditingExtensionRequest
        do {
            request = try PropertyListBytes.decode(EditingExtensionRequest.self, from: Data(contentsOf: URL(fileURLWithPath: requestPath)))
        } catch {
            PHEditingExtensionMain.fail("cannot read the edit request \(requestPath): \(error)", status: EditingExtensionWire.ExitStatus.failure)
        }
        let outputDirectory = URL(fileURLWithPath: request.outputDirectory, isDirectory: true)
        handleTermination(outputDirectory: outputDirectory)

        let input = PHContentEditingInput(description: request.input, renderedContentDirectory: outputDirectory)
        let placeholder = input.displaySizeImage ?? Self.blankImage
        controller.startContentEditing(with: input, placeholderImage: placeholder)
        do {
            try applyParameters(request.parameters)
        } catch {
            PHEditingExtensionMain.fail("\(error)", status: EditingExtensionWire.ExitStatus.invalidParameter)
        }
        let finish: @Sendable (PHContentEditingOutput?) -> Void = { output in
            ExtensionResultWriter.finish(with: output, in: outputDirectory)
        }
        controller.finishContentEditing(completionHandler: finish)
    }

    /// Validates every host value against the declarations and hands it to the controller, in name order.
    private func applyParameters(_ values: [String: String]) throws {
        guard !values.isEmpty else { return }
        guard let parameterized = controller as? any PHContentEditingParameterized else {
            throw PHEditingExtensionError.invalidParameter("\(values.keys.sorted().joined(separator: ", ")): \(manifest.displayName) takes no parameters")
        }
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            try parameterized.setParameterValue(try manifest.parameterValue(named: name, from: text), forKey: name)
        }
    }

    /// SIGTERM: tell the controller (on the main actor, waiting at most a second for it), remove whatever it
    /// wrote, exit with `cancelled`. A render running on another queue simply dies with the process.
    private func handleTermination(outputDirectory: URL) {
        let controller = UncheckedBox(controller)
        TerminationRequest.install {
            let told = DispatchSemaphore(value: 0)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { controller.value.cancelContentEditing() }
                told.signal()
            }
            _ = told.wait(timeout: .now() + 1)
            ExtensionResultWriter.emptyDirectory(outputDirectory)
            _exit(EditingExtensionWire.ExitStatus.cancelled)
        }
    }

    /// A 1×1 transparent image, when the input has no displayable image.
    static var blankImage: UIImage {
        let image = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                            provider: CGDataProvider(data: Data(count: 4)), decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
        return UIImage(cgImage: image)
    }
}

/// The end of an edit in the extension process: report the result, or clear the output directory.
enum ExtensionResultWriter {
    /// Reports the controller's output to the host (called from any thread), then exits.
    static func finish(with output: PHContentEditingOutput?, in outputDirectory: URL) -> Never {
        guard let output else {
            PHEditingExtensionMain.fail("the controller finished without an output", status: EditingExtensionWire.ExitStatus.noOutput)
        }
        let rendered = output.renderedContentURL
        guard rendered.deletingLastPathComponent().standardizedFileURL.path == outputDirectory.standardizedFileURL.path,
              FileManager.default.fileExists(atPath: rendered.path) else {
            PHEditingExtensionMain.fail("nothing was rendered to the output's renderedContentURL", status: EditingExtensionWire.ExitStatus.failure)
        }
        let movie = output.renderedPairedVideoURL
        let hasMovie = movie.deletingLastPathComponent().standardizedFileURL.path == outputDirectory.standardizedFileURL.path
            && FileManager.default.fileExists(atPath: movie.path)
        let result = EditingExtensionResult(
            renderedFileName: rendered.lastPathComponent,
            adjustmentData: output.adjustmentData.map { AdjustmentPayload(formatIdentifier: $0.formatIdentifier, formatVersion: $0.formatVersion, data: $0.data) },
            renderedPairedVideoFileName: hasMovie ? movie.lastPathComponent : nil)
        do {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            // Written last and atomically: its presence means the render is complete.
            try encoder.encode(result).write(to: outputDirectory.appendingPathComponent(EditingExtensionWire.resultFileName), options: .atomic)
        } catch {
            PHEditingExtensionMain.fail("cannot write the result: \(error)", status: EditingExtensionWire.ExitStatus.failure)
        }
        exit(0)
    }

    static func emptyDirectory(_ directory: URL) {
        for item in (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [] {
            try? FileManager.default.removeItem(at: item)
        }
    }
}

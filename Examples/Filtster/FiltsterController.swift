import Foundation
import CoreImage
import PhotosUI

/// The controller: restores its settings from its own adjustment data, takes the host's parameters, renders
/// full size with Core Image on a background queue.
final class FiltsterController: NSObject, PHContentEditingParameterized {
    static let parameters = [
        PHEditingExtensionParameter(name: "filter", kind: .choice(FiltsterSettings.Filter.allCases.map(\.rawValue)),
                                    defaultValue: "sepia", summary: "Colour treatment"),
        PHEditingExtensionParameter(name: "intensity", kind: .number(minimum: 0, maximum: 1),
                                    defaultValue: "1", summary: "Strength of the sepia filter"),
        PHEditingExtensionParameter(name: "vignette", kind: .number(minimum: 0, maximum: 2),
                                    defaultValue: "1", summary: "Darkening towards the corners (0 = none)"),
    ]

    private var input: PHContentEditingInput?
    private(set) var settings = FiltsterSettings()
    private let cancellation = Cancellation()

    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool {
        FiltsterSettings.canRead(adjustmentData)
    }

    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) {
        input = contentEditingInput
        // Resuming: the input is the original and the adjustment data our last edit's settings.
        if let adjustmentData = contentEditingInput.adjustmentData, let previous = FiltsterSettings(adjustmentData: adjustmentData) {
            settings = previous
        }
    }

    func setParameterValue(_ value: PHEditingExtensionParameter.Value, forKey key: String) throws {
        switch key {
        case "filter": settings.filter = value.choice.flatMap(FiltsterSettings.Filter.init(rawValue:)) ?? settings.filter
        case "intensity": settings.intensity = value.number ?? settings.intensity
        case "vignette": settings.vignette = value.number ?? settings.vignette
        default: throw PHEditingExtensionError.invalidParameter("\(key): unknown")
        }
    }

    func finishContentEditing(completionHandler: @escaping (PHContentEditingOutput?) -> Void) {
        guard let input, let url = input.fullSizeImageURL else { completionHandler(nil); return }
        let settings = self.settings
        let cancellation = self.cancellation
        nonisolated(unsafe) let completion = completionHandler
        DispatchQueue.global(qos: .userInitiated).async {
            let output = PHContentEditingOutput(contentEditingInput: input)
            do {
                try FiltsterRenderer.render(url, with: settings, to: output.renderedContentURL, isCancelled: { cancellation.isCancelled })
                output.adjustmentData = try settings.adjustmentData()
                completion(cancellation.isCancelled ? nil : output)
            } catch {
                FileHandle.standardError.write(Data("Filtster: \(error)\n".utf8))
                completion(nil)
            }
        }
    }

    var shouldShowCancelConfirmation: Bool { false }

    func cancelContentEditing() {
        cancellation.cancel()
    }
}

/// A flag the render checks between steps.
final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return cancelled }
    func cancel() { lock.lock(); cancelled = true; lock.unlock() }
}

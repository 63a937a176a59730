import Foundation
import DurableFiles
import PhotoLibrary
import ExtensionSandbox

/// Runs editing extensions on a library's assets and commits what they produce (Linux addition: the part of
/// the Photos app that hosts extensions).
///
/// An edit goes: ask `canHandle(_:)` (only when the asset carries adjustment data) → prepare the input per the
/// WWDC 2014 rule (original plus adjustment data, or the current rendered image) → run the extension in its own
/// sandboxed process, which can read only the request and the image and write only its output directory →
/// validate its result → commit it as `PHAssetChangeRequest.contentEditingOutput`, without a confirmation
/// prompt. An extension that crashes, exits with an error, passes the deadline, is cancelled or writes
/// something unusable changes nothing, and its working directory (`tmp/editing/<owner>-extension-…`) is removed.
public final class PHEditingExtensionHost: Sendable {
    public let library: PHPhotoLibrary
    /// How long one extension run (the `canHandle` question or the edit) may take before it is stopped.
    public let deadline: TimeInterval
    /// How long a cancelled extension gets to clean up before it is killed.
    public let cancellationGrace: TimeInterval

    public init(library: PHPhotoLibrary = .shared(), deadline: TimeInterval = 120, cancellationGrace: TimeInterval = 2) {
        self.library = library
        self.deadline = deadline
        self.cancellationGrace = cancellationGrace
    }

    /// Edits `asset` with `editingExtension`, setting `parameters` (validated against its declarations), and
    /// returns the asset as committed. Cancelling `progress` (from any thread, at any moment) stops the
    /// extension; the call then throws `PHEditingExtensionError.cancelled`.
    @discardableResult
    public func edit(_ asset: PHAsset, with editingExtension: PHEditingExtension, parameters: [String: String] = [:],
                     progress: Progress? = nil) throws -> PHAsset {
        let name = editingExtension.manifest.displayName
        guard editingExtension.supports(asset) else {
            throw PHEditingExtensionError.unsupportedMediaType(extension: name, mediaType: "\(asset.mediaType)")
        }
        try validate(parameters, for: editingExtension)
        let progress = progress ?? Progress(totalUnitCount: 3)
        progress.totalUnitCount = 3
        let workspace = try ExtensionWorkspace(library: library)
        defer { workspace.remove() }

        let input = try prepareInput(asset, for: editingExtension, in: workspace, progress: progress)
        progress.completedUnitCount = 1
        let request = EditingExtensionRequest(input: input.editingDescription, parameters: parameters,
                                              outputDirectory: workspace.output.path)
        let requestFile = try workspace.write(request)
        var readable = [requestFile]
        if let image = input.fullSizeImageURL { readable.append(image) }
        // The movie of a video, or of a Live Photo when the extension edits motion.
        if let movie = (input.audiovisualAsset as? AVURLAsset)?.url { readable.append(movie) }
        if let movie = input.livePhoto?.videoURL { readable.append(movie) }
        try run(editingExtension, arguments: [EditingExtensionWire.editCommand, requestFile.path],
                readable: readable, writable: [workspace.output], progress: progress)
        progress.completedUnitCount = 2

        let output = try adoptResult(of: editingExtension, from: workspace, for: input)
        defer {
            try? FileManager.default.removeItem(at: output.renderedContentURL)
            try? FileManager.default.removeItem(at: output.renderedPairedVideoURL)
        }
        guard !progress.isCancelled else { throw PHEditingExtensionError.cancelled(extension: name) }
        FaultPoint.extensionOutputReady.reach()
        do {
            try library.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
        } catch {
            throw PHEditingExtensionError.invalidOutput(extension: name, reason: "\(error)")
        }
        progress.completedUnitCount = 3
        let options = PHFetchOptions()
        options.photoLibrary = library
        return PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: options).firstObject ?? asset
    }

    /// Rejects unknown names and unacceptable values before anything runs.
    func validate(_ parameters: [String: String], for editingExtension: PHEditingExtension) throws {
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            _ = try editingExtension.manifest.parameterValue(named: key, from: value)
        }
    }

    /// The input per the WWDC 2014 rule, asking the extension (in its own process) whether it understands the
    /// asset's adjustment data.
    func prepareInput(_ asset: PHAsset, for editingExtension: PHEditingExtension, in workspace: ExtensionWorkspace,
                      progress: Progress) throws -> PHContentEditingInput {
        let options = PHContentEditingInputRequestOptions()
        let failure = LockedBox<(any Error)?>(nil)
        options.canHandleAdjustmentData = { [self] adjustmentData in
            do {
                return try canHandle(adjustmentData, editingExtension: editingExtension, workspace: workspace, progress: progress)
            } catch {
                failure.value = error
                return false
            }
        }
        // The extension decodes its own display-size image, inside its sandbox.
        let input = try asset.makeContentEditingInput(options, makesDisplaySizeImage: false, includesLivePhoto: editingExtension.editsMotion(of: asset))
        if let error = failure.value { throw error }
        return input
    }

    func canHandle(_ adjustmentData: PHAdjustmentData, editingExtension: PHEditingExtension, workspace: ExtensionWorkspace,
                   progress: Progress) throws -> Bool {
        let payload = AdjustmentPayload(formatIdentifier: adjustmentData.formatIdentifier, formatVersion: adjustmentData.formatVersion,
                                        data: adjustmentData.data)
        let file = workspace.root.appendingPathComponent("adjustment.plist")
        try payload.encoded().write(to: file)
        let answer = try run(editingExtension, arguments: [EditingExtensionWire.canHandleCommand, file.path],
                             readable: [file], writable: [], progress: progress)
        return String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "yes"
    }

    /// Runs the extension sandboxed and returns its standard output; throws for every outcome but exit 0.
    @discardableResult
    func run(_ editingExtension: PHEditingExtension, arguments: [String], readable: [URL], writable: [URL],
             progress: Progress) throws -> Data {
        try ExtensionProcess.run(name: editingExtension.manifest.displayName, executable: editingExtension.executableURL,
                                 bundle: editingExtension.bundleURL, arguments: arguments, readable: readable, writable: writable,
                                 deadline: deadline, cancellationGrace: cancellationGrace, progress: progress)
    }

    /// Checks the extension's result and moves its render to a staging file of the host's own output.
    func adoptResult(of editingExtension: PHEditingExtension, from workspace: ExtensionWorkspace,
                     for input: PHContentEditingInput) throws -> PHContentEditingOutput {
        let name = editingExtension.manifest.displayName
        func invalid(_ reason: String) -> PHEditingExtensionError { .invalidOutput(extension: name, reason: reason) }
        let resultURL = workspace.output.appendingPathComponent(EditingExtensionWire.resultFileName)
        guard let resultData = try workspace.regularFileContents(resultURL, limit: 4 << 20),
              let result = try? PropertyListBytes.decode(EditingExtensionResult.self, from: resultData) else {
            throw invalid("no readable \(EditingExtensionWire.resultFileName)")
        }
        let fileName = result.renderedFileName
        guard !fileName.isEmpty, !fileName.contains("/"), fileName != ".", fileName != "..", fileName != EditingExtensionWire.resultFileName else {
            throw invalid("rendered file name \(fileName) is not a file name")
        }
        let rendered = workspace.output.appendingPathComponent(fileName)
        guard workspace.isPlainFile(rendered) else { throw invalid("the rendered file is missing, a link, or not a regular file") }
        guard let payload = result.adjustmentData else { throw invalid("no adjustment data") }
        let output = PHContentEditingOutput(contentEditingInput: input)
        output.adjustmentData = PHAdjustmentData(payload)
        guard rename(rendered.path, output.renderedContentURL.path) == 0 else {
            throw invalid("cannot stage the rendered file: \(String(cString: strerror(errno)))")
        }
        if let movieName = result.renderedPairedVideoFileName {
            guard input.livePhoto != nil else { throw invalid("a Live Photo movie was rendered for an asset that is not a Live Photo being edited") }
            guard !movieName.isEmpty, !movieName.contains("/"), movieName != ".", movieName != "..", movieName != fileName,
                  movieName != EditingExtensionWire.resultFileName else {
                throw invalid("rendered movie name \(movieName) is not a file name")
            }
            let movie = workspace.output.appendingPathComponent(movieName)
            guard workspace.isPlainFile(movie) else { throw invalid("the rendered movie is missing, a link, or not a regular file") }
            guard rename(movie.path, output.renderedPairedVideoURL.path) == 0 else {
                throw invalid("cannot stage the rendered movie: \(String(cString: strerror(errno)))")
            }
        }
        return output
    }
}

/// A value shared with a closure that may run on another thread.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}

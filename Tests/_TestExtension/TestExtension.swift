import Foundation
import CoreImage
import PhotosUI

/// An editing extension that misbehaves on request, for the host's tests: `behavior=` picks what it does.
@main
struct TestExtension {
    @MainActor static func main() {
        PHEditingExtensionMain.run(
            manifest: PHEditingExtensionManifest(bundleIdentifier: "org.photokit-linux.tests.misbehaving",
                                                 displayName: "Misbehaving", version: "1.0",
                                                 supportedMediaTypes: [.image, .video], supportsLivePhotos: true)
        ) { MisbehavingController() }
    }
}

final class MisbehavingController: NSObject, PHContentEditingParameterized {
    enum Behavior: String, CaseIterable {
        /// Inverts the image (a valid edit).
        case invert
        /// Tries to reach outside its sandbox, records what succeeded in its adjustment data, then inverts.
        case probe
        /// Crashes (SIGABRT) halfway through writing its render.
        case crash
        /// Never finishes.
        case hang
        /// Writes a partial render, then keeps working slowly (to be cancelled mid-render).
        case slow
        /// Writes bytes that are not an image.
        case garbage
        /// Writes a JPEG cut off halfway.
        case truncated
        /// Makes the rendered file a symbolic link to its input.
        case symlink
        /// Renders but sets no adjustment data.
        case noAdjustment
        /// Finishes with nil.
        case nilOutput
    }

    static let parameters = [
        PHEditingExtensionParameter(name: "behavior", kind: .choice(Behavior.allCases.map(\.rawValue)), defaultValue: "invert",
                                    summary: "What to do"),
        PHEditingExtensionParameter(name: "probe", kind: .choice(["none"]), defaultValue: "none", summary: "unused"),
    ]

    private var input: PHContentEditingInput?
    private var behavior = Behavior.invert

    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool { adjustmentData.formatIdentifier == "org.photokit-linux.tests.misbehaving" }
    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) { input = contentEditingInput }
    func setParameterValue(_ value: PHEditingExtensionParameter.Value, forKey key: String) throws {
        if key == "behavior", let choice = value.choice, let behavior = Behavior(rawValue: choice) { self.behavior = behavior }
    }
    var shouldShowCancelConfirmation: Bool { false }
    func cancelContentEditing() {}

    func finishContentEditing(completionHandler: @escaping (PHContentEditingOutput?) -> Void) {
        if let input, behavior == .invert, let movie = input.audiovisualAsset { return Self.invertVideo(movie, input, completionHandler) }
        if let input, behavior == .invert, input.livePhoto != nil { return Self.invertLivePhoto(input, completionHandler) }
        guard let input, let url = input.fullSizeImageURL else { completionHandler(nil); return }
        let output = PHContentEditingOutput(contentEditingInput: input)
        let target = output.renderedContentURL
        let adjustment = { (text: String) in PHAdjustmentData(formatIdentifier: "org.photokit-linux.tests.misbehaving", formatVersion: "1.0", data: Data(text.utf8)) }
        switch behavior {
        case .invert:
            Self.invert(url, to: target)
            output.adjustmentData = adjustment("invert")
            completionHandler(output)
        case .probe:
            let report = Self.probe(input: url, output: target.deletingLastPathComponent())
            Self.invert(url, to: target)
            output.adjustmentData = adjustment(report)
            completionHandler(output)
        case .crash:
            let data = (try? Data(contentsOf: url)) ?? Data()
            _ = FileManager.default.createFile(atPath: target.path, contents: data.prefix(data.count / 2))
            abort()
        case .hang:
            return
        case .slow:
            _ = FileManager.default.createFile(atPath: target.path, contents: Data(repeating: 0xFF, count: 4096))
            DispatchQueue.global().async { while true { sleep(1) } }
        case .garbage:
            _ = FileManager.default.createFile(atPath: target.path, contents: Data("this is not a JPEG".utf8))
            output.adjustmentData = adjustment("garbage")
            completionHandler(output)
        case .truncated:
            Self.invert(url, to: target)
            if let data = try? Data(contentsOf: target) { try? data.prefix(data.count / 2).write(to: target) }
            output.adjustmentData = adjustment("truncated")
            completionHandler(output)
        case .symlink:
            try? FileManager.default.createSymbolicLink(at: target, withDestinationURL: url)
            output.adjustmentData = adjustment("symlink")
            completionHandler(output)
        case .noAdjustment:
            Self.invert(url, to: target)
            completionHandler(output)
        case .nilOutput:
            completionHandler(nil)
        }
    }

    static func invert(_ url: URL, to target: URL) {
        guard let image = CIImage(contentsOf: url, options: [.applyOrientationProperty: true]) else { return }
        try? CIContext().writeJPEGRepresentation(of: image.applyingFilter("CIColorInvert"), to: target,
                                                 colorSpace: image.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!)
    }

    /// Attempts that a sandbox must refuse; the report lists each as `name=allowed|denied`.
    static func probe(input: URL, output: URL) -> String {
        let library = input.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var results: [String] = []
        func attempt(_ name: String, _ body: () -> Bool) { results.append("\(name)=\(body() ? "allowed" : "denied")") }
        attempt("readInput") { FileManager.default.contents(atPath: input.path) != nil }
        attempt("writeOutput") { FileManager.default.createFile(atPath: output.appendingPathComponent("probe").path, contents: Data("x".utf8)) }
        attempt("readDatabase") { FileManager.default.contents(atPath: library.appendingPathComponent("database/Photos.sqlite").path) != nil }
        attempt("listLibrary") { (try? FileManager.default.contentsOfDirectory(atPath: library.path)) != nil }
        attempt("writeBesideInput") { FileManager.default.createFile(atPath: input.deletingLastPathComponent().appendingPathComponent("evil").path, contents: Data()) }
        attempt("writeTmp") { FileManager.default.createFile(atPath: "/tmp/photos-extension-probe-\(getpid())", contents: Data()) }
        attempt("readPasswd") { FileManager.default.contents(atPath: "/etc/passwd") != nil }
        attempt("deleteInput") { unlink(input.path) == 0 }
        attempt("connect") {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(80).bigEndian
            address.sin_addr.s_addr = inet_addr("1.1.1.1")
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
        }
        try? FileManager.default.removeItem(at: output.appendingPathComponent("probe"))
        return results.joined(separator: "\n")
    }
}

extension MisbehavingController {
    nonisolated static func invertedAdjustment() -> PHAdjustmentData {
        PHAdjustmentData(formatIdentifier: "org.photokit-linux.tests.misbehaving", formatVersion: "1.0", data: Data("invert".utf8))
    }

    /// A video inverted frame by frame, as an iOS extension would: a Core Image video composition exported into the
    /// output's movie (inside the sandbox).
    nonisolated static func invertVideo(_ movie: AVAsset, _ input: PHContentEditingInput, _ handler: @escaping (PHContentEditingOutput?) -> Void) {
        let completion = CompletionBox(handler)
        let output = PHContentEditingOutput(contentEditingInput: input)
        guard let export = AVAssetExportSession(asset: movie, presetName: AVAssetExportPresetHighestQuality) else { return completion.call(nil) }
        export.videoComposition = AVVideoComposition(asset: movie) { request in
            request.finish(with: request.sourceImage.applyingFilter("CIColorInvert", parameters: [:]), context: nil)
        }
        export.outputURL = output.renderedContentURL
        export.outputFileType = .mov
        export.exportAsynchronously {
            guard export.status == .completed else {
                FileHandle.standardError.write(Data("export failed: \(String(describing: export.error))\n".utf8))
                return completion.call(nil)
            }
            output.adjustmentData = invertedAdjustment()
            completion.call(output)
        }
    }

    /// A Live Photo's still and movie inverted together through PHLivePhotoEditingContext.
    nonisolated static func invertLivePhoto(_ input: PHContentEditingInput, _ handler: @escaping (PHContentEditingOutput?) -> Void) {
        let completion = CompletionBox(handler)
        guard let context = PHLivePhotoEditingContext(livePhotoEditingInput: input) else { return completion.call(nil) }
        context.frameProcessor = { frame, _ in frame.image.applyingFilter("CIColorInvert", parameters: [:]) }
        let output = PHContentEditingOutput(contentEditingInput: input)
        context.saveLivePhoto(to: output) { ok, error in
            guard ok else {
                FileHandle.standardError.write(Data("saveLivePhoto failed: \(String(describing: error))\n".utf8))
                return completion.call(nil)
            }
            output.adjustmentData = invertedAdjustment()
            completion.call(output)
        }
    }
}

/// The controller's completion handler, called once from the export's or render's queue.
final class CompletionBox: @unchecked Sendable {
    let handler: (PHContentEditingOutput?) -> Void
    init(_ handler: @escaping (PHContentEditingOutput?) -> Void) { self.handler = handler }
    func call(_ output: PHContentEditingOutput?) { handler(output) }
}

import XCTest
import Foundation
import Photos
import PhotosUI
import CoreImage
import _TestSupport

/// The "Editing" client snippets of shared/docs/seed-snippets.md, compiled as written inside tests that
/// provide their placeholders (`asset`, `myidentifier`, `display`) and check what the comments promise.
final class EditingSnippetTests: XCTestCase {
    var directory: TemporaryDirectory!
    var library: PHPhotoLibrary!

    override func setUpWithError() throws {
        directory = TemporaryDirectory(prefix: "editing-snippets")
        library = try PHPhotoLibrary(url: directory.appending("Test.photoslibrary"))
        PHPhotoLibrary.setShared(library)
    }

    override func tearDown() {
        PHPhotoLibrary.setShared(nil)
        library = nil
        directory = nil
    }

    func makePhoto() throws -> PHAsset {
        var identifier = ""
        try library.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, data: FixtureImages.jpeg(width: 120, height: 80, seed: 5), options: nil)
            identifier = request.placeholderForCreatedAsset!.localIdentifier
        }
        return PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: nil).firstObject!
    }

    func refetch(_ asset: PHAsset) -> PHAsset { PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).firstObject! }

    /// Runs the main queue until `done` or 30 s (the snippets' handlers are called on it, as in PhotoKit).
    func pumpMainQueue(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(30)
        while !done(), Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    }

    /// The vignette editor of the snippet, run twice: the second run gets the original plus its own data.
    func testVignetteEditorResumesFromItsAdjustmentData() throws {
        let original = try makePhoto()
        let myidentifier = "com.example.vignette"
        let results = SnippetResults()
        func display(_ value: Any?) { if let ok = value as? Bool { results.committed.append(ok) } }

        for run in 0..<2 {
            let asset = refetch(original)
            let countBefore = results.committed.count
            // --- snippet (Editing) ---
            let options = PHContentEditingInputRequestOptions()
            options.canHandleAdjustmentData = { adjustmentData in adjustmentData.formatIdentifier == myidentifier }
            var id: PHContentEditingInputRequestID = 0
            id = asset.requestContentEditingInput(with: options) { input, info in
                guard let input = input else { asset.cancelContentEditingInputRequest(id); return }
                var vignette = 0.0
                if let adj = input.adjustmentData, adj.formatIdentifier == myidentifier,
                   let n = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSNumber.self, from: adj.data) {
                    vignette = n.doubleValue                       // input is the original: re-apply
                }
                results.inputs.append((input.fullSizeImageURL, vignette))
                vignette += 1                                     // (the test's own change: one more step each run)
                let output = PHContentEditingOutput(contentEditingInput: input)
                var ci = CIImage(contentsOf: input.fullSizeImageURL!, options: [.applyOrientationProperty: true])!
                let space = ci.colorSpace!
                ci = ci.applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: vignette, kCIInputRadiusKey: 2.0])
                let data = try! NSKeyedArchiver.archivedData(withRootObject: NSNumber(value: vignette), requiringSecureCoding: true)
                output.adjustmentData = PHAdjustmentData(formatIdentifier: myidentifier, formatVersion: "1.0", data: data)
                try! CIContext().writeJPEGRepresentation(of: ci, to: output.renderedContentURL, colorSpace: space)
                PHPhotoLibrary.shared().performChanges {
                    PHAssetChangeRequest(for: asset).contentEditingOutput = output
                } completionHandler: { ok, err in display(ok) }
            }
            // --- end of snippet ---
            pumpMainQueue { results.committed.count > countBefore }
            XCTAssertEqual(results.committed.last, true, "run \(run) committed")
        }
        let originalURL = try XCTUnwrap(library.library.resources(assetRowID: original.record.rowID).first.map(library.library.fileURL(for:)))
        XCTAssertEqual(results.inputs.map(\.url), [originalURL, originalURL], "both runs start from the original")
        XCTAssertEqual(results.inputs.map(\.vignette), [0, 1], "the second run re-applies the first run's setting")
        XCTAssertTrue(refetch(original).hasAdjustments)

        // Revert.
        PHPhotoLibrary.shared().performChanges { PHAssetChangeRequest(for: self.refetch(original)).revertAssetContentToOriginal() }
        pumpMainQueue { !self.refetch(original).hasAdjustments }
        XCTAssertFalse(refetch(original).hasAdjustments)
    }

    /// The snippet's PhotosUI controller, driven the way a host drives it.
    func testEditorControllerAsAHostDrivesIt() throws {
        // XCTest runs tests on the main thread, the controller's actor.
        try MainActor.assumeIsolated { try driveEditor() }
    }

    @MainActor
    func driveEditor() throws {
        let asset = try makePhoto()
        var input: PHContentEditingInput?
        asset.requestContentEditingInput(with: nil) { delivered, _ in input = delivered }
        pumpMainQueue { input != nil }
        let editor = Editor()
        XCTAssertTrue(editor.canHandle(PHAdjustmentData(formatIdentifier: "com.example.filtster", formatVersion: "1.0", data: Data())))
        XCTAssertFalse(editor.canHandle(PHAdjustmentData(formatIdentifier: "com.example.filtster", formatVersion: "2.0", data: Data())))
        editor.startContentEditing(with: try XCTUnwrap(input), placeholderImage: try XCTUnwrap(input?.displaySizeImage))
        XCTAssertFalse(editor.shouldShowCancelConfirmation)
        let finished = SnippetResults()
        editor.finishContentEditing { output in finished.outputs.append(output) }
        pumpMainQueue { !finished.outputs.isEmpty }
        let output = try XCTUnwrap(finished.outputs.first ?? nil)
        XCTAssertEqual(output.renderedContentURL.pathExtension, "jpg")
        editor.cancelContentEditing()
    }
}

/// What the snippets' handlers report (they run on the main queue; the test reads after pumping it).
final class SnippetResults: @unchecked Sendable {
    var committed: [Bool] = []
    var inputs: [(url: URL?, vignette: Double)] = []
    var outputs: [PHContentEditingOutput?] = []
}

// --- snippet (Editing): an editing extension's controller (PhotosUI), driven by the host ---
final class Editor: NSObject, PHContentEditingController {
    var input: PHContentEditingInput?
    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool {
        adjustmentData.formatIdentifier == "com.example.filtster" && adjustmentData.formatVersion == "1.0"
    }
    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) {
        input = contentEditingInput
    }
    func finishContentEditing(completionHandler: @escaping (PHContentEditingOutput?) -> Void) {
        DispatchQueue.global().async {
            let output = PHContentEditingOutput(contentEditingInput: self.input!)
            // ... render full size from input.fullSizeImageURL to output.renderedContentURL ...
            completionHandler(output)
        }
    }
    var shouldShowCancelConfirmation: Bool { false }
    func cancelContentEditing() {}
}
// --- end of snippet ---

import XCTest
import PhotosUI
import PhotoLibrary
import _TestSupport

/// Running real extension processes: Filtster's edits (resume and stack), and every way an extension can fail
/// leaving the asset, the library and the staging area exactly as they were.
final class ExtensionHostTests: ExtensionTestCase {
    func testDiscoveryReadsManifests() throws {
        let (found, problems) = PHEditingExtension.installed(for: library, userDirectory: userExtensions)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(Set(found.map(\.id)), ["org.photokit-linux.filtster", "org.photokit-linux.tests.misbehaving"])
        let manifest = filtster.manifest
        XCTAssertEqual(manifest.displayName, "Filtster")
        XCTAssertEqual(manifest.version, "1.1.0")
        XCTAssertEqual(manifest.executableName, "filtster")
        XCTAssertEqual(manifest.supportedMediaTypes, [.image])
        XCTAssertEqual(manifest.parameters.map(\.name), ["filter", "intensity", "vignette"])
        // A served library's own extensions are the service's: the harness installs for the user there, and
        // installing for the library is refused with the reason.
        let scope: PHEditingExtension.Scope = served == nil ? .library : .user
        XCTAssertEqual(filtster.scope, scope)
        if served != nil {
            XCTAssertThrowsError(try PHEditingExtension.install(executable: filtster.executableURL, scope: .library, library: library,
                                                                userDirectory: userExtensions)) { error in
                XCTAssertTrue("\(error)".contains("is served"), "\(error)")
            }
        }

        let plist = try XCTUnwrap(PropertyListSerialization.propertyList(
            from: Data(contentsOf: filtster.bundleURL.appendingPathComponent("Info.plist")), format: nil) as? [String: Any])
        let attributes = (plist["NSExtension"] as? [String: Any])
        XCTAssertEqual(attributes?["NSExtensionPointIdentifier"] as? String, "com.apple.photo-editing")
        XCTAssertEqual((attributes?["NSExtensionAttributes"] as? [String: Any])?["PHSupportedMediaTypes"] as? [String], ["Image"])

        // A user install of the same identifier is hidden by the library's; a broken bundle is reported.
        _ = try PHEditingExtension.install(executable: filtster.executableURL, scope: .user, library: nil, userDirectory: userExtensions)
        let broken = userExtensions.appendingPathComponent("com.example.broken.photoextension")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: broken.appendingPathComponent("Info.plist"))
        let again = PHEditingExtension.installed(for: library, userDirectory: userExtensions)
        XCTAssertEqual(again.extensions.filter { $0.id == "org.photokit-linux.filtster" }.map(\.scope), [scope])
        XCTAssertEqual(again.problems.count, 1)
        XCTAssertTrue(again.problems[0].contains("com.example.broken"), again.problems[0])
        XCTAssertEqual(try PHEditingExtension.named("filtster", for: library, userDirectory: userExtensions).scope, scope)
        XCTAssertThrowsError(try PHEditingExtension.named("nope", for: library, userDirectory: userExtensions))
    }

    func testFiltsterEditsResumesAndStacks() throws {
        let asset = try makePhoto()
        let original = try Data(contentsOf: currentFile(asset))
        let host = PHEditingExtensionHost(library: library)

        let noir = try host.edit(asset, with: filtster, parameters: ["filter": "noir", "vignette": "0"])
        XCTAssertTrue(noir.hasAdjustments)
        let grey = try meanColor(currentFile(asset))
        XCTAssertEqual(grey.r, grey.g, accuracy: 2.5, "noir is monochrome")
        XCTAssertEqual(grey.g, grey.b, accuracy: 2.5, "noir is monochrome")
        var stored = try XCTUnwrap(currentAdjustment(asset))
        XCTAssertEqual(stored.formatIdentifier, "org.photokit-linux.filtster")
        XCTAssertEqual(stored.formatVersion, "1.1.0")
        XCTAssertEqual(try JSONSerialization.jsonObject(with: stored.data) as? NSDictionary,
                       ["filter": "noir", "intensity": 1, "vignette": 0] as NSDictionary)

        // Filtster understands its own data: it gets the original back and keeps "noir", changing the vignette.
        try host.edit(noir, with: filtster, parameters: ["vignette": "1.5"])
        stored = try XCTUnwrap(currentAdjustment(asset))
        XCTAssertEqual(try JSONSerialization.jsonObject(with: stored.data) as? NSDictionary,
                       ["filter": "noir", "intensity": 1, "vignette": 1.5] as NSDictionary)

        // Another extension does not understand it: it gets the rendered image and stacks on it.
        let inverted = try host.edit(XCTUnwrap(refetch(asset.localIdentifier)), with: misbehaving, parameters: ["behavior": "invert"])
        XCTAssertEqual(try currentAdjustment(asset)?.formatIdentifier, "org.photokit-linux.tests.misbehaving")
        let invertedMean = try meanColor(currentFile(asset))
        XCTAssertEqual(invertedMean.r, invertedMean.g, accuracy: 3, "inverting a grey render stays grey: it stacked on noir")

        // And Filtster, not understanding the test extension's data, starts from its defaults on that render.
        try host.edit(inverted, with: filtster, parameters: [:])
        stored = try XCTUnwrap(currentAdjustment(asset))
        XCTAssertEqual(try JSONSerialization.jsonObject(with: stored.data) as? NSDictionary,
                       ["filter": "sepia", "intensity": 1, "vignette": 1] as NSDictionary)

        // Revert returns the original, byte for byte.
        try library.performChangesAndWait { PHAssetChangeRequest(for: self.refetch(asset.localIdentifier)!).revertAssetContentToOriginal() }
        XCTAssertEqual(try Data(contentsOf: currentFile(asset)), original)
        XCTAssertEqual(editingLeftovers(), [])
    }

    func testFiltsterVersionCompatibility() throws {
        let asset = try makePhoto()
        let host = PHEditingExtensionHost(library: library)
        // Data written by Filtster 1.0 (no intensity) is read by 1.1.
        try commitAdjustment(asset, formatVersion: "1.0", json: #"{"filter":"chrome","vignette":0.5}"#)
        try host.edit(XCTUnwrap(refetch(asset.localIdentifier)), with: filtster, parameters: ["intensity": "0.5"])
        var stored = try XCTUnwrap(currentAdjustment(asset))
        XCTAssertEqual(try JSONSerialization.jsonObject(with: stored.data) as? NSDictionary,
                       ["filter": "chrome", "intensity": 0.5, "vignette": 0.5] as NSDictionary)
        // Data from a newer minor (1.2) or another major version (2.0) is not: Filtster stacks with its defaults.
        for version in ["1.2.0", "2.0"] {
            try commitAdjustment(XCTUnwrap(refetch(asset.localIdentifier)), formatVersion: version, json: #"{"filter":"noir","vignette":2}"#)
            try host.edit(XCTUnwrap(refetch(asset.localIdentifier)), with: filtster, parameters: [:])
            stored = try XCTUnwrap(currentAdjustment(asset))
            XCTAssertEqual(try JSONSerialization.jsonObject(with: stored.data) as? NSDictionary,
                           ["filter": "sepia", "intensity": 1, "vignette": 1] as NSDictionary, "version \(version)")
        }
    }

    /// Commits an edit carrying Filtster-format adjustment data, rendered as the original's bytes.
    func commitAdjustment(_ asset: PHAsset, formatVersion: String, json: String) throws {
        let options = PHContentEditingInputRequestOptions()
        options.canHandleAdjustmentData = { _ in true }
        let input = try asset.makeContentEditingInput(options)
        let output = PHContentEditingOutput(contentEditingInput: input)
        try Data(contentsOf: XCTUnwrap(input.fullSizeImageURL)).write(to: output.renderedContentURL)
        output.adjustmentData = PHAdjustmentData(formatIdentifier: "org.photokit-linux.filtster", formatVersion: formatVersion, data: Data(json.utf8))
        try library.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
    }

    func testSandboxConfinesTheExtension() throws {
        let asset = try makePhoto()
        let before = try librarySnapshot()
        try PHEditingExtensionHost(library: library).edit(asset, with: misbehaving, parameters: ["behavior": "probe"])
        let report = try String(decoding: XCTUnwrap(currentAdjustment(asset)).data, as: UTF8.self)
        let outcomes = Dictionary(uniqueKeysWithValues: report.split(separator: "\n").map { line in
            let parts = line.split(separator: "=")
            return (String(parts[0]), String(parts[1]))
        })
        XCTAssertEqual(outcomes["readInput"], "allowed")
        XCTAssertEqual(outcomes["writeOutput"], "allowed")
        for denied in ["readDatabase", "listLibrary", "writeBesideInput", "writeTmp", "readPasswd", "deleteInput", "connect"] {
            XCTAssertEqual(outcomes[denied], "denied", "\(denied) must be refused (report: \(report))")
        }
        // The original is still there; only the edit's files were added.
        let after = try librarySnapshot()
        for (path, size) in before { XCTAssertEqual(after[path], size, path) }
    }
}
